"""Table context a system declares: the facts of a table that the tiles do not say.

The shared context (how the hand was won, winds, flags, flowers, …) is :class:`~rulesets.hand.WinContext`,
declared once here too (:data:`SHARED`, each a :class:`SharedField` with its reader, writer and schema).
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

A system reads a field through the field itself, typed: ``BAO.of(hand.context)`` is a ``Tile | None``;
a field that was never declared is refused, so a misspelt name fails at once instead of reading a default.

>>> DEALER.of(WinContext()), DEALER.of(WinContext(table=(("dealer", Seat.S),)))
(None, <Seat.S: 'S'>)

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from .errors import ContextError, MahjongError
from .hand import Hand, KongEvent, KongKind, Meld, Seat, WinContext, WinMethod
from .messages import Message, msg
from .sources import Source, Work, Works
from .tiles import FLOWERS, Tile

__all__ = [
    "BAOTING", "BIRDS", "CANNONS", "DEALER", "ENGINE_FIELDS", "FIELDS", "FLAGS", "FLOWER_REPLACEMENT", "FLOWER_WIN",
    "INDICATOR", "REPLACEMENT_KONG", "SHARED", "SHARED_BY_KEY", "SHARED_FLAGS", "SHARED_KEYS", "SONGGANG", "STREAK",
    "WIN", "ContextField", "Kind", "SharedField", "Stage", "Whose", "complete_as_it_stands", "declare", "field",
    "replacement_kong", "table_get", "table_values",
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
    KONGS = "kongs"  # other players' kongs, in order: who, which kind, who fed an exposed one (shared context)


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
class ContextField[T]:
    """One declared piece of table context, whose values are ``T`` (``ContextField[Tile | None]``)."""

    key: str
    kind: Kind
    zh: str
    en: str
    default: T = None  # type: ignore[assignment]
    help_zh: str = ""
    help_en: str = ""
    source: str | Source = ""
    whose: Whose = Whose.TABLE
    minimum: int = 0
    maximum: int = 99
    choices: tuple[str, ...] = ()
    max_items: int = 16  # tiles/seats in one value
    # a true value makes a hand without a winning tile complete as it stands (a win by the flowers): a system
    # that declares the field scores such a hand instead of listing its waits (:func:`complete_as_it_stands`)
    complete: bool = False
    stage: Stage = Stage.PLAY  # when a player meets it in a hand (the order a page asks in)
    choice_names: tuple[tuple[str, str, str], ...] = ()  # (choice, 中文, English): a CHOICE's words for readers

    def __post_init__(self) -> None:
        if not _KEY_RE.fullmatch(self.key):
            raise ValueError(f"context key {self.key!r}: lowercase letters, digits and _")
        if self.kind is Kind.CHOICE and getattr(self.default, "value", self.default) not in self.choices:
            raise ValueError(f"context field {self.key}: default {self.default!r} is not a choice")
        if any(name[0] not in self.choices for name in self.choice_names):
            raise ValueError(f"context field {self.key}: choice_names names a value that is not a choice")

    def choice_name(self, choice: str) -> tuple[str, str]:
        """A choice in words (中文, English): its declared names, or the choice itself."""
        return next(((zh, en) for value, zh, en in self.choice_names if value == choice), (choice, choice))

    def of(self, ctx: WinContext) -> T:
        """This field's value in ``ctx`` (its default when the context does not give it). A field that was
        never declared (:func:`declare`) is refused."""
        known = FIELDS.get(self.key)
        if known is not self and known != self:
            raise KeyError(f"the context field {self.key!r} is not declared (rulesets.context.declare)")
        for key, value in ctx.table:
            if key == self.key:
                return cast(T, value)
        return self.default

    def without(self, ctx: WinContext) -> WinContext:
        """``ctx`` with this field back at its default (a reading that must not see it).

        >>> BIRDS.of(BIRDS.without(WinContext(table=(("birds", (Tile.parse("1s"),)),))))
        ()
        """
        return ctx.replace(table=tuple((key, value) for key, value in ctx.table if key != self.key))

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
            return str(value.value)
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
            "en": self.en, "help_zh": self.help_zh, "help_en": self.help_en, "source": str(self.source),
            "whose": self.whose.value, "stage": self.stage.value,
        }
        if self.kind in (Kind.INT, Kind.PER_SEAT):
            d.update(minimum=self.minimum, maximum=self.maximum)
        if self.kind is Kind.CHOICE:
            d["choices"] = list(self.choices)
            d["choice_names"] = {c: dict(zip(("zh", "en"), self.choice_name(c), strict=True)) for c in self.choices}
        if self.complete:
            d["complete"] = True
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


# --- the shared context, declared once ------------------------------------------------------------------


@dataclass(frozen=True)
class SharedField[T](ContextField[T]):
    """A field of the shared win context (:class:`~rulesets.hand.WinContext`, read as its attribute), declared like
    a system's field: its JSON reader and writer and its JSON schema come with it, so the engine's parsing, the
    calculator's form, the ledger and the OpenAPI document all take it from here."""

    reader: Callable[[Any, str], Any] = lambda value, name: value
    writer: Callable[[Any], Any] = lambda value: value
    json_schema: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # a flag's words and spellings (Kind.BOOL): its control's label (简体 in 和's words, and English), its letter in
    # the share code, the name of its checkbox on the ledger's forms, whether the ledger asks it of each win of a
    # round (what happens during play), and whether it belongs to the discard, so that every win on one discard
    # shares it (杠上炮)
    label_zh: str = ""
    label_en: str = ""
    letter: str = ""
    form_name: str = ""
    in_rounds: bool = False
    of_discard: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.kind is Kind.BOOL and not (self.label_zh and self.label_en and re.fullmatch("[a-z]", self.letter)
                                           and re.fullmatch("[a-z]{2}", self.form_name)):
            raise ValueError(f"shared flag {self.key}: labels, a share-code letter and a form name are needed")

    def of(self, ctx: WinContext) -> T:
        return cast(T, getattr(ctx, self.key))

    def read(self, value: Any) -> Any:
        return self.reader(value, self.key)

    def json(self, value: Any) -> Any:
        return None if value is None else self.writer(value)

    def schema(self) -> dict[str, Any]:
        return dict(self.json_schema)


