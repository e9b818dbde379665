"""A round: the events of one deal in the order they happened, and what they settle (DESIGN §2).

A system whose book settles a round — several winners, kong money as it happens, the wall's end
(流局) — gives ``Ruleset.settle_round(round, options) -> RoundResult``; every system reads the same
events, in seat terms (E is the dealer):

- :class:`Kong` — a kong as it is declared: who, which kind, who fed an exposed one;
- :class:`Win` — one winning :class:`~rulesets.hand.Hand`, or several on one discard (一炮多响, 通炮);
  each hand's context says how it was won (self-drawn, the discarder, 杠上炮 …). The round itself
  fills in who had already won (``context.already_won``);
- :class:`WallEnd` — the wall ran out: each remaining player's state (:class:`State`: ready with
  their 13 tiles, not ready, 花猪), the tiles optional where the system does not need them.

The result has, per event, what it settled (:class:`Settled`: the payments, the scores of the hands
that won), and the round's :class:`~rulesets.scoring.Settlement` (net per seat).

>>> from rulesets.hand import KongKind, Seat
>>> Kong(Seat.S, KongKind.EXPOSED, fed_by=Seat.W).fed_by
<Seat.W: 'W'>
>>> Kong(Seat.S, KongKind.EXPOSED)
Traceback (most recent call last):
...
rulesets.errors.ContextError: an exposed kong (直杠) needs the player who fed it
>>> error = RoundError(msg("round.left", what=Words("杠", "kong"), seats=(Seat.S,))).at(1)
>>> str(error)
'event 2: kong: player S has already won this round (血战: they left the hand)'
>>> error.worded(lambda s: str(s.order + 1), lang="zh")
'第 2 个事件：杠：玩家 2 本局已经和牌（血战：和牌后就离场了）'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .errors import ContextError, MahjongError
from .hand import Hand, KongKind, Seat
from .messages import Message, Words, msg
from .scoring import Choice, Payment, Score, Settlement

_KONG_ZH = {KongKind.EXPOSED: "明杠", KongKind.CONCEALED: "暗杠", KongKind.ADDED: "加杠"}


STAND_INS: Mapping[tuple[bool, int], Mapping[str, str]] = {
    (False, 13): {"not_ready": "1m2m4m5m7m8m1p2p4p5p7p8p9p", "pig": "1m2m4m5m7m8m1p2p4p5p7p1s9s"},
    (True, 13): {"not_ready": "1p2p4p5p7p8p1s2s4s5s7s8s9s"},
    (False, 7): {"not_ready": "1m2m4m5m7m8m1p", "pig": "1m2m4m5m1p2p1s"},
}
"""What a player holds at the wall's end when only the state is given (no tiles), by (a two-suit table, tiles
held): hands of two suits that complete nothing, and the same with a third suit (a 花猪). A system's round
settles such a player as holding this hand; the ledger shows it."""


class RoundError(ContextError):
    """A round that cannot have happened (a player who left acts again, a state the tiles contradict …).

    Its words are a catalog message (:mod:`rulesets.messages`), in 中文 and English like every engine error.
    The message's ``seats`` parameter holds the seats it names (``error.seats``): ``str()`` and ``message_zh``
    name them by seat wind, :meth:`worded` and :meth:`message_with` by the caller's own names (the ledger's
    player numbers). :meth:`at` says which event it was."""

    def __init__(self, message: Message, event: int | None = None) -> None:
        self.body, self.event = message, event
        seats: Iterable[Seat] = message.params.get("seats", ())
        self.seats: tuple[Seat, ...] = tuple(seats)
        super().__init__(self.message_with(lambda s: s.value))

    @classmethod
    def of(cls, error: MahjongError) -> RoundError:
        """An engine error met while settling a round, as a round error (its words in both languages)."""
        if isinstance(error, RoundError):
            return error
        if error.msg is not None and not error.located:
            return cls(error.msg)
        return cls(msg("round.problem", problem=Words(error.message_zh, error.message)))

    @classmethod
    def no_win(cls, score: Score) -> RoundError:
        """A hand of the round that is no win: its reason, in both languages."""
        en = score.reason_en or score.reason or "not a winning hand"
        return cls(msg("round.problem", problem=Words(score.reason or en, en)))

    def message_with(self, name: Callable[[Seat], str], order: Callable[[Seat], int] | None = None) -> Message:
        """The message with each seat called ``name(seat)``, listed by ``order`` (turn order by default), and
        the event it happened at."""
        body = self.body
        if "seats" in body.params:
            listed = sorted(self.seats, key=order or (lambda s: s.order))
            body = Message(body.key, {**body.params, "seats": tuple(name(s) for s in listed)})
        return body if self.event is None else msg("round.at_event", n=self.event + 1, message=body)

    def worded(self, name: Callable[[Seat], str], order: Callable[[Seat], int] | None = None, lang: str = "en") -> str:
        """The message in ``lang`` (``"zh…"`` for 中文) with each seat called ``name(seat)``."""
        return self.message_with(name, order).render(lang)

    def at(self, event: int) -> RoundError:
        """The same error, saying it happened at event ``event`` (0-based) of the round."""
        return self if self.event is not None else RoundError(self.body, event)


@dataclass(frozen=True)
class Kong:
    """A kong declared during the round: ``seat`` declares it; an exposed kong (直杠) names who fed it."""

    seat: Seat
    kind: KongKind
    fed_by: Seat | None = None

    def __post_init__(self) -> None:
        if self.kind is KongKind.EXPOSED and (self.fed_by is None or self.fed_by == self.seat):
            raise ContextError(msg("round.kong_needs_feeder"))
        if self.kind is not KongKind.EXPOSED and self.fed_by is not None:
            raise ContextError(msg("round.only_exposed_fed", kind=Words(_KONG_ZH[self.kind], self.kind.value)))


@dataclass(frozen=True)
class Win:
    """One win, or several on one discard (一炮多响 / 通炮): each hand's context says how it was won."""

    hands: tuple[Hand, ...]

    def __post_init__(self) -> None:
        if not self.hands:
            raise ContextError(msg("round.no_hands"))

    @property
    def one_discard(self) -> bool:
        """Several winners on one discard."""
        return len(self.hands) > 1


