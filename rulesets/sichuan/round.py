"""One 血战/血流 round settled event by event (rules/sichuan.md §6.5): each Sichuan table's ``settle_round``, and
the settlements of more than one hand it is made of — 一炮多响 on one discard (:func:`settle_discard`) and the end of
the wall (:func:`wall_end`: 退税, 查花猪, 查大叫; spec §6.2 item 4 and §6.6).

- a :class:`~rulesets.rounds.Kong` is paid as it happens (``kong_lines``: 直杠 from the feeder, 补杠 1 and
  暗杠 2 from each player still in, 擦挂 when on); the money actually paid is kept with the kong;
- a :class:`~rulesets.rounds.Win` of one hand is scored with the players who already won; the hand's own
  payment is booked (the points from each of its payers): kong money is the kong events' (a kong meld in
  the winner's hand counts for 根, it is not paid twice). **抢杠胡**: when the event just before is the
  robbed player's 补杠, that kong's money goes back. **杠上炮**: 呼叫转移 by the ``hujiao`` option —
  ``transfer`` moves the money the discarder collected for their last kong to the winner, ``refund``
  returns it to its payers, ``none`` leaves it;
- a :class:`~rulesets.rounds.Win` of several hands is 一炮多响 (``settle_discard``; with 一炮多响 off only the
  first after the discarder wins, 截胡); with 杠上炮 the transfer happens only with ``hujiao_multi``, to
  each winner;
- the :class:`~rulesets.rounds.WallEnd`: 退税 from the kong money recorded (each not-ready player and 花猪
  still in returns what they collected, except money moved by 呼叫转移; ``Round.refunds`` says whether
  players who already won get theirs back), then 查花猪 and 查大叫 (``wall_end``). A player declared not
  ready or 花猪 without tiles holds a stand-in hand of that state (:data:`STAND_INS`).

In 血战 a player who won has left: they neither kong, discard, win again nor pay. In 血流 (``mode=xueliu``)
winners stay in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ContextError, MahjongError
from ..hand import Hand, KongEvent, KongKind, Seat, WinMethod
from ..messages import Text, Words, msg, text
from ..notation import parse_hand
from ..rounds import STAND_INS, Held, Kong, RefundTo, Round, RoundError, RoundResult, Settled, State, WallEnd, Win
from ..scoring import Payment, Score, Settlement
from .options import HuaZhu, Mode, SichuanOptions
from .ready import best_ready_value, is_flower_pig, scored
from .settle import SichuanDetails, details, kong_lines, settle_parts
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

    Each score's settlement holds the lines of that win alone; the other players' kongs (``context.kongs``, read
    from the first hand) are settled once. With 一炮多响 off only the winner nearest after the discarder wins.
    """
    if not hands:
        raise ContextError(msg("round.no_hands"))
    discarder = _discarder(variant, hands)
    if not options.yipao_duoxiang:
        hands = [first_after(variant, discarder, hands)]
    parts = [_one_of(variant, h, options, several_winners=len(hands) > 1) for h in hands]
    payments: list[Payment] = [p for score, _ in parts if score.settlement for p in score.settlement.payments]
    payments += next((shared for score, shared in parts if score.valid), [])
    return [score for score, _ in parts], Settlement(tuple(payments), variant.seats)


def _one_of(variant: Variant, hand: Hand, options: SichuanOptions,
            several_winners: bool) -> tuple[Score, list[Payment]]:
    """One winner of a discard, scored: the score settled with the lines of this win alone (呼叫转移 to each winner
    only with ``hujiao_multi``), and the money for the other players' kongs kept apart."""
    score = scored(variant, hand, options)
    if not score.valid:
        return score, []
    own, shared = settle_parts(variant, score, hand, options, several_winners)
    if several_winners:
        assert score.shape is not None
        found = details(variant, score.shape.total, score.shape.items, hand, options, several_winners)
        score = dataclasses.replace(score, details=found, extra={**score.extra, **found.as_dict()})
    return dataclasses.replace(score, settlement=Settlement(tuple(own), variant.seats)), shared


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


