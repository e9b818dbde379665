"""Quick entry: the money of a win from its value alone, without its tiles (docs/ledger.md, *Quick entry*).

A table that keeps score on paper writes who won, how, and what the hand was worth ("甲 自摸 3番"); the money then
follows from the system's payment rules. Each system declares, in its own package (``rulesets/<system>/quick.py``,
a :class:`Quick` under ``QUICK``, or several under ``QUICKS`` by ruleset id), what such an entry holds:

- ``value``: the hand's value in the system's unit (番, 台, 花, 倍, 分), a :class:`~rulesets.context.ContextField`
  of kind INT with its bounds;
- ``fields``: what the system's money needs that the value does not carry (四川 根, 长沙 birds, 陕西 cannons,
  温州 买底, the dealer's streak, 武汉 each player's doubles …). A field that is a declared table-context field
  (:mod:`rulesets.context`: ``streak``, ``birds``, ``cannons``, ``maidi`` …) travels in the hand's context exactly as
  it does for a scored hand; any other field is the system's own and is read by its ``make``;
- ``make``: the system's code that turns the value and its own fields into the :class:`~rulesets.scoring.Score`
  its settlement reads (the total, and the reading, items or details the settlement looks at) and the table hand
  (no standing tiles; the melds the money reads, such as the winner's kongs).

The money is then the system's own ``Ruleset.settle(score, table, options)``, the same function that settles a
scored hand: there is no second copy of any payment rule, and a quick entry of a value pays what a scored hand of
that value pays (tests/ledger/test_quick_property.py). The dealer is the table's (E), as for every hand.

>>> from rulesets.registry import get_ruleset
>>> gb = get_ruleset("guobiao")
>>> settle_quick(gb, QuickWin(Seat.S, WinMethod.DISCARD, Seat.W, 8), gb.parse_options({})).as_dict()
{'E': -8, 'S': 32, 'W': -16, 'N': -8}
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .context import FIELDS, ContextField, Kind, Whose, table_values
from .errors import ContextError
from .hand import Hand, Meld, Seat, WinContext, WinMethod
from .messages import msg
from .scoring import Item, Ruleset, Score, Settlement

__all__ = ["Quick", "QuickHand", "QuickWin", "quick_of", "read_values", "settle_quick", "value_field"]


def value_field(zh: str, en: str, minimum: int = 0, maximum: int = 999, help_zh: str = "", help_en: str = "",
                source: str = "") -> ContextField[int]:
    """The value field of a system's quick entry: a whole number in the system's unit."""
    return ContextField("value", Kind.INT, zh, en, default=minimum, minimum=minimum, maximum=maximum,
                        help_zh=help_zh, help_en=help_en, source=source, whose=Whose.WINNER)


def own(key: str, kind: Kind, zh: str, en: str, default: Any, help_zh: str = "", help_en: str = "",
        minimum: int = 0, maximum: int = 99, whose: Whose = Whose.WINNER, source: str = "") -> ContextField[Any]:
    """A quick field of the system's own (not table context): read by its ``make``."""
    return ContextField(key, kind, zh, en, default=default, help_zh=help_zh, help_en=help_en, minimum=minimum,
                        maximum=maximum, whose=whose, source=source)


@dataclass(frozen=True)
class QuickHand:
    """What a system's ``make`` reads: the value, its own fields (read), and the win's context (the declared
    context fields already in it)."""

    ruleset: Ruleset[Any]
    value: int
    values: Mapping[str, Any]
    context: WinContext

    def score(self, total: int, items: tuple[Item, ...] = (), **more: Any) -> Score:
        """A valid Score of the system worth ``total``."""
        return Score(self.ruleset.id, True, self.ruleset.unit, total=total, items=items, **more)

    def hand(self, melds: tuple[Meld, ...] = ()) -> Hand:
        """The table hand: no standing tiles, ``melds`` (what the money reads of the winner's melds)."""
        return Hand(standing=(), melds=melds, winning_tile=None, context=self.context)


@dataclass(frozen=True)
class Quick:
    """A system's quick entry (module docstring). ``leaves_out`` says in 中文 and English what a quick entry of this
    system does not carry (its money then needs the full hand: kong money, 包 from melds …)."""

    value: ContextField[int]
    make: Callable[[QuickHand, Any], tuple[Score, Hand]]
    fields: tuple[ContextField[Any], ...] = ()
    leaves_out: tuple[str, str] = ("", "")

    def context_fields(self) -> tuple[ContextField[Any], ...]:
        """The fields that travel in the hand's context (declared table context)."""
        return tuple(f for f in self.fields if FIELDS.get(f.key) == f)

    def as_dict(self) -> dict[str, Any]:
        """The declaration as JSON (the API, the page's form)."""
        return {"value": self.value.as_dict(), "fields": [f.as_dict() for f in self.fields],
                "leaves_out": {"zh": self.leaves_out[0], "en": self.leaves_out[1]}}


@dataclass(frozen=True)
class QuickWin:
    """One quick win in seat terms (E is the dealer): who, how, from whom, the value and the fields' values."""

    seat: Seat
    win: WinMethod
    from_seat: Seat | None
    value: Any
    values: Mapping[str, Any] = field(default_factory=dict)
    already_won: frozenset[Seat] = frozenset()
    dealer: Seat = Seat.E  # the ledger seats the dealer at E; a hand scored elsewhere may name another


@lru_cache(maxsize=1)
def _declared() -> dict[str, Quick]:
    import rulesets

    from .registry import all_rulesets

    all_rulesets()
    found: dict[str, Quick] = {}
    for info in pkgutil.iter_modules(rulesets.__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"rulesets.{info.name}.quick")
        except ModuleNotFoundError as exc:
            if exc.name != f"rulesets.{info.name}.quick":
                raise
            continue
        if hasattr(module, "QUICK"):
            found[importlib.import_module(f"rulesets.{info.name}").RULESET.id] = module.QUICK
        found.update(getattr(module, "QUICKS", {}))
    return found


def quick_of(ruleset: Ruleset[Any]) -> Quick | None:
    """The system's quick entry, or None where it declares none."""
    return _declared().get(ruleset.id)


def read_values(quick: Quick, values: Mapping[str, Any]) -> dict[str, Any]:
    """Each field's value read and checked (its default where not given); an unknown key or a bad value raises
    :class:`ContextError`."""
    known = {f.key: f for f in quick.fields}
    for key in values:
        if key not in known:
            raise ContextError(msg("context.unknown_field", key=key))
    return {f.key: f.read(values[f.key]) if values.get(f.key) not in (None, "") else f.default
            for f in quick.fields}


def settle_quick[O](ruleset: Ruleset[O], win: QuickWin, options: O) -> Settlement:
    """The settlement of a quick win by the system's own ``settle`` (raises :class:`ContextError` on bad input)."""
    quick = quick_of(ruleset)
    if quick is None:
        raise ContextError(msg("context.unknown_field", key="value"))
    value = quick.value.read(win.value)
    values = read_values(quick, win.values)
    context_keys = {f.key for f in quick.context_fields()}
    table = table_values({**{k: v for k, v in values.items() if k in context_keys},
                          **({"dealer": win.dealer} if win.dealer is not Seat.E else {})})
    ctx = WinContext(win=win.win, seat=win.seat, from_seat=win.from_seat, already_won=win.already_won,
                     table=table)
    ctx.check(ruleset.players, winners_stay=True)
    score, hand = quick.make(QuickHand(ruleset, value, {k: v for k, v in values.items() if k not in context_keys},
                                       ctx), options)
    return ruleset.settle(score, hand, options)
