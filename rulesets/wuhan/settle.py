"""Who pays whom in 武汉: every payment is the hand's base times each player's doubles.

Seed 001 记分规则: "输分=基础分（1或10）乘以输家自己番数乘以赢家番数，赢分=3个输家的分之和". A player's
doubles (开口, 明杠, 暗杠, 红中杠, 癞子杠, 庄) travel with the player into every payment they take part in;
the winner adds 自摸 and 硬胡, the discarder 放冲. A big win replaces the 自摸/放冲 doubles by ×1.5.
Each payment is built with :func:`rulesets.scoring.paid` from named factors, so the card reads
"东付南 64 = 1 × 2^(开口 + 自摸 + 硬胡 + 开口 + 明杠 + 庄)".

>>> from rulesets.hand import Seat
>>> st = Seating(Seat.S, Seat.E, None, {Seat.S: 2, Seat.E: 1}, {Seat.E: 1}, {}, {Seat.W: 1}, {Seat.N: 1})
>>> [f.id for f in player_factors(Seat.E, st, WuhanOptions(), big=False)]
['kaikou', 'minggang', 'zhuang']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from ..hand import Hand, KongKind, Seat, WinContext, WinMethod, seats
from ..scoring import Details, Factor, Op, Payment, Score, Settlement, apply_factors, paid
from .context import DISCARDER_READY, LAIZI_KONGS, OPENINGS, RED_KONGS, THIRD_OPENING
from .options import DealerDouble, Kaikou, Payer, Rounding, WuhanOptions

TIMES = Op.TIMES
HALF = Fraction(3, 2)


@dataclass(frozen=True)
class Seating:
    """The table state a payment reads: the winner, dealer, discarder and each seat's tallies."""

    winner: Seat
    dealer: Seat
    discarder: Seat | None
    openings: Mapping[Seat, int]
    exposed: Mapping[Seat, int]  # 明杠: exposed (冲杠) and added (蓄杠) kongs
    concealed: Mapping[Seat, int]  # 暗杠
    reds: Mapping[Seat, int]  # 红中杠
    laizis: Mapping[Seat, int]  # 癞子杠


def seating(hand: Hand) -> Seating:
    """The table state of a hand: the winner's from its melds, the others' from the context."""
    ctx = hand.context
    me = ctx.seat
    given = dict(OPENINGS.of(ctx))
    exposed: dict[Seat, int] = {me: sum(1 for m in hand.kongs if not m.is_concealed)}
    concealed: dict[Seat, int] = {me: sum(1 for m in hand.kongs if m.is_concealed)}
    for k in ctx.kongs:
        box = concealed if k.kind is KongKind.CONCEALED else exposed
        box[k.seat] = box.get(k.seat, 0) + 1
    openings = {s: max(given.get(s, 0), exposed.get(s, 0)) for s in seats(4) if s is not me}
    openings[me] = sum(1 for m in hand.melds if not m.is_concealed)
    return Seating(me, ctx.dealer, ctx.discarder(4), openings, exposed, concealed,
                   dict(RED_KONGS.of(ctx)), dict(LAIZI_KONGS.of(ctx)))


def _counted(id_: str, zh: str, en: str, per: int, n: int, seat: Seat) -> Factor:
    return Factor(id_, zh if n == 1 else f"{zh}{n}个", en if n == 1 else f"{n} × {en}", TIMES, per**n, seat)


def player_factors(seat: Seat, st: Seating, options: WuhanOptions, big: bool) -> list[Factor]:
    """The doubles a player brings into each payment they take part in (winner or payer)."""
    out: list[Factor] = []
    opened = st.openings.get(seat, 0)
    if opened:
        per = options.big_kaikou if big else 2
        if options.kaikou is Kaikou.EACH:
            out.append(_counted("kaikou", "口口翻", "opening", per, opened, seat))
        else:
            out.append(Factor("kaikou", "开口", "opened", TIMES, per, seat))
    for id_, zh, en, per, tally in (
        ("minggang", "明杠", "exposed kong", 2, st.exposed),
        ("angang", "暗杠", "concealed kong", 4, st.concealed),
        ("hongzhonggang", "红中杠", "红中 kong", 2, st.reds),
        ("laizigang", "癞子杠", "癞子 kong", options.laizi_kong, st.laizis),
    ):
        if tally.get(seat, 0):
            out.append(_counted(id_, zh, en, per, tally[seat], seat))
    if seat is st.dealer and (options.dealer is DealerDouble.ALWAYS or (options.dealer is DealerDouble.SMALL
                                                                        and not big)):
        out.append(Factor("zhuang", "庄", "dealer", TIMES, 2, seat))
    return out