def _kong_refunds(variant: Variant, losers: Iterable[Seat], kongs: Sequence[KongEvent], already_won: frozenset[Seat],
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
    payments = _kong_refunds(variant, losers, kongs, already_won, options) if options.tuishui else []
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


@dataclass
class _Kong:
    seat: Seat
    payments: list[Payment]
    moved: bool = False  # its money went on by 呼叫转移 (not refunded later)


@dataclass
class _State:
    variant: Variant
    options: SichuanOptions
    won: list[Seat] = field(default_factory=list)
    kongs: list[_Kong] = field(default_factory=list)

    @property
    def xueliu(self) -> bool:
        return bool(self.options.mode is Mode.XUELIU)

    def already_won(self) -> frozenset[Seat]:
        return frozenset(self.won)

    def still_in(self, seat: Seat, what: Words) -> None:
        if not self.xueliu and seat in self.won:
            raise RoundError(msg("round.left", what=what, seats=(seat,)))


_KONG, _FED, _WIN, _DISCARDER = (Words("杠", "kong"), Words("点杠", "kong fed by"), Words("和牌", "win"),
                                 Words("点炮", "discarder"))
"""What a player who already left tried to do (``_State.still_in``)."""


def _kong(state: _State, event: Kong) -> Settled:
    state.still_in(event.seat, _KONG)
    if event.fed_by is not None:
        state.still_in(event.fed_by, _FED)
    payments = kong_lines(state.variant, event.seat, event.kind, event.fed_by, event.seat.value,
                          state.already_won(), state.options)
    state.kongs.append(_Kong(event.seat, payments))
    return Settled(event, tuple(payments))


def _robbed(state: _State, hand: Hand, previous: object) -> list[Payment]:
    """抢杠胡: the robbed 补杠 (the event just before, by the robbed player) pays nothing; its money goes back."""
    ctx = hand.context
    if ctx.win is not WinMethod.ROB_KONG or not isinstance(previous, Kong):
        return []
    if previous.kind is KongKind.ADDED and previous.seat == ctx.discarder(state.variant.players) and state.kongs:
        record = state.kongs.pop()
        return [Payment(x.payee, x.payer, x.amount, f"抢杠：补杠作废，退回 {x.why}",
                        f"robbed kong cancelled: back {x.why_en}") for x in record.payments]
    return []


def _transfer(state: _State, discarder: Seat, winners: Sequence[Seat]) -> tuple[list[Payment], list[Text]]:
    """呼叫转移 on a 杠上炮: the discarder's last kong money goes to the winner (or back, or stays); the notes say
    why nothing moved (catalog messages, in 中文 and English)."""
    policy = state.options.hujiao.value
    found = [k for k in state.kongs if k.seat == discarder and not k.moved]
    if not found:
        return [], [text(msg("sichuan.hujiao_no_kong"))]
    if policy == "none":
        return [], []
    if len(winners) > 1 and not state.options.hujiao_multi:
        return [], [text(msg("sichuan.hujiao_not_multi"))]
    record = found[-1]
    record.moved = True
    if policy == "refund":
        return [Payment(x.payee, x.payer, x.amount, "杠上炮退杠钱", "kong money refunded after 杠上炮")
                for x in record.payments], []
    total = sum(x.amount for x in record.payments)
    return [Payment(discarder, w, total, "呼叫转移：杠上炮者的杠钱转给和牌者",
                    "呼叫转移: the discarder's kong money goes to the winner") for w in winners], []


def _win_payments(score: Score) -> tuple[Payment, ...]:
    """The money for the hand itself: the score's lines from each of its payers (``win_lines`` comes first
    in a Sichuan settlement; the winner's kong melds and the rest follow)."""
    if not score.valid:
        raise RoundError.no_win(score)
    payers = SichuanDetails.of(score).payers
    assert score.settlement is not None
    lines = score.settlement.payments[: len(payers)]
    assert tuple(p.payer for p in lines) == payers
    return lines


def _in_round(state: _State, hand: Hand) -> Hand:
    return hand.with_context(hand.context.replace(already_won=state.already_won()))


def _one(state: _State, event: Win, previous: object) -> Settled:
    (hand,) = event.hands
    ctx = hand.context
    state.still_in(ctx.seat, _WIN)
    discarder = ctx.discarder(state.variant.players)
    if discarder is not None:
        state.still_in(discarder, _DISCARDER)
    payments = _robbed(state, hand, previous)
    hand = _in_round(state, hand)
    score = scored(state.variant, hand, state.options)
    payments += _win_payments(score)
    notes: list[Text] = []
    if ctx.after_kong and ctx.win is WinMethod.DISCARD and discarder is not None:
        moved, notes = _transfer(state, discarder, [ctx.seat])
        payments += moved
    state.won.append(ctx.seat)
    return Settled(event, tuple(payments), (hand,), (score,), tuple(notes))


def _several(state: _State, event: Win) -> Settled:
    """一炮多响: ``settle_discard`` scores the winners (all, or the first after the discarder with the option off)."""
    discarder = event.hands[0].context.discarder(state.variant.players)
    if discarder is not None:
        state.still_in(discarder, _DISCARDER)
    for h in event.hands:
        state.still_in(h.context.seat, _WIN)
    hands = [_in_round(state, h) for h in event.hands]
    scores, _shared = settle_discard(state.variant, hands, state.options)  # checks that they share one discard
    assert discarder is not None  # no hand is self-drawn (settle_discard)
    won = hands if state.options.yipao_duoxiang else [first_after(state.variant, discarder, hands)]
    payments = [p for s in scores for p in _win_payments(s)]
    notes: list[Text] = []
    if any(h.context.after_kong for h in hands):
        moved, notes = _transfer(state, discarder, [h.context.seat for h in won])
        payments += moved
    state.won += [h.context.seat for h in won]
    return Settled(event, tuple(payments), tuple(won), tuple(scores), tuple(notes))


def stand_in(variant: Variant, state: State, options: SichuanOptions) -> Hand | None:
    """The stand-in hand of a not-ready player or a 花猪 (None where the table has no such hand)."""
    text = STAND_INS.get((variant.two_suits, variant.hand_size - 1), {}).get(state.value)
    suits = getattr(getattr(options, "suits", None), "value", "ps")
    if text and variant.two_suits and suits != "ps":  # the same shapes in the table's two suits
        text = text.replace("p", "\0").replace("s", suits[1]).replace("\0", suits[0])
    return parse_hand(text) if text else None


def _held(variant: Variant, held: Held, options: SichuanOptions) -> Hand:
    seat = held.seat
    if held.state is State.PIG and not variant.flower_pig:
        raise RoundError(msg("round.no_pig", seats=(seat,)))
    hand = held.hand if held.hand is not None else stand_in(variant, held.state, options)
    if hand is None:
        raise RoundError(msg("round.ready_tiles", seats=(seat,)))
    if hand.winning_tile is not None:
        raise RoundError(msg("round.wall_end_tiles", seats=(seat,)))
    return hand.with_context(hand.context.replace(seat=seat))


_WORDS = {State.PIG: Words("花猪（三门都有）", "花猪 (holds three suits)"), State.READY: Words("听牌", "ready (听牌)"),
          State.NOT_READY: Words("未听牌", "not ready")}


def _check_state(state: _State, hand: Hand, claimed: State, seat: Seat) -> None:
    """The declared state must be what the tiles say (when tiles were given)."""
    pig = state.variant.flower_pig and is_flower_pig(hand)
    ready = None if pig else best_ready_value(state.variant, hand, state.options)
    actual = State.PIG if pig else (State.READY if ready else State.NOT_READY)
    if actual is not claimed:
        raise RoundError(msg("round.state_mismatch", seats=(seat,), actual=_WORDS[actual], declared=_WORDS[claimed]))


def _refunds(state: _State, losers: set[Seat], policy: RefundTo) -> list[Payment]:
    """退税 from the kong money actually collected this round; ``policy`` says whether players who already
    won (and left) get theirs back (``all``) or only those still in (``still_in``)."""
    out = []
    for record in state.kongs:
        if record.moved or record.seat not in losers:
            continue
        for x in record.payments:
            if policy is RefundTo.STILL_IN and x.payer in state.won and not state.xueliu:
                continue
            out.append(Payment(x.payee, x.payer, x.amount, f"退税：{x.why}", f"refund: {x.why_en}"))
    return out


def _wall_end(state: _State, event: WallEnd, policy: RefundTo) -> Settled:
    hands: dict[Seat, Hand] = {}
    states: dict[Seat, State] = {}
    for held in event.players:
        seat = held.seat
        if not state.xueliu and seat in state.won and not (state.options.chadajiao_winners and held.hand is not None):
            continue
        hand = _held(state.variant, held, state.options)
        if held.hand is not None:
            _check_state(state, hand, held.state, seat)
        hands[seat], states[seat] = hand, held.state
    missing = [s for s in state.variant.seats if (state.xueliu or s not in state.won) and s not in states]
    if missing:
        raise RoundError(msg("round.wall_end_missing", seats=tuple(missing)))
    payments: list[Payment] = []
    if state.options.tuishui:
        losers = {s for s, st in states.items() if st is not State.READY and (state.xueliu or s not in state.won)}
        payments += _refunds(state, losers, policy)
    no_refund = dataclasses.replace(state.options, tuishui=False)
    payments += wall_end(state.variant, hands, no_refund, (), state.already_won()).payments
    return Settled(event, tuple(payments))


def settle_round(variant: Variant, round_: Round, options: SichuanOptions | None = None) -> RoundResult:
    """Settle a round's events in order (module docstring); a bad event raises :class:`RoundError`
    saying which event it was."""
    state = _State(variant, options if options is not None else variant.options_type())
    out: list[Settled] = []
    previous: object = None
    for i, event in enumerate(round_.events):
        try:
            if isinstance(event, Kong):
                out.append(_kong(state, event))
            elif isinstance(event, Win):
                out.append(_several(state, event) if event.one_discard else _one(state, event, previous))
            else:
                out.append(_wall_end(state, event, round_.refunds))
        except RoundError as exc:
            raise exc.at(i) from None
        except MahjongError as exc:
            raise RoundError.of(exc).at(i) from None
        previous = event
    return RoundResult(tuple(out), variant.seats)


ROUND_EVENTS: frozenset[type] = frozenset({Kong, Win, WallEnd})
