"""Who pays whom for one win: the hand, the kongs of this hand (刮风下雨) and 呼叫转移 (spec §6): each table's
``settle(score, table, options)``.

Kong money is never capped (§6.4). Players who already won pay and receive nothing in 血战到底;
in 血流成河 they stay in (§7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..hand import Hand, KongEvent, KongKind, Seat, WinMethod
from ..messages import msg, text
from ..scoring import Details, Item, Payment, Score, Settlement
from .facts import earthly, feeder_of, replacement_feeder
from .options import DianGangHua, HuJiao, SichuanOptions, TianDiHu
from .variant import Variant


@dataclass(frozen=True)
class SichuanDetails(Details):
    """What a Sichuan result adds: the multiplier 2^番 (capped and not), the 番 from 0 and from 1, the points each
    payer pays for the hand, whether the cap cut it, who pays, the notes on the context and the kongs, and (六人血战)
    that the table is provisional."""

    multiplier: int
    multiplier_uncapped: int
    fan_e0: int
    fan_e1: int
    fan_uncapped: int
    points: int
    capped: bool
    payers: tuple[Seat, ...]
    notes: tuple[str, ...]
    provisional: bool = False

    def as_dict(self) -> dict[str, object]:
        """The result object's fields; ``provisional`` only at a provisional table."""
        out = super().as_dict()
        if not self.provisional:
            del out["provisional"]
        return out


@dataclass(frozen=True)
class HandValue:
    """The value of the hand in money terms: 番 (E0), multipliers and the amount each payer pays."""

    fan: int  # E0 番 before the cap
    multiplier: int  # after the cap
    points: int  # what each payer pays for the hand, in points (底 × multiplier, + 底 for 自摸加底)
    capped: bool
    zimo_di: bool

    @property
    def multiplier_uncapped(self) -> int:
        multiplier: int = 2**self.fan  # fan ≥ 0: an int
        return multiplier


def hand_value(fan: int, zimo_di: bool, options: SichuanOptions) -> HandValue:
    """Apply the cap (a multiplier, §5.6) and 自摸加底 in the table's order (§5.7)."""
    raw = 2**fan
    cap = options.cap
    multiplier = min(raw, cap) if cap else raw
    units = multiplier + 1 if zimo_di else multiplier
    if zimo_di and cap and options.zimo_di_order.value == "before":
        units = min(raw + 1, cap)
    return HandValue(fan, multiplier, units * options.base, bool(cap) and raw + int(zimo_di) > units, zimo_di)


_METHOD = {
    "self": ("自摸", "self-drawn"),
    "kong": ("杠上花", "win on a kong replacement"),
    "fed": ("点杠花", "win on the replacement of a fed kong"),
    "discard": ("点炮", "on a discard"),
    "after_kong": ("杠上炮", "on a discard after a kong"),
    "rob": ("抢杠", "robbing a kong"),
}


def win_payers(variant: Variant, hand: Hand, options: SichuanOptions) -> tuple[tuple[Seat, ...], str]:
    """Who pays for the hand, and the kind of win (a key of ``_METHOD``)."""
    ctx = hand.context
    if ctx.win is WinMethod.ROB_KONG:
        return (ctx.discarder(variant.players),), "rob"  # type: ignore[return-value]
    if not ctx.self_drawn:
        return (ctx.discarder(variant.players),), "after_kong" if ctx.after_kong else "discard"  # type: ignore[return-value]
    feeder = replacement_feeder(hand, variant.players) if ctx.kong_replacement else None
    if feeder is not None and options.dianganghua is not DianGangHua.ZIMO:
        return (feeder,), "fed"
    payers = tuple(s for s in variant.still_in(ctx.already_won, options) if s != ctx.seat)
    return payers, "kong" if ctx.kong_replacement else "self"


def itemised(items: Sequence[Item]) -> tuple[str, str]:
    """The hand's lines as text: "清一色2番 + 根·1m 一万（手中四张）1番 + 自摸加番1番"."""
    zh, en = [], []
    for i in items:
        tile = i.note.split()[0] if i.fan.id == "gen" and i.note else ""
        zh.append(f"{i.fan.zh}{'·' + i.note if tile else ''}{i.value}番")
        en.append(f"{i.fan.en}{' ' + tile if tile else ''} {i.value}")
    return " + ".join(zh), " + ".join(en)