def winner_factors(st: Seating, options: WuhanOptions, big: bool, self_drawn: bool, hard: bool) -> list[Factor]:
    out = player_factors(st.winner, st, options, big)
    if self_drawn:
        out.append(Factor("zimo", "自摸", "self-drawn", TIMES, HALF if big else 2, st.winner))
    if hard:
        out.append(Factor("yinghu", "硬胡", "hard hand", TIMES, 2, st.winner))
    return out


def payer_factors(payer: Seat, st: Seating, options: WuhanOptions, big: bool) -> list[Factor]:
    out = player_factors(payer, st, options, big)
    if payer is st.discarder:
        out.append(Factor("fangchong", "放冲", "discarder", TIMES, HALF if big else 2, payer))
    return out


def doubles(factors: list[Factor]) -> int:
    """How many doubles (×2 each) the factors hold (a ×4 is two; ×1.5 is none)."""
    n = 0
    for f in factors:
        v = int(f.value) if isinstance(f.value, int) or f.value.denominator == 1 else 0
        while v > 1 and v % 2 == 0:
            v //= 2
            n += 1
    return n


def _finish(amount: int | Fraction, options: WuhanOptions) -> list[Factor]:
    """Scale, round and cap (the house rules of W-6), as factors."""
    out: list[Factor] = []
    if options.scale != 1:
        out.append(Factor("scale", "折算", "scaled", TIMES,
                          Fraction(1, options.scale)))
        amount = Fraction(amount) / options.scale
        if options.rounding is not Rounding.EXACT:
            whole = floor(amount + Fraction(1, 2)) if options.rounding is Rounding.HALF_UP else floor(amount)
            if whole != amount:
                out.append(Factor("round", options.rounding.zh, options.rounding.en, Op.PLUS, whole - amount))
                amount = whole
    if options.cap and amount > options.cap:
        out.append(Factor("cap", "金顶", "cap", Op.CAP, options.cap))
    return out


def _term(f: Factor, zh: bool) -> str:
    """One factor as the doubles it holds: "明杠", or "2·暗杠" for a ×4."""
    name = re.sub(r"[0-9]+个$", "", f.zh) if zh else re.sub(r"^[0-9]+ × ", "", f.en)
    n = doubles([f])
    return name if n == 1 else f"{n}·{name}"


def _num(value: int | Fraction) -> str:
    """A number as the card writes it: 64, 1.5, 3.2 (every amount here is a terminating decimal)."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):g}"
    return str(int(value))


def _step(f: Factor, before: int | Fraction, zh: bool) -> str:
    """One factor that is not a double: "× 1.5（自摸）", "÷ 10（折算）", "→ 3（四舍五入）", "封顶 50（金顶）"."""
    name = f.zh if zh else f.en
    wrap = f"（{name}）" if zh else f" ({name})"
    if f.id == "scale" and isinstance(f.value, Fraction):
        return f" ÷ {f.value.denominator}{wrap}"
    if f.op is Op.PLUS:
        return f" → {_num(f.apply(before))}{wrap}"
    if f.op is Op.CAP:
        return f" {'封顶' if zh else 'cap'} {_num(f.value)}{wrap}"
    return f" × {_num(f.value)}{wrap}"


def explain(payer: Seat, payee: Seat, base: int, factors: list[Factor], contract_for: Seat | None) -> tuple[str, str]:
    """The payment in words: "东付南 64 = 1 × 2^(开口 + 自摸 + …)"."""
    amount = apply_factors(base, factors)
    powers = [f for f in factors if f.op is TIMES and doubles([f]) and f.value == 2 ** doubles([f])]
    rest = [f for f in factors if f not in powers]
    zh = en = str(base)
    if powers:
        zh += " × 2^(" + " + ".join(_term(f, True) for f in powers) + ")"
        en += " × 2^(" + " + ".join(_term(f, False) for f in powers) + ")"
    running = apply_factors(base, powers)
    for f in rest:
        zh += _step(f, running, True)
        en += _step(f, running, False)
        running = f.apply(running)
    shown = _num(amount)
    head_zh = f"{payer.zh}付{payee.zh} {shown} = "
    head_en = f"{payer.en} pays {payee.en} {shown} = "
    if contract_for is not None and contract_for is not payer:
        head_zh = f"{payer.zh}承包，代{contract_for.zh}付{payee.zh} {shown} = "
        head_en = f"{payer.en} pays all (承包), {contract_for.en}'s share: {shown} = "
    return head_zh + zh, head_en + en


@dataclass(frozen=True)
class Outcome:
    """A settled reading: the payments, who pays all (承包) if anyone, and the winner's doubles."""

    settlement: Settlement
    contractor: Seat | None
    winner_doubles: int
    payer_doubles: Mapping[Seat, int]


