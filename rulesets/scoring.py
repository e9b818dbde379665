"""Shared result types and the one generic exclusion step.

A ruleset's fan table is a tuple of :class:`Fan` rows. Each row says what it excludes (不计); the
generic step :func:`apply_exclusions` removes implied fans and reports each removal with its cause.

>>> a = Fan("big", "大", "Big", 8, excludes=(Excludes("small"),))
>>> b = Fan("small", "小", "Small", 2)
>>> kept, dropped = apply_exclusions([Item(a, 1), Item(b, 2)])
>>> [(i.fan.id, i.count) for i in kept], [(e.fan.id, e.by, e.count) for e in dropped]
([('big', 1)], [('small', 'big', 2)])

A counted exclusion removes that many copies in all, even when they stand in several items:

>>> c = Fan("c", "丙", "C", 8, excludes=(Excludes("small", 2),))
>>> kept, dropped = apply_exclusions([Item(c), Item(b, 1, note="x"), Item(b, 2, note="y")])
>>> [(i.fan.id, i.count, i.note) for i in kept]
[('c', 1, ''), ('small', 1, 'y')]
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Self

from .context import ENGINE_FIELDS, SHARED_KEYS, ContextField, declare
from .errors import RulesError
from .hand import Hand, Seat, seats
from .messages import msg
from .shapes import Shape
from .sources import Source, Works
from .tiles import Tile
from .values import plain_fields, quick
from .wild import WildRule

if TYPE_CHECKING:  # rulesets.rounds and rulesets.pipeline build on these types
    from .pipeline import Pipeline
    from .rounds import Round, RoundResult


@dataclass(frozen=True)
class Excludes:
    """One exclusion: fan ``fan`` is not counted, ``count`` times at most (None: every copy)."""

    fan: str
    count: int | None = None


@plain_fields
@dataclass(frozen=True)
class Fan:
    """A row of a fan table."""

    id: str
    zh: str
    en: str
    value: int
    excludes: tuple[Excludes, ...] = ()
    definition_zh: str = ""
    definition_en: str = ""
    source: str | Source = ""  # a Source of the system's registry of works (a text where not yet converted)
    example: str = ""  # an example hand string that scores this fan
    category: str = ""

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "zh": self.zh, "en": self.en, "value": self.value}

    @cached_property
    def excluded_ids(self) -> frozenset[str]:
        """The ids of the fans this one excludes (:func:`apply_exclusions` asks it of every hand's items)."""
        return frozenset([e.fan for e in self.excludes])


@quick
@dataclass(frozen=True)
class Item:
    """A fan counted ``count`` times. ``note`` explains the item (e.g. which tile a 根 is on).

    ``about`` and ``tiles`` say which tiles of the winning hand make it (:mod:`rulesets.lights`): what the
    fan is about (``hand``, ``sets``, ``win`` or ``none``; empty until worked out) and the positions, in
    the tiles of the reading it was scored in (its groups in order, each group's tiles in order), that
    make it."""

    fan: Fan
    count: int = 1
    note: str = ""
    value_override: int | None = None  # for items whose value is not the table value (e.g. flowers)
    about: str = ""
    tiles: tuple[int, ...] = ()

    @property
    def value(self) -> int:
        return self.fan.value if self.value_override is None else self.value_override

    @property
    def total(self) -> int:
        return self.value * self.count

    def as_dict(self) -> dict[str, object]:
        fan = self.fan  # the keys of Fan.as_dict, inlined
        d: dict[str, object] = {"id": fan.id, "zh": fan.zh, "en": fan.en,
                                "value": fan.value if self.value_override is None else self.value_override,
                                "count": self.count}
        if self.note:
            d["note"] = self.note
        d["tiles"] = list(self.tiles)
        if self.about:
            d["about"] = self.about
        return d


@quick
@dataclass(frozen=True)
class Exclusion:
    """A fan that was present but not counted, and what excluded it (a fan id or a principle)."""

    fan: Fan
    by: str
    count: int = 1
    reason: str = ""

    def as_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
            "id": self.fan.id,
            "zh": self.fan.zh,
            "en": self.fan.en,
            "by": self.by,
            "count": self.count,
        }
        if self.reason:
            d["reason"] = self.reason
        return d


