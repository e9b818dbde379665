"""四川麻将 (成都 血战到底) and its variants: 血流成河, 三人/两人 两房, 六人血战 (provisional).

The spec is ``rules/sichuan.md``; docs/sichuan.md records every decision. Values are 番 as the E0
exponent (平胡 = 0番 = ×1); the multiplier 2^番 and the points each payer pays are in ``Score.extra``.

>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("成都", "xueliu", "两房")]
['sichuan', 'sichuan-xueliu', 'sichuan-3p']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from ..context import REPLACEMENT_KONG
from ..errors import RulesError
from ..hand import Hand, KongEvent, Seat
from ..messages import msg
from ..rounds import STAND_INS
from ..scoring import Ruleset, Score, Settlement
from ..shapes import ShapeKind
from ..tiles import Tile
from .examples import CANNOT_OCCUR, fan_table
from .fans import FANS
from .options import PRESET_INFO, PRESETS, LiangfangOptions, SichuanOptions, XueliuOptions
from .ready import best_ready_value as _best_ready_value
from .ready import is_flower_pig, waits_with_scores
from .ready import ready_values as _ready_values
from .round import ROUND_EVENTS, settle_round
from .rounds import settle_discard as _settle_discard
from .rounds import wall_end as _wall_end
from .score import score_hand, settle_score
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
    """Whether "all systems" should include this table: suited tiles only, the table's hand size."""
    if not variant.in_comparisons and variant.hand_size == 14:
        return False
    if hand.context.flowers or any(not t.is_suited for t in hand.all_tiles):
        return False
    return hand.size() in (variant.hand_size, variant.hand_size - 1)


CONTEXT_FIELDS = frozenset({
    "win", "seat", "from_seat", "kong_replacement", "after_kong", "last_tile", "heavenly", "earthly",
    "already_won", "kongs",
})
"""The context every Sichuan table reads: how it was won (自摸, 抢杠胡), the winner's seat and the
discarder (who pays; 东 is the dealer for 天胡/地胡), 杠上花, 杠上炮 (and 呼叫转移), 海底捞月/海底炮, 天胡,
地胡, who already won (血战: they no longer pay; in 血流 mode, the 血流成河 table's default, winners keep
paying and it only picks a wait's assumed discarder) and other players' kongs (kong money, 呼叫转移). Not read:
the round wind (no wind fans), 和绝张 (no such fan), a wildcard; flowers are not in the game (a hand
with flowers is refused)."""


def _ruleset(v: Variant) -> Ruleset[SichuanOptions]:
    return Ruleset(
        id=v.id, zh=v.zh, en=v.en, unit="番", players=v.players, fans=fan_table(v.id), options_type=v.options_type,
        score=partial(score_hand, v), aliases=v.aliases, hand_size=v.hand_size,
        presets=PRESETS, preset_info=PRESET_INFO, works=WORKS,
        can_read=partial(can_read, v), provisional=v.provisional, description_zh=v.description_zh,
        description_en=v.description_en, waits=partial(waits_with_scores, v), context_fields=CONTEXT_FIELDS,
        context=(REPLACEMENT_KONG,), settle_round=partial(settle_round, v), round_events=ROUND_EVENTS,
        settle=partial(settle_score, v), cannot_occur=CANNOT_OCCUR.get(v.id, {}),
        best_wait=partial(_best_ready_value, v),
    )


RULESETS: tuple[Ruleset[SichuanOptions], ...] = tuple(_ruleset(v) for v in VARIANTS.values())


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
    "FANS", "PRESETS", "PRESET_INFO", "RULESETS", "STAND_INS", "VARIANTS", "SichuanOptions", "best_ready_value",
    "is_flower_pig", "ready_value", "settle_discard", "settle_round", "waits", "wall_end",
]
