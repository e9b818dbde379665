"""Settlements that involve more than one hand: 一炮多响 on one discard, and the end of the wall
(退税, 查花猪, 查大叫; spec §6.2 item 4 and §6.6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ContextError
from ..hand import Hand, KongEvent, Seat
from ..messages import msg
from ..scoring import Payment, Score, Settlement
from .options import HuaZhu, SichuanOptions
from .payout import kong_lines
from .ready import best_ready_value, is_flower_pig
from .score import score_parts
from .variant import Variant


def _discarder(variant: Variant, hands: Sequence[Hand]) -> Seat:
    if any(h.context.self_drawn for h in hands):
        raise ContextError(msg("round.several_self_drawn", name="一炮多响"))
    found = {h.context.discarder(variant.players) for h in hands}
    if len(found) != 1:
        raise ContextError(msg("round.one_discarder"))
    winners = [h.context.seat for h in hands]
    if len(set(winners)) != len(winners):
        raise ContextError(msg("round.distinct_winners"))
    return found.pop()  # type: ignore[return-value]


def first_after(variant: Variant, discarder: Seat, hands: Sequence[Hand]) -> Hand:
    """The winner nearest after the discarder in turn order (截胡, when 一炮多响 is off)."""
    return min(hands, key=lambda h: (h.context.seat.order - discarder.order) % variant.players)


def settle_discard(variant: Variant, hands: Sequence[Hand], options: SichuanOptions) -> tuple[list[Score], Settlement]:
    """Several players win on one discard (一炮多响): each winner is paid on their own (§6.2 item 4).

    The other players' kongs (``context.kongs``, read from the first hand) are settled once.
    With 一炮多响 off only the winner nearest after the discarder wins.
    """
    if not hands:
        raise ContextError(msg("round.no_hands"))
    discarder = _discarder(variant, hands)
    if not options.yipao_duoxiang:
        hands = [first_after(variant, discarder, hands)]
    parts = [score_parts(variant, h, options, several_winners=len(hands) > 1) for h in hands]
    payments: list[Payment] = [p for score, _ in parts if score.settlement for p in score.settlement.payments]
    payments += next((shared for score, shared in parts if score.valid), [])
    return [score for score, _ in parts], Settlement(tuple(payments), variant.seats)


@dataclass(frozen=True)
class Standing:
    """A player's 13 tiles at the wall's end, as the checks see them."""

    seat: Seat
    flower_pig: bool
    ready: tuple[Any, int] | None  # (best tile, 查大叫 points) or None when not ready


def _standings(variant: Variant, hands: Mapping[Seat, Hand], options: SichuanOptions) -> dict[Seat, Standing]:
    out = {}
    for seat, hand in hands.items():
        pig = variant.flower_pig and is_flower_pig(hand)
        ready = None if pig else best_ready_value(variant, hand.with_context(hand.context.replace(seat=seat)), options)
        out[seat] = Standing(seat, pig, ready)
    return out


def _refunds(variant: Variant, losers: Iterable[Seat], kongs: Sequence[KongEvent], already_won: frozenset[Seat],
             options: SichuanOptions) -> list[Payment]:
    """退税: a non-ready player or 花猪 hands back the kong money collected this hand (§6.6 step 1)."""
    out = []
    for event in kongs:
        if event.seat not in losers:
            continue
        for p in kong_lines(variant, event.seat, event.kind, event.fed_by, f"{event.seat.value}", already_won, options):
            out.append(Payment(event.seat, p.payer, p.amount, f"退税：{p.why}", f"refund: {p.why_en}"))
    return out


def _pig_penalty(options: SichuanOptions) -> int:
    if options.huazhu is HuaZhu.CAP and options.cap:
        return options.cap * options.base
    return 16 * options.base


def wall_end(
    variant: Variant, hands: Mapping[Seat, Hand], options: SichuanOptions, kongs: Sequence[KongEvent] = (),
    already_won: frozenset[Seat] = frozenset(),
) -> Settlement:
    """退税 → 查花猪 → 查大叫 at an exhausted wall (§6.6), for the 13-tile hands still in play.

    ``kongs`` are the kongs of this hand whose money is still with the declarer (leave out one moved by
    呼叫转移). Earlier winners' hands may be given: they collect 查大叫 only with 查大叫含已胡.
    """
    still_in = set(variant.still_in(already_won, options))
    table = _standings(variant, hands, options)
    playing = [s for s in table.values() if s.seat in still_in]
    if len(playing) < 2:
        return Settlement((), variant.seats)
    losers = {s.seat for s in playing if s.flower_pig or s.ready is None}
    payments = _refunds(variant, losers, kongs, already_won, options) if options.tuishui else []
    pigs = [s.seat for s in playing if s.flower_pig]
    clean = [s.seat for s in playing if not s.flower_pig]
    if options.huazhu is not HuaZhu.OFF:
        amount = _pig_penalty(options)
        payments += [Payment(p, c, amount, f"查花猪：{amount}", f"flower pig pays {amount}")
                     for p in pigs for c in clean]
    receivers = [s for s in table.values() if s.ready and (s.seat in still_in or options.chadajiao_winners)]
    payers = [s.seat for s in playing if not s.flower_pig and s.ready is None]
    for r in receivers:
        assert r.ready is not None
        tile, value = r.ready
        why, why_en = f"查大叫：听{tile}，{value}", f"not ready: pays {value} (best wait {tile})"
        payments += [Payment(p, r.seat, value, why, why_en) for p in payers]
    return Settlement(tuple(payments), variant.seats)
