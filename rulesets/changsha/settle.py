"""Who pays whom in 长沙麻将: the payers of a win, 庄闲, the birds (扎鸟), 起手小胡 and 通炮.

Every payment is one (winner, payer) pair built with :func:`rulesets.scoring.paid`: the base (the
hand's value for one payer), then 庄闲 (+1 per unit when the dealer is a side), then one factor per bird
that lands on the winner or on that payer (rules/regional.md §3(c)).

>>> from rulesets.hand import Seat
>>> from rulesets.tiles import tiles
>>> [(str(t), s.value) for t, s in landings(tiles("3s9m5m6p"), Seat.E)]
[('3s', 'W'), ('9m', 'E'), ('5m', 'E'), ('6p', 'S')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..context import BIRDS
from ..errors import ContextError
from ..hand import Hand, Seat, seats
from ..messages import msg, text
from ..pairwise import dealer_side, payers, settle_pairs
from ..scoring import Details, Factor, Op, Payment, Score, Settlement
from ..tiles import Tile
from .context import STARTING_HAND, STARTING_WINS
from .options import BirdOrigin, BirdRule, ChangshaOptions, HaidiBirds, ZhuangXian

PLAYERS = 4
Landing = tuple[Tile, Seat]


@dataclass(frozen=True)
class ChangshaDetails(Details):
    """What a 长沙 result adds: the big units of the hand (0 for a small win or a 起手小胡: 庄闲 adds one per
    unit), where its birds landed, and the notes on the birds (listed, empty or not, with every win)."""

    units: int
    birds: tuple[Landing, ...] = ()
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {"units": self.units, "birds": [{"tile": str(t), "seat": s.value} for t, s in self.birds],
                "notes": list(self.notes)}


def landings(birds: Sequence[Tile], origin: Seat) -> list[Landing]:
    """Where each bird lands: its number counted from ``origin`` (1 ``origin``, 2 the next seat, 3 across,
    4 the previous; 5 is ``origin`` again) — seed 000 扎鸟."""
    return [(b, origin.offset((b.rank - 1) % PLAYERS, PLAYERS)) for b in birds]


def birds_of(hand: Hand, options: ChangshaOptions) -> tuple[tuple[Tile, ...], list[str]]:
    """The bird tiles of this hand and notes: on a 海底 win the 海底 tile is every bird, or one with
    ``haidi_birds=one`` (seed 000 \u201c如果为海底胡，则海底牌为鸟牌\u201d; open_mahjong_unity 规则书 §9), otherwise the
    ``birds`` context."""
    given = BIRDS.of(hand.context)
    notes: list[str] = []
    if any(not t.is_suited for t in given):
        raise ContextError(msg("changsha.bird_tiles"))
    if len(given) > options.bird_count:
        raise ContextError(msg("changsha.bird_count", n=len(given), bird_count=options.bird_count))
    if hand.context.last_tile and hand.winning_tile is not None and options.bird_count:
        each = options.haidi_birds is HaidiBirds.EACH
        if given and any(t != hand.winning_tile for t in given):
            notes.append(text(msg("changsha.haidi_birds" if each else "changsha.haidi_bird",
                                  tile=str(hand.winning_tile))))
        return (hand.winning_tile,) * (options.bird_count if each else 1), notes
    return given, notes


def bird_factors(lands: Sequence[Landing], winner: Seat, payer: Seat, options: ChangshaOptions) -> list[Factor]:
    """The factors of the birds that hit the payment between ``winner`` and ``payer``."""
    hits = [(t, s) for t, s in lands if s in (winner, payer)]
    if not hits:
        return []
    if options.bird_rule is BirdRule.TIMES:
        names = " ".join(f"{t}→{s.zh}" for t, s in hits)
        names_en = " ".join(f"{t}→{s.value}" for t, s in hits)
        return [Factor("birds", f"中鸟 {names}", f"birds {names_en} (1 + {len(hits)})", Op.TIMES, 1 + len(hits))]
    op, value = (Op.PLUS, 1) if options.bird_rule is BirdRule.ADD else (Op.TIMES, 2)
    return [Factor("bird", f"中鸟 {t}", f"bird {t}", op, value, s) for t, s in hits]


def zhuang_factor(hand: Hand, payer: Seat, units: int, options: ChangshaOptions) -> list[Factor]:
    """庄闲: the dealer is the winner or this payer: +1 per unit (a small win is one), or +1 flat."""
    ctx = hand.context
    if options.zhuangxian is ZhuangXian.OFF or not dealer_side(ctx, payer):
        return []
    n = units if options.zhuangxian is ZhuangXian.PER_UNIT else 1
    return [Factor("zhuang", "庄闲", "dealer", Op.PLUS, n, ctx.dealer)]


def origin_of(hand: Hand, options: ChangshaOptions) -> Seat:
    return hand.context.seat if options.bird_origin is BirdOrigin.WINNER else hand.context.dealer


def win_payments(hand: Hand, base: int, units: int, big: bool, options: ChangshaOptions,
                 lands: Sequence[Landing]) -> list[Payment]:
    """The payments of a win: all three on a self-draw, the discarder (or the robbed player) on a discard."""
    ctx = hand.context
    kind = ("大胡", "big win") if big else ("小胡", "small win")
    how = ("自摸", "self-drawn") if ctx.self_drawn else ("点炮", "on a discard")

    def factors(payer: Seat) -> list[Factor]:
        return zhuang_factor(hand, payer, units, options) + bird_factors(lands, ctx.seat, payer, options)

    return settle_pairs(ctx.seat, payers(ctx, PLAYERS), base, factors,
                        lambda p: (f"{kind[0]}{how[0]}：{base}", f"{kind[1]} {how[1]}: {base}"))


def starting_payments(hand: Hand, seat: Seat, count: int, zh: str, en: str, options: ChangshaOptions,
                      lands: Sequence[Landing]) -> list[Payment]:
    """``count`` 起手小胡 of ``seat`` (one type, or a declared tally): each paid like a small self-draw by
    the three others (rules/regional.md §3(c) 4), birds only with ``qishou_birds``."""
    base = options.small_self_drawn
    declarer = hand.with_context(hand.context.replace(seat=seat, from_seat=None))

    def factors(payer: Seat) -> list[Factor]:
        out = zhuang_factor(declarer, payer, 1, options)
        if count > 1:
            out.append(Factor("count", f"{zh}（{count}个）", f"{en} ({count})", Op.TIMES, count))
        if options.qishou_birds:
            out += bird_factors(lands, seat, payer, options)
        return out

    others = [s for s in seats(PLAYERS) if s is not seat]
    return settle_pairs(seat, others, base, factors, lambda p: (f"起手小胡 {zh}：{base}", f"starting win {en}: {base}"))


def declared_starting(hand: Hand, options: ChangshaOptions, lands: Sequence[Landing]) -> list[Payment]:
    """The 起手小胡 each seat declared earlier this hand (``starting_wins``), settled with the win."""
    out: list[Payment] = []
    for seat, n in STARTING_WINS.of(hand.context):
        out += starting_payments(hand, seat, n, "起手小胡", "starting win", options, lands)
    return out


def starting_birds(hand: Hand, options: ChangshaOptions) -> tuple[Tile, ...]:
    """The birds of a dealt hand's 起手小胡: the ``birds`` context (checked like a win's) with ``qishou_birds``,
    else none."""
    given, _ = birds_of(hand, options)
    return given if options.qishou_birds else ()


def settle(score: Score, table: Hand, options: ChangshaOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): the payments of a scored hand at ``table``.

    A win: the Score's value (``Score.total``, one payer's base) and its big units (``ChangshaDetails.units``, 0
    for a small win), paid by the table's payers with 庄闲 and the birds where they land (counted from the
    table's dealer or winner), then the 起手小胡 declared earlier (``starting_wins``). A dealt hand
    (``starting_hand``): each 起手小胡 of the Score's items, paid by the three others. Another bird rule, bird
    origin or 庄闲 rule, or another dealer, discarder or birds, settles again from the same Score; the value
    itself (``big_unit``, ``small_self_drawn``, how the hand was won: 杠上开花, 海底, 全求人) is the Score's: a
    table or option that changes it needs a new score."""
    ctx = table.context
    if STARTING_HAND.of(ctx):
        lands = landings(starting_birds(table, options), origin_of(table, options))
        payments: list[Payment] = []
        for i in score.items:
            payments += starting_payments(table, ctx.seat, i.count, i.fan.zh, i.fan.en, options, lands)
        return Settlement(tuple(payments), seats(PLAYERS))
    birds, _ = birds_of(table, options)
    lands = landings(birds, origin_of(table, options))
    u = ChangshaDetails.of(score).units
    payments = win_payments(table, score.total, max(u, 1), u > 0, options, lands)
    payments += declared_starting(table, options, lands)
    return Settlement(tuple(payments), seats(PLAYERS))
