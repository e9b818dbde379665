"""The share code: one canonical, URL-safe, human-readable, versioned text for a hand and its rules.

It is the path of a share link (``/h/<code>``) and the ``hand`` of every result object. It uses only
the URL-unreserved characters ``A-Z a-z 0-9 . - _ ~`` (no percent-encoding), shows the tiles as
mpsz, and carries everything :class:`Hand` holds plus the chosen systems and their non-default
house rules. Every hand has exactly one spelling; other spellings are read and
:func:`canonical_share_code` gives the one to redirect to. The grammar is in docs/notation.md;
``v1`` codes are read the same way forever (tests/golden/sharecodes.json pins them).

>>> from rulesets.notation import parse_hand
>>> code = share_code(parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae"))
>>> code
'v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s'
>>> parse_share_code(code).hand == canonical_hand(parse_hand("[CCC2][1111m]SS456p78s9s|ES1000|ea"))
True
>>> canonical_share_code("v1.78s654p22z-9s.P555z2.A1111m.ES.15f.s")
'v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s'
"""

from __future__ import annotations

import dataclasses
import enum
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from operator import attrgetter
from typing import Any, NoReturn, cast

from . import context as declared
from .errors import ContextError, HandError, MahjongError, NotationError, RulesError
from .hand import Hand, KongEvent, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from .messages import Message, Words, msg
from .notation import MAX_LENGTH, bare_message, canonical_hand, check_copies, check_hand, fail, tile_runs
from .tiles import Suit, Tile

__all__ = ["VERSION", "SharedHand", "canonical_share_code", "parse_share_code", "share_code"]

VERSION = "v1"

_MELD_LETTER = {
    (MeldKind.CHOW, None): "C",
    (MeldKind.PUNG, None): "P",
    (MeldKind.KONG, KongKind.EXPOSED): "M",  # 明杠
    (MeldKind.KONG, KongKind.CONCEALED): "A",  # 暗杠
    (MeldKind.KONG, KongKind.ADDED): "K",  # 加杠
}
_LETTER_MELD = {v: k for k, v in _MELD_LETTER.items()}
_HOW = {WinMethod.SELF_DRAWN: "s", WinMethod.DISCARD: "d", WinMethod.ROB_KONG: "r"}
_HOW_LETTER = {v: k for k, v in _HOW.items()}
_FLAGS = {f.letter: f.key for f in sorted(declared.SHARED_FLAGS, key=lambda f: f.letter)}
"""The win field's flags by their declared letters (a 杠上炮, c 和绝张, e 地和, h 天和, k 杠上开花, l 海底), written in
this (alphabetical) order."""
_FLAG_VALUES = attrgetter(*_FLAGS.values())
"""A context's value of each flag of :data:`_FLAGS`, in its order: read at once."""
_KONG_LETTER = {KongKind.EXPOSED: "m", KongKind.CONCEALED: "a", KongKind.ADDED: "k"}
_LETTER_KONG = {v: k for k, v in _KONG_LETTER.items()}
_SEATS = "ESWNXY"
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~")

_MELD_RE = re.compile(r"([CPMAK])([1-9]+)([mpsz])([0-9]?)")
_FLOWERS_RE = re.compile(r"([0-9]+)f")
_WINDS_RE = re.compile(rf"([{_SEATS}])([{_SEATS}])")
_WIN_RE = re.compile(rf"([sdr])([{_SEATS}]?)([a-z]*)")
_WILDCARD_RE = re.compile(r"w([0-9])([mpszf])")
_WON_RE = re.compile(rf"o([{_SEATS}]+)")
_KONG_RE = re.compile(rf"k([{_SEATS}])([mak])([{_SEATS}]?)")
_ID_RE = re.compile(r"[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*")  # ruleset ids: guobiao, sichuan-6p
_WORD_RE = re.compile(r"[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*")  # text option values
_OPTION_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)-(.*)")
_INT_RE = re.compile(r"-?[0-9]{1,18}")
_DECLARED_RE = re.compile(r"[a-z][a-z0-9_]*-[A-Za-z0-9_]+")  # a system-declared context field: key-value


