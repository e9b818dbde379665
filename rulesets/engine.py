"""The engine's front door: hand string or Hand + context + rules + options → result object (DESIGN §4.4).

The CLI (``manage.py score``), the HTTP API and the web pages all call :func:`evaluate`. :func:`settle` settles
a Score again — other payout options, another table — without scoring it again (rulesets/settle.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import context as declared
from .errors import ContextError, MahjongError, RulesError
from .hand import Hand, WinContext
from .lights import light
from .messages import msg, text
from .notation import canonical_hand, is_share_code, parse_hand
from .registry import compared, get_ruleset, resolve
from .scoring import Ruleset, Score, Settlement, options_dict
from .shapes import waits as shape_waits
from .sharecode import VERSION, default_options, parse_share_code, share_code
from .tiles import Tile
from .values import quick
from .wild import wild_waits

CONTEXT_FIELDS: tuple[str, ...] = tuple(f.key for f in declared.SHARED)
"""The shared context's keys (declared once: :data:`rulesets.context.SHARED`)."""


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
        shared = declared.SHARED_BY_KEY.get(key) if isinstance(key, str) else None
        if shared is not None:
            changes[key] = shared.read(value)
        elif isinstance(key, str) and key in declared.known():
            table[key] = declared.FIELDS[key].read(value)
        else:
            known = ", ".join((*CONTEXT_FIELDS, *sorted(declared.known())))
            raise ContextError(msg("context.unknown_field_known", key=str(key)[:40], known=known))
    if table != dict(ctx.table):
        changes["table"] = declared.table_values(table)
    return ctx.replace(**changes)


def context_to_mapping(ctx: WinContext) -> dict[str, Any]:
    """The non-default fields of a context, as JSON (the inverse of :func:`context_from_mapping`)."""
    out: dict[str, Any] = {}
    for f in declared.SHARED:
        value = f.of(ctx)
        if value != f.default:
            out[f.key] = f.json(value)
    for key, value in ctx.table:
        out[key] = declared.FIELDS[key].json(value)
    return out


@quick
@dataclass(frozen=True)
class Request:
    """One scoring request after parsing: the hand, the systems and each system's options value."""

    hand: Hand
    rulesets: tuple[Ruleset[Any], ...]
    options: Mapping[str, Any]  # ruleset id → options value
    explicit_rules: bool = True  # False when the caller asked for "every system" (the share code then names none)
    checked: bool = False  # the hand passed every hand string's checks as it stands (read from text, no context)


