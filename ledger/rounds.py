"""The ledger's one door into the engine: a hand's result, and the settlement of a round.

Players are table positions 0…n-1 in turn order. For each hand the dealer's position ``dealer`` sits
at E, the next player at S, and so on (the engine names seats by seat wind, E = dealer).

A round is a list of JSON events in the order they happened (docs/ledger.md):

- ``{"type": "kong", "player", "kind": exposed|added|concealed, "fed_by"}`` — kong money as it happens;
- ``{"type": "win", "player", "hand", "win": self_drawn|discard|rob_kong, "from", flags…}`` — one win;
- ``{"type": "multi", "from", "after_kong", "wins": [{"player", "hand"}, …]}`` — 一炮多响 on one discard;
- ``{"type": "wall_end", "players": [{"player", "state": ready|not_ready|pig, "hand"}]}`` — 流局 checks.

The round is settled by the system's ``Ruleset.settle_round`` (``rulesets.rounds``), which takes the
kinds of event the system declares (``Ruleset.round_events``); this module names no system and only
translates: positions ↔ seats, the JSON events → the engine's events (each hand parsed with its context),
the engine's payments → :class:`Line`s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import rulesets
from rulesets import rounds as engine_rounds
from rulesets.context import FLAGS, SHARED_FLAGS
from rulesets.engine import Request, build_request, result_object, score
from rulesets.errors import MahjongError
from rulesets.hand import KongKind, Seat
from rulesets.messages import Message, Words, msg
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.rounds import STAND_INS, Held, Kong, RefundTo, Round, RoundEvent, State, WallEnd, Win
from rulesets.scoring import Payment, Ruleset, exact

from .words import Worded, said, spoken_hu

ENGINE_VERSION = rulesets.ENGINE_VERSION
SEATS = (Seat.E, Seat.S, Seat.W, Seat.N, Seat.X, Seat.Y)
WIN_FLAGS = FLAGS  # the flags of how a hand was won, as rulesets.context declares them once
DISCARD_FLAGS = tuple(f.key for f in SHARED_FLAGS if f.of_discard)
"""The flags that belong to the discard (杠上炮): a multi event (一炮多响) gives them once for every win on it."""

# What the engine holds for a player declared "not ready" or "花猪" with no tiles typed in (by two-suit
# table and tiles held; tests/ledger pin each).
STAND_IN = STAND_INS[(False, 13)]


class RoundError(Worded):
    """Bad input to a round or a hand, in words for the person who typed it: ``str()`` in English,
    ``message_zh`` in 中文, :meth:`render` in the reader's language, ``key`` what is wrong (the engine's words
    come from its catalog, rulesets/messages.py; the ledger's own from ledger/words.py)."""

    @classmethod
    def of(cls, error: MahjongError | RoundError, where: str | None = None, **params: Any) -> RoundError:
        """An engine error (or one of these) in both languages, optionally said of an event or a player: inside
        the catalog message ``where`` (``round.at_event``, ``round.of_player``) with ``params``. Its key stays
        the error's."""
        en = error.message if isinstance(error, MahjongError) else str(error)
        zh = error.render("zh", hu=spoken_hu()) if isinstance(error, MahjongError) else error.message_zh
        key = _cause(error)
        if where is None:
            return cls(en, zh, key=key)
        inside = msg(where, message=Words(zh, en), **params)
        return cls(inside.en, inside.zh, key=key)


def _cause(error: MahjongError | RoundError) -> str | None:
    """The key of what an error says is wrong: an engine round error's own message, not the event it names."""
    if isinstance(error, engine_rounds.RoundError):
        return error.body.key
    return error.key


@dataclass
class Line:
    """One payment between table positions."""

    payer: int
    payee: int
    amount: int
    why: str
    why_en: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "why": self.why, "why_en": self.why_en}


@dataclass
class Settled:
    """What an entry moved: the payment lines, the engine results it used, and who deals next."""

    lines: list[Line] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # in order; 一炮多响 adds them together
    first_multi_from: int | None = None  # the discarder when the round's first win was 一炮多响
    notes: list[dict[str, Any] | str] = field(default_factory=list)  # note_of each round note


