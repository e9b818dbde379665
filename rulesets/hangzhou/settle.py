"""Who pays whom for a 杭州 win: each loser pays 底分 × the hand's multiplier (× the dealer's factor where the
table has one); 承包 and 反承包 make one player pay for all (seed 001).

Every line is built by :func:`rulesets.scoring.paid` from its factors: each counted row (豪华七对 ×4, 暴头 ×2,
财飘 ×2, …), the cap, the dealer's factor, 反承包 ×2.
"""

from __future__ import annotations

from collections import Counter

from ..caishen import feeder, liable_shares, spelled, times
from ..context import STREAK
from ..hand import Hand, KongKind, MeldKind, Seat
from ..messages import Words, msg, text
from ..pairwise import dealer_side, payers, settle_pairs
from ..scoring import Factor, Op, Score, Settlement, ShapeScore
from .context import CLAIMS_FROM_WINNER
from .options import DealerFactor, DiscardPays, HangzhouOptions

SEATS = (Seat.E, Seat.S, Seat.W, Seat.N)
_LADDER = (2, 4, 8)


def dealer_factor(hand: Hand, payer: Seat, options: HangzhouOptions) -> Factor | None:
    """The dealer's factor on ``payer``'s share (None between two non-dealers, or at a table without one)."""
    dealer = hand.context.dealer
    if options.dealer_factor is DealerFactor.NONE or not dealer_side(hand.context, payer):
        return None
    if options.dealer_factor is DealerFactor.FIXED8:
        return times("zhuang", "庄闲×8", "dealer ×8", 8, dealer)
    streak = min(STREAK.of(hand.context), len(_LADDER) - 1)
    return times("zhuang", f"庄×{_LADDER[streak]}", f"dealer ×{_LADDER[streak]}", _LADDER[streak], dealer)


def hand_factors(best: ShapeScore, options: HangzhouOptions) -> list[Factor]:
    """The hand's multiplier as factors: each counted row once per count (×1 rows left out), then the cap."""
    out = [times(i.fan.id, f"{i.fan.zh}×{i.fan.value}", f"{i.fan.en} ×{i.fan.value}", i.fan.value)
           for i in best.items if i.fan.value > 1 for _ in range(i.count)]
    if options.cap and best.total > options.cap:
        out.append(Factor("cap", f"封顶{options.cap}倍", f"cap ×{options.cap}", Op.CAP, options.cap * options.base))
    return out


def claims_by_feeder(hand: Hand, options: HangzhouOptions) -> Counter[Seat]:
    """How many of the winner's claims each player fed (吃、碰; 明杠 and the pung of a 加杠 with ``chengbao_kongs``)."""
    fed: Counter[Seat] = Counter()
    for meld in hand.melds:
        if meld.kind is MeldKind.KONG and (meld.kong is KongKind.CONCEALED or not options.chengbao_kongs):
            continue
        seat = feeder(hand, meld)
        if seat is not None:
            fed[seat] += 1
    return fed


def _liable(hand: Hand, options: HangzhouOptions) -> tuple[Seat | None, Factor | None, tuple[str, str], list[str]]:
    """Who pays for all on a self-draw (承包 / 反承包), the 反承包 factor, the line's why and notes."""
    notes: list[str] = []
    reverse = [s for s, n in CLAIMS_FROM_WINNER.of(hand.context) if n >= 3] if options.fanchengbao else []
    fed = [s for s, n in claims_by_feeder(hand, options).items() if n >= 3] if options.chengbao else []
    if reverse:
        seat = min(reverse, key=lambda s: (s.order - hand.context.seat.order) % 4)
        if len(reverse) > 1 or fed:
            notes.append(text(msg("hangzhou.fanchengbao", seat=Words(seat.zh, seat.en))))
        why = (f"自摸，反承包：{seat.zh}家吃碰了和牌者3次，付全部×2",
               f"self-drawn; 反承包: {seat.en} claimed three times from the winner and pays everything ×2")
        return seat, times("fanchengbao", "反承包×2", "反承包 ×2", 2, seat), why, notes
    if fed:
        seat = fed[0]
        why = (f"自摸，承包：{seat.zh}家被吃碰3次，承包全部", f"self-drawn; 承包: {seat.en} fed three claims and pays "
               "everything")
        return seat, None, why, notes
    return None, None, ("自摸", "self-drawn"), notes


def settle(hand: Hand, best: ShapeScore, options: HangzhouOptions) -> tuple[Settlement, list[str]]:
    """The payments of the win, and notes on who was liable."""
    ctx = hand.context
    winner = ctx.seat
    factors = hand_factors(best, options)

    def share(seat: Seat) -> list[Factor]:
        f = dealer_factor(hand, seat, options)
        return factors + ([f] if f else [])

    def each_pays(why: tuple[str, str]) -> Settlement:
        lines = settle_pairs(winner, payers(ctx, 4), options.base, share, lambda seat: spelled(why, share(seat)))
        return Settlement(tuple(lines), SEATS)

    if ctx.self_drawn:
        liable, extra, why, notes = _liable(hand, options)
        if liable is not None:
            return Settlement(tuple(liable_shares(hand, options.base, share, why, liable, extra)), SEATS), notes
        return each_pays(why), notes
    discarder = ctx.discarder(4)
    assert discarder is not None
    if options.discard_pays is DiscardPays.ALL:
        why = (f"放冲：{discarder.zh}家包三家", f"won on {discarder.en}'s discard, who pays all three shares")
        return Settlement(tuple(liable_shares(hand, options.base, share, why, discarder)), SEATS), []
    why = (f"放冲：{discarder.zh}家付", f"won on {discarder.en}'s discard")
    return each_pays(why), []


def liability_notes(hand: Hand, options: HangzhouOptions) -> list[str]:
    """The notes on who was liable (反承包 chosen over 承包 or over another 反承包), for the card."""
    return _liable(hand, options)[3] if hand.context.self_drawn else []


def settle_score(score: Score, table: Hand, options: HangzhouOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): the payments of the Score's reading (``Score.shape``: its rows, each
    a factor, and its uncapped multiplier) at ``table``. Another base, cap, dealer factor, 承包/反承包 or who pays a
    discard settles again from the same reading, and so does another dealer or streak (the dealer's factor) or
    another discarder; whether a discard may win at all (平庄只能自摸) is the score's check, and how the hand was
    won (杠开, 财飘) is in its rows: a table that changes those needs a new score."""
    assert score.shape is not None  # a valid 杭州 score has its reading
    return settle(table, score.shape, options)[0]