def settle(st: Seating, base: int, big: bool, self_drawn: bool, hard: bool, contractor: Seat | None,
           options: WuhanOptions) -> Outcome:
    """Each loser's payment (all three, or the discarder alone), paid by the contractor when there is one."""
    win = winner_factors(st, options, big, self_drawn, hard)
    losers = [s for s in seats(4) if s is not st.winner]
    if not self_drawn and options.payer is Payer.DISCARDER and st.discarder is not None and contractor is None:
        losers = [st.discarder]
    payments: list[Payment] = []
    own: dict[Seat, int] = {}
    for loser in losers:
        theirs = payer_factors(loser, st, options, big)
        own[loser] = doubles(player_factors(loser, st, options, big))
        factors = win + theirs
        if contractor is not None and options.contract_factor != 1:
            factors.append(Factor("baopai", "包牌", "承包 factor", TIMES, options.contract_factor, contractor))
        factors += _finish(apply_factors(base, factors), options)
        payer = contractor or loser
        why, why_en = explain(payer, st.winner, base, factors, loser if contractor else None)
        payments.append(paid(payer, st.winner, base, factors, why, why_en))
    return Outcome(Settlement(tuple(payments), seats(4)), contractor, doubles(win), own)


def contractor(ctx: WinContext, fans: set[str], options: WuhanOptions) -> Seat | None:
    """承包: who pays everybody's share (seed 001 承包 1-3), or None."""
    if not options.contract:
        return None
    if ctx.win is WinMethod.ROB_KONG:
        return ctx.discarder(4)  # 3）B抢杠胡，被抢的A承包
    if "quanqiuren" in fans and ctx.win is WinMethod.DISCARD and not DISCARDER_READY.of(ctx):
        return ctx.discarder(4)  # 1）A放冲给B作全求人，A没听牌，A承包
    third = THIRD_OPENING.of(ctx)
    if third is not None and fans & {"qingyise", "jiangyise"}:
        return third  # 2）B胡清一色，B的第三次开口对象是A，A承包
    return None


@dataclass(frozen=True)
class WuhanDetails(Details):
    """A win's 癞子 (None when no tile was turned up), whether it is hard (硬胡: no 癞子 as another tile) and a big
    win (自摸 and 放冲 then ×1.5), and who pays all (承包) at the table it was scored at."""

    laizi: str | None
    hard: bool
    big: bool
    contractor: str | None


def settle_score(score: Score, table: Hand, options: WuhanOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): the payments of the Score's reading — its fans (``Score.total``, the
    base; 承包 reads them), whether it is a big win and hard (its :class:`WuhanDetails`) — at ``table``: each
    player's doubles from the table (开口, kongs, 红中杠, 癞子杠, the dealer), the discarder's 放冲, who pays all
    (承包). Another base, scale, rounding, cap, who pays a discard (``payer``), dealer double or 承包 factor settles
    again from the same reading.

    The reading is the Score's. Scoring chose it as the reading the winner collects most from *at the table it was
    scored at*, and the 起胡 minimum (``min_fan``) counts the doubles there; at another table (another dealer,
    other openings or kongs) another reading may collect more, or a small win may fall below the minimum: score
    the hand again for that."""
    fans = {i.fan.id for i in score.items}
    won = WuhanDetails.of(score)
    ctx = table.context
    outcome = settle(seating(table), score.total, won.big, ctx.self_drawn, won.hard, contractor(ctx, fans, options),
                     options)
    return outcome.settlement