def apply_exclusions(items: Iterable[Item]) -> tuple[list[Item], list[Exclusion]]:
    """Remove implied fans. Fans are visited highest value first (table order breaks ties);
    a fan that is still counted removes what its row excludes. Returns (kept, excluded)."""
    items = list(items)
    if len(items) < 2:  # no other item to exclude
        return [i for i in items if i.count > 0], []
    ids = {i.fan.id for i in items}
    for item in items:
        if not ids.isdisjoint(item.fan.excluded_ids):
            break
    else:  # no item's fan excludes a fan held: nothing is removed
        return ([i for i in items if i.count > 0] if min([i.count for i in items]) <= 0 else items), []
    by_id: dict[str, list[int]] = {}
    for i, item in enumerate(items):
        by_id.setdefault(item.fan.id, []).append(i)
    values = [i.fan.value if i.value_override is None else i.value_override for i in items]
    counts = [i.count for i in items]
    dropped: list[Exclusion] = []
    for i in sorted(range(len(items)), key=values.__getitem__, reverse=True):  # stable: table order on ties
        if counts[i] <= 0:
            continue
        fan = items[i].fan
        for ex in fan.excludes:
            held = by_id.get(ex.fan)
            if held is None:
                continue
            left = ex.count  # a counted exclusion removes that many copies in all, across items of the fan
            for j in held:
                if j == i or counts[j] <= 0 or left == 0:
                    continue
                n = counts[j] if left is None else min(left, counts[j])
                counts[j] -= n
                left = None if left is None else left - n
                dropped.append(Exclusion(items[j].fan, fan.id, n))
    if not dropped and min(counts) > 0:
        return items, dropped
    # an item with fewer copies made by position (Item's fields in their order: a replace reads every field's
    # definition, a dozen times the cost of the Item)
    kept = [
        item if n == item.count else Item(item.fan, n, item.note, item.value_override, item.about, item.tiles)
        for item, n in zip(items, counts, strict=True)
        if n > 0
    ]
    return kept, dropped


class Op(enum.Enum):
    """How a factor acts on a payment: multiplies it, adds to it, or caps it."""

    TIMES = "×"
    PLUS = "+"
    CAP = "cap"


@dataclass(frozen=True)
class Factor:
    """One step of a payment's arithmetic, named so a player can check it: "庄 ×2", "鸟 ×2", "金顶 cap 300".

    ``seat`` is whose factor it is (the dealer's double, the discarder's 放冲), or None for the hand's own.
    ``value`` is exact (an int or a :class:`~fractions.Fraction`, e.g. 3/2 for ×1.5)."""

    id: str
    zh: str
    en: str
    op: Op
    value: int | Fraction
    seat: Seat | None = None

    def apply(self, amount: int | Fraction) -> int | Fraction:
        if self.op is Op.TIMES:
            return amount * self.value
        if self.op is Op.PLUS:
            return amount + self.value
        return min(amount, self.value)

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "zh": self.zh, "en": self.en, "op": self.op.value, "value": exact(self.value),
                "seat": self.seat.value if self.seat else None}


def exact(value: int | Fraction) -> int | float:
    """A JSON number for an exact amount: an int when whole, else the (terminating) decimal."""
    if value.__class__ is int:  # most amounts: told apart before asking the numbers ABCs about a Fraction
        return value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def apply_factors(base: int | Fraction, factors: Iterable[Factor]) -> int | Fraction:
    """``base`` through each factor in order (a whole Fraction comes back as an int)."""
    amount: int | Fraction = base
    for f in factors:
        amount = f.apply(amount)
    if isinstance(amount, Fraction) and amount.denominator == 1:
        return int(amount)
    return amount


@quick
@dataclass(frozen=True)
class Payment:
    """One line of a settlement: ``payer`` pays ``payee`` ``amount``, because ``why``.

    ``factors`` (when the system gives them) are the arithmetic of ``amount``: ``base`` through each
    factor in order gives it, so the page can itemise every double, bird, cannon and cap."""

    payer: Seat
    payee: Seat
    amount: int | Fraction
    why: str
    why_en: str = ""
    factors: tuple[Factor, ...] = ()
    base: int | Fraction | None = None

    def as_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
            "from": self.payer._value_,  # the member's value, without the enum's property (a Python call)
            "to": self.payee._value_,
            "amount": exact(self.amount),
            "why": self.why,
        }
        if self.why_en:
            d["why_en"] = self.why_en
        if self.factors:
            d["base"] = exact(self.base) if self.base is not None else None
            d["factors"] = [f.as_dict() for f in self.factors]
        return d