def win_lines(
    variant: Variant, hand: Hand, value: HandValue, items: Sequence[Item], options: SichuanOptions
) -> list[Payment]:
    """One line per payer for the hand itself: the items, the multiplier, the cap, 底 and 自摸加底."""
    payers, method = win_payers(variant, hand, options)
    zh, en = _METHOD[method]
    lines_zh, lines_en = itemised([i for i in items if i.fan.id not in ("fengding", "qifan", "zimo_di")])
    d = options.base
    why = f"{zh}：{lines_zh} = {value.fan}番 ×{value.multiplier_uncapped}"
    why_en = f"{en}: {lines_en} = {value.fan} fan x{value.multiplier_uncapped}"
    if value.multiplier != value.multiplier_uncapped:
        why += f"，封顶 ×{value.multiplier}"
        why_en += f", capped at x{value.multiplier}"
    why += f"，×底{d}"
    why_en += f", x base {d}"
    if value.zimo_di:
        why += f" + 自摸加底{d}"
        why_en += f" + {d} for the self-draw"
        if value.capped and options.zimo_di_order.value == "before":
            why += "（先加底后封顶）"
            why_en += " (added before the cap)"
    why += f" = {value.points}"
    why_en += f" = {value.points}"
    return [Payment(p, hand.context.seat, value.points, why, why_en) for p in payers]


_KONG_NAMES = {
    KongKind.EXPOSED: ("直杠（刮风）", "exposed kong"),
    KongKind.ADDED: ("补杠（刮风）", "added kong"),
    KongKind.CONCEALED: ("暗杠（下雨）", "concealed kong"),
}


def kong_lines(
    variant: Variant, payee: Seat, kind: KongKind, feeder: Seat | None, label: str, already_won: frozenset[Seat],
    options: SichuanOptions,
) -> list[Payment]:
    """The money for one kong (§6.4): 直杠 from the feeder (2 or 1 底, + 擦挂), 补杠 1 and 暗杠 2 from each."""
    d = options.base
    zh, en = _KONG_NAMES[kind]
    pool = [s for s in variant.still_in(already_won, options) if s != payee]
    if kind is KongKind.EXPOSED:
        assert feeder is not None
        lines = [Payment(feeder, payee, options.zhigang * d, f"{zh} {label}：点杠者付{options.zhigang}底",
                         f"{en} {label}: the feeder pays {options.zhigang} base")]
        if options.guagua:
            lines += [Payment(s, payee, d, f"擦挂 {label}", f"擦挂 on the exposed kong {label}")
                      for s in pool if s != feeder]
        return lines
    units = 1 if kind is KongKind.ADDED else 2  # 底 from each player still in (a base of 0 pays 0, never divides)
    amount = units * d
    each_zh, each_en = f"{zh} {label}：每家{units}底", f"{en} {label}: {units} base from each"
    return [Payment(s, payee, amount, each_zh, each_en) for s in pool]


def own_kong_lines(variant: Variant, hand: Hand, options: SichuanOptions) -> list[Payment]:
    """Kong money for the winner's own kong melds."""
    ctx = hand.context
    out: list[Payment] = []
    for meld in hand.kongs:
        assert meld.kong is not None
        feeder = feeder_of(hand, meld.source, variant.players) if meld.kong is KongKind.EXPOSED else None
        out += kong_lines(variant, ctx.seat, meld.kong, feeder, f"{meld}", ctx.already_won, options)
    return out


def robbed_kong(hand: Hand) -> KongEvent | None:
    """On 抢杠胡, the robbed player's last listed 补杠: it is cancelled (no money, no 根; §5.3)."""
    ctx = hand.context
    if ctx.win is not WinMethod.ROB_KONG:
        return None
    robbed = [k for k in ctx.kongs if k.kind is KongKind.ADDED and k.seat == ctx.from_seat]
    return robbed[-1] if robbed else None


def event_lines(variant: Variant, hand: Hand, event: KongEvent, options: SichuanOptions) -> list[Payment]:
    label = f"{event.seat.value}{event.seat.zh}家"
    return kong_lines(variant, event.seat, event.kind, event.fed_by, label, hand.context.already_won, options)


def other_kong_lines(variant: Variant, hand: Hand, options: SichuanOptions) -> tuple[list[Payment], list[str]]:
    """Kong money for the other players' kongs of this hand (``context.kongs``), minus a robbed kong."""
    skip = robbed_kong(hand)
    out: list[Payment] = []
    notes: list[str] = []
    for event in hand.context.kongs:
        if event is skip:
            notes.append(text(msg("sichuan.robbed_kong", seat=event.seat.value)))
            skip = None
            continue
        out += event_lines(variant, hand, event, options)
    return out, notes


