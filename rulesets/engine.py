"""The engine's front door: hand string or Hand + context + rules + options → result object (DESIGN §4.4).

The CLI (``manage.py score``), the HTTP API and the web pages all call :func:`evaluate`. :func:`settle` settles
a Score again — other payout options, another table — without scoring it again (rulesets/settle.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import context as declared
from .errors import ContextError, MahjongError, RulesError
from .hand import Hand, KongEvent, KongKind, Seat, WinContext, WinMethod
from .lights import light
from .messages import msg
from .registry import resolve
from .scoring import Ruleset, Score, Settlement, options_dict
from .shapes import waits as shape_waits
from .tiles import FLOWERS, Tile
from .wild import wild_waits

CONTEXT_FIELDS = (
    "win",
    "seat",
    "round_wind",
    "from_seat",
    "kong_replacement",
    "after_kong",
    "last_tile",
    "last_copy",
    "heavenly",
    "earthly",
    "flowers",
    "wildcard",
    "already_won",
    "kongs",
)
_BOOL_FIELDS = ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")


def _seat(value: object, name: str) -> Seat:
    try:
        return Seat(str(value).strip().upper())
    except ValueError:
        raise ContextError(msg("context.not_a_seat", name=name, value=value)) from None


def _bool(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on", "0", "false", "no", "off", ""):
        return value.strip().lower() in ("1", "true", "yes", "on")
    raise ContextError(msg("context.not_bool", name=name, value=value))


def _flowers(value: object) -> tuple[Tile, ...]:
    if isinstance(value, bool):
        raise ContextError(msg("context.flowers_kind"))
    if isinstance(value, int):
        if not 0 <= value <= 8:
            raise ContextError(msg("context.flowers_count", n=value))
        return FLOWERS[:value]
    if isinstance(value, str):
        value = [ch for ch in value] if value.isalpha() else [value[i : i + 2] for i in range(0, len(value), 2)]
    if not isinstance(value, (list, tuple)):
        raise ContextError(msg("context.flowers_kind"))
    out = []
    for item in value:
        text = str(item).strip()
        if len(text) == 1 and text in "abcdefgh":
            out.append(FLOWERS["abcdefgh".index(text)])
            continue
        try:
            t = Tile.parse(text)
        except MahjongError:
            t = None
        if t is None or not t.is_flower:
            raise ContextError(msg("context.not_a_flower", value=item))
        out.append(t)
    return tuple(sorted(out))


def context_from_mapping(data: Mapping[str, Any] | None, base: WinContext | None = None) -> WinContext:
    """Apply a JSON context object (the API's ``context``) on top of ``base``. Unknown keys are refused.

    The shared keys are :data:`CONTEXT_FIELDS`; any other key is a field some system declares
    (:mod:`rulesets.context`), read by its declaration."""
    ctx = base or WinContext()
    if not data:
        return ctx
    if not isinstance(data, Mapping):
        raise ContextError(msg("context.not_object"))
    changes: dict[str, Any] = {}
    table = dict(ctx.table)
    for key, value in data.items():
        if key in _FIELD_READERS:
            changes[key] = _FIELD_READERS[key](value, key)
        elif isinstance(key, str) and key in declared.known():
            table[key] = declared.FIELDS[key].read(value)
        else:
            known = ", ".join((*CONTEXT_FIELDS, *sorted(declared.known())))
            raise ContextError(msg("context.unknown_field_known", key=str(key)[:40], known=known))
    if table != dict(ctx.table):
        changes["table"] = declared.table_values(table)
    return ctx.replace(**changes)


def _win(value: object, name: str) -> WinMethod:
    try:
        return WinMethod(str(value))
    except ValueError:
        raise ContextError(msg("context.not_win", name=name, value=value)) from None


def _optional_seat(value: object, name: str) -> Seat | None:
    return None if value in (None, "") else _seat(value, name)


def _wildcard(value: object, name: str) -> Tile | None:
    try:
        return None if value in (None, "") else Tile.parse(str(value))
    except MahjongError:
        raise ContextError(msg("context.not_tile", name=name, value=value)) from None


def _seat_set(value: object, name: str) -> frozenset[Seat]:
    if not isinstance(value, (list, tuple, str)):
        raise ContextError(msg("context.seat_list", name=name))
    return frozenset(_seat(s, name) for s in value if str(s).strip())


_FIELD_READERS: dict[str, Callable[[Any, str], Any]] = {
    "win": _win,
    "seat": _seat,
    "round_wind": _seat,
    "from_seat": _optional_seat,
    **{key: _bool for key in _BOOL_FIELDS},
    "flowers": lambda value, name: _flowers(value),
    "wildcard": _wildcard,
    "already_won": _seat_set,
    "kongs": lambda value, name: _kong_events(value),
}
"""How each context field is read from JSON (the keys are :data:`CONTEXT_FIELDS`)."""


def _kong_events(value: object) -> tuple[KongEvent, ...]:
    if not isinstance(value, (list, tuple)):
        raise ContextError(msg("context.kongs_list"))
    out = []
    for item in value:
        if not isinstance(item, Mapping):
            raise ContextError(msg("context.kongs_object"))
        try:
            kind = KongKind(str(item.get("kind", "")))
        except ValueError:
            raise ContextError(msg("context.kongs_kind")) from None
        fed = item.get("fed_by")
        event = KongEvent(_seat(item.get("seat"), "kongs.seat"), kind, _seat(fed, "kongs.fed_by") if fed else None)
        if event.kind is KongKind.EXPOSED and event.fed_by is None:
            raise ContextError(msg("context.kongs_fed"))
        if event.fed_by == event.seat:
            raise ContextError(msg("context.own_kong"))
        out.append(event)
    return tuple(out)


def context_to_mapping(ctx: WinContext) -> dict[str, Any]:
    """The non-default fields of a context, as JSON (the inverse of :func:`context_from_mapping`)."""
    default = WinContext()
    out: dict[str, Any] = {}
    for key in CONTEXT_FIELDS:
        value = getattr(ctx, key)
        if value == getattr(default, key):
            continue
        if key == "win":
            out[key] = value.value
        elif key in ("seat", "round_wind", "from_seat"):
            out[key] = value.value
        elif key == "flowers":
            out[key] = [str(t) for t in value]
        elif key == "wildcard":
            out[key] = str(value)
        elif key == "already_won":
            out[key] = sorted(s.value for s in value)
        elif key == "kongs":
            out[key] = [
                {"seat": k.seat.value, "kind": k.kind.value, **({"fed_by": k.fed_by.value} if k.fed_by else {})}
                for k in value
            ]
        else:
            out[key] = value
    for key, value in ctx.table:
        out[key] = declared.FIELDS[key].json(value)
    return out


@dataclass(frozen=True)
class Request:
    """One scoring request after parsing: the hand, the systems and each system's options value."""

    hand: Hand
    rulesets: tuple[Ruleset, ...]
    options: Mapping[str, Any]  # ruleset id → options value
    explicit_rules: bool = True  # False when the caller asked for "every system" (the share code then names none)


def build_request(
    hand: str | Hand,
    rules: str | list[str] | None = None,
    context: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Request:
    """Parse and check everything; raise a :class:`MahjongError` naming what is wrong.

    ``options`` is either ``{ruleset id: {key: value}}`` or, with one ruleset, ``{key: value}``.
    """
    from .notation import canonical_hand, parse_hand
    from .sharecode import VERSION, parse_share_code

    if isinstance(hand, str) and hand.strip().startswith(VERSION + "."):
        # a share code carries its systems and house rules: they apply unless the caller names others
        shared = parse_share_code(hand.strip())
        if rules in (None, "", []) and shared.rules:
            rules = list(shared.rules)
            options = options if options is not None else shared.options
        hand = shared.hand
    parsed = parse_hand(hand) if isinstance(hand, str) else hand
    # One hand, one answer: the canonical form (melds and tiles in the share code's order), so the typed
    # hand, its share code and every other door give the same result object, shapes included.
    parsed = canonical_hand(parsed.with_context(context_from_mapping(context, parsed.context)))
    chosen = resolve(rules)
    if rules in (None, "all", "", []):
        chosen = tuple(r for r in chosen if r.can_read(parsed)) or chosen
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(msg("rules.options_object"))
    per_rules = _split_options(options or {}, chosen)
    values = {r.id: r.parse_options(per_rules.get(r.id)) for r in chosen}
    return Request(parsed, chosen, values, explicit_rules=rules not in (None, "all", "", [], ["all"]))


def _split_options(options: Mapping[str, Any], chosen: tuple[Ruleset, ...]) -> dict[str, Mapping[str, Any]]:
    from .registry import get_ruleset

    if options and all(isinstance(v, Mapping) for v in options.values()):
        out = {}
        for name, values in options.items():
            r = get_ruleset(name)
            if r not in chosen:
                raise RulesError(msg("rules.options_not_chosen", name=name))
            out[r.id] = values
        return out
    if options:
        if len(chosen) != 1:
            raise RulesError(msg("rules.options_per_rules"))
        return {chosen[0].id: options}
    return {}


def score(request: Request) -> list[Score]:
    """Score the request's hand under each of its rulesets (a waiting hand: its waits, see :func:`waiting`).

    A hand flagged ``starting_hand`` (a dealt hand scored as it stands, e.g. 长沙's 起手小胡) has no winning
    tile and is still scored, not treated as waiting; so is a hand a system's declared context calls complete
    as it stands (``flower_win``: :func:`rulesets.context.complete_as_it_stands`). Each counted fan says which
    tiles make it (:func:`rulesets.lights.light`)."""
    hand = request.hand
    if hand.winning_tile is None and not hand.context.get("starting_hand"):
        return [light(r.score(hand, request.options[r.id]), hand.context)
                if declared.complete_as_it_stands(hand.context, r.context) else waiting(r, hand, request.options[r.id])
                for r in request.rulesets]
    return [light(r.score(hand, request.options[r.id]), hand.context) for r in request.rulesets]


def completions(r: Ruleset, hand: Hand, options: Any) -> list[tuple[Tile, Score | None]]:
    """Each tile that completes a waiting hand into a winning shape, with its Score under ``r``
    (None where the system refuses the completed hand, e.g. a fifth copy of a tile)."""
    if r.waits is not None:
        return list(r.waits(hand, options))
    out: list[tuple[Tile, Score | None]] = []
    rule = r.wild(hand, options) if r.wild is not None else None
    for t in shape_waits(hand) if rule is None else wild_waits(hand, rule):
        try:
            out.append((t, r.score(hand.with_winning_tile(t), options)))
        except MahjongError:
            out.append((t, None))
    return out


def waiting(r: Ruleset, hand: Hand, options: Any) -> Score:
    """The Score of a waiting hand: not a win yet; ``extra["waits"]`` lists each winning tile and its value."""
    hand.validate(hand_size=r.hand_size, players=r.players)
    found = completions(r, hand, options)
    waits = [{"tile": str(t), "valid": bool(s and s.valid), "total": s.total if s else None} for t, s in found]
    live = [str(t) for t, s in found if s is not None and s.valid]
    why = msg("reason.waiting", tiles=" ".join(live)) if live else msg("reason.not_ready")
    return Score(rules=r.id, valid=False, unit=r.unit, reason=why.zh, reason_en=why.en, extra={"waits": waits})


def result_object(request: Request, scores: list[Score]) -> dict[str, Any]:
    """The JSON result object of DESIGN §4.4."""
    from .notation import share_code

    results = []
    for r, s in zip(request.rulesets, scores, strict=True):
        d = s.as_dict()
        d["options"] = options_dict(request.options[r.id])
        results.append(d)
    codes = {r.id: request.options[r.id] for r in request.rulesets}
    # House rules away from the defaults are part of the answer: the code then names its systems too, so
    # the link shows the payouts it came with (a code holds options only under the systems it names).
    explicit = request.explicit_rules or any(request.options[r.id] != r.parse_options({}) for r in request.rulesets)
    rules = [r.id for r in request.rulesets] if explicit else None
    return {"hand": share_code(request.hand, rules, codes if explicit else None), "results": results}


def evaluate(
    hand: str | Hand,
    rules: str | list[str] | None = None,
    context: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Parse, score and describe in one call. Raises :class:`MahjongError` on bad input."""
    request = build_request(hand, rules, context, options)
    return result_object(request, score(request))


def settle(
    score: Score,
    table: str | Hand,
    context: Mapping[str, Any] | None = None,
    options: Any = None,
) -> Settlement:
    """The settlement of a scored hand at ``table`` under ``options``, without scoring it again: the system's
    ``Ruleset.settle`` (rulesets/settle.py), which is how its ``score`` settles too.

    ``score`` is a valid Score of one system (``score.rules``). ``table`` is the hand it scored — a
    :class:`Hand`, a hand string or a share code — with ``context`` (the API's context object) applied on top:
    another discarder, dealer, streak, birds, cannons … The table's context is checked as any context is (its
    seats at the table, a discarder only on a discard). ``options`` is the system's options value, house rules
    as the API takes them (``{key: value}``, a ``preset`` too), or None for the house rules the score was made
    with (``score.options``). What the hand is worth stays the score's: where the change alters the value
    itself, each system's settle says so, and the hand needs a new score.

    >>> request = build_request("123456789m11122z", "guobiao", {"seat": "S", "from_seat": "W"})
    >>> (s,) = score(request)
    >>> s.total, s.settlement.as_dict()
    (27, {'E': -8, 'S': 51, 'W': -35, 'N': -8})
    >>> settle(s, request.hand, {"from_seat": "N"}).as_dict()
    {'E': -8, 'S': 51, 'W': -8, 'N': -35}
    >>> settle(s, request.hand, options={"base_points": 2}).as_dict()
    {'E': -2, 'S': 33, 'W': -29, 'N': -2}
    """
    from .registry import get_ruleset

    r = get_ruleset(score.rules)
    if not score.valid:
        raise RulesError(msg("rules.settle_no_win", rules=r.id))
    hand = table if isinstance(table, Hand) and not context else build_request(table, [r.id], context).hand
    hand.context.check(r.players, winners_stay=True)
    if options is None:
        given = score.options
        options = given if isinstance(given, r.options_type) else r.parse_options(_mapping(given))
    elif not isinstance(options, r.options_type):
        if not isinstance(options, Mapping):
            raise RulesError(msg("rules.options_object"))
        options = r.parse_options(options)
    return r.settle(score, hand, options)


def _mapping(options: object) -> Mapping[str, object]:
    """The house rules a Score of a system not on the pipeline echoes (a JSON mapping)."""
    if not isinstance(options, Mapping):
        raise RulesError(msg("rules.options_object"))
    return options