class State(Choice):
    """A player's state when the wall runs out."""

    READY = ("ready", "听牌", "ready")
    NOT_READY = ("not_ready", "未听牌", "not ready")
    PIG = ("pig", "花猪", "flower pig (holds three suits)")


@dataclass(frozen=True)
class Held:
    """What a player holds at the wall's end: the state, and the 13 tiles where they are needed (a
    ready player's best wait; for the other states they are optional and checked when given)."""

    seat: Seat
    state: State
    hand: Hand | None = None


@dataclass(frozen=True)
class WallEnd:
    """The wall ran out (流局): the state of each player still in."""

    players: tuple[Held, ...]

    def __post_init__(self) -> None:
        if len({h.seat for h in self.players}) != len(self.players):
            raise ContextError(msg("round.wall_end_once"))


type RoundEvent = Kong | Win | WallEnd


class RefundTo(Choice):
    """退税 at the wall's end: who gets back the kong money of a player who is not ready (docs/ledger.md)."""

    STILL_IN = ("still_in", "只退未胡者", "the payers still in (players who won and left get nothing back)")
    ALL = ("all", "退给原付款人", "every original payer")


@dataclass(frozen=True)
class Round:
    """The events of one round in order. ``refunds`` is the table's 退税 policy (a table setting)."""

    events: tuple[RoundEvent, ...]
    refunds: RefundTo = RefundTo.STILL_IN

    def __post_init__(self) -> None:
        for i, event in enumerate(self.events[:-1]):
            if isinstance(event, WallEnd):
                raise RoundError(msg("round.wall_end_last")).at(i)


@dataclass(frozen=True)
class Settled:
    """What one event settled: its payments in order, and for a win the hands that won (their context
    completed by the round) with each hand's :class:`~rulesets.scoring.Score` as the system scores it
    alone (the card). With 一炮多响 off only one of the hands wins. ``notes`` say what the round did not do
    and why (四川: a 杠上炮 that moves no kong money), each a :class:`~rulesets.messages.Text` of a catalog
    message like every note of a score (tests/rulesets/test_messages.py)."""

    event: RoundEvent
    payments: tuple[Payment, ...] = ()
    hands: tuple[Hand, ...] = ()
    scores: tuple[Score, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(h.context.seat for h in self.hands)


@dataclass(frozen=True)
class RoundResult:
    """Every event's settlement in order, and the round's: all payments, net per seat."""

    events: tuple[Settled, ...]
    seats: tuple[Seat, ...]
    settlement: Settlement = field(init=False)

    def __post_init__(self) -> None:
        payments = tuple(p for e in self.events for p in e.payments)
        object.__setattr__(self, "settlement", Settlement(payments, self.seats))

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Who won, in order (a player of 血流 may win more than once)."""
        return tuple(s for e in self.events for s in e.winners)

    @property
    def notes(self) -> tuple[str, ...]:
        return tuple(n for e in self.events for n in e.notes)

    def as_dict(self) -> dict[str, object]:
        return {
            "events": [{"payments": [p.as_dict() for p in e.payments], "winners": [s.value for s in e.winners],
                        "results": [s.as_dict() for s in e.scores], "notes": list(e.notes)} for e in self.events],
            "payouts": self.settlement.as_dict(),
            "payments": [p.as_dict() for p in self.settlement.payments],
        }


__all__ = [
    "Held", "Kong", "RefundTo", "Round", "RoundError", "RoundEvent", "RoundResult", "Settled", "State", "WallEnd",
    "Win",
]