def build_request(
    hand: str | Hand,
    rules: str | list[str] | None = None,
    context: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Request:
    """Parse and check everything; raise a :class:`MahjongError` naming what is wrong.

    ``options`` is either ``{ruleset id: {key: value}}`` or, with one ruleset, ``{key: value}``.
    """
    # A hand string read as it stands, no context on top: the reader made every hand's checks on it.
    checked = isinstance(hand, str) and not context and not is_share_code(hand)
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
    ctx = context_from_mapping(context, parsed.context)
    parsed = canonical_hand(parsed if ctx is parsed.context else parsed.with_context(ctx))
    chosen = resolve(rules)
    if rules in (None, "all", "", []):
        chosen = tuple([r for r in compared() if r.can_read(parsed)]) or chosen
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(msg("rules.options_object"))
    values = options_of(chosen, _split_options(options or {}, chosen))
    return Request(parsed, chosen, values, explicit_rules=rules not in (None, "all", "", [], ["all"]), checked=checked)


def options_of(chosen: tuple[Ruleset[Any], ...], given: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Each of the ``chosen`` systems' options: those ``given`` for it (by its id) parsed, else its defaults (the
    object :func:`~rulesets.sharecode.default_options` keeps)."""
    return {r.id: r.parse_options(mine) if (mine := given.get(r.id)) else default_options(r) for r in chosen}


def _split_options(options: Mapping[str, Any], chosen: tuple[Ruleset[Any], ...]) -> dict[str, Mapping[str, Any]]:
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

    A hand a system scores as dealt (``Ruleset.dealt``: a dealt hand scored as it stands, e.g. 长沙's 起手小胡), or
    one its declared context calls complete as it stands (``flower_win``:
    :func:`rulesets.context.complete_as_it_stands`), has no winning tile and is still scored, not treated as
    waiting. Each counted fan says which tiles make it (:func:`rulesets.lights.light`)."""
    hand = request.hand

    def as_it_stands(r: Ruleset[Any]) -> bool:
        return r.dealt(hand) or declared.complete_as_it_stands(hand.context, r.context)

    return [waiting(r, hand, request.options[r.id]) if hand.winning_tile is None and not as_it_stands(r)
            else light(r.score(hand, request.options[r.id]), hand.context) for r in request.rulesets]


def completions[O](r: Ruleset[O], hand: Hand, options: O) -> list[tuple[Tile, Score | None]]:
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


def waiting[O](r: Ruleset[O], hand: Hand, options: O) -> Score:
    """The Score of a waiting hand: not a win yet; ``extra["waits"]`` lists each winning tile and its value."""
    hand.validate(hand_size=r.hand_size, players=r.players)
    found = completions(r, hand, options)
    waits = [{"tile": str(t), "valid": bool(s and s.valid), "total": s.total if s else None} for t, s in found]
    live = [str(t) for t, s in found if s is not None and s.valid]
    why = msg("reason.waiting", tiles=" ".join(live)) if live else msg("reason.not_ready")
    return Score(rules=r.id, valid=False, unit=r.unit, reason=text(why, why.zh), reason_en=why.en,
                 extra={"waits": waits})


def result_object(request: Request, scores: list[Score], *, shared: bool = False) -> dict[str, Any]:
    """The JSON result object of DESIGN §4.4. ``shared``: for a writer that changes nothing it is given (the API
    writes it as JSON at once): the readings' groups are then the entries kept on them (``Shape.as_dict``), not
    made again for each answer."""
    results = []
    moved = False  # some system's house rules are away from its defaults
    for r, s in zip(request.rulesets, scores, strict=True):
        value, default = request.options[r.id], default_options(r)
        if value is default:
            results.append(s.as_dict(dict(_default_json(default)), shared=shared))
        else:
            results.append(s.as_dict(options_dict(value), shared=shared))
            moved = moved or value != default
    codes = {r.id: request.options[r.id] for r in request.rulesets}
    # House rules away from the defaults are part of the answer: the code then names its systems too, so
    # the link shows the payouts it came with (a code holds options only under the systems it names).
    explicit = request.explicit_rules or moved
    rules = [r.id for r in request.rulesets] if explicit else None
    # request.hand is canonical (build_request); checked as share_code would check it when read from text
    return {"hand": share_code(request.hand, rules, codes if explicit else None, canonical=True,
                               checked=request.checked), "results": results}


def _default_json(default: object) -> dict[str, Any]:
    """The result object's ``options`` of a system's default house rules, worked out once per options type."""
    found = _DEFAULT_JSON.get(type(default))
    if found is None:
        found = _DEFAULT_JSON[type(default)] = options_dict(default)
    return found


_DEFAULT_JSON: dict[type, dict[str, Any]] = {}


def evaluate(
    hand: str | Hand,
    rules: str | list[str] | None = None,
    context: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    shared: bool = False,
) -> dict[str, Any]:
    """Parse, score and describe in one call. Raises :class:`MahjongError` on bad input. ``shared``: for a writer
    that changes nothing it is given (:func:`result_object`)."""
    request = build_request(hand, rules, context, options)
    return result_object(request, score(request), shared=shared)


def settle(
    score: Score,
    table: str | Hand,
    context: Mapping[str, Any] | None = None,
    options: object = None,
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
