"""The ledger's one door into the engine: a hand's result, and the settlement of a 血战/血流 round.

Everything the ledger asks of ``rulesets`` goes through this module, so that when the engine grows a
generic round-settlement capability (``Ruleset.settle_round``) only this module changes.

Players are table positions 0…n-1 in turn order. For each hand the dealer's position ``dealer`` sits
at E, the next player at S, and so on (the engine names seats by seat wind, E = dealer).

A round is a list of events in the order they happened (docs/ledger.md):

- ``{"type": "kong", "player", "kind": exposed|added|concealed, "fed_by"}`` — kong money as it happens;
- ``{"type": "win", "player", "hand", "win": self_drawn|discard|rob_kong, "from", flags…}`` — one win;
- ``{"type": "multi", "from", "after_kong", "wins": [{"player", "hand"}, …]}`` — 一炮多响 on one discard;
- ``{"type": "wall_end", "players": [{"player", "state": ready|not_ready|pig, "hand"}]}`` — 流局 checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import rulesets
from rulesets import sichuan
from rulesets.engine import build_request, result_object, score
from rulesets.errors import MahjongError
from rulesets.hand import KongKind, Seat
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.sichuan.payout import kong_lines

ENGINE_VERSION = rulesets.ENGINE_VERSION
SEATS = (Seat.E, Seat.S, Seat.W, Seat.N, Seat.X, Seat.Y)
WIN_FLAGS = ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")

# What a player holds at the wall's end when the table only says "not ready" or "花猪" (no tiles typed
# in): two suits that complete nothing, and the same with a third suit (tests/ledger pin each), by
# (two-suit table, tiles held).
STAND_INS = {
    (False, 13): {"not_ready": "1m2m4m5m7m8m1p2p4p5p7p8p9p", "pig": "1m2m4m5m7m8m1p2p4p5p7p1s9s"},
    (True, 13): {"not_ready": "1p2p4p5p7p8p1s2s4s5s7s8s9s"},
    (False, 7): {"not_ready": "1m2m4m5m7m8m1p", "pig": "1m2m4m5m1p2p1s"},
}
STAND_IN = STAND_INS[(False, 13)]


class RoundError(ValueError):
    """Bad input to a round or a hand, in words for the person who typed it."""


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
    notes: list[str] = field(default_factory=list)


def seat_of(player: int, dealer: int, players: int) -> Seat:
    return SEATS[(player - dealer) % players]


def player_at(seat: Seat | str, dealer: int, players: int) -> int:
    order = SEATS.index(Seat(seat) if isinstance(seat, str) else seat)
    return (dealer + order) % players


def is_sichuan(system: str) -> bool:
    return get_ruleset(system).id in sichuan.VARIANTS


def ruleset_id(system: str) -> str:
    """The canonical id of a system name or alias; raises RoundError for an unknown one."""
    try:
        return get_ruleset(system).id
    except MahjongError as exc:
        raise RoundError(str(exc)) from None


def players_of(system: str) -> int:
    return get_ruleset(system).players


def check_options(system: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The table's house rules as the engine reads them (a bad value raises RoundError)."""
    try:
        ruleset = get_ruleset(system)
        from rulesets.scoring import options_dict

        return dict(options_dict(ruleset.parse_options(dict(options))))
    except (MahjongError, TypeError, ValueError) as exc:
        raise RoundError(str(exc)) from None