@dataclass(frozen=True)
class SharedHand:
    """What a share code says: the hand, the chosen systems (ids as written) and their house rules.

    ``options`` maps a ruleset id to ``{option: value}`` with plain JSON values (bool, int, str), only
    the options that differ from the ruleset's defaults. An empty ``rules`` means "every system".
    """

    hand: Hand
    rules: tuple[str, ...] = ()
    options: dict[str, dict[str, object]] = field(default_factory=dict)


# --- writing -------------------------------------------------------------------------------------


def share_code(
    hand: Hand, rules: list[str] | None = None, options: Mapping[str, Any] | None = None, *,
    canonical: bool = False, checked: bool = False,
) -> str:
    """The canonical share code of ``hand`` with the chosen ``rules`` and their ``options``.

    ``rules`` are ruleset ids or aliases (written as ids, sorted). ``options`` maps a ruleset to its
    options value (the dataclass instance) or to ``{option: value}``; only values that differ from
    the defaults are written. Raises :class:`HandError`/:class:`ContextError` for a hand that cannot
    exist and :class:`RulesError` for unknown rules or options.

    ``canonical``: the hand is already in its canonical form (:func:`canonical_hand`); ``checked``: it
    already passed :func:`check_hand` with no check skipped (the reader of a hand string makes it), so
    neither is done again.
    """
    if not canonical:
        hand = canonical_hand(hand)
    if not checked:
        check_hand(hand, skipped_checks(rules))
    code = "~".join([".".join([VERSION, *_hand_fields(hand)]), *_system_sections(rules, options)])
    if len(code) > MAX_LENGTH:  # every code issued must open: the readers take at most MAX_LENGTH characters
        raise RulesError(msg("share.too_long", n=len(code), max=MAX_LENGTH))
    return code


def skipped_checks(rules: object) -> frozenset[str]:
    """The shared checks every one of ``rules`` makes its own way (``Ruleset.skip_checks``); none when no
    system is named (every system) or a name is unknown (the engine reports it)."""
    names = rules.split(",") if isinstance(rules, str) else rules if isinstance(rules, (list, tuple)) else ()
    try:
        return _skipped_by(_lookup(), tuple([str(name) for name in names]))
    except RulesError:
        return frozenset()


@lru_cache(maxsize=256)
def _skipped_by(find: Callable[[str], Any], names: tuple[str, ...]) -> frozenset[str]:
    """:func:`skipped_checks` of the systems ``find`` (the registry's lookup, a key: a stand-in registry names
    other systems) calls ``names``, found once per names (a table's come with every hand it shares); raises
    :class:`RulesError` for an unknown name."""
    found = [find(name).skip_checks for name in names]
    return frozenset.intersection(*found) if found else frozenset()


def canonical_share_code(code: str) -> str:
    """The one spelling of the hand and rules that ``code`` describes (redirect other spellings to it)."""
    shared = parse_share_code(code)
    return share_code(shared.hand, list(shared.rules), shared.options)


def _hand_fields(hand: Hand) -> list[str]:
    ctx = hand.context
    tiles = tile_runs(hand.standing, letters=False) + (f"-{hand.winning_tile}" if hand.winning_tile else "")
    fields = [tiles, *(_meld_field(m) for m in hand.melds)]
    if ctx.flowers:
        fields.append("".join(str(f.rank) for f in ctx.flowers) + "f")
    if (ctx.round_wind, ctx.seat) != (Seat.E, Seat.E):
        fields.append(ctx.round_wind.value + ctx.seat.value)
    values = _FLAG_VALUES(ctx)
    flags = "".join(compress(_FLAGS, values)) if any(values) else ""
    discarder = ctx.from_seat.value if ctx.from_seat else ""
    if ctx.win is not WinMethod.DISCARD or discarder or flags:
        fields.append(_HOW[ctx.win] + discarder + flags)
    if ctx.wildcard is not None:
        fields.append(f"w{ctx.wildcard}")
    if ctx.already_won:
        fields.append("o" + "".join(s.value for s in sorted(ctx.already_won, key=lambda s: s.order)))
    fields.extend(f"k{k.seat.value}{_KONG_LETTER[k.kind]}{k.fed_by.value if k.fed_by else ''}" for k in ctx.kongs)
    fields.extend(f"{key}-{declared.FIELDS[key].text(value)}" for key, value in ctx.table)  # sorted by key
    return fields


