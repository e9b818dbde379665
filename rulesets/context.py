"""Table context a system declares: the facts of a table that the tiles do not say.

The shared context (how the hand was won, winds, flags, flowers, …) is :class:`~rulesets.hand.WinContext`.
Everything else a system reads — the indicator tile, the dealer and the dealer's streak, birds,
cannons per seat, per-seat tallies — is declared once as a :class:`ContextField` (type, default,
中文/English label and help, source, whose it is) and listed in the system's ``Ruleset.context``.
The JSON context of the API, the share code, ``/api/v1/rules``, the OpenAPI document and the
calculator's controls are all generated from these declarations: adding a field to a system is one
declaration plus the code that reads it (docs/extending.md).

Values travel in ``WinContext.table``, a sorted tuple of ``(key, value)`` pairs holding only the
values that differ from their defaults, so a context stays hashable and has one spelling. Two
systems that read the same fact use the same field (one key, one meaning): :func:`field` returns the
declared field of a key, and declaring a second, different field with a key already taken fails.

>>> INDICATOR.read("4p"), INDICATOR.text(INDICATOR.read("4p"))
(Tile.parse('4p'), '4p')
>>> CANNONS.text(CANNONS.read({"E": 2, "N": 4})), CANNONS.json(CANNONS.read({"N": 4, "E": 2, "S": 0}))
('E2N4', {'E': 2, 'N': 4})
>>> CANNONS.parse_text("E2N4") == CANNONS.read({"E": 2, "N": 4})
True
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ContextError, MahjongError
from .hand import Hand, Meld, Seat, WinContext
from .messages import Message, msg
from .tiles import Tile

__all__ = [
    "BAOTING", "BIRDS", "CANNONS", "DEALER", "FIELDS", "INDICATOR", "REPLACEMENT_KONG", "STREAK", "ContextField",
    "Kind", "Stage", "Whose", "declare", "field", "replacement_kong", "table_get", "table_values",
]


class Kind(enum.Enum):
    """The type of a declared value, and so how it is read and written."""

    BOOL = "bool"  # true/false
    INT = "int"  # a whole number in [minimum, maximum]
    TILE = "tile"  # one tile, e.g. 4p
    TILES = "tiles"  # tiles in order (birds), e.g. 3s9m
    SEAT = "seat"  # one seat, E S W N (X Y)
    SEATS = "seats"  # a set of seats
    PER_SEAT = "per_seat"  # a whole number per seat (cannons, tallies), zeros omitted
    CHOICE = "choice"  # one word of ``choices``


class Whose(enum.Enum):
    """Whose value it is: the table's (the indicator), the winner's, or one per seat (cannons)."""

    TABLE = "table"
    WINNER = "winner"
    EACH = "each"


class Stage(enum.Enum):
    """When a player meets the value in a hand, so that a page asks for it in that order: before the tiles are
    dealt (the dealer, cannons), at the deal (the turned-up tile), during play (the default: kongs, declarations),
    or after the win (birds)."""

    SETUP = "setup"
    DEAL = "deal"
    PLAY = "play"
    END = "end"


_KEY_RE = re.compile(r"[a-z][a-z0-9_]*")
_SEATS_TEXT = "ESWNXY"
_PER_SEAT_RE = re.compile(r"(?:[ESWNXY][0-9]{1,4})+")
_WORD_RE = re.compile(r"[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*")


@dataclass(frozen=True)
class ContextField:
    """One declared piece of table context."""

    key: str
    kind: Kind
    zh: str
    en: str
    default: Any = None
    help_zh: str = ""
    help_en: str = ""
    source: str = ""
    whose: Whose = Whose.TABLE
    minimum: int = 0
    maximum: int = 99
    choices: tuple[str, ...] = ()
    max_items: int = 16  # tiles/seats in one value
    stage: Stage = Stage.PLAY  # when a player meets it in a hand (the order a page asks in)
    choice_names: tuple[tuple[str, str, str], ...] = ()  # (choice, 中文, English): a CHOICE's words for readers

    def __post_init__(self) -> None:
        if not _KEY_RE.fullmatch(self.key):
            raise ValueError(f"context key {self.key!r}: lowercase letters, digits and _")
        if self.kind is Kind.CHOICE and self.default not in self.choices:
            raise ValueError(f"context field {self.key}: default {self.default!r} is not a choice")
        if any(name[0] not in self.choices for name in self.choice_names):
            raise ValueError(f"context field {self.key}: choice_names names a value that is not a choice")

    def choice_name(self, choice: str) -> tuple[str, str]:
        """A choice in words (中文, English): its declared names, or the choice itself."""
        return next(((zh, en) for value, zh, en in self.choice_names if value == choice), (choice, choice))

    # -- reading JSON values ---------------------------------------------------------------------
    def read(self, value: Any) -> Any:
        """The value from JSON (or a form): checked and normalised; raises :class:`ContextError`."""
        reader = getattr(self, f"_read_{self.kind.value}")
        return reader(value)

    def _bad(self, value: Any, what: Message) -> ContextError:
        shown = repr(value)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        return ContextError(msg("context.bad_value", key=self.key, shown=shown, what=what))

    def _read_bool(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        text = str(value).strip().lower() if isinstance(value, str) else None
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off", ""):
            return False
        raise self._bad(value, msg("what.bool"))

    def _int(self, value: Any, what: Message) -> int:
        if isinstance(value, bool):
            raise self._bad(value, what)
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.strip().isascii() and re.fullmatch(r"-?[0-9]{1,6}", value.strip()):
            number = int(value.strip())
        else:
            raise self._bad(value, what)
        if not self.minimum <= number <= self.maximum:
            raise self._bad(value, msg("what.int_range", what=what, low=self.minimum, high=self.maximum))
        return number

    def _read_int(self, value: Any) -> int:
        return self._int(value, msg("what.int"))

    def _read_tile(self, value: Any) -> Tile | None:
        if value in (None, ""):
            return None
        try:
            t = Tile.parse(str(value).strip())
        except MahjongError:
            raise self._bad(value, msg("what.tile")) from None
        if t.is_flower:
            raise self._bad(value, msg("what.wall_tile"))
        return t

    def _read_tiles(self, value: Any) -> tuple[Tile, ...]:
        if isinstance(value, str):
            text = value.replace(" ", "")
            if len(text) % 2:
                raise self._bad(value, msg("what.tiles_text"))
            value = [text[i : i + 2] for i in range(0, len(text), 2)]
        if not isinstance(value, (list, tuple)):
            raise self._bad(value, msg("what.tile_list"))
        if len(value) > self.max_items:
            raise self._bad(value, msg("what.at_most_tiles", n=self.max_items))
        out = tuple(self._read_tile(v) for v in value)
        if any(t is None for t in out):
            raise self._bad(value, msg("what.tile_list"))
        return out  # type: ignore[return-value]

    def _read_seat(self, value: Any) -> Seat | None:
        if value in (None, ""):
            return None
        try:
            return Seat(str(value).strip().upper())
        except ValueError:
            raise self._bad(value, msg("what.seat")) from None

    def _read_seats(self, value: Any) -> frozenset[Seat]:
        if isinstance(value, str):
            value = list(value.replace(",", "").replace(" ", ""))
        if not isinstance(value, (list, tuple, set, frozenset)) or len(value) > 6:
            raise self._bad(value, msg("what.seat_list"))
        seats = [self._read_seat(v) for v in value]
        return frozenset(s for s in seats if s is not None)

    def _read_per_seat(self, value: Any) -> tuple[tuple[Seat, int], ...]:
        if isinstance(value, str):
            return self.parse_text(value) if value.strip() else ()
        if not isinstance(value, Mapping) or len(value) > 6:
            raise self._bad(value, msg("what.per_seat_example"))
        out: dict[Seat, int] = {}
        for k, v in value.items():
            seat = self._read_seat(k)
            if seat is None:
                raise self._bad(value, msg("what.per_seat"))
            out[seat] = self._int(v, msg("what.int"))
        return tuple(sorted(((s, n) for s, n in out.items() if n), key=lambda p: p[0].order))

    def _read_choice(self, value: Any) -> str:
        text = value.value if isinstance(value, enum.Enum) else value
        if not isinstance(text, str) or text not in self.choices:
            raise self._bad(value, msg("what.choice", choices=", ".join(self.choices)))
        return text

    # -- writing ----------------------------------------------------------------------------------
    def json(self, value: Any) -> Any:
        """The JSON form of a normalised value (the inverse of :meth:`read`)."""
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, (Tile, Seat)):
            return str(value) if isinstance(value, Tile) else value.value
        if self.kind is Kind.TILES:
            return [str(t) for t in value]
        if self.kind is Kind.SEATS:
            return sorted((s.value for s in value), key=_SEATS_TEXT.index)
        if self.kind is Kind.PER_SEAT:
            return {s.value: n for s, n in value}
        return value

    def text(self, value: Any) -> str:
        """The share-code spelling of a value: URL-safe, one spelling per value."""
        if self.kind is Kind.BOOL:
            return "1" if value else "0"
        if self.kind is Kind.TILES:
            return "".join(str(t) for t in value)
        if self.kind is Kind.SEATS:
            return "".join(s.value for s in sorted(value, key=lambda s: s.order))
        if self.kind is Kind.PER_SEAT:
            return "".join(f"{s.value}{n}" for s, n in value)
        if self.kind is Kind.SEAT:
            return value.value
        return str(value)

    def parse_text(self, text: str) -> Any:
        """Read the share-code spelling (raises :class:`ContextError`)."""
        if self.kind is Kind.PER_SEAT:
            if not _PER_SEAT_RE.fullmatch(text):
                raise self._bad(text, msg("what.per_seat_text"))
            pairs = re.findall(r"([ESWNXY])([0-9]{1,4})", text)
            if len({s for s, _ in pairs}) != len(pairs):
                raise self._bad(text, msg("what.seat_once_list"))
            return self._read_per_seat({s: int(n) for s, n in pairs})
        if self.kind is Kind.SEATS:
            if not re.fullmatch(r"[ESWNXY]+", text) or len(set(text)) != len(text):
                raise self._bad(text, msg("what.seats_once"))
            return self._read_seats(list(text))
        if self.kind is Kind.CHOICE and not _WORD_RE.fullmatch(text):
            raise self._bad(text, msg("what.choice", choices=", ".join(self.choices)))
        return self.read(text)

    def as_dict(self) -> dict[str, Any]:
        """What ``/api/v1/rules`` says of the field."""
        d: dict[str, Any] = {
            "key": self.key, "type": self.kind.value, "default": self.json(self.default), "zh": self.zh,
            "en": self.en, "help_zh": self.help_zh, "help_en": self.help_en, "source": self.source,
            "whose": self.whose.value, "stage": self.stage.value,
        }
        if self.kind in (Kind.INT, Kind.PER_SEAT):
            d.update(minimum=self.minimum, maximum=self.maximum)
        if self.kind is Kind.CHOICE:
            d["choices"] = list(self.choices)
            d["choice_names"] = {c: dict(zip(("zh", "en"), self.choice_name(c), strict=True)) for c in self.choices}
        return d

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the field's JSON value (for the OpenAPI document)."""
        number = {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}
        tile = {"type": "string", "maxLength": 2}
        seat = {"type": "string", "enum": list(_SEATS_TEXT)}
        by_kind: dict[Kind, dict[str, Any]] = {
            Kind.BOOL: {"type": "boolean"},
            Kind.INT: number,
            Kind.TILE: {"anyOf": [tile, {"type": "null"}]},
            Kind.TILES: {"anyOf": [{"type": "array", "items": tile, "maxItems": self.max_items},
                                   {"type": "string", "maxLength": 2 * self.max_items}]},
            Kind.SEAT: {"anyOf": [seat, {"type": "null"}]},
            Kind.SEATS: {"type": "array", "items": seat, "maxItems": 6},
            Kind.PER_SEAT: {"type": "object", "properties": {s: number for s in _SEATS_TEXT},
                            "additionalProperties": False},
            Kind.CHOICE: {"type": "string", "enum": list(self.choices)},
        }
        return {**by_kind[self.kind], "description": f"{self.en} ({self.zh}). {self.help_en}".strip()}


