"""Scoring one Sichuan hand: check → readings → best reading → cap and display → payouts.

>>> from rulesets.tiles import tiles
>>> from rulesets.hand import Hand, Seat, WinContext
>>> from rulesets.sichuan import RULESETS
>>> sc = RULESETS[0]
>>> t = tiles("22244455577799m")
>>> h = Hand(t[:-1], winning_tile=t[-1], context=WinContext(seat=Seat.S, from_seat=Seat.E))
>>> s = sc.score(h, sc.parse_options())
>>> s.valid, s.total, s.extra["multiplier"], [i.fan.zh for i in s.items], [e.fan.zh for e in s.excluded]
(True, 3, 8, ['清对'], ['清一色', '对对胡'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from ..errors import HandError
from ..hand import Hand, MeldKind
from ..messages import Words, msg, text
from ..scoring import Item, Payment, Score, Settlement, options_dict
from ..shapes import decompose
from ..tiles import Suit
from .facts import Facts, feeder_of, hand_facts
from .fans import BY_ID
from .options import FanDisplay, SichuanOptions, TianDiHu
from .payout import HandValue, hand_value, settle_parts, win_payers
from .reading import read_shape
from .variant import Variant

Problem = tuple[str, str]


def _tile_problem(hand: Hand) -> Problem | None:
    odd = next((t for t in hand.all_tiles if not t.is_suited), None)
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
    hand.validate(hand_size=size, players=variant.players, winners_stay=options.mode.value == "xueliu")
    if size != variant.hand_size:
        raise HandError(msg("hand.count_at_table", n=size, expected=variant.hand_size,
                            table=Words(variant.zh, variant.zh)))


def _suit_problem(variant: Variant, hand: Hand, options: SichuanOptions) -> Problem | None:
    held = {t.suit for t in hand.all_tiles}
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
    """Why this hand cannot be a win at this table, in 中文 and English, or None.

    Raises :class:`HandError`/:class:`ContextError` when the hand cannot exist at this table at all.
    """
    validate(variant, hand, options)
    return (_tile_problem(hand) or _suit_problem(variant, hand, options)
            or _context_problem(variant, hand, options))


def _shape_problem(variant: Variant) -> Problem:
    if variant.hand_size == 8:
        return "不是和牌型：一对将加两组（刻子或顺子）", "Not a winning shape: a pair and two sets"
    return "不是和牌型：四组一将，或七对", "Not a winning shape: four sets and a pair, or seven pairs"


def _display(items: list[Item], value: HandValue, options: SichuanOptions) -> tuple[str, int, list[Item]]:
    """Unit, total and the display lines (cap, 1番起) for the table's way of writing 番."""
    fan = value.multiplier.bit_length() - 1
    if value.multiplier < value.multiplier_uncapped:
        items = items + [Item(BY_ID["fengding"], 1, f"×{value.multiplier}", value_override=fan - value.fan)]
    if options.fan_display is FanDisplay.E1:
        return "番", fan + 1, items + [Item(BY_ID["qifan"], 1)]
    if options.fan_display is FanDisplay.MULTIPLIER:
        return "倍", value.multiplier, items
    return "番", fan, items


def _invalid(variant: Variant, options: SichuanOptions, problem: Problem) -> Score:
    unit = "倍" if options.fan_display is FanDisplay.MULTIPLIER else "番"
    return Score(rules=variant.id, valid=False, unit=unit, reason=problem[0], reason_en=problem[1],
                 options=_options_dict(options))


@lru_cache(maxsize=256)
def _options_dict(options: SichuanOptions) -> Mapping[str, object]:
    """The applied house rules as JSON values (options are frozen, so each is worked out once)."""
    return MappingProxyType(options_dict(options))