def _meld_field(meld: Meld) -> str:
    digit = meld.claimed if meld.kind is MeldKind.CHOW else meld.source._value_ if meld.source else None
    tail = str(digit) if digit and digit != 1 else ""
    return f"{_MELD_LETTER[meld.kind, meld.kong]}{meld}{tail}"  # the meld's text: its digits and suit letter


def _lookup() -> Callable[[str], Any]:
    """The registry's lookup of a system by name (``registry.get_ruleset``), the registry imported on first use
    (reading and writing hands needs no ruleset) and found in ``sys.modules`` after: an import statement in a
    function costs more than the lookup it makes."""
    module = sys.modules.get(_REGISTRY)
    if module is None:
        from . import registry

        return registry.get_ruleset
    return cast("Callable[[str], Any]", module.get_ruleset)


_REGISTRY = f"{__package__}.registry"


def _system_sections(rules: object, options: object) -> tuple[str, ...]:
    """The code's sections after the hand's: each chosen system's id and its non-default house rules
    (``guobiao``, ``sichuan.xzdd-true``), sorted by id. Written once per ``rules`` and ``options`` that can be a key
    (names, options values; a table asks for the same ones with every hand it shares)."""
    if options is not None and type(options) is not dict:
        return _sections(rules, options)
    try:
        return _sections_of(_lookup(), tuple(rules) if type(rules) is list else rules,
                            None if options is None else tuple(options.items()))
    except TypeError:  # a value that cannot be a key (a ruleset's options as a dict)
        return _sections(rules, options)


@lru_cache(maxsize=256)
def _sections_of(find: Callable[[str], Any], rules: object,
                 options: tuple[tuple[object, object], ...] | None) -> tuple[str, ...]:
    """:func:`_sections` of ``rules`` and the items of the options' dict, as the registry's lookup ``find`` (a
    key: a stand-in registry names other systems) reads them."""
    return _sections(rules, None if options is None else dict(options))


def _sections(rules: object, options: object) -> tuple[str, ...]:
    return tuple([".".join([rules_id, *(f"{key}-{_text_value(v)}" for key, v in sorted(values.items()))])
                  for rules_id, values in _systems(rules, options)])


def _systems(rules: object, options: object) -> list[tuple[str, dict[str, object]]]:
    """The chosen rulesets as (id, non-default options), sorted by id."""
    if rules is None and options is None:  # a hand alone: no system named
        return []
    from . import registry  # lazily: reading and writing hands needs no ruleset

    if isinstance(rules, str):
        rules = [r for r in rules.split(",") if r.strip()]
    if not isinstance(rules, (list, tuple)) and rules is not None:
        raise RulesError(msg("rules.not_list"))
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(msg("rules.options_map"))
    chosen = {}
    for name in rules or ():
        if not isinstance(name, str):
            raise RulesError(msg("rules.not_names", value=name))
        ruleset = registry.get_ruleset(name)
        chosen[ruleset.id] = ruleset
    values: dict[str, dict[str, object]] = {}
    for name, value in (options or {}).items():
        ruleset = registry.get_ruleset(str(name))
        if ruleset.id not in chosen:
            raise RulesError(msg("rules.options_not_chosen", name=name))
        values[ruleset.id] = _non_default(ruleset, value)
    for rules_id in chosen:
        if not _ID_RE.fullmatch(rules_id):
            raise RulesError(msg("code.id_unwritable", id=rules_id))
    return [(rules_id, values.get(rules_id, {})) for rules_id in sorted(chosen)]