SHARED_KEYS: frozenset[str] = frozenset(f.name for f in dataclasses.fields(WinContext)) - {"table"}
"""The shared context's keys (:class:`~rulesets.hand.WinContext`): no system may declare one of them."""

FIELDS: dict[str, ContextField] = {}
"""Every declared field by key (one key, one meaning across systems)."""


def declare(*fields: ContextField) -> tuple[ContextField, ...]:
    """Register fields (idempotent for the same field); a different field under a taken key fails."""
    for f in fields:
        if f.key in SHARED_KEYS:
            raise ValueError(f"context key {f.key!r} is a shared WinContext field")
        known = FIELDS.get(f.key)
        if known is not None and known != f:
            raise ValueError(f"context key {f.key!r} is declared twice with different meanings")
        FIELDS[f.key] = f
    return fields


def known() -> dict[str, ContextField]:
    """Every declared field, once every system has been loaded (each declares its own on import)."""
    from .registry import all_rulesets

    all_rulesets()
    return FIELDS


def field(key: str) -> ContextField:
    """The declared field called ``key`` (raises :class:`ContextError` when no system declares it)."""
    try:
        return known()[key]
    except KeyError:
        raise ContextError(msg("context.unknown_field", key=key)) from None


def table_get(table: Sequence[tuple[str, Any]], f: ContextField) -> Any:
    """The value of ``f`` in a context's table values (its default when not given)."""
    for key, value in table:
        if key == f.key:
            return value
    return f.default