def transfer_lines(
    variant: Variant, hand: Hand, options: SichuanOptions, shared: bool = False
) -> tuple[list[Payment], list[str]]:
    """呼叫转移 on a 杠上炮 (§6.4): the discarder's last kong money goes to the winner, or back, or stays."""
    ctx = hand.context
    if not ctx.after_kong or options.hujiao is HuJiao.NONE:
        return [], []
    if shared and not options.hujiao_multi:
        return [], [text(msg("sichuan.hujiao_not_multi"))]
    discarder = ctx.discarder(variant.players)
    assert discarder is not None  # after_kong is a discard win (WinContext.check)
    theirs = [k for k in ctx.kongs if k.seat == discarder]
    if not theirs:
        return [], [text(msg("sichuan.hujiao_not_listed", seat=discarder.value))]
    collected = event_lines(variant, hand, theirs[-1], options)
    if options.hujiao is HuJiao.REFUND:
        return [Payment(discarder, p.payer, p.amount, "杠上炮退杠钱", "kong money refunded after 杠上炮")
                for p in collected], []
    total = sum(p.amount for p in collected)
    return [Payment(discarder, ctx.seat, total, "呼叫转移：杠上炮者的杠钱转给和牌者",
                    "呼叫转移: the discarder's kong money goes to the winner")], []


def context_notes(variant: Variant, hand: Hand, options: SichuanOptions) -> list[str]:
    """Why a flag of the context did not count."""
    ctx = hand.context
    notes: list[str] = []
    if ctx.earthly and not earthly(ctx, options.dihu, variant.players) and options.tiandihu is not TianDiHu.OFF:
        notes.append(text(msg("sichuan.dihu_not_met", rule=options.dihu.value)))
    if (ctx.heavenly or ctx.earthly) and options.tiandihu is TianDiHu.OFF:
        notes.append(text(msg("sichuan.tiandihu_off")))
    return notes


def notes(variant: Variant, hand: Hand, options: SichuanOptions, several_winners: bool = False) -> tuple[str, ...]:
    """The notes of a win: on the context (:func:`context_notes`), then what the settlement says of the kongs — a
    robbed kong that pays nothing, a 呼叫转移 that moves nothing (the notes of :func:`other_kong_lines` and
    :func:`transfer_lines`)."""
    return (*context_notes(variant, hand, options), *other_kong_lines(variant, hand, options)[1],
            *transfer_lines(variant, hand, options, several_winners)[1])


def details(variant: Variant, score_total: int, items: Sequence[Item], hand: Hand, options: SichuanOptions,
            several_winners: bool = False) -> SichuanDetails:
    """The details of a win whose best reading is worth ``score_total`` (E0 番) with ``items``."""
    value = hand_value(score_total, any(i.fan.id == "zimo_di" for i in items), options)
    fan = value.multiplier.bit_length() - 1
    payers, _ = win_payers(variant, hand, options)
    return SichuanDetails(value.multiplier, value.multiplier_uncapped, fan, fan + 1, value.fan, value.points,
                          value.capped, payers, notes(variant, hand, options, several_winners), variant.provisional)


def value_of(score: Score, options: SichuanOptions) -> HandValue:
    """The money value of a scored hand: its reading's E0 番 (``Score.shape``), with 自摸加底 when it is an item."""
    best = score.shape
    assert best is not None  # a valid Sichuan score has its reading
    return hand_value(best.total, any(i.fan.id == "zimo_di" for i in best.items), options)


def settle_parts(
    variant: Variant, score: Score, hand: Hand, options: SichuanOptions, several_winners: bool = False,
) -> tuple[list[Payment], list[Payment]]:
    """The payments of a scored hand at ``hand``'s table, in two parts: the lines that belong to this win alone (the
    hand, the winner's kongs, 呼叫转移), and the money for the other players' kongs (``context.kongs``; settled once
    when several win on one discard).

    The hand's value is the Score's reading (``Score.shape``: its E0 番 and whether 自摸加底 is among its items);
    the cap, 底, kong money, 点杠花 and 呼叫转移 rules and the table (the discarder, who already won, the kongs)
    are applied here."""
    best = score.shape
    assert best is not None
    wins = win_lines(variant, hand, value_of(score, options), best.items, options)
    shared, _ = other_kong_lines(variant, hand, options)
    moved, _ = transfer_lines(variant, hand, options, several_winners)
    return wins + own_kong_lines(variant, hand, options) + moved, shared


def settle(variant: Variant, score: Score, table: Hand, options: SichuanOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): every payment of a scored hand at ``table`` — the hand, the winner's
    kongs, 呼叫转移 and the others' kongs — from the Score's reading (:func:`settle_parts`). Another base, cap, 自摸加底
    order, kong money rule (直杠, 擦挂), 点杠花 payer or 呼叫转移 rule, or another discarder, other kongs or players
    already won, settles again from the same reading; how the hand was won (自摸, 杠上花, 海底, 天胡/地胡) is in its 番:
    a table that changes it needs a new score."""
    own, shared = settle_parts(variant, score, table, options)
    return Settlement(tuple(own + shared), variant.seats)