def _seat(value: object, name: str) -> Seat:
    try:
        return Seat(str(value).strip().upper())
    except ValueError:
        raise ContextError(msg("context.not_a_seat", name=name, value=value)) from None


def _optional_seat(value: object, name: str) -> Seat | None:
    return None if value in (None, "") else _seat(value, name)


def _bool(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on", "0", "false", "no", "off", ""):
        return value.strip().lower() in ("1", "true", "yes", "on")
    raise ContextError(msg("context.not_bool", name=name, value=value))


def _win(value: object, name: str) -> WinMethod:
    try:
        return WinMethod(str(value))
    except ValueError:
        raise ContextError(msg("context.not_win", name=name, value=value)) from None


def _flower(item: object) -> Tile:
    text = str(item).strip()
    if len(text) == 1 and text in "abcdefgh":
        return FLOWERS["abcdefgh".index(text)]
    try:
        t: Tile | None = Tile.parse(text)
    except MahjongError:
        t = None
    if t is None or not t.is_flower:
        raise ContextError(msg("context.not_a_flower", value=item))
    return t


def _flowers(value: object, name: str) -> tuple[Tile, ...]:
    """A count (the first ``n`` flowers), or flowers by identity: ``1f``…``8f`` or ``a``…``h``."""
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
    return tuple(sorted(_flower(item) for item in value))


def _wildcard(value: object, name: str) -> Tile | None:
    try:
        return None if value in (None, "") else Tile.parse(str(value))
    except MahjongError:
        raise ContextError(msg("context.not_tile", name=name, value=value)) from None


def _seat_set(value: object, name: str) -> frozenset[Seat]:
    if not isinstance(value, (list, tuple, str)):
        raise ContextError(msg("context.seat_list", name=name))
    return frozenset(_seat(s, name) for s in value if str(s).strip())


def _kong_event(item: object) -> KongEvent:
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
    return event


def _kong_events(value: object, name: str) -> tuple[KongEvent, ...]:
    if not isinstance(value, (list, tuple)):
        raise ContextError(msg("context.kongs_list"))
    return tuple(_kong_event(item) for item in value)


def _kongs_json(value: tuple[KongEvent, ...]) -> list[dict[str, str]]:
    return [{"seat": k.seat.value, "kind": k.kind.value, **({"fed_by": k.fed_by.value} if k.fed_by else {})}
            for k in value]


_SEAT_SCHEMA: dict[str, Any] = {"type": "string", "enum": ["E", "S", "W", "N", "X", "Y"]}
_WORKS = Works(Work("site", "本站算番器说明：本桌情况", "This site's calculator guide: the table context",
                    link="docs/calculator.md"))
"""The shared context is the calculator's own declaration (what a table tells it); each system cites the rule
books for what it does with a value."""

_ENGINE = _WORKS.cite("site", note="DESIGN §3: the shared context")


def _seat_field(key: str, zh: str, en: str, description: str, default: Seat | None = Seat.E,
                optional: bool = False) -> SharedField[Any]:
    schema = {"anyOf": [_SEAT_SCHEMA, {"type": "null"}]} if optional else dict(_SEAT_SCHEMA)
    return SharedField(key, Kind.SEAT, zh, en, default, source=_ENGINE, whose=Whose.WINNER,
                       reader=_optional_seat if optional else _seat, writer=lambda seat: seat.value,
                       json_schema={**schema, "description": description})


def _flag(key: str, zh: str, en: str, description: str, label: tuple[str, str], letter: str, form_name: str,
          in_rounds: bool = False, of_discard: bool = False) -> SharedField[bool]:
    return SharedField(key, Kind.BOOL, zh, en, False, source=_ENGINE, whose=Whose.WINNER, reader=_bool,
                       json_schema={"type": "boolean", "description": description}, label_zh=label[0],
                       label_en=label[1], letter=letter, form_name=form_name, in_rounds=in_rounds,
                       of_discard=of_discard)


WIN: SharedField[WinMethod] = SharedField(
    "win", Kind.CHOICE, "和牌方式", "How it was won", WinMethod.DISCARD, choices=tuple(w.value for w in WinMethod),
    source=_ENGINE, whose=Whose.WINNER, reader=_win, writer=lambda win: win.value,
    json_schema={"type": "string", "enum": [w.value for w in WinMethod], "description": "自摸 / 点和 / 抢杠和"},
)
SHARED: tuple[SharedField[Any], ...] = (
    WIN,
    _seat_field("seat", "门风", "Seat wind", "the winner's seat wind (E is the dealer)"),
    _seat_field("round_wind", "圈风", "Round wind", "圈风"),
    _seat_field("from_seat", "点和者", "Discarder", "the discarder (default: the winner's 上家)", None, optional=True),
    _flag("kong_replacement", "杠上开花", "Win on a kong replacement", "杠上开花",
          ("杠上开花（杠后补牌和）", "Won on a kong's replacement tile (杠上开花)"), "k", "ks", in_rounds=True),
    _flag("after_kong", "杠上炮", "Win on the discard after a kong", "杠上炮",
          ("杠上炮（和别人开杠后打出的牌）", "Won on the discard right after the discarder's kong (杠上炮)"), "a", "ak",
          in_rounds=True, of_discard=True),
    _flag("last_tile", "海底", "Last tile", "海底 (妙手回春 / 海底捞月)",
          ("海底（最后一张牌，或它打出的牌）", "Last tile of the wall, or its discard (海底)"), "l", "lt",
          in_rounds=True),
    _flag("last_copy", "和绝张", "Last copy", "和绝张",
          ("和绝张（和的是最后一张）", "The winning tile was the last copy (和绝张)"), "c", "lc"),
    _flag("heavenly", "天和", "Heavenly hand", "天和",
          ("天和（庄家起手和牌）", "Heavenly hand: the dealer wins on the deal (天和)"), "h", "hv"),
    _flag("earthly", "地和", "Earthly hand", "地和",
          ("地和（闲家第一巡和牌）", "Earthly hand: a non-dealer wins on the first turn (地和)"), "e", "ea"),
    SharedField(
        "flowers", Kind.TILES, "花牌", "Flowers", (), source=_ENGINE, whose=Whose.WINNER, max_items=8,
        reader=_flowers, writer=lambda flowers: [str(t) for t in flowers],
        json_schema={"anyOf": [{"type": "integer", "minimum": 0, "maximum": 8},
                               {"type": "array", "items": {"type": "string"}, "maxItems": 8},
                               {"type": "string", "maxLength": 16}],
                     "description": "a count, or flowers by identity: 1f..8f or a..h (梅兰竹菊春夏秋冬)"},
    ),
    SharedField("wildcard", Kind.TILE, "百搭", "Wild tile", None, source=_ENGINE, reader=_wildcard, writer=str,
                json_schema={"anyOf": [{"type": "string", "maxLength": 2}, {"type": "null"}]}),
    SharedField("already_won", Kind.SEATS, "已和牌", "Already won", frozenset(), source=_ENGINE, whose=Whose.EACH,
                reader=_seat_set, writer=lambda seats: sorted(s.value for s in seats),
                json_schema={"type": "array", "items": _SEAT_SCHEMA, "maxItems": 5}),
    SharedField(
        "kongs", Kind.KONGS, "别家的杠", "Other players' kongs", (), source=_ENGINE, whose=Whose.EACH,
        reader=_kong_events, writer=_kongs_json,
        json_schema={"type": "array", "maxItems": 16, "items": {
            "type": "object", "required": ["seat", "kind"],
            "properties": {"seat": _SEAT_SCHEMA, "kind": {"type": "string", "enum": [k.value for k in KongKind]},
                           "fed_by": _SEAT_SCHEMA}}},
    ),
)
"""The shared win context (:class:`~rulesets.hand.WinContext`), declared once: how the hand was won, the winds, the
discarder, the flags, the flowers, the wild tile, who already won and the others' kongs. The engine reads and
writes the API's context object from these (``rulesets.engine.context_from_mapping``), and the calculator's form,
the ledger's flags and the OpenAPI document are made from them."""

SHARED_BY_KEY: dict[str, SharedField[Any]] = {f.key: f for f in SHARED}
SHARED_KEYS: frozenset[str] = frozenset(SHARED_BY_KEY)
"""The shared context's keys: no system may declare one of them."""
SHARED_FLAGS: tuple[SharedField[bool], ...] = tuple(f for f in SHARED if f.kind is Kind.BOOL)
"""The flags of how the hand was won (杠上开花, 杠上炮, 海底, 和绝张, 天和, 地和), in the order forms list them:
each with its labels, its share-code letter and its ledger form name."""
FLAGS: tuple[str, ...] = tuple(f.key for f in SHARED_FLAGS)
"""The flags' keys, in the order forms list them."""

if SHARED_KEYS != frozenset(f.name for f in dataclasses.fields(WinContext)) - {"table"} or any(
        f.default != f.of(WinContext()) for f in SHARED):
    raise RuntimeError("the shared context's declarations and WinContext's fields differ")
if any(len({getattr(f, spelling) for f in SHARED_FLAGS}) != len(SHARED_FLAGS) for spelling in ("letter", "form_name")):
    raise RuntimeError("two shared flags have the same share-code letter or ledger form name")

FIELDS: dict[str, ContextField[Any]] = {}
"""Every declared field by key (one key, one meaning across systems)."""


def declare(*fields: ContextField[Any]) -> tuple[ContextField[Any], ...]:
    """Register fields (idempotent for the same field); a different field under a taken key fails."""
    for f in fields:
        if f.key in SHARED_KEYS:
            raise ValueError(f"context key {f.key!r} is a shared WinContext field")
        known = FIELDS.get(f.key)
        if known is not None and known != f:
            raise ValueError(f"context key {f.key!r} is declared twice with different meanings")
        FIELDS[f.key] = f
    return fields


def known() -> dict[str, ContextField[Any]]:
    """Every declared field, once every system has been loaded (each declares its own on import)."""
    from .registry import all_rulesets

    all_rulesets()
    return FIELDS


def field(key: str) -> ContextField[Any]:
    """The declared field called ``key`` (raises :class:`ContextError` when no system declares it)."""
    try:
        return known()[key]
    except KeyError:
        raise ContextError(msg("context.unknown_field", key=key)) from None


def table_get(table: Sequence[tuple[str, Any]], f: ContextField[Any]) -> Any:
    """The value of ``f`` in a context's table values (its default when not given)."""
    for key, value in table:
        if key == f.key:
            return value
    return f.default


def table_values(values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Normalised table values: sorted by key, defaults dropped."""
    return tuple(sorted((k, v) for k, v in values.items() if v != FIELDS[k].default))


# --- fields several systems share --------------------------------------------------------------------

DEALER: ContextField[Seat | None] = ContextField(
    "dealer", Kind.SEAT, "庄家", "Dealer", default=None,
    help_zh="本局的庄家（不写则为东家）。", help_en="Who deals this hand (E when not given).",
    source=_WORKS.cite("site", note="DESIGN §3: the deal rotates in several systems, so the dealer is table "
                       "state"), stage=Stage.SETUP,
)
STREAK: ContextField[int] = ContextField(
    "streak", Kind.INT, "连庄次数", "Dealer's streak", default=0, maximum=20,
    help_zh="庄家已连庄几次（0 = 第一次坐庄）。",
    help_en="How many times in a row the dealer has kept the deal (0: first deal).",
    source=_WORKS.cite("site", note="DESIGN §3: 连庄 is table state"), stage=Stage.SETUP,
)
INDICATOR: ContextField[Tile | None] = ContextField(
    "indicator", Kind.TILE, "翻牌（指示牌）", "Indicator tile", default=None,
    help_zh="开局翻出的牌；癞子/财神由它按本规则推出。",
    help_en="The tile turned up at the start; the system derives its wild tile from it.",
    source=_WORKS.cite("site", note="DESIGN §4.1: the context names the wild tile or the turned-up "
                       "tile"), stage=Stage.DEAL,
)
BIRDS: ContextField[tuple[Tile, ...]] = ContextField(
    "birds", Kind.TILES, "鸟牌", "Bird tiles", default=(), max_items=8,
    help_zh="和牌后翻出的鸟牌，按顺序。", help_en="The bird tiles drawn after the win, in order.",
    source=_WORKS.cite("site", note="rules/regional.md §3 扎鸟"), stage=Stage.END,
)
CANNONS: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "cannons", Kind.PER_SEAT, "下炮子", "Cannons", default=(), maximum=4, whose=Whose.EACH,
    help_zh="每家开局前下的炮子数（0–4）。", help_en="Cannons each player declared before the hand (0-4).",
    source=_WORKS.cite("site", note="rules/regional.md §4 下炮子"), stage=Stage.SETUP,
)
REPLACEMENT_KONG: ContextField[Tile | None] = ContextField(
    "replacement_kong", Kind.TILE, "补牌来自哪个杠", "Kong of the replacement", default=None,
    help_zh="杠上开花时，补牌来自手中哪一个杠（写杠的牌，如 6m）；只有一个杠时不用写。",
    help_en="For a win on a kong replacement: which of the hand's kongs it was drawn for (its tile, e.g. 6m); "
    "not needed with one kong.",
    source=_WORKS.cite("site", note="DESIGN §3: which kong a replacement came from is explicit data, never read from "
                       "the order of a hand string"),
)
BAOTING: ContextField[frozenset[Seat]] = ContextField(
    "baoting", Kind.SEATS, "报听", "Declared ready", default=frozenset(), whose=Whose.EACH, max_items=4,
    help_zh="已经报听的玩家（吉林：只有报听的玩家能冲宝、摸宝，未报听的点炮者包三家；二人麻将：报听计番）。",
    help_en="Players who declared ready (报听): in 吉林 only they may win by 冲宝/摸宝 and an undeclared "
    "discarder pays for all three; in 二人麻将 报听 scores.",
    source=_WORKS.cite("site", note="rules/vague-systems.md §4.1 (MIL 长春 2024: "
                       "报听, 宝, 包三家); seed 003 二人麻将 报听"),
)
SONGGANG: ContextField[Seat | None] = ContextField(
    "songgang", Kind.SEAT, "送杠", "Kong fed by", default=None, whose=Whose.TABLE,
    help_zh="送杠：和牌者杠了这家打出的牌，在补摸的牌上自摸和（这家包赔）。",
    help_en="送杠: the winner konged this player's discard and won on the replacement tile (this player pays).",
    source=_WORKS.cite("site", note="rules/vague-systems.md §2.1 (苏州 送杠 ×3) and §3.1 (象山 送杠胡 5M)"),
)
FLOWER_WIN: ContextField[bool] = ContextField(
    "flower_win", Kind.BOOL, "花牌胡", "Won on the flowers", default=False, whose=Whose.WINNER, complete=True,
    help_zh="这手靠花牌胡：八张花（八仙过海），或七张花（台湾：抢第八张的七抢一；香港：花胡）。立牌不用成牌型，也不用写和张。",
    help_en="The hand is won on the flowers: all eight (八仙過海), or seven (Taiwan: 七搶一, robbing the 8th; Hong "
    "Kong: 花糊). The standing tiles need no shape and no winning tile.",
    source=_WORKS.cite("site", note="rules/taiwan.md §3 F (八仙過海, 七搶一); rules/hongkong.md (花糊, 八仙過海)"),
)
FLOWER_REPLACEMENT: ContextField[bool] = ContextField(
    "flower_replacement", Kind.BOOL, "补花自摸", "Won on a flower's replacement", default=False, whose=Whose.WINNER,
    help_zh="摸到花牌、补花补上来的牌自摸胡了（台湾、香港当作杠上开花、花上自摸）。",
    help_en="Self-drawn on the tile drawn to replace a flower (Taiwan and Hong Kong count it as a win on a "
    "replacement, like 槓上開花).",
    source=_WORKS.cite("site", note="rules/taiwan.md §3 B 槓上開花 (atawmj: "
                       "因摸到花牌、暗槓或加槓而補牌); rules/hongkong.md 花上自摸"),
)
ENGINE_FIELDS: tuple[ContextField[Any], ...] = declare(
    DEALER, STREAK, INDICATOR, BIRDS, CANNONS, REPLACEMENT_KONG, BAOTING, SONGGANG, FLOWER_WIN, FLOWER_REPLACEMENT)
"""The fields several systems read, declared here once (their sources are the engine's, not a system's works)."""


def replacement_kong(hand: Hand) -> Meld | None:
    """The kong whose replacement tile won (杠上开花): the one the ``replacement_kong`` field names, the
    hand's only kong, or — with several kongs and none named — None (the order of a hand string says
    nothing about which kong came last). Raises :class:`ContextError` when the named tile is no kong."""
    if not hand.context.kong_replacement:
        return None
    named = REPLACEMENT_KONG.of(hand.context)
    kongs = hand.kongs
    if named is not None:
        for m in kongs:
            if m.tile == named:
                return m
        raise ContextError(msg("context.no_such_kong", tile=str(named)))
    return kongs[0] if len(kongs) == 1 else None


def complete_as_it_stands(ctx: WinContext, fields: Iterable[ContextField[Any]]) -> bool:
    """Whether a hand without a winning tile is complete as it stands for a system that declares ``fields``:
    one of them is declared ``complete`` and holds (a win by the flowers). Such a hand is scored, not read as a
    waiting hand; for every other system it is a waiting hand as before."""
    return any(f.complete and f.of(ctx) for f in fields)


def dealer_of(table: Sequence[tuple[str, Any]]) -> Seat:
    """The dealer: the ``dealer`` value, E when not given."""
    return table_get(table, DEALER) or Seat.E