def default_options(ruleset: Any) -> Any:
    """``ruleset``'s options value with every house rule at its default (``ruleset.parse_options(None)``),
    made once per options type: the same value every time, so a caller can tell it by identity."""
    found = _DEFAULTS.get(ruleset.options_type)
    if found is None:
        found = _DEFAULTS[ruleset.options_type] = ruleset.parse_options(None)
    return found


_DEFAULTS: dict[type, Any] = {}


def _non_default(ruleset: Any, value: object) -> dict[str, object]:
    if value is None or value is _DEFAULTS.get(ruleset.options_type):
        return {}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        instance: Any = value
    elif isinstance(value, Mapping):
        instance = ruleset.parse_options(value)
    else:
        raise RulesError(msg("code.options_kind", id=ruleset.id))
    out = {}
    for f in dataclasses.fields(instance):
        current = getattr(instance, f.name)
        if f.default is not dataclasses.MISSING and current == f.default:
            continue
        if f.default_factory is not dataclasses.MISSING and current == f.default_factory():
            continue
        out[f.name] = _plain(ruleset.id, f.name, current)
    return out


def _plain(rules_id: str, key: str, value: object) -> object:
    """A JSON value that a share code can spell: bool, int, or a word of letters, digits and ``_``."""
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, bool) or (isinstance(value, int) and _INT_RE.fullmatch(str(value))):
        return value
    if isinstance(value, str) and _WORD_RE.fullmatch(value):
        return value
    raise RulesError(msg("code.option_unwritable", id=rules_id, key=key, value=value))


def _text_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- reading -------------------------------------------------------------------------------------


@dataclass
class _Parts:
    """The fields of a share code's hand section, as read."""

    standing: list[tuple[Tile, int]] = field(default_factory=list)
    winning: tuple[Tile, int] | None = None
    melds: list[tuple[Meld, int]] = field(default_factory=list)
    context: dict[str, Any] = field(default_factory=dict)
    kongs: list[KongEvent] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)  # single fields already read
    context_pos: int | None = None  # the first context field, for context errors
    table: dict[str, Any] = field(default_factory=dict)  # system-declared context fields