def paid(payer: Seat, payee: Seat, base: int | Fraction, factors: Iterable[Factor], why: str, why_en: str) -> Payment:
    """A payment computed from its base and factors (so the amount and its explanation cannot disagree)."""
    factors = tuple(factors)
    return Payment(payer, payee, apply_factors(base, factors), why, why_en, factors, base)


@quick
@dataclass(frozen=True)
class Settlement:
    """Who pays whom. ``net`` sums to zero."""

    payments: tuple[Payment, ...]
    seats: tuple[Seat, ...]

    @property
    def net(self) -> dict[Seat, int | Fraction]:
        net: dict[Seat, int | Fraction] = {s: 0 for s in self.seats}
        for p in self.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return net

    def as_dict(self) -> dict[str, int | float]:
        return {s._value_: exact(v) for s, v in self.net.items()}  # a member's value without the enum's property


@quick
@dataclass(frozen=True)
class ShapeScore:
    """The value of one decomposition."""

    shape: Shape
    total: int
    items: tuple[Item, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    # The items lit (rulesets.lights), for a system that lights them from what only its scoring knows but
    # leaves that work until a reader asks (rulesets.lights.light): a waiting hand's completions and a
    # settlement never do. Not part of the value.
    lighter: Callable[[], Sequence[Item]] | None = field(default=None, compare=False, repr=False)

    def as_dict(self, *, shared: bool = False) -> dict[str, object]:
        """The reading's entry in the result object (``shared``: see :meth:`Shape.as_dict`)."""
        d = self.shape.as_dict(shared=shared)  # a fresh dict: the reading's keys, then these
        d["total"] = self.total
        d["fans"] = [i.as_dict() for i in self.items]
        d["excluded"] = [e.as_dict() for e in self.excluded]
        return d


class Details:
    """What a system adds to its Score, typed: a frozen dataclass of its own (温州: the level, the 财神 held), read
    by its settlement as fields through :meth:`of`, shown in the result object by :meth:`as_dict`."""

    def as_dict(self) -> dict[str, object]:
        """The result object's fields (each dataclass field, as JSON)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    @classmethod
    def of(cls, score: Score) -> Self:
        """The details of ``score``, which a Score of this system always has (a wrong system's is an error)."""
        found = score.details
        if not isinstance(found, cls):
            raise TypeError(f"a {score.rules} score has no {cls.__name__}")
        return found


@quick
@dataclass(frozen=True)
class Score:
    """The result of scoring one hand under one ruleset (DESIGN §4.4).

    ``options`` is the system's options value that was applied (a JSON mapping from a system not on the
    pipeline); ``details`` what the system adds, typed, and ``extra`` the result object's view of it (with
    the notes and the provisional warning)."""

    rules: str
    valid: bool
    unit: str
    total: int = 0
    items: tuple[Item, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    reason: str | None = None
    reason_en: str | None = None
    shape: ShapeScore | None = None
    shapes: tuple[ShapeScore, ...] = ()
    settlement: Settlement | None = None
    options: object = field(default_factory=dict)
    extra: Mapping[str, object] = field(default_factory=dict)  # the result object's system fields (e.g. multiplier)
    details: Details | None = None

    def as_dict(self, options: dict[str, object] | None = None, *, shared: bool = False) -> dict[str, object]:
        """The result object of DESIGN §4.4, with ``options`` as its house rules (the applied ones, :func:`applied`,
        if not given). The best reading (``shape``) is shown once: the same dict is its entry in ``shapes``, and
        where the score's items and exclusions are that reading's, the same lists are the score's ``fans`` and
        ``excluded``. ``shared``: the readings' groups are the entries kept on them (:meth:`Shape.as_dict`), for a
        writer that changes nothing it is given."""
        shape = self.shape
        best = shape.as_dict(shared=shared) if shape is not None else None
        fans = best["fans"] if shape is not None and best is not None and self.items is shape.items else [
            i.as_dict() for i in self.items]
        excluded = best["excluded"] if shape is not None and best is not None and self.excluded is shape.excluded \
            else [e.as_dict() for e in self.excluded]
        d: dict[str, object] = {
            "rules": self.rules,
            "valid": self.valid,
            "reason": self.reason,
            "reason_en": self.reason_en,
            "unit": self.unit,
            "total": self.total,
            "fans": fans,
            "excluded": excluded,
            "shape": best,
            "shapes": [best if s is self.shape else s.as_dict(shared=shared) for s in self.shapes],
            "payouts": self.settlement.as_dict() if self.settlement else {},
            "payments": [p.as_dict() for p in self.settlement.payments] if self.settlement else [],
            "options": applied(self.options) if options is None else options,
        }
        if self.extra:  # most systems add nothing to most answers
            d.update(_jsonable(dict(self.extra)))
        if options is not None:  # the caller's house rules stand over a system's field of the same name
            d["options"] = options
        return d


def applied(options: object) -> dict[str, object]:
    """The house rules applied, as JSON: an options value's fields (each value worked out once), or a mapping."""
    if isinstance(options, Mapping):
        return _jsonable(dict(options))  # type: ignore[no-any-return]
    return dict(_applied(options)) if isinstance(options, Hashable) else options_dict(options)


@lru_cache(maxsize=512)
def _applied(options: Hashable) -> tuple[tuple[str, object], ...]:
    return tuple(options_dict(options).items())


def _jsonable(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _jsonable(dataclasses.asdict(value))
    if hasattr(value, "index") and type(value).__name__ == "Tile":
        return str(value)
    return value


# --- options ---------------------------------------------------------------------------------------


class Choice(enum.Enum):
    """A house-rule value with 中文 and English names: ``NAME = ("value", "中文", "English")``.

    >>> class Colour(Choice):
    ...     RED = ("red", "红", "Red")
    >>> Colour("red").zh, Colour.RED.en, Colour.RED.value
    ('红', 'Red', 'red')
    """

    zh: str
    en: str
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    def __new__(cls, value: str, zh: str = "", en: str = "") -> Choice:
        member = object.__new__(cls)
        member._value_ = value
        member.zh = zh or value
        member.en = en or value
        return member


@dataclass(frozen=True)
class OptionInfo:
    """What the web layer and the CLI need to show one house rule."""

    key: str
    default: object
    choices: tuple[object, ...] | None  # None for free integers
    zh: str
    en: str
    source: str | Source
    kind: str  # "bool", "int", "choice"


def option_infos(options_type: type[Any]) -> tuple[OptionInfo, ...]:
    """Describe an options dataclass. Each field's metadata holds zh, en, source (and choices)."""
    known = _INFOS.get(options_type)
    if known is None:
        known = _INFOS[options_type] = _option_infos(options_type)
    return known


_INFOS: dict[type[Any], tuple[OptionInfo, ...]] = {}


def _option_infos(options_type: type[Any]) -> tuple[OptionInfo, ...]:
    out = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[operator]
        choices: tuple[object, ...] | None
        if isinstance(default, bool):
            kind, choices = "bool", (False, True)
        elif isinstance(default, enum.Enum):
            kind, choices = "choice", tuple(type(default))
        elif "choices" in meta:
            kind, choices = "choice", tuple(meta["choices"])
        else:
            kind, choices = "int", None
        out.append(
            OptionInfo(
                f.name, default, choices, meta.get("zh", f.name), meta.get("en", f.name), meta.get("source", ""), kind
            )
        )
    return tuple(out)


def house_rule(default: Any, zh: str, en: str, source: str | Source, **more: object) -> Any:
    """A field of an options dataclass: its default, its name in 中文 and English, and its source::

        base: int = house_rule(1, "底分", "Points per 台", WORKS.cite("sheet", "积分计算"))
    """
    return field(default=default, metadata={"zh": zh, "en": en, "source": source, **more})


def parse_options[O](
    options_type: type[O], values: Mapping[str, object] | None,
    presets: Mapping[str, Mapping[str, object]] | None = None,
) -> O:
    """Build an options value from text or JSON values, refusing unknown keys and bad values.

    A ``preset`` key picks one of ``presets`` first; other keys then override it.
    """
    values = dict(values or {})
    base: dict[str, object] = {}
    if "preset" in values:
        name = str(values.pop("preset"))
        if not presets or name not in presets:
            known = ", ".join(presets or ()) or "none"
            raise RulesError(msg("rules.unknown_preset", name=name, known=known))
        base.update(presets[name])
    infos = {i.key: i for i in option_infos(options_type)}
    for key, raw in values.items():
        if key not in infos:
            raise RulesError(msg("rules.unknown_option", key=key, known=", ".join(infos)))
        base[key] = _coerce(infos[key], raw)
    return options_type(**base)


def _coerce(info: OptionInfo, raw: object) -> object:
    if info.kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise RulesError(msg("rules.option_bool", key=info.key, value=raw))
    if info.kind == "int":
        if isinstance(raw, bool):
            raise RulesError(msg("rules.option_int", key=info.key, value=raw))
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise RulesError(msg("rules.option_int", key=info.key, value=raw)) from None
        if not -(10**9) <= value <= 10**9:
            raise RulesError(msg("rules.option_range", key=info.key, value=value))
        return value
    assert info.choices is not None
    for choice in info.choices:
        plain = choice.value if isinstance(choice, enum.Enum) else choice
        if raw == choice or str(raw) == str(plain):
            return choice
    shown = ", ".join(str(c.value if isinstance(c, enum.Enum) else c) for c in info.choices)
    raise RulesError(msg("rules.option_choice", key=info.key, value=raw, choices=shown))


def options_dict(options: object) -> dict[str, object]:
    return {f.name: _jsonable(getattr(options, f.name)) for f in dataclasses.fields(options)}  # type: ignore[arg-type]


# --- the ruleset value -----------------------------------------------------------------------------


ALL_CONTEXT_FIELDS: frozenset[str] = SHARED_KEYS
"""The keys of the shared context (:data:`rulesets.context.SHARED`): what a :class:`Ruleset` reads unless it says
otherwise."""


def _never(hand: Hand) -> bool:
    """The ``can_read`` of a system not compared: no hand is read by it in "all systems"."""
    return False


@plain_fields
@dataclass(frozen=True)
class Ruleset[O]:
    """A regional system: a value, not a class, generic over its options dataclass ``O``. ``score`` returns a
    :class:`Score` with its settlement.

    A system on the one pipeline gives ``pipeline`` (:class:`rulesets.pipeline.Pipeline`: its fan rows with
    their predicates, readings, value, settlement …): its ``fans``, ``score``, ``settle``, ``wild`` and
    ``waits`` are the pipeline's, and the sources of its rows, house rules and context fields are checked
    against ``works``, its registry of works (:mod:`rulesets.sources`)."""

    id: str
    zh: str
    en: str
    unit: str
    players: int
    options_type: type[O]
    fans: tuple[Fan, ...] = ()
    score: Callable[[Hand, O], Score] = None  # type: ignore[assignment]  # filled from ``pipeline``
    pipeline: Pipeline[O, Any] | None = None
    works: Works | None = None
    provisional_note: tuple[str, str] | None = None  # (中文, English): why its sources are below a rule book
    aliases: tuple[str, ...] = ()
    hand_size: int = 14
    presets: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    preset_info: Mapping[str, tuple[str, str, str | Source]] = field(default_factory=dict)  # (中文, English, source)
    can_read: Callable[[Hand], bool] = lambda hand: True  # whether "all systems" should include it
    # whether "all systems" asks it at all (its ``can_read``): a system asked for by name only declares False, and
    # its ``can_read`` is then False for every hand; the systems compared are listed once (registry.compared)
    compared: bool = True
    provisional: bool = False
    description_zh: str = ""
    description_en: str = ""
    waits: Callable[[Hand, O], Sequence[tuple[Tile, Score | None]]] | None = None  # (tile, Score) of each winning tile
    context_fields: frozenset[str] = ALL_CONTEXT_FIELDS  # the WinContext fields its score reads (the rest it ignores)
    context: tuple[ContextField[Any], ...] = ()  # the table context it declares and reads (rulesets.context)
    wild: Callable[[Hand, O], WildRule | None] | None = None  # the wild tiles of a hand, for systems with them
    # round settlement (several winners, kongs as they happen, 流局; rulesets.rounds), if the system has one,
    # and the kinds of event it reads (rulesets.rounds.Kong, Win, WallEnd)
    settle_round: Callable[[Round, O], RoundResult] | None = None
    round_events: frozenset[type] = frozenset()
    # the shared checks of Hand.validate it makes its own way (rulesets.hand.SYSTEM_CHECKS; 武汉: 杠上开花
    # after a 红中杠 or 癞子杠), for callers that check a hand for it
    skip_checks: frozenset[str] = frozenset()
    # whether a hand without a winning tile is scored as dealt (长沙's 起手小胡: its starting-hand wins) rather than
    # as waiting (its waits)
    dealt: Callable[[Hand], bool] = lambda hand: False
    # the best winning tile of a ready hand and what each payer owes for it at the wall's end (查大叫), for a system
    # whose round settles ready hands (四川); the ledger asks it
    best_wait: Callable[[Hand, O], tuple[Tile, int] | None] | None = None
    # fan id → why no hand at this table scores that row of its fan table (中文, English): the row has no
    # example, and its fan page says why (四川's six-player table: no seven pairs, no four kongs)
    cannot_occur: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    players_seats: tuple[Seat, ...] = ()  # filled from ``players``
    # the settlement of one scored hand (DESIGN §2; rulesets/settle.py): ``settle(score, table, options)`` from
    # what the Score records, at ``table`` (the hand with its context: seats, discarder, dealer, declared
    # fields), without a new shape search; the system's ``score`` settles by calling it. None: score ``table``
    # again (rulesets.settle.by_scoring; every registered system gives its own)
    settle: Callable[[Score, Hand, O], Settlement] = None  # type: ignore[assignment]
    # the words it writes its own way in 繁體中文 (简体 → 繁體), over the site's word list: 香港 writes 糊 and
    # 索 where the mainland and 台灣 texts write 胡 and 條 ({"胡": "糊", "一条": "一索"}; docs/extending.md)
    hant_terms: Mapping[str, str] = field(default_factory=dict)
    # whether the deal passes to the next player after every hand, won or not (no 连庄: 国标's competition rules),
    # so that a table's round wind follows the count of hands; otherwise the dealer keeps the deal on a win or a
    # draw (the ledger's rotation)
    passes_deal: bool = False
    # whether a four-player session of it is ranked by 标准分 (国标's competition rules: 4, 2, 1, 0 by place)
    ranks_by_standard_score: bool = False

    def __post_init__(self) -> None:
        if self.pipeline is not None:
            self._run_by(self.pipeline)
        if self.score is None:
            raise ValueError(f"{self.id}: a ruleset needs a pipeline (or, not yet on it, a score function)")
        declare(*self.context)
        wrong = [f.id for f in self.fans if f.id in self.cannot_occur and f.example]
        unknown = set(self.cannot_occur) - {f.id for f in self.fans}
        if wrong or unknown:
            raise ValueError(f"{self.id}: cannot_occur names rows with an example {wrong} or no row {sorted(unknown)}")
        object.__setattr__(self, "players_seats", seats(self.players))
        if not self.compared:
            object.__setattr__(self, "can_read", _never)
        if self.settle is None:
            from functools import partial

            from .settle import by_scoring

            object.__setattr__(self, "settle", partial(by_scoring, self))
        if self.works is not None:
            self._check_sources(self.works)

    def _run_by(self, p: Pipeline[O, Any]) -> None:
        """Take the fan table, score, settle, wild tiles and waits from the pipeline."""
        from functools import partial

        from .pipeline import score

        # a copy of a ruleset on the pipeline (dataclasses.replace) holds what the pipeline gave it: not given twice
        copied = isinstance(self.score, partial) and self.score.func is score
        given = {"score": None if copied else self.score, "settle": self.settle, "wild": self.wild,
                 "waits": self.waits}
        ours = {"settle": p.settle, "wild": p.wild, "waits": p.waits}
        twice = [name for name, value in given.items() if value is not None and not (copied and value is ours[name])]
        fans = bool(self.fans) and not (copied and self.fans == p.fans)
        if twice or fans:
            raise ValueError(f"{self.id}: the pipeline gives {', '.join(twice + ['fans'] * fans)}")
        object.__setattr__(self, "fans", p.fans)
        object.__setattr__(self, "score", partial(score, self))
        object.__setattr__(self, "settle", p.settle)
        object.__setattr__(self, "wild", p.wild)
        object.__setattr__(self, "waits", p.waits)

    def _check_sources(self, works: Works) -> None:
        """Every source of its rows, house rules and context fields is a work of its registry."""
        sources = [(f"fan {f.id}", f.source) for f in self.fans]
        sources += [(f"option {o.key}", o.source) for o in self.option_infos()]
        sources += [(f"context {c.key}", c.source) for c in self.context if c not in ENGINE_FIELDS]
        sources += [(f"preset {k}", v[2]) for k, v in self.preset_info.items() if len(v) > 2]
        wrong = [name for name, s in sources if not isinstance(s, Source) or s.work not in works]
        if wrong:
            raise ValueError(f"{self.id}: not a work of its registry: {', '.join(wrong)}")

    def reads(self, key: str) -> bool:
        """Whether this system reads the context field ``key`` (shared or declared)."""
        return key in self.context_fields or any(f.key == key for f in self.context)

    def parse_options(self, values: Mapping[str, object] | None = None) -> O:
        return parse_options(self.options_type, values, self.presets)

    def option_infos(self) -> tuple[OptionInfo, ...]:
        return option_infos(self.options_type)

    def fan(self, fan_id: str) -> Fan:
        for f in self.fans:
            if f.id == fan_id:
                return f
        raise KeyError(fan_id)
