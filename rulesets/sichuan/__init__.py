"""四川麻将 (成都 血战到底) and its variants: 血流成河, 三人/两人 两房, 六人血战 (provisional).

The spec is ``rules/sichuan.md``; docs/sichuan.md records every decision. Five tables from one package: each
:class:`~.variant.Variant` (players, hand size, suits, 缺一门, 花猪) is one Ruleset with its own Pipeline
(:func:`pipeline`). Values are 番 as the E0 exponent (平胡 = 0番 = ×1); how the table writes them (0番起 or 1番起,
or the multiplier) is the pipeline's display step, and the multiplier 2^番, the points each payer pays and who
pays are its typed details (:class:`~.settle.SichuanDetails`).

>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("成都", "xueliu", "两房")]
['sichuan', 'sichuan-xueliu', 'sichuan-3p']
>>> from rulesets.tiles import tiles
>>> from rulesets.hand import Hand, Seat, WinContext
>>> sc = RULESETS[0]
>>> t = tiles("22244455577799m")
>>> h = Hand(t[:-1], winning_tile=t[-1], context=WinContext(seat=Seat.S, from_seat=Seat.E))
>>> s = sc.score(h, sc.parse_options())
>>> s.valid, s.total, SichuanDetails.of(s).multiplier, [i.fan.zh for i in s.items], [e.fan.zh for e in s.excluded]
(True, 3, 8, ['清对'], ['清一色', '对对胡'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ..errors import HandError, RulesError
from ..hand import Hand, KongEvent, MeldKind, Seat
from ..messages import Words, msg
from ..pipeline import Display, Outcome, Pipeline, Problem, Valued
from ..rounds import STAND_INS
from ..scoring import Item, Ruleset, Score, Settlement
from ..shapes import ShapeKind
from ..tiles import BY_INDEX, Suit, Tile
from .context import CONTEXT, CONTEXT_FIELDS
from .examples import CANNOT_OCCUR, fan_table
from .facts import feeder_of
from .fans import BY_ID, DISPLAY, FANS, ONE_PATTERN, Reading, rows
from .options import PRESET_INFO, PRESETS, FanDisplay, LiangfangOptions, SichuanOptions, XueliuOptions
from .reading import finish, readings
from .ready import best_ready_value as _best_ready_value
from .ready import is_flower_pig, waits_with_scores
from .ready import ready_values as _ready_values
from .round import ROUND_EVENTS, settle_round
from .round import settle_discard as _settle_discard
from .round import wall_end as _wall_end
from .settle import SichuanDetails, details, hand_value, settle
from .variant import Variant
from .works import WORKS

_SIX_ZH = (
    "六人血战（暂定）：六人，每人7张，和牌8张 = 一对将 + 两组；108张，须缺一门，无七对（《全国麻将打法》六人血战）。"
    "番表沿用四人表，金钩钓 = 两组都已碰杠出后单钓；自摸时最多五家付。番值、杠钱和封顶没有出处，是暂定的假设。"
)
_SIX_EN = (
    "Six-player 血战 (provisional): six players hold 7 tiles and win with 8 = a pair + two sets; 108 tiles, "
    "缺一门 required, no seven pairs (“Mahjong rules across China”). The fan table of the four-player "
    "game is assumed, 金钩钓 = both sets melded and a single wait; up to five players pay a self-draw. Fan "
    "values, kong money and any cap have no source and are assumptions."
)


def _liangfang(players: int, zh: str, en: str, aliases: tuple[str, ...]) -> Variant:
    """三人/两人 两房: 72 tiles of two suits, no 缺一门, no 花猪, no 呼叫转移; the four-player fan table (§8.1)."""
    return Variant(
        f"sichuan-{players}p", f"四川麻将·{zh}两房", f"Sichuan Mahjong ({en}, two suits)", players, LiangfangOptions,
        two_suits=True, void_rule=False, flower_pig=False, in_comparisons=False, aliases=aliases,
        description_zh=f"{zh}两房：72张两门牌，不用缺一门，没有花猪，不呼叫转移；番表同四人。",
        description_en=f"{en.capitalize()}, 72 tiles of two suits: no 缺一门, no 花猪, no 呼叫转移; the four-player "
        "fan table.",
    )


# The ids before 8594331 (sichuan_xueliu, sichuan_3p, sichuan_2p, sichuan_6p) stay aliases: share links were
# issued with them (tests/golden/links.json) and every issued link keeps working.
VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        Variant(
            "sichuan", "四川麻将·血战到底", "Sichuan Mahjong (Bloody Battle)", 4, SichuanOptions,
            aliases=("成都", "chengdu", "血战", "血战到底", "xuezhan", "sc", "四川", "成都麻将"),
            description_zh="成都血战到底：108张万筒条，不能吃，须缺一门；番为2的幂（0番起），根、杠上花、杠钱、呼叫转移。",
            description_en="Chengdu 血战到底: 108 suited tiles, no chow, void in one suit to win; 番 are powers of "
            "two (平胡 0番), with 根, kong bonuses, kong money and 呼叫转移.",
        ),
        Variant(
            "sichuan-xueliu", "四川麻将·血流成河", "Sichuan Mahjong (Flowing Blood)", 4, XueliuOptions,
            aliases=("血流成河", "血流", "xueliu", "xlch", "sichuan_xueliu"), in_comparisons=False,
            description_zh="血流成河：和牌后不离场，继续付钱、可再和；其余同血战到底。",
            description_en="血流成河: a winner stays in, keeps paying and may win again; otherwise as 血战到底.",
        ),
        _liangfang(3, "三人", "3 players", ("三人两房", "两房", "三人", "3p", "sc3", "sichuan_3p")),
        _liangfang(2, "两人", "2 players", ("两人两房", "两人", "2p", "sc2", "sichuan_2p")),
        Variant(
            "sichuan-6p", "四川麻将·六人血战", "Sichuan Mahjong (6 players, 7 tiles)", 6, SichuanOptions,
            hand_size=8, shape_kinds=frozenset({ShapeKind.STANDARD}), provisional=True,
            aliases=("六人血战", "六人", "6p", "sc6", "sichuan_6p"), description_zh=_SIX_ZH, description_en=_SIX_EN,
        ),
    )
}


def can_read(variant: Variant, hand: Hand) -> bool:
    """Whether "all systems" should include this table: suited tiles only, the table's hand size (a table not
    compared, :func:`compared`, reads none)."""
    if hand.size() not in (variant.hand_size, variant.hand_size - 1) or hand.context.flowers:
        return False
    # a meld's tiles are suited when its lowest is (a chow is suited; a pung or kong is one tile)
    winning = hand.winning_tile
    return (max(map(BY_INDEX, hand.standing), default=0) < 27 and (winning is None or winning.index < 27)
            and all(m.tile.index < 27 for m in hand.melds))


def compared(variant: Variant) -> bool:
    """Whether "all systems" asks the table at all: a variant of the fourteen-tile table is asked for by name."""
    return variant.in_comparisons or variant.hand_size != 14


def _kinds(hand: Hand) -> list[Tile]:
    """The hand's tiles with each meld as its lowest tile: the same suits and the same tiles outside the suits
    as :attr:`Hand.all_tiles` (a chow lies in one suit; a pung or kong is one tile), without sorting them."""
    kinds = [*hand.standing, *(m.tile for m in hand.melds)]
    if hand.winning_tile is not None:
        kinds.append(hand.winning_tile)
    return kinds


def _tile_problem(hand: Hand) -> Problem | None:
    odd = min((t for t in _kinds(hand) if t.index >= 27), key=BY_INDEX, default=None)  # the first not suited
    if odd is not None:
        return (f"四川麻将只用万、筒、条：{odd.zh}（{odd}）不是本规则的牌",
                f"Sichuan mahjong uses only the suited tiles: {odd} ({odd.en}) is not one of them")
    if hand.context.flowers:
        return "四川麻将没有花牌", "Sichuan mahjong has no flowers"
    chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
    if chow is not None:
        return (f"四川麻将不能吃：{chow} 是吃进的顺子（顺子只能用自己的牌）",
                f"No chow (吃) in Sichuan mahjong: {chow} is a claimed chow; sequences must be your own tiles")
    return None


def validate(variant: Variant, hand: Hand, options: SichuanOptions) -> None:
    """Raise :class:`HandError`/:class:`ContextError` for a hand that cannot exist at this table:
    the wrong size (a waiting hand included), a fifth copy, seats that are not at the table.

    These are input errors, like a bad hand string; what the rules forbid is a result with a reason.
    """
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    size = hand.size()
    # copies and the context first, then the size; 血流成河: winners stay in, may discard and win again
    hand.validate(hand_size=size, players=variant.players, winners_stay=options.mode._value_ == "xueliu")
    if size != variant.hand_size:
        raise HandError(msg("hand.count_at_table", n=size, expected=variant.hand_size,
                            table=Words(variant.zh, variant.zh)))


def _suit_problem(variant: Variant, hand: Hand, options: SichuanOptions) -> Problem | None:
    held = {t.suit for t in _kinds(hand)}
    outside = held - variant.suits(options)
    if outside:
        suit = min(outside, key=lambda s: s.value)
        names = "".join(s.zh for s in sorted(variant.suits(options), key=lambda s: s.value))
        return (f"这是两房（{names}）的牌桌，没有{suit.zh}", f"This 72-tile table plays {names} only: no {suit.en}")
    if variant.void_rule and held >= {Suit.M, Suit.P, Suit.S}:
        return ("万、筒、条三门都有：必须缺一门才能胡",
                "The hand holds all three suits: a Sichuan hand must be void in one suit (缺一门) to win")
    return None


def _context_problem(variant: Variant, hand: Hand, options: SichuanOptions) -> Problem | None:
    ctx = hand.context
    if (ctx.heavenly or ctx.earthly) and hand.melds:
        return "天胡/地胡在第一轮和牌，不能有碰杠", "天胡/地胡 happen in the first go-round: there can be no meld"
    if ctx.win.value == "rob_kong" and not options.qianggang:
        return "本桌不许抢杠胡", "This table does not allow robbing a kong (抢杠胡 off)"
    if any(k.seat == ctx.seat for k in ctx.kongs):
        return ("context.kongs 列了和牌者自己的杠：自己的杠请作为副露输入",
                "context.kongs lists a kong of the winner: enter the winner's kongs as melds")
    for meld in hand.melds:
        if meld.kind is not MeldKind.KONG or meld.is_concealed:
            continue
        if feeder_of(hand, meld.source, variant.players) == ctx.seat:
            return (f"{meld} 的来源座位不在这{variant.players}人桌上",
                    f"{meld} names a source seat that is not another player at a {variant.players}-player table")
    return None


def check(variant: Variant, hand: Hand, options: SichuanOptions) -> Problem | None:
    """Why this hand cannot be a win at this table, in 中文 and English, or None (the pipeline's ``check``, after
    :func:`validate`)."""
    return (_tile_problem(hand) or _suit_problem(variant, hand, options)
            or _context_problem(variant, hand, options))


def _no_shape(variant: Variant) -> Problem:
    if variant.hand_size == 8:
        return "不是和牌型：一对将加两组（刻子或顺子）", "Not a winning shape: a pair and two sets"
    return "不是和牌型：四组一将，或七对", "Not a winning shape: four sets and a pair, or seven pairs"


def _written(best: Valued[Reading], options: SichuanOptions) -> tuple[int, tuple[Item, ...]]:
    """The display step: the best reading's E0 番 as the table writes them — the cap on the multiplier (封顶, its
    line in 番), then 1番起 (起番) or the multiplier itself."""
    value = hand_value(best.total, any(i.fan.id == "zimo_di" for i in best.items), options)
    fan = value.multiplier.bit_length() - 1
    items = best.items
    if value.multiplier < value.multiplier_uncapped:
        items += (Item(BY_ID["fengding"], 1, f"×{value.multiplier}", value_override=fan - value.fan),)
    if options.fan_display is FanDisplay.E1:
        return fan + 1, items + (Item(BY_ID["qifan"], 1),)
    if options.fan_display is FanDisplay.MULTIPLIER:
        return value.multiplier, items
    return fan, items


def _unit(options: SichuanOptions) -> str:
    return "倍" if options.fan_display is FanDisplay.MULTIPLIER else "番"


def _details(variant: Variant, outcome: Outcome[SichuanOptions, Reading]) -> SichuanDetails | None:
    best = outcome.best
    if best is None:
        return None
    return details(variant, best.total, best.items, outcome.hand, outcome.options)


def pipeline(v: Variant) -> Pipeline[SichuanOptions, Reading]:
    """The steps of one table: its variant's checks, shapes and payers over the one fan table (with the table's
    examples); the cap and the way of writing 番 are the display step, what each payer pays its details."""
    return Pipeline(
        rows=rows(fan_table(v.id)), readings=partial(readings, v), settle=partial(settle, v),
        validate=partial(validate, v), check=partial(check, v), no_reading=_no_shape(v), one_of=ONE_PATTERN,
        finish=finish, display=Display(_unit, _written, tuple(f for f in fan_table(v.id) if f.category == DISPLAY)),
        details=partial(_details, v), waits=partial(waits_with_scores, v),
    )


def _ruleset(v: Variant) -> Ruleset[SichuanOptions]:
    return Ruleset(
        id=v.id, zh=v.zh, en=v.en, unit="番", players=v.players, options_type=v.options_type, pipeline=pipeline(v),
        aliases=v.aliases, hand_size=v.hand_size, presets=PRESETS, preset_info=PRESET_INFO, works=WORKS,
        can_read=partial(can_read, v), compared=compared(v), provisional=v.provisional, description_zh=v.description_zh,
        description_en=v.description_en, context_fields=CONTEXT_FIELDS, context=CONTEXT,
        settle_round=partial(settle_round, v), round_events=ROUND_EVENTS, cannot_occur=CANNOT_OCCUR.get(v.id, {}),
        best_wait=partial(_best_ready_value, v),
    )


RULESETS: tuple[Ruleset[SichuanOptions], ...] = tuple(_ruleset(v) for v in VARIANTS.values())
TABLES: dict[str, Ruleset[SichuanOptions]] = {r.id: r for r in RULESETS}
"""Each table's Ruleset by its id (what scores a hand at a variant's table: :func:`.ready.scored`)."""


def _variant_and_options(rules: str, options: SichuanOptions | None) -> tuple[Variant, SichuanOptions]:
    """The table called ``rules`` (id, alias or name) and its options (the defaults when None)."""
    wanted = rules.strip().casefold()
    variant = next((v for v in VARIANTS.values() if wanted in {n.casefold() for n in (v.id, v.zh, v.en, *v.aliases)}),
                   None)
    if variant is None:
        raise RulesError(msg("rules.unknown_table", name=rules, known=", ".join(VARIANTS)))
    return variant, options if options is not None else variant.options_type()


def ready_value(hand13: Hand, options: SichuanOptions | None = None, rules: str = "sichuan") -> list[tuple[Tile, int]]:
    """Each winning tile of a ready 13-tile hand and what a 查大叫 payer owes for it (points)."""
    variant, opts = _variant_and_options(rules, options)
    return _ready_values(variant, hand13, opts)


def best_ready_value(hand13: Hand, options: SichuanOptions | None = None,
                     rules: str = "sichuan") -> tuple[Tile, int] | None:
    """The best (tile, points) of a ready hand for 查大叫, or None when it is not ready."""
    variant, opts = _variant_and_options(rules, options)
    return _best_ready_value(variant, hand13, opts)


def waits(hand13: Hand, options: SichuanOptions | None = None, rules: str = "sichuan") -> list[tuple[Tile, Score]]:
    variant, opts = _variant_and_options(rules, options)
    return waits_with_scores(variant, hand13, opts)


def settle_discard(
    hands: Sequence[Hand], options: SichuanOptions | None = None, rules: str = "sichuan"
) -> tuple[list[Score], Settlement]:
    """一炮多响: several winners on one discard, each paid on their own; shared kong money once."""
    variant, opts = _variant_and_options(rules, options)
    return _settle_discard(variant, hands, opts)


def wall_end(
    hands: Mapping[Seat, Hand], options: SichuanOptions | None = None, rules: str = "sichuan",
    kongs: Sequence[KongEvent] = (), already_won: frozenset[Seat] = frozenset(),
) -> Settlement:
    """退税, 查花猪 and 查大叫 at an exhausted wall, for the 13-tile hands of the players still in."""
    variant, opts = _variant_and_options(rules, options)
    return _wall_end(variant, hands, opts, kongs, already_won)


__all__ = [
    "FANS", "PRESETS", "PRESET_INFO", "RULESETS", "STAND_INS", "TABLES", "VARIANTS", "SichuanDetails", "SichuanOptions",
    "best_ready_value",
    "is_flower_pig", "ready_value", "settle_discard", "settle_round", "waits", "wall_end",
]