class _CodeReader:
    """One pass over a share code; every position is a 0-based index into ``raw``."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.skip_checks: frozenset[str] = frozenset()  # the checks the systems named make their own way

    def fail(self, message: Message | str, position: int | None, cls: type[MahjongError] = NotationError) -> NoReturn:
        fail(message, self.raw, position, cls)

    def text(self, span: tuple[int, int]) -> str:
        return self.raw[span[0] : span[1]]

    def split(self, span: tuple[int, int], sep: str) -> list[tuple[int, int]]:
        out, start = [], span[0]
        for i in range(span[0], span[1]):
            if self.raw[i] == sep:
                out.append((start, i))
                start = i + 1
        out.append((start, span[1]))
        return out

    # -- the whole code ----------------------------------------------------------------------------
    def read(self) -> SharedHand:
        span = self.locate()
        for i in range(*span):
            if self.raw[i] not in _SAFE:
                self.fail(msg("code.unknown_char", char=self.raw[i]), i)
        sections = self.split(span, "~")
        self.skip_checks = skipped_checks([self.text(self.split(s, ".")[0]) for s in sections[1:]])
        hand = self.read_hand(sections[0])
        rules: list[str] = []
        options: dict[str, dict[str, object]] = {}
        for section in sections[1:]:
            self.read_system(section, rules, options)
        return SharedHand(hand, tuple(rules), options)

    def locate(self) -> tuple[int, int]:
        """Where the code is in the text: surrounding spaces and a pasted link's ``…/h/`` are skipped."""
        start, end = 0, len(self.raw)
        while start < end and self.raw[start].isspace():
            start += 1
        while end > start and self.raw[end - 1].isspace():
            end -= 1
        link = self.raw.rfind("/h/", start, end)
        if link >= 0:
            start = link + 3
            for i in range(start, end):
                if self.raw[i] in "/?#":
                    end = i
                    break
        if start == end:
            self.fail(msg("code.empty"), None)
        return start, end

    # -- the hand section ---------------------------------------------------------------------------
    def read_hand(self, span: tuple[int, int]) -> Hand:
        fields = self.split(span, ".")
        version = self.text(fields[0])
        if version != VERSION:
            known = msg("code.version", version=version, known=VERSION)
            self.fail(known if re.fullmatch(r"v[0-9]+", version) else msg("code.start"), fields[0][0])
        if len(fields) < 2:
            self.fail(msg("code.no_tiles"), fields[0][1] - 1)
        parts = _Parts()
        self.read_tiles(fields[1], parts)
        for f in fields[2:]:
            self.read_field(f, parts)
        return self.build(parts, fields[1][0])

    def read_tiles(self, span: tuple[int, int], parts: _Parts) -> None:
        pieces = self.split(span, "-")
        if len(pieces) > 2:
            self.fail(msg("code.one_dash"), pieces[2][0] - 1)
        parts.standing = self.runs(pieces[0], "mpsz")
        if len(pieces) == 2:
            won = self.runs(pieces[1], "mpsz")
            if len(won) != 1:
                self.fail(msg("code.one_winning"), pieces[1][0])
            parts.winning = won[0]

    def runs(self, span: tuple[int, int], suits: str) -> list[tuple[Tile, int]]:
        out: list[tuple[Tile, int]] = []
        digits: list[int] = []
        for i in range(*span):
            ch = self.raw[i]
            if ch.isdigit():
                digits.append(i)
                continue
            if ch not in suits:
                self.fail(msg("code.suit_here", char=ch, suits=" ".join(suits)), i)
            if not digits:
                self.fail(msg("code.suffix_alone", suffix=ch), i)
            out.extend((self.tile(p, ch), p) for p in digits)
            digits = []
        if digits:
            self.fail(msg("code.digits_alone"), digits[0])
        return out

    def tile(self, pos: int, suit: str) -> Tile:
        try:
            return Tile.of(Suit(suit), int(self.raw[pos]))
        except NotationError as exc:
            self.fail(bare_message(exc), pos)

    def once(self, name: str, parts: _Parts, pos: int, context: bool = True) -> None:
        if name in parts.seen:
            self.fail(msg("code.second_field", name=name), pos)
        parts.seen.add(name)
        if context and parts.context_pos is None:
            parts.context_pos = pos

    def read_field(self, span: tuple[int, int], parts: _Parts) -> None:
        text, pos = self.text(span), span[0]
        if not text:
            self.fail(msg("code.empty_field"), max(pos - 1, 0))
        readers = {
            "C": self.read_meld, "P": self.read_meld, "M": self.read_meld, "A": self.read_meld, "K": self.read_meld,
            "s": self.read_win, "d": self.read_win, "r": self.read_win,
            "w": self.read_wildcard, "o": self.read_won, "k": self.read_kong,
        }
        reader = self.read_declared if _DECLARED_RE.fullmatch(text) else readers.get(text[0])
        if reader is None:
            reader = self.read_flowers if text[0].isdigit() else self.read_winds if text[0] in _SEATS else None
        if reader is None:
            self.fail(msg("code.unknown_field", text=text), pos)
        reader(text, pos, parts)

    def read_meld(self, text: str, pos: int, parts: _Parts) -> None:
        m = _MELD_RE.fullmatch(text)
        if m is None:
            self.fail(msg("code.bad_meld", text=text), pos)
        letter, ranks, suit, digit = m.groups()
        kind, kong = _LETTER_MELD[letter]
        first = self.tile(pos + 1, suit)
        try:
            meld = Meld(kind, first, kong=kong)
        except HandError as exc:
            self.fail(msg("code.in_meld", text=text, message=bare_message(exc)), pos)
        if "".join(str(t.rank) for t in meld.tiles) != ranks:
            example = f"{_MELD_LETTER[kind, kong]}{meld}"
            self.fail(msg("code.meld_kind", text=text, kind=meld.zh, example=example), pos)
        parts.melds.append((self.meld_digit(meld, text, digit, pos), pos))

    def meld_digit(self, meld: Meld, text: str, digit: str, pos: int) -> Meld:
        number = int(digit) if digit else 1
        if meld.kong is KongKind.CONCEALED:
            if digit:
                self.fail(msg("code.concealed_digit", text=text), pos + len(text) - 1)
            return meld
        if not 1 <= number <= 3:
            what = Words("吃的是第几张", "which tile was claimed") if meld.kind is MeldKind.CHOW \
                else Words("来自哪家", "the seat it came from")
            self.fail(msg("code.meld_digit", text=text, digit=number, what=what), pos + len(text) - 1)
        if meld.kind is MeldKind.CHOW:
            return dataclasses.replace(meld, source=Relative.LEFT, claimed=number)
        return dataclasses.replace(meld, source=Relative(number))

    def read_flowers(self, text: str, pos: int, parts: _Parts) -> None:
        self.once("flowers", parts, pos)
        if _FLOWERS_RE.fullmatch(text) is None:
            self.fail(msg("code.bad_flowers", text=text), pos)
        flowers = [self.tile(pos + i, "f") for i in range(len(text) - 1)]
        for i, f in enumerate(flowers):
            if f in flowers[:i]:
                self.fail(msg("notation.flower_twice", tile=str(f), name=f.zh), pos + i)
        parts.context["flowers"] = tuple(sorted(flowers))

    def read_winds(self, text: str, pos: int, parts: _Parts) -> None:
        self.once("winds", parts, pos)
        m = _WINDS_RE.fullmatch(text)
        if m is None:
            self.fail(msg("code.bad_winds", text=text), pos)
        parts.context["round_wind"], parts.context["seat"] = Seat(m[1]), Seat(m[2])

    def read_win(self, text: str, pos: int, parts: _Parts) -> None:
        self.once("win", parts, pos)
        m = _WIN_RE.fullmatch(text)
        if m is None:
            self.fail(msg("code.bad_win", text=text, flags="".join(_FLAGS)), pos)
        parts.context["win"] = _HOW_LETTER[m[1]]
        if m[2]:
            parts.context["from_seat"] = Seat(m[2])
        flags_at = pos + 1 + len(m[2])
        for i, letter in enumerate(m[3]):
            if letter not in _FLAGS:
                self.fail(msg("code.unknown_flag", letter=letter, flags=" ".join(_FLAGS)), flags_at + i)
            if letter in m[3][:i]:
                self.fail(msg("code.flag_twice", letter=letter), flags_at + i)
            parts.context[_FLAGS[letter]] = True

    def read_wildcard(self, text: str, pos: int, parts: _Parts) -> None:
        self.once("wildcard", parts, pos)
        m = _WILDCARD_RE.fullmatch(text)
        if m is None:
            self.fail(msg("code.bad_wildcard", text=text), pos)
        parts.context["wildcard"] = self.tile(pos + 1, m[2])

    def read_won(self, text: str, pos: int, parts: _Parts) -> None:
        self.once("already-won", parts, pos)
        m = _WON_RE.fullmatch(text)
        if m is None:
            self.fail(msg("code.bad_already_won", text=text), pos)
        if len(set(m[1])) != len(m[1]):
            self.fail(msg("code.seat_twice", text=text), pos)
        parts.context["already_won"] = frozenset(Seat(s) for s in m[1])

    def read_declared(self, text: str, pos: int, parts: _Parts) -> None:
        """A system-declared context field, ``key-value`` (rulesets.context)."""
        key, value = text.split("-", 1)
        self.once(key, parts, pos)
        f = declared.known().get(key)
        if f is None:
            self.fail(msg("context.unknown_field", key=key), pos, ContextError)
        try:
            parts.table[key] = f.parse_text(value)
        except ContextError as exc:
            self.fail(bare_message(exc), pos + len(key) + 1, ContextError)

    def read_kong(self, text: str, pos: int, parts: _Parts) -> None:
        if parts.context_pos is None:
            parts.context_pos = pos
        m = _KONG_RE.fullmatch(text)
        if m is None:
            self.fail(msg("code.bad_kong", text=text), pos)
        seat, fed_by = Seat(m[1]), Seat(m[3]) if m[3] else None
        if fed_by == seat:
            self.fail(msg("code.own_kong", text=text), pos, ContextError)
        parts.kongs.append(KongEvent(seat, _LETTER_KONG[m[2]], fed_by))

    # -- the hand ------------------------------------------------------------------------------------
    def build(self, parts: _Parts, tiles_pos: int) -> Hand:
        placed = list(parts.standing) + ([parts.winning] if parts.winning else [])
        placed += [(t, pos) for meld, pos in parts.melds for t in meld.tiles]
        check_copies(placed, self.raw)
        parts.context["kongs"] = tuple(parts.kongs)
        parts.context["table"] = declared.table_values(parts.table)
        hand = canonical_hand(
            Hand(
                standing=tuple(t for t, _ in parts.standing),
                melds=tuple(m for m, _ in parts.melds),
                winning_tile=parts.winning[0] if parts.winning else None,
                context=WinContext(**parts.context),
            )
        )
        try:
            check_hand(hand, self.skip_checks)
        except HandError as exc:
            self.fail(bare_message(exc), tiles_pos, HandError)
        except ContextError as exc:
            self.fail(bare_message(exc), parts.context_pos, ContextError)
        return hand

    # -- the rules sections ---------------------------------------------------------------------------
    def read_system(self, span: tuple[int, int], rules: list[str], options: dict[str, dict[str, object]]) -> None:
        fields = self.split(span, ".")
        rules_id = self.text(fields[0])
        if not _ID_RE.fullmatch(rules_id):
            self.fail(msg("code.bad_rules_id", id=rules_id), fields[0][0] if rules_id else max(span[0] - 1, 0))
        if rules_id in rules:
            self.fail(msg("code.rules_twice", id=rules_id), fields[0][0])
        rules.append(rules_id)
        values: dict[str, object] = {}
        for f in fields[1:]:
            key, value = self.read_option(f)
            if key in values:
                self.fail(msg("code.option_twice", key=key, id=rules_id), f[0])
            values[key] = value
        if values:
            options[rules_id] = values

    def read_option(self, span: tuple[int, int]) -> tuple[str, object]:
        m = _OPTION_RE.fullmatch(self.text(span))
        if m is None:
            self.fail(msg("code.bad_option", text=self.text(span)), max(span[0] - 1, 0))
        key, text = m.groups()
        if text in ("true", "false"):
            return key, text == "true"
        if _INT_RE.fullmatch(text):
            return key, int(text)
        if _WORD_RE.fullmatch(text):
            return key, text
        self.fail(msg("code.bad_option_value", text=text, key=key), span[0] + len(key))


def parse_share_code(code: str) -> SharedHand:
    """Read a share code (or a pasted share link): the hand, the rules ids as written, their options.

    Other spellings of the same hand are read too (any order of fields and tiles, default digits
    written out); :func:`canonical_share_code` gives the one spelling. Errors are
    :class:`NotationError`, :class:`HandError` or :class:`ContextError`, each with a position.

    >>> shared = parse_share_code("v1.123m456p789s1z-1z.P555z2~sichuan~guobiao.min_fan-8")
    >>> str(shared.hand.winning_tile), shared.rules, shared.options
    ('1z', ('sichuan', 'guobiao'), {'guobiao': {'min_fan': 8}})
    """
    if not isinstance(code, str):
        raise NotationError(msg("code.not_text", kind=type(code).__name__))
    if len(code) > MAX_LENGTH:
        fail(msg("code.too_long", n=len(code), max=MAX_LENGTH), code, MAX_LENGTH)
    return _CodeReader(code).read()