def score_parts(
    variant: Variant, hand: Hand, options: SichuanOptions, several_winners: bool = False
) -> tuple[Score, list[Payment]]:
    """Score one hand, keeping apart the payments shared with other winners of the same discard.

    The score's settlement holds the lines that belong to this win alone (the hand, the winner's
    kongs, 呼叫转移); the second value is the money for the other players' kongs (``context.kongs``).
    """
    problem = check(variant, hand, options)
    if problem:
        return _invalid(variant, options, problem), []
    shapes = decompose(hand, variant.shape_kinds)
    if not shapes:
        return _invalid(variant, options, _shape_problem(variant)), []
    facts = hand_facts(hand, options, variant.players)
    readings = tuple(read_shape(facts, s) for s in shapes)
    best = max(readings, key=lambda r: r.total)
    value = hand_value(best.total, any(i.fan.id == "zimo_di" for i in best.items), options)
    unit, total, items = _display(list(best.items), value, options)
    payers, _ = win_payers(variant, hand, facts, options)
    notes = context_notes(hand, facts, options)
    score = Score(
        rules=variant.id, valid=True, unit=unit, total=total, items=tuple(items), excluded=best.excluded,
        shape=best, shapes=readings, options=_options_dict(options),
        extra=_extra(variant, value, [p.value for p in payers], notes),
    )
    # settled as Ruleset.settle settles it (settle_parts), the kongs of the others kept apart
    own, shared, more = settle_parts(variant, score, hand, options, several_winners, facts)
    notes += more  # the list the score's extra holds: the score is not handed out yet
    object.__setattr__(score, "settlement", Settlement(tuple(own), variant.seats))
    return score, shared


def settle_score(variant: Variant, score: Score, table: Hand, options: SichuanOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): every payment of a scored hand at ``table`` — the hand, the winner's
    kongs, 呼叫转移 and the others' kongs — from the Score's reading (:func:`~.payout.settle_parts`). Another base,
    cap, 自摸加底 order, kong money rule (直杠, 擦挂), 点杠花 payer or 呼叫转移 rule, or another discarder, other
    kongs or players already won, settles again from the same reading; how the hand was won (自摸, 杠上花, 海底,
    天胡/地胡) is in its 番: a table that changes it needs a new score."""
    own, shared, _ = settle_parts(variant, score, table, options)
    return Settlement(tuple(own + shared), variant.seats)


def score_hand(variant: Variant, hand: Hand, options: SichuanOptions) -> Score:
    """Score one complete hand at this table (DESIGN §4.4), with every payment of the hand.

    A hand the rules do not allow is a result with ``valid=False`` and the reason; a hand that
    cannot exist at this table (its size, its seats) raises :class:`HandError`/:class:`ContextError`.
    """
    score, shared = score_parts(variant, hand, options)
    if not shared:
        return score
    assert score.settlement is not None
    return dataclasses.replace(score, settlement=Settlement(score.settlement.payments + tuple(shared), variant.seats))


def context_notes(hand: Hand, facts: Facts, options: SichuanOptions) -> list[str]:
    """Why a flag of the context did not count."""
    ctx = hand.context
    notes: list[str] = []
    if ctx.earthly and not facts.earthly and options.tiandihu is not TianDiHu.OFF:
        notes.append(text(msg("sichuan.dihu_not_met", rule=options.dihu.value)))
    if (ctx.heavenly or ctx.earthly) and options.tiandihu is TianDiHu.OFF:
        notes.append(text(msg("sichuan.tiandihu_off")))
    return notes


def _extra(variant: Variant, value: HandValue, payers: list[str], notes: list[str]) -> dict[str, object]:
    fan = value.multiplier.bit_length() - 1
    extra: dict[str, object] = {
        "multiplier": value.multiplier,
        "multiplier_uncapped": value.multiplier_uncapped,
        "fan_e0": fan,
        "fan_e1": fan + 1,
        "fan_uncapped": value.fan,
        "points": value.points,
        "capped": value.capped,
        "payers": payers,
        "notes": notes,
    }
    if variant.provisional:
        extra["provisional"] = True
    return extra