def seat_of(player: int, dealer: int, players: int) -> Seat:
    return SEATS[(player - dealer) % players]


def player_at(seat: Seat | str, dealer: int, players: int) -> int:
    order = SEATS.index(Seat(seat) if isinstance(seat, str) else seat)
    return (dealer + order) % players


def plays_to_the_wall(system: str) -> bool:
    """Whether the system's rounds run to the wall's end, every kong and win paid as it happens (its rounds take
    the wall's end as an event)."""
    return WallEnd in get_ruleset(system).round_events


def ruleset_id(system: str) -> str:
    """The canonical id of a system name or alias; raises RoundError for an unknown one."""
    return ruleset_of(system).id


def ruleset_of(system: str) -> Ruleset[Any]:
    """The ruleset of a system name or alias; raises RoundError for an unknown one."""
    try:
        return get_ruleset(system)
    except MahjongError as exc:
        raise RoundError.of(exc) from None


def players_of(system: str) -> int:
    return get_ruleset(system).players


def check_options(system: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The table's house rules as the engine reads them (a bad value raises RoundError)."""
    try:
        ruleset = get_ruleset(system)
        from rulesets.scoring import options_dict

        return dict(options_dict(ruleset.parse_options(dict(options))))
    except MahjongError as exc:
        raise RoundError.of(exc) from None
    except (TypeError, ValueError) as exc:  # a value the option's parser cannot take (a number too long to read)
        raise RoundError(said("ledger.options.unreadable", error=type(exc).__name__)) from None


def _evaluate(system: str, hand: str, context: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    try:
        request = build_request(hand, [system], dict(context), {system: dict(options)})
        result = result_object(request, score(request))
    except MahjongError as exc:
        raise RoundError.of(exc) from None
    (one,) = result["results"]
    if not one["valid"]:
        if not (one.get("reason_en") or one.get("reason")):
            raise RoundError(said("ledger.round.not_a_win"))
        keyed = getattr(one.get("reason"), "message", None)  # a reason that knows its message (rulesets Text)
        if isinstance(keyed, Message):
            raise RoundError(keyed)
        en = one.get("reason_en") or one["reason"]
        raise RoundError(en, one.get("reason") or en)  # a reason in both languages, with no catalog key
    return {"hand": result["hand"], **one}


def hand_value(system: str, options: Mapping[str, Any], hand: str, win: str) -> tuple[Any, str]:
    """The value and unit of ``hand`` won ``win`` (self_drawn, discard, rob_kong) at a table of ``system``; raises
    RoundError with what is wrong (the round form's check of a row as it is typed)."""
    result = _evaluate(ruleset_id(system), hand, {"win": win}, check_options(system, options))
    return result.get("total"), str(result.get("unit") or "")


def _context(win: Mapping[str, Any], seat: Callable[[int], Seat], extra: Mapping[str, Any] | None = None
             ) -> dict[str, Any]:
    ctx: dict[str, Any] = {"seat": seat(win["player"]).value, "win": win["win"], **(extra or {})}
    if win["win"] != "self_drawn":
        ctx["from_seat"] = seat(win["from"]).value
    for flag in WIN_FLAGS:
        if win.get(flag):
            ctx[flag] = True
    return ctx


def score_hand(system: str, options: Mapping[str, Any], entry: Mapping[str, Any], dealer: int,
               round_wind: str | None = None) -> Settled:
    """One scored hand (any system): the engine's payouts, mapped from seats to table positions."""
    players = players_of(system)
    extra = {"round_wind": round_wind} if round_wind else {}
    ctx = _context(entry, lambda p: seat_of(p, dealer, players), extra)
    result = _evaluate(system, entry["hand"], ctx, options)
    out = Settled(results=[result], winners=[entry["player"]])
    for p in result["payments"]:
        out.lines.append(Line(player_at(p["from"], dealer, players), player_at(p["to"], dealer, players),
                              p["amount"], p["why"], p.get("why_en", "")))
    return out


def _line(p: Payment, dealer: int, players: int) -> Line:
    amount = exact(p.amount)
    assert isinstance(amount, int), f"{p.why}: {amount} is not a whole amount"  # every system with rounds pays whole
    return Line(player_at(p.payer, dealer, players), player_at(p.payee, dealer, players), amount, p.why, p.why_en)


# ---- rounds: JSON events in table positions → the engine's round in seats → the ledger's lines ---------

_ENGINE_EVENTS: dict[str, type] = {"kong": Kong, "win": Win, "multi": Win, "wall_end": WallEnd}


@dataclass
class _Event:
    """One JSON event as the engine reads it, with the requests its hands came from (for their result objects)."""

    kind: str
    event: RoundEvent
    requests: list[Request] = field(default_factory=list)


def _request(system: str, options: Mapping[str, Any], text: str, ctx: Mapping[str, Any]) -> Request:
    return build_request(text, [system], dict(ctx), {system: dict(options)})


def _kong(system: str, options: Mapping[str, Any], event: Mapping[str, Any], seat: Callable[[int], Seat]) -> _Event:
    feeder = event.get("fed_by") if event["kind"] == "exposed" else None
    fed_by = None if feeder is None else seat(feeder)
    return _Event("kong", Kong(seat(event["player"]), KongKind(event["kind"]), fed_by))


def _win(system: str, options: Mapping[str, Any], event: Mapping[str, Any], seat: Callable[[int], Seat]) -> _Event:
    if event["win"] != "self_drawn" and (event.get("from") is None or event["from"] == event["player"]):
        raise RoundError(said("ledger.round.needs_discarder"))
    request = _request(system, options, event["hand"], _context(event, seat))
    return _Event("win", Win((request.hand,)), [request])


def _multi(system: str, options: Mapping[str, Any], event: Mapping[str, Any], seat: Callable[[int], Seat]) -> _Event:
    """一炮多响 / 通炮: several wins on one discard."""
    discarder, wins = event.get("from"), event.get("wins") or []
    if discarder is None or len(wins) < 2:
        raise RoundError(said("ledger.round.multi_needs"))
    requests = []
    for w in wins:
        if w["player"] == discarder:
            raise RoundError(said("ledger.round.own_discard"))
        ctx = _context({**w, "win": "discard", "from": discarder, **{f: event.get(f) for f in DISCARD_FLAGS}}, seat)
        try:
            requests.append(_request(system, options, w["hand"], ctx))
        except MahjongError as exc:
            raise RoundError.of(exc, "round.of_player", player=w["player"] + 1) from None
    return _Event("multi", Win(tuple(r.hand for r in requests)), requests)


def _wall_end(system: str, options: Mapping[str, Any], event: Mapping[str, Any], seat: Callable[[int], Seat]) -> _Event:
    held = []
    for ps in event.get("players") or []:
        where = seat(ps["player"])
        try:
            hand = parse_hand(ps["hand"]) if ps.get("hand") else None
        except MahjongError as exc:
            raise RoundError.of(exc, "round.of_player", player=ps["player"] + 1) from None
        held.append(Held(where, State(ps["state"]), hand))
    return _Event("wall_end", WallEnd(tuple(held)))


_READERS = {"kong": _kong, "win": _win, "multi": _multi, "wall_end": _wall_end}


def _events(system: str, options: Mapping[str, Any], events: Sequence[Mapping[str, Any]], dealer: int) -> list[_Event]:
    ruleset, players = get_ruleset(system), players_of(system)

    def seat(player: int) -> Seat:
        return seat_of(player, dealer, players)

    out = []
    for i, event in enumerate(events):
        kind = event.get("type")
        try:
            if kind not in _READERS:
                raise RoundError(said("ledger.round.unknown_event", kind=repr(kind)))
            if _ENGINE_EVENTS[kind] not in ruleset.round_events:
                raise RoundError(said("ledger.round.sichuan_only", kind=repr(kind)))
            out.append(_READERS[kind](system, options, event, seat))
        except (MahjongError, RoundError) as exc:
            raise RoundError.of(exc, "round.at_event", n=i + 1) from None
    return out


def _results(read: _Event, settled: engine_rounds.Settled) -> list[dict[str, Any]]:
    """The engine's result object of each hand that won (a single win's with its share code, as for a hand)."""
    if read.kind != "win":
        return [s.as_dict() for s in settled.scores]
    (request,), (hand,), (score_,) = read.requests, settled.hands, settled.scores
    result = result_object(dataclasses.replace(request, hand=hand), [score_])
    return [{"hand": result["hand"], **result["results"][0]}]


def has_rounds(system: str) -> bool:
    """Whether the system settles rounds of several events (its ruleset has a ``settle_round``)."""
    return get_ruleset(system).settle_round is not None


def settle_round(system: str, options: Mapping[str, Any], events: Sequence[Mapping[str, Any]], dealer: int,
                 refund_policy: str = "all") -> Settled:
    """Settle one round's events in order (module docstring) with the system's ``Ruleset.settle_round``."""
    system = ruleset_id(system)
    ruleset, players = get_ruleset(system), players_of(system)
    if ruleset.settle_round is None:
        raise RoundError(said("ledger.round.no_rounds", system=system))
    try:
        opts = ruleset.parse_options(dict(options))
    except MahjongError as exc:
        raise RoundError.of(exc) from None
    except (TypeError, ValueError) as exc:  # a value the option's parser cannot take (a number too long to read)
        raise RoundError(said("ledger.options.unreadable", error=type(exc).__name__)) from None
    read = _events(system, options, events, dealer)
    refunds = RefundTo.STILL_IN if refund_policy == "still_in" else RefundTo.ALL
    try:
        result = ruleset.settle_round(Round(tuple(r.event for r in read), refunds), opts)
    except engine_rounds.RoundError as exc:
        worded = exc.message_with(lambda s: str(player_at(s, dealer, players) + 1),
                                  lambda s: player_at(s, dealer, players))
        raise RoundError(worded.en, worded.render("zh", hu=spoken_hu()), key=_cause(exc)) from None
    except MahjongError as exc:
        raise RoundError.of(exc) from None
    out = Settled()
    for r, settled in zip(read, result.events, strict=True):
        winners = [player_at(s, dealer, players) for s in settled.winners]
        if not out.winners and len(winners) > 1:  # the round's first win was several on one discard
            discarder = settled.hands[0].context.discarder(players)
            out.first_multi_from = None if discarder is None else player_at(discarder, dealer, players)
        out.lines += [_line(p, dealer, players) for p in settled.payments]
        out.results += _results(r, settled)
        out.winners += winners
        out.notes += [note_of(n) for n in settled.notes]
    return out


def note_of(note: str) -> dict[str, Any] | str:
    """A round's note as a snapshot keeps it: its catalog message ``{"key", "params", "zh", "en"}`` (so the sheet
    says it in either language), or the text itself where it has none."""
    message = getattr(note, "message", None)
    return message.as_dict() if message is not None else str(note)


def best_wait(system: str, options: Mapping[str, Any], hand13: str) -> tuple[str, int] | None:
    """The best (tile, points) of a ready hand for 查大叫, or None (the page's "which best wait")."""
    system = ruleset_id(system)
    try:
        ruleset = get_ruleset(system)
        opts = ruleset.parse_options(dict(options))
        found = ruleset.best_wait(parse_hand(hand13), opts) if ruleset.best_wait is not None else None
    except MahjongError as exc:
        raise RoundError.of(exc) from None
    return (str(found[0]), found[1]) if found else None


def seats_of_code(text: str, dealer: int, players: int) -> dict[str, Any]:
    """Who won from whom as a hand string or share code says (its seat winds, with ``dealer`` at E), to fill
    in the hand form; empty when the text cannot be read."""
    try:
        ctx = build_request(text, None).hand.context
    except (MahjongError, ValueError):
        return {}
    out: dict[str, Any] = {"player": player_at(ctx.seat, dealer, players), "win": ctx.win.value}
    discarder = ctx.discarder(players)
    if discarder is not None:
        out["from"] = player_at(discarder, dealer, players)
    for flag in WIN_FLAGS:
        if getattr(ctx, flag, False):
            out[flag] = True
    return out