def _evaluate(system: str, hand: str, context: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    try:
        request = build_request(hand, [system], dict(context), {system: dict(options)})
        result = result_object(request, score(request))
    except MahjongError as exc:
        raise RoundError(str(exc)) from None
    (one,) = result["results"]
    if not one["valid"]:
        raise RoundError(one.get("reason_en") or one.get("reason") or "not a winning hand")
    return {"hand": result["hand"], **one}


def _context(win: Mapping[str, Any], dealer: int, players: int, extra: Mapping[str, Any]) -> dict[str, Any]:
    ctx: dict[str, Any] = {"seat": seat_of(win["player"], dealer, players).value, "win": win["win"], **extra}
    if win["win"] != "self_drawn":
        ctx["from_seat"] = seat_of(win["from"], dealer, players).value
    for flag in WIN_FLAGS:
        if win.get(flag):
            ctx[flag] = True
    return ctx


def score_hand(system: str, options: Mapping[str, Any], entry: Mapping[str, Any], dealer: int,
               round_wind: str | None = None) -> Settled:
    """One scored hand (any system): the engine's payouts, mapped from seats to table positions."""
    players = players_of(system)
    extra = {"round_wind": round_wind} if round_wind else {}
    result = _evaluate(system, entry["hand"], _context(entry, dealer, players, extra), options)
    out = Settled(results=[result], winners=[entry["player"]])
    for p in result["payments"]:
        out.lines.append(Line(player_at(p["from"], dealer, players), player_at(p["to"], dealer, players),
                              p["amount"], p["why"], p.get("why_en", "")))
    return out


# ---- 血战/血流 rounds -------------------------------------------------------------------------------------


@dataclass
class _KongRecord:
    player: int
    kind: str
    lines: list[Line]
    moved: bool = False  # its money went on by 呼叫转移 (not refunded later)


@dataclass
class _Round:
    system: str
    options: Mapping[str, Any]
    opts: Any  # the engine's options value
    dealer: int
    players: int
    won: list[int] = field(default_factory=list)
    kongs: list[_KongRecord] = field(default_factory=list)
    out: Settled = field(default_factory=Settled)

    @property
    def variant(self) -> Any:
        return sichuan.VARIANTS[self.system]

    @property
    def xueliu(self) -> bool:
        return self.opts.mode.value == "xueliu"

    def seat(self, player: int) -> Seat:
        return seat_of(player, self.dealer, self.players)

    def player(self, seat: Seat) -> int:
        return player_at(seat, self.dealer, self.players)

    def already_won(self) -> frozenset[Seat]:
        return frozenset(self.seat(p) for p in self.won)

    def still_in(self, player: int, what: str) -> None:
        if not self.xueliu and player in self.won:
            raise RoundError(f"{what}: player {player + 1} has already won this round (血战: they left the hand)")

    def lines_from(self, payments: Sequence[Any]) -> list[Line]:
        return [Line(self.player(p.payer), self.player(p.payee), p.amount, p.why, p.why_en) for p in payments]


def _kong(state: _Round, event: Mapping[str, Any], previous: Mapping[str, Any] | None) -> None:
    player, kind = event["player"], event["kind"]
    state.still_in(player, "kong")
    feeder = event.get("fed_by")
    if kind == "exposed":
        if feeder is None or feeder == player:
            raise RoundError("an exposed kong (直杠) needs the player who fed it")
        state.still_in(feeder, "kong fed by")
    seat = state.seat(player)
    fed = state.seat(feeder) if kind == "exposed" and feeder is not None else None
    payments = kong_lines(state.variant, seat, KongKind(kind), fed, f"{seat.value}", state.already_won(), state.opts)
    lines = state.lines_from(payments)
    state.kongs.append(_KongRecord(player, kind, lines))
    state.out.lines += lines


def _robbed(state: _Round, win: Mapping[str, Any], previous: Mapping[str, Any] | None) -> None:
    """抢杠胡: the robbed 补杠 (the event just before, by the robbed player) pays nothing; its money goes back."""
    if win["win"] != "rob_kong" or not previous or previous.get("type") != "kong":
        return
    if previous.get("kind") == "added" and previous.get("player") == win.get("from") and state.kongs:
        record = state.kongs.pop()
        state.out.lines += [Line(x.payee, x.payer, x.amount, f"抢杠：补杠作废，退回 {x.why}",
                                 f"robbed kong cancelled: back {x.why_en}") for x in record.lines]


def _last_kong(state: _Round, player: int) -> _KongRecord | None:
    found = [k for k in state.kongs if k.player == player and not k.moved]
    return found[-1] if found else None


def _transfer(state: _Round, discarder: int, winners: Sequence[int]) -> None:
    """呼叫转移 on a 杠上炮: the discarder's last kong money goes to the winner (or back, or stays)."""
    policy = state.opts.hujiao.value
    record = _last_kong(state, discarder)
    if record is None or policy == "none":
        if record is None:
            state.out.notes.append("杠上炮: no kong of the discarder in this round, nothing to transfer")
        return
    if len(winners) > 1 and not state.opts.hujiao_multi:
        state.out.notes.append("一炮多响的杠上炮不呼叫转移 (no transfer when several win on the discard)")
        return
    record.moved = True
    total = sum(x.amount for x in record.lines)
    if policy == "refund":
        state.out.lines += [Line(x.payee, x.payer, x.amount, "杠上炮退杠钱", "kong money refunded after 杠上炮")
                            for x in record.lines]
        return
    for w in winners:
        state.out.lines.append(Line(discarder, w, total, "呼叫转移：杠上炮者的杠钱转给和牌者",
                                    "呼叫转移: the discarder's kong money goes to the winner"))


def _win_lines(state: _Round, result: Mapping[str, Any], winner: int) -> list[Line]:
    """The money for the hand itself (kong money is settled by the kong events)."""
    main = [p for p in result["payments"] if p["to"] == state.seat(winner).value]
    by_payer = {p["from"]: p for p in main}
    lines = []
    for seat in result.get("payers", []):
        p = by_payer.get(seat)
        lines.append(Line(state.player(Seat(seat)), winner, result["points"],
                          p["why"] if p else "和牌", p.get("why_en", "") if p else "win"))
    return lines


def _win(state: _Round, event: Mapping[str, Any], previous: Mapping[str, Any] | None) -> None:
    player = event["player"]
    state.still_in(player, "win")
    if event["win"] != "self_drawn":
        if event.get("from") is None or event["from"] == player:
            raise RoundError("a win on a discard or robbing a kong needs the player who paid into it")
        state.still_in(event["from"], "discarder")
    _robbed(state, event, previous)
    ctx = _context(event, state.dealer, state.players, {"already_won": sorted(s.value for s in state.already_won())})
    result = _evaluate(state.system, event["hand"], ctx, state.options)
    state.out.results.append(result)
    state.out.lines += _win_lines(state, result, player)
    if event.get("after_kong") and event["win"] == "discard":
        _transfer(state, event["from"], [player])
    state.won.append(player)
    state.out.winners.append(player)


def _multi(state: _Round, event: Mapping[str, Any], previous: Mapping[str, Any] | None) -> None:
    """一炮多响: the engine's settle_discard picks the winners (all, or the first with the option off)."""
    discarder, wins = event.get("from"), event.get("wins") or []
    if discarder is None or len(wins) < 2:
        raise RoundError("一炮多响 needs the discarder and at least two winners")
    state.still_in(discarder, "discarder")
    hands = []
    for w in wins:
        state.still_in(w["player"], "win")
        if w["player"] == discarder:
            raise RoundError("the discarder cannot win on their own discard")
        ctx = _context({**w, "win": "discard", "from": discarder, "after_kong": event.get("after_kong")},
                       state.dealer, state.players, {"already_won": sorted(s.value for s in state.already_won())})
        try:
            hands.append(build_request(w["hand"], [state.system], ctx, {state.system: dict(state.options)}).hand)
        except MahjongError as exc:
            raise RoundError(f"player {w['player'] + 1}: {exc}") from None
    try:
        scores, _settlement = sichuan.settle_discard(hands, state.opts, state.system)
    except MahjongError as exc:
        raise RoundError(str(exc)) from None
    paid = []
    for s in scores:  # one per winner (only the first after the discarder when 一炮多响 is off)
        result = s.as_dict()
        if not result["valid"]:
            raise RoundError(result.get("reason_en") or result.get("reason") or "not a winning hand")
        payouts = cast(dict[str, int], result["payouts"])
        winner = state.player(Seat(next(seat for seat, net in payouts.items() if net > 0)))
        state.out.results.append(result)
        state.out.lines += _win_lines(state, result, winner)
        paid.append(winner)
    if event.get("after_kong"):
        _transfer(state, discarder, paid)
    if not state.out.winners:
        state.out.first_multi_from = discarder if len(paid) > 1 else None
    state.won += paid
    state.out.winners += paid


def _stand_in(variant: Any, state: str, opts: Any) -> str | None:
    text = STAND_INS.get((variant.two_suits, variant.hand_size - 1), {}).get(state)
    suits = getattr(getattr(opts, "suits", None), "value", "ps")
    if text and variant.two_suits and suits != "ps":  # the same shapes in the table's two suits
        text = text.replace("p", "\0").replace("s", suits[1]).replace("\0", suits[0])
    return text


def _held(variant: Any, player_state: Mapping[str, Any], seat: Seat, opts: Any) -> Any:
    if player_state["state"] == "pig" and not variant.flower_pig:
        raise RoundError(f"seat {seat.value}: this table has no 花猪 (two suits)")
    text = player_state.get("hand") or _stand_in(variant, player_state["state"], opts)
    if not text:
        raise RoundError(f"seat {seat.value}: a ready player's 13 tiles are needed for 查大叫")
    try:
        hand = parse_hand(text)
    except MahjongError as exc:
        raise RoundError(f"seat {seat.value}: {exc}") from None
    if hand.winning_tile is not None:
        raise RoundError(f"seat {seat.value}: give the 13 tiles held at the wall's end, not a finished hand")
    return hand.with_context(hand.context.replace(seat=seat))


def _check_state(state: _Round, hand: Any, claimed: str, player: int) -> None:
    """The declared state must be what the tiles say (when tiles were typed in)."""
    pig = state.variant.flower_pig and sichuan.is_flower_pig(hand)
    ready = None if pig else sichuan.best_ready_value(hand, state.opts, state.system)
    actual = "pig" if pig else ("ready" if ready else "not_ready")
    if actual != claimed:
        words = {"pig": "花猪 (holds three suits)", "ready": "ready (听牌)", "not_ready": "not ready"}
        raise RoundError(f"player {player + 1}: the tiles entered are {words[actual]}, not {words[claimed]}")


def _refunds(state: _Round, losers: set[int], policy: str) -> None:
    """退税 from the kong money actually collected this round; ``policy`` says whether players who already
    won (and left) get theirs back (``all``) or only those still in (``still_in``)."""
    for record in state.kongs:
        if record.moved or record.player not in losers:
            continue
        for x in record.lines:
            if policy == "still_in" and x.payer in state.won and not state.xueliu:
                continue
            state.out.lines.append(Line(x.payee, x.payer, x.amount, f"退税：{x.why}", f"refund: {x.why_en}"))


def _wall_end(state: _Round, event: Mapping[str, Any], previous: Mapping[str, Any] | None,
              refund_policy: str = "still_in") -> None:
    hands, states = {}, {}
    for ps in event.get("players") or []:
        player = ps["player"]
        if not state.xueliu and player in state.won and not (state.opts.chadajiao_winners and ps.get("hand")):
            continue
        seat = state.seat(player)
        hand = _held(state.variant, ps, seat, state.opts)
        if ps.get("hand"):
            _check_state(state, hand, ps["state"], player)
        hands[seat], states[player] = hand, ps["state"]
    missing = [p for p in range(state.players) if (state.xueliu or p not in state.won) and p not in states]
    if missing:
        raise RoundError("wall end: give the state of every player still in: " + ", ".join(str(p + 1) for p in missing))
    if state.opts.tuishui:
        losers = {p for p, s in states.items() if s != "ready" and (state.xueliu or p not in state.won)}
        _refunds(state, losers, refund_policy)
    no_refund = dataclasses.replace(state.opts, tuishui=False)
    try:
        settlement = sichuan.wall_end(hands, no_refund, state.system, (), state.already_won())
    except MahjongError as exc:
        raise RoundError(str(exc)) from None
    state.out.lines += state.lines_from(settlement.payments)


_EVENTS = {"kong": _kong, "win": _win, "multi": _multi}


def has_rounds(system: str) -> bool:
    """Whether the system settles rounds of several events: 四川 (血战/血流), or a ruleset that declares
    the ``settle_round`` capability (several wins on one discard, e.g. 长沙 通炮)."""
    ruleset = get_ruleset(system)
    return ruleset.id in sichuan.VARIANTS or getattr(ruleset, "settle_round", None) is not None


def _generic_round(system: str, options: Mapping[str, Any], events: Sequence[Mapping[str, Any]],
                   dealer: int) -> Settled:
    """A round of a system with ``Ruleset.settle_round``: wins one by one, and several wins on one discard
    settled by the ruleset (长沙 通炮: the discarder pays each winner in full)."""
    ruleset = get_ruleset(system)
    assert ruleset.settle_round is not None  # has_rounds
    players = ruleset.players
    out = Settled()
    for i, event in enumerate(events):
        try:
            if event.get("type") == "win":
                one = score_hand(system, options, event, dealer)
                out.lines += one.lines
                out.results += one.results
                out.winners += one.winners
                continue
            if event.get("type") != "multi":
                raise RoundError(f"{event.get('type')!r} is settled only at 四川 tables; enter kong money in the "
                                 "hands (the system's own rules) and a 荒庄 as a drawn game")
            hands = [build_request(w["hand"], [system], _context({**w, "win": "discard", "from": event["from"]},
                                                                dealer, players, {}), {system: dict(options)}).hand
                     for w in event["wins"]]
            scores, settlement = ruleset.settle_round(hands, ruleset.parse_options(dict(options)))
        except MahjongError as exc:
            raise RoundError(f"event {i + 1}: {exc}") from None
        except RoundError as exc:
            raise RoundError(f"event {i + 1}: {exc}") from None
        bad = next((sc for sc in scores if not sc.valid), None)
        if bad is not None:
            raise RoundError(f"event {i + 1}: {bad.reason_en or bad.reason or 'not a winning hand'}")
        out.results += [sc.as_dict() for sc in scores]
        out.lines += [Line(player_at(p.payer, dealer, players), player_at(p.payee, dealer, players), p.amount,
                           p.why, p.why_en) for p in settlement.payments]
        winners = [player_at(h.context.seat, dealer, players) for h in hands]
        if not out.winners and len(winners) > 1:
            out.first_multi_from = event["from"]
        out.winners += winners
    return out


def settle_round(system: str, options: Mapping[str, Any], events: Sequence[Mapping[str, Any]], dealer: int,
                 refund_policy: str = "still_in") -> Settled:
    """Settle one round's events in order (module docstring): 四川 here, other systems through their
    ``settle_round`` capability."""
    system = ruleset_id(system)
    if system not in sichuan.VARIANTS:
        if not has_rounds(system):
            raise RoundError(f"{system} has no rounds of several events: enter its hands one by one")
        return _generic_round(system, options, events, dealer)
    try:
        opts = get_ruleset(system).parse_options(dict(options))
    except (MahjongError, TypeError, ValueError) as exc:
        raise RoundError(str(exc)) from None
    state = _Round(system, options, opts, dealer, players_of(system))
    previous = None
    for i, event in enumerate(events):
        kind = event.get("type")
        try:
            if kind == "wall_end":
                if i != len(events) - 1:
                    raise RoundError("the wall's end is the round's last event")
                _wall_end(state, event, previous, refund_policy)
            elif kind in _EVENTS:
                _EVENTS[kind](state, event, previous)
            else:
                raise RoundError(f"unknown event type {kind!r}")
        except RoundError as exc:
            raise RoundError(f"event {i + 1}: {exc}") from None
        previous = event
    return state.out


def best_wait(system: str, options: Mapping[str, Any], hand13: str) -> tuple[str, int] | None:
    """The best (tile, points) of a ready hand for 查大叫, or None (the page's "which best wait")."""
    system = ruleset_id(system)
    try:
        opts = get_ruleset(system).parse_options(dict(options))
        found = sichuan.best_ready_value(parse_hand(hand13), opts, system)
    except MahjongError as exc:
        raise RoundError(str(exc)) from None
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