def table_values(values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Normalised table values: sorted by key, defaults dropped."""
    return tuple(sorted((k, v) for k, v in values.items() if v != FIELDS[k].default))


# --- fields several systems share --------------------------------------------------------------------

DEALER = ContextField(
    "dealer", Kind.SEAT, "庄家", "Dealer", default=None,
    help_zh="本局的庄家（不写则为东家）。", help_en="Who deals this hand (E when not given).",
    source="DESIGN §3: the deal rotates in several systems, so the dealer is table state", stage=Stage.SETUP,
)
STREAK = ContextField(
    "streak", Kind.INT, "连庄次数", "Dealer's streak", default=0, maximum=20,
    help_zh="庄家已连庄几次（0 = 第一次坐庄）。",
    help_en="How many times in a row the dealer has kept the deal (0: first deal).",
    source="DESIGN §3: 连庄 is table state", stage=Stage.SETUP,
)
INDICATOR = ContextField(
    "indicator", Kind.TILE, "翻牌（指示牌）", "Indicator tile", default=None,
    help_zh="开局翻出的牌；癞子/财神由它按本规则推出。",
    help_en="The tile turned up at the start; the system derives its wild tile from it.",
    source="DESIGN §4.1: the context names the wild tile or the turned-up tile", stage=Stage.DEAL,
)
BIRDS = ContextField(
    "birds", Kind.TILES, "鸟牌", "Bird tiles", default=(), max_items=8,
    help_zh="和牌后翻出的鸟牌，按顺序。", help_en="The bird tiles drawn after the win, in order.",
    source="rules/regional.md §3 扎鸟", stage=Stage.END,
)
CANNONS = ContextField(
    "cannons", Kind.PER_SEAT, "下炮子", "Cannons", default=(), maximum=4, whose=Whose.EACH,
    help_zh="每家开局前下的炮子数（0–4）。", help_en="Cannons each player declared before the hand (0-4).",
    source="rules/regional.md §4 下炮子", stage=Stage.SETUP,
)
REPLACEMENT_KONG = ContextField(
    "replacement_kong", Kind.TILE, "补牌来自哪个杠", "Kong of the replacement", default=None,
    help_zh="杠上开花时，补牌来自手中哪一个杠（写杠的牌，如 6m）；只有一个杠时不用写。",
    help_en="For a win on a kong replacement: which of the hand's kongs it was drawn for (its tile, e.g. 6m); "
    "not needed with one kong.",
    source="DESIGN §3: which kong a replacement came from is explicit data, never read from the order of a hand string",
)
BAOTING = ContextField(
    "baoting", Kind.SEATS, "报听", "Declared ready", default=frozenset(), whose=Whose.EACH, max_items=4,
    help_zh="已经报听的玩家（吉林：只有报听的玩家能冲宝、摸宝，未报听的点炮者包三家；二人麻将：报听计番）。",
    help_en="Players who declared ready (报听): in 吉林 only they may win by 冲宝/摸宝 and an undeclared "
    "discarder pays for all three; in 二人麻将 报听 scores.",
    source="rules/vague-systems.md §4.1 (MIL 长春 2024: 报听, 宝, 包三家); seed 003 二人麻将 报听",
)
declare(DEALER, STREAK, INDICATOR, BIRDS, CANNONS, REPLACEMENT_KONG, BAOTING)


def replacement_kong(hand: Hand) -> Meld | None:
    """The kong whose replacement tile won (杠上开花): the one the ``replacement_kong`` field names, the
    hand's only kong, or — with several kongs and none named — None (the order of a hand string says
    nothing about which kong came last). Raises :class:`ContextError` when the named tile is no kong."""
    if not hand.context.kong_replacement:
        return None
    named = hand.context.get("replacement_kong")
    kongs = hand.kongs
    if named is not None:
        for m in kongs:
            if m.tile == named:
                return m
        raise ContextError(msg("context.no_such_kong", tile=str(named)))
    return kongs[0] if len(kongs) == 1 else None


def dealer_of(table: Sequence[tuple[str, Any]]) -> Seat:
    """The dealer: the ``dealer`` value, E when not given."""
    return table_get(table, DEALER) or Seat.E
