"""The calculator's form: hand string, win context, systems and house rules, all as plain fields.

The whole state of the page is in these fields (a GET query), so the page works without JavaScript
and every state has a URL. The form only validates and builds the engine's request; what the page
shows is built by :mod:`calculator.presenters`.

The table's game is ``rules``: its first value is the system the table plays, any others are compared
with it (an opt-in); with none, every system that can read the hand is compared (no table chosen yet).
A share code in the hand box brings its systems and house rules along when the query names none, so
``/?hand=<share code>`` opens exactly the shared hand. ``table=<system>`` (or ``<system>.<preset>``)
chooses the table: :func:`apply_table`.

House-rule fields are generated from each ruleset's options dataclass: ``opt-<ruleset>-<key>``, plus
``preset-<ruleset>`` and a hidden ``applied-<ruleset>`` (the preset the shown fields were filled
from: when the preset select differs from it, the preset was just changed and its values replace the
fields).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any, NamedTuple, cast

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, ProhibitNullCharactersValidator
from django.http import QueryDict
from django.utils.choices import CallableChoiceIterator, normalize_choices
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rulesets.context import FLAGS as context_flags
from rulesets.context import SHARED, Kind
from rulesets.engine import CONTEXT_FIELDS, Request, context_from_mapping, options_of
from rulesets.errors import ContextError, HandError, MahjongError
from rulesets.hand import SEATS4, Hand, KongKind, MeldKind, WinContext, WinMethod
from rulesets.notation import canonical_hand, is_share_code, parse_hand, read_hand
from rulesets.registry import all_rulesets
from rulesets.scoring import OptionInfo, Ruleset
from rulesets.sharecode import VERSION, SharedHand, parse_share_code
from rulesets.tiles import ALL_TILES, BY_INDEX, FLOWERS, Tile
from rulesets.values import quick
from serving.memo import once_per

from . import editor, table_context
from .engine_messages import render, spelt_hu
from .lang import HANT, engine_language, script
from .wording import speaks_hu

SEAT_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
WIN_CHOICES = [
    ("discard", _("On a discard")),
    ("self_drawn", _("Self-drawn")),
    ("rob_kong", _("Robbing a kong")),
]
FLAGS = context_flags  # the flags of how the hand was won, as rulesets.context declares them once
"""The context flags, in the order they are applied: a flag that conflicts with those before it is dropped."""

MODE_CHOICES = [
    ("standing", pgettext_lazy("palette mode: a standing tile", "Tile")),
    ("chow", _("Chow")),
    ("pung", _("Pung")),
    ("exposed_kong", _("Exposed kong")),
    ("concealed_kong", _("Concealed kong")),
    ("added_kong", _("Added kong")),
]
FROM_CHOICES = [("1", _("Left (上家)")), ("2", _("Across (对家)")), ("3", _("Right (下家)"))]
CLAIMED_CHOICES = [("1", _("lowest")), ("2", _("middle")), ("3", _("highest"))]
KONG_ROWS = 4
"""How many of the other players' kongs (for kong money) the form takes."""
KONG_KINDS = (KongKind.EXPOSED, KongKind.ADDED, KongKind.CONCEALED)


def _kong_event_choices() -> list[tuple[str, str]]:
    """``S.concealed``, ``S.exposed.E`` (fed by East)…: every kong another player can declare."""
    out = [("", "—")]
    for seat in SEATS4:
        for kind in KONG_KINDS:
            if kind is KongKind.EXPOSED:
                out += [(f"{seat.value}.{kind.value}.{f.value}", "") for f in SEATS4 if f is not seat]
            else:
                out.append((f"{seat.value}.{kind.value}", ""))
    return out


KONG_EVENT_CHOICES = _kong_event_choices()


def option_field_name(ruleset: Ruleset, key: str) -> str:
    return f"opt-{ruleset.id}-{key}"


def plain(value: object) -> str:
    """The form value of an option value: enums by value, booleans as 1/0."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _option_field(info: OptionInfo) -> forms.Field:
    if info.kind == "bool":
        return forms.BooleanField(required=False)
    if info.kind == "int":
        return forms.IntegerField(required=False, min_value=-10**9, max_value=10**9)
    return forms.ChoiceField(required=False, choices=[(plain(c), plain(c)) for c in info.choices or ()])


def _system(ruleset: Ruleset) -> tuple[str, type, tuple[str, ...]]:
    """What a system's house-rule fields are drawn from: its id, its options and its presets."""
    return ruleset.id, ruleset.options_type, tuple(ruleset.presets)


@once_per(_system)
def _house_rule_fields(ruleset: Ruleset) -> dict[str, forms.Field]:
    """The fields of one system's house rules: its preset, the preset the fields hold, each option.

    Built once per system and shared by every form (a form only reads its fields): a system has up
    to ~40 options, and building them was a third of a request's time."""
    presets = [("", "")] + [(name, name) for name in ruleset.presets]
    fields: dict[str, forms.Field] = {
        f"preset-{ruleset.id}": forms.ChoiceField(required=False, choices=presets),
        f"applied-{ruleset.id}": forms.ChoiceField(required=False, choices=presets),
    }
    for info in ruleset.option_infos():
        fields[option_field_name(ruleset, info.key)] = _option_field(info)
    return fields


@dataclass
class Context:
    """The win context the form settled on, and why some controls are off."""

    value: WinContext = WinContext()  # a value: one default for every form
    dropped: dict[str, str] = field(default_factory=dict)  # control → why the chosen value was not applied
    unavailable: dict[str, str] = field(default_factory=dict)  # control or control=value → why it cannot be chosen
    from_string: bool = False  # the hand string carried context of its own


_LABEL_SUFFIX = _(":")
"""The suffix of the fields' labels, Django's own, said when a label is drawn: the page draws its controls itself
(calculator.controls), so the form does not ask for its translation on every request as Django's does."""


class CalculatorForm(forms.Form):
    hand = forms.CharField(required=False, max_length=settings.MAX_HAND_STRING, strip=True)
    win = forms.ChoiceField(required=False, choices=WIN_CHOICES)
    seat = forms.ChoiceField(required=False, choices=SEAT_CHOICES)
    round_wind = forms.ChoiceField(required=False, choices=SEAT_CHOICES)
    from_seat = forms.ChoiceField(required=False, choices=[("", ""), *SEAT_CHOICES])
    # then a checkbox per flag, as rulesets.context declares them (_share_fields)
    flowers = forms.MultipleChoiceField(required=False, choices=[(str(f), f.zh) for f in FLOWERS])
    wildcard = forms.ChoiceField(required=False, choices=[("", "")] + [(str(t), t.zh) for t in ALL_TILES])
    already_won = forms.MultipleChoiceField(required=False, choices=SEAT_CHOICES)
    rules = forms.MultipleChoiceField(required=False)  # the table's system first, then those compared with it
    rules_auto = forms.BooleanField(required=False)  # (older addresses) compare every system that can read the hand
    rules_shown = forms.BooleanField(required=False)  # (older addresses) the systems' fields were on the page
    mode = forms.ChoiceField(required=False, choices=MODE_CHOICES)
    meld_from = forms.ChoiceField(required=False, choices=FROM_CHOICES)
    chow_claimed = forms.ChoiceField(required=False, choices=CLAIMED_CHOICES)
    kong1 = forms.ChoiceField(required=False, choices=KONG_EVENT_CHOICES)
    kong2 = forms.ChoiceField(required=False, choices=KONG_EVENT_CHOICES)
    kong3 = forms.ChoiceField(required=False, choices=KONG_EVENT_CHOICES)
    kong4 = forms.ChoiceField(required=False, choices=KONG_EVENT_CHOICES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", _LABEL_SUFFIX)
        super().__init__(*args, **kwargs)
        self.rulesets = all_rulesets()
        registry = _registry(self.rulesets)
        self._by_id = registry.by_id  # the page asks for the table's system ~20 times
        house = registry.house_fields  # the names sent looked up, not each system's (a tap sends a dozen names)
        for position in sorted({house[name] for name in self.data if name in house}):
            self.fields.update(_house_rule_fields(self.rulesets[position]))  # each system whose house rules were sent
        self.hand_sent: str = self.data.get("hand") or ""  # the hand box's text as sent (the form's data is read only)
        self.shared = _shared(self.hand_sent)
        self._game_kept: tuple[Ruleset | None, tuple[Ruleset, ...]] | None = None  # once the fields are clean
        self._hu_kept: bool | None = None  # speaks_hu(), once the fields are clean
        self.parsed: Hand | None = None
        self.parsed_text = ""  # the hand box's text that ``parsed`` was read from
        self._readers_of: Hand | None = None  # the hand _readers_kept was found for
        self._readers_kept: tuple[Ruleset, ...] = ()
        self.hand_error: MahjongError | None = None
        self.notes: list[str] = []  # the reader's notes on the hand string (a red five 0m read as 5m), rendered
        self.context = Context()
        self.request: Request | None = None
        self.options: dict[str, dict[str, object]] = {}  # ruleset id → the values sent to the engine
        self.option_values: dict[str, object] = {}  # ruleset id → its options value, as applied

    # -- cleaning ---------------------------------------------------------------------------------
    def _clean_fields(self) -> None:
        """Django's cleaning of each field, the usual values taken the short way (:func:`_lean`): a value
        the short way does not accept as it is goes through the field's own ``clean``, which gives the
        errors, so a field's value and its errors are Django's either way."""
        data, cleaned, hooks, prefixed = self.data, self.cleaned_data, _hooks(type(self)), bool(self.prefix)
        self._game_kept = self._hu_kept = None
        if not hooks and not prefixed:
            self._clean_sent(_plan(tuple(self.fields.items())))
            self._game_kept = self._game()
            return
        for name, declared in self.fields.items():
            lean = _lean(declared)
            if lean is None:
                value = _DJANGO
            else:
                html = self.add_prefix(name) if prefixed else name
                if html in data:
                    value = lean.clean(_sent(data, html, lean.many))
                else:  # not sent (most of the fields of most requests)
                    value = [] if lean.many else lean.absent
            try:  # Django's own way (Form._clean_fields): the bound field, the field's clean, its hook
                cleaned[name] = cast(Any, declared)._clean_bound_field(self[name]) if value is _DJANGO else value
                if name in hooks:
                    cleaned[name] = getattr(self, f"clean_{name}")()
            except ValidationError as e:
                self.add_error(name, e)
        self._game_kept = self._game()  # the systems named no longer change: the page asks ~20 times

    def _clean_sent(self, plan: _Plan) -> None:
        """:meth:`_clean_fields` of a form without prefix or ``clean_<field>`` hook: every field not sent takes its
        value as absent at once (in the fields' order), then the values sent are read in one pass over the data
        (a choice among fixed values by one look-up in its keys), and last the fields the short way does not take
        and those only Django's ``clean`` takes are cleaned by Django in the fields' order, as above (a field
        with an error is then left out, as Django leaves it, and the errors come in Django's order)."""
        data, cleaned, taken = self.data, self.cleaned_data, plan.taken
        cleaned.update(plan.absent)
        for name in plan.lists:
            cleaned[name] = []  # a list of its own for each form
        lists = type(data) in _MULTI_VALUE  # each name's values as a list: read as MultiValueDict.get reads them
        django = list(plan.django)
        for name, value in cast(MultiValueDict, data).lists() if lists else data.items():
            entry = taken.get(name)
            if entry is None:  # not a field, or one only Django's clean takes (in plan.django)
                continue
            position, lean = entry
            if lists and not lean.many:
                value = value[-1] if value else None
            keys = lean.keys
            if keys is not None and type(value) is str:  # a choice among fixed values: one look-up
                if value in keys:
                    cleaned[name] = value
                    continue
                if value:
                    django.append(position)
                continue  # "" is the absent value already set
            value = lean.clean(value)
            if value is _DJANGO:
                django.append(position)
            else:
                cleaned[name] = value
        for position in sorted(django):
            name, declared = plan.fields[position]
            try:
                cleaned[name] = cast(Any, declared)._clean_bound_field(self[name])
            except ValidationError as e:
                self.add_error(name, e)

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}  # Form.clean gives cleaned_data
        with self.speaking():  # the engine's messages in the word of the systems named (胡 or 和)
            return self._cleaned(data)

    def _cleaned(self, data: dict[str, Any]) -> dict[str, Any]:
        text = data.get("hand") or ""
        if text:
            try:
                self.parsed, notes = read_hand(text)
                self.parsed_text = text
                self.notes = [render(n) for n in notes]
            except HandError as exc:
                if not _incomplete(text, hand_size_of(self.data)):
                    self._hand_failed(exc)
            except MahjongError as exc:
                self._hand_failed(exc)
        chosen = self.chosen_rulesets()
        self.options = {r.id: self._options_for(r) for r in chosen}
        for r in chosen:
            try:
                self.option_values[r.id] = system_options(r, self.options[r.id])
            except MahjongError as exc:
                self.add_error(None, render(exc))
                self.options[r.id] = {}
        skip = frozenset.intersection(*(r.skip_checks for r in chosen)) if chosen else frozenset()
        # a hand read from a hand string passed its tiles' checks in the reader (parse_hand): not asked again
        facts = _TileFacts.of(self.parsed, checked=not is_share_code(text)) if self.parsed is not None else None
        hu, words_of = self._speech()
        # the reasons a choice is off are said as speaking() says them: in the page's language and words
        own = engine_language() == HANT and getattr(words_of, "hant_terms", None)
        said = None if own else (script(), hu)
        self.context = resolve_context(self.parsed, data, skip, facts, said)
        _apply_declared(self.context, self.parsed, table_context.read_form(self.data, chosen), skip, facts)
        if self.parsed is not None:
            try:
                hand = self.parsed.with_context(self.context.value)
                explicit = not self.auto_rules()  # the table's systems were named, or every reader is compared
                self.request = engine_request(hand, chosen, self.options, explicit)
            except MahjongError as exc:
                self._hand_failed(exc)
        return data

    def _hand_failed(self, exc: MahjongError) -> None:
        self.hand_error = exc
        self.add_error("hand" if exc.position is not None or exc.code != "rules" else None, render(exc))

    def _named(self) -> list[str]:
        """The systems named: the ``rules`` sent, else those of a share code in the hand box (table first)."""
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        if data.get("rules_auto"):  # an older address: every system that can read the hand, ticks ignored
            return []
        named = list(dict.fromkeys(data.get("rules") or ()))
        if not named and self.shared is not None and "rules" not in self.data:
            return list(self.shared.rules)
        return named

    def _game(self) -> tuple[Ruleset | None, tuple[Ruleset, ...]]:
        """The table's system (None while no table is chosen) and those compared with it, in the registry's
        order: from the systems named, once the fields are clean."""
        if self._game_kept is not None:
            return self._game_kept
        named = self._named()
        table = self._by_id.get(named[0]) if named else None
        others = set(named[1:])  # most tables compare no other system
        return table, tuple(r for r in self.rulesets if r.id in others and r is not table) if others else ()

    def table(self) -> Ruleset | None:
        """The system the table plays (the first one named), or None while no table is chosen."""
        kept = self._game_kept  # the page asks ~20 times, once the fields are clean
        return (kept if kept is not None else self._game())[0]

    def speaks_hu(self) -> bool:
        """Whether the systems named (the table's and those compared) all write 胡: the engine's messages are
        then said in that word. None named (every system that reads the hand): 和, MCR's."""
        if self._game_kept is not None and self._hu_kept is not None:
            return self._hu_kept
        table = self.table()
        hu = table is not None and speaks_hu((table, *self.compared()))
        if self._game_kept is not None:  # the systems named no longer change: asked once (a system's fan names)
            self._hu_kept = hu
        return hu

    def speaking(self) -> AbstractContextManager[None]:
        """Where the engine's messages are rendered in the words of the systems named (:meth:`speaks_hu`); a
        table of one system (no other compared) also in its own 繁體 words (香港's 糊)."""
        return spelt_hu(*self._speech())

    def _speech(self) -> tuple[bool, Ruleset | None]:
        """How :meth:`speaking` says the engine's messages: spelt with 胡, and in the 繁體 words of which system."""
        table = self.table()
        return self.speaks_hu(), table if table is not None and not self.compared() else None

    def compared(self) -> tuple[Ruleset, ...]:
        """The systems compared with the table's (opted in), in the registry's order."""
        kept = self._game_kept
        return (kept if kept is not None else self._game())[1]

    def hand_size(self) -> int:
        """The tiles of a complete hand at this table (its system's; 14 with none chosen)."""
        table = self.table()
        return table.hand_size if table is not None else editor.FULL

    def auto_rules(self) -> bool:
        """Whether no table is chosen, so that every system that can read the hand is compared."""
        return self.table() is None

    def chosen_rulesets(self) -> tuple[Ruleset, ...]:
        """The systems scored: the table's first, then those compared with it; with no table, every system
        that can read the hand (none before there is a hand)."""
        table = self.table()
        if table is None:
            return self._readers()
        return (table, *self.compared())

    def _readers(self) -> tuple[Ruleset, ...]:
        """Every system that reads the parsed hand (all of them when none does); asked once per hand, as the
        page asks for the systems scored several times."""
        if self.parsed is None:
            return ()
        if self._readers_of is not self.parsed:
            self._readers_kept = tuple(r for r in self.rulesets if _reads(r, self.parsed)) or self.rulesets
            self._readers_of = self.parsed
        return self._readers_kept

    def preset(self, ruleset: Ruleset) -> str:
        return (self.cleaned_data.get(f"preset-{ruleset.id}") or "") if hasattr(self, "cleaned_data") else ""

    def _options_for(self, ruleset: Ruleset) -> dict[str, object]:
        """The house-rule values to send for ``ruleset``: its preset, then the fields shown for it."""
        data = self.cleaned_data
        preset = data.get(f"preset-{ruleset.id}") or ""
        out: dict[str, object] = {"preset": preset} if preset else {}
        compact_name = f"hr-{ruleset.id}"  # looked for first: QueryDict.get raises and catches a KeyError for none
        compact = self.data.get(compact_name) if compact_name in self.data else None
        carried = self.shared.options.get(ruleset.id) if self.shared is not None else None
        if compact is None and carried and f"applied-{ruleset.id}" not in self.data:
            return {**out, **carried}  # the share code's house rules
        if compact is not None:  # calculator.js sends only the changed house rules, as key-value.key-value
            if preset == (self.data.get(f"applied-{ruleset.id}") or ""):
                out.update(compact_options(compact))
            return out
        fields_shown = f"applied-{ruleset.id}" in self.data
        if not fields_shown or preset != (data.get(f"applied-{ruleset.id}") or ""):
            return out  # the fields were not on the page, or hold another preset's values
        for info in ruleset.option_infos():
            value = data.get(option_field_name(ruleset, info.key))
            if value is not None and value != "":
                out[info.key] = value
        return out


def engine_request(hand: Hand, chosen: tuple[Ruleset, ...], options: Mapping[str, Mapping[str, object]],
                   explicit: bool) -> Request:
    """``build_request(hand, [r.id for r in chosen], None, options)`` with ``explicit_rules=explicit``: the same
    request, made from the systems themselves (``chosen``, each once, as the form holds them) rather than looked up
    again by their names, and from ``options``, the house rules sent for each of them (``{}`` for the defaults): the
    hand in its canonical form, each system's options parsed (the defaults as ``default_options`` keeps them)."""
    return Request(canonical_hand(hand), chosen, options_of(chosen, options), explicit_rules=explicit, checked=False)


class Keyed:
    """A ruleset as a cache key: by its id and options type (a Ruleset value holds dicts, so it has no hash)."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def __hash__(self) -> int:
        return hash((self.ruleset.id, self.ruleset.options_type))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and (other.ruleset.id, other.ruleset.options_type) == (
            self.ruleset.id, self.ruleset.options_type)


def system_options(r: Ruleset, values: Mapping[str, object]) -> Any:
    """``r.parse_options(values)``: the house rules sent. Those of a preset alone, or the defaults (what nearly
    every request sends), are built once per system and preset: an options value is frozen, and the same
    object each time tells the page at once that no house rule differs from the preset's."""
    if not values:
        return preset_options(r, "")
    if len(values) == 1 and values.get("preset") in r.presets:
        return preset_options(r, str(values["preset"]))
    return r.parse_options(values)


def preset_options(r: Ruleset, preset: str) -> Any:
    """The house rules ``preset`` gives (the defaults for none, or for a preset the system lacks), built once."""
    return _preset_options(Keyed(r), preset if preset and preset in r.presets else "")


@lru_cache(maxsize=256)
def _preset_options(key: Keyed, preset: str) -> Any:
    return key.ruleset.parse_options({"preset": preset} if preset else None)


def _shared(text: str) -> SharedHand | None:
    """What a share code in the hand box says (its systems and house rules), or None for any other text."""
    text = text.strip()
    if not text.startswith(VERSION + "."):
        return None
    try:
        return parse_share_code(text)
    except MahjongError:
        return None  # the hand box reports it


def compact_options(text: str) -> dict[str, str]:
    """House rules written ``key-value.key-value`` (the share code's spelling) as ``{key: value}``; the
    engine checks each key and value. A piece without ``-`` is ignored."""
    out: dict[str, str] = {}
    for piece in str(text)[:2000].split("."):
        key, sep, value = piece.partition("-")
        if sep and key:
            out[key] = value
    return out


def _apply_declared(result: Context, hand: Hand | None, wanted: dict[str, Any],
                    skip: frozenset[str] = frozenset(), facts: _TileFacts | None = None) -> None:
    """Apply the declared table context (rulesets.context) one field at a time; a value the engine
    refuses is dropped with its reason, like the win context's controls."""
    for key, value in wanted.items():
        try:
            ctx = context_from_mapping({key: value}, result.value)
        except ContextError as exc:
            result.dropped[key] = render(exc)
            continue
        reason = conflict(hand, ctx, skip, facts)
        if reason:
            result.dropped[key] = reason
        else:
            result.value = ctx


_DJANGO = object()
"""What a lean cleaner (:func:`_lean`) answers for a value it does not take: the field's own ``clean`` decides."""

_Cleaner = Callable[[Any], Any]
_MULTI_VALUE = (QueryDict, MultiValueDict)
"""The form data read a name's values at once (each name's list, as ``MultiValueDict.get`` and ``getlist`` read it)."""


class _Lean(NamedTuple):
    """The short way to a field's cleaned value: ``clean(value)`` for the value sent (:func:`_sent`), ``absent``
    for none (a multiple choice's is a new empty list each time: a form's cleaned lists are its own)."""

    clean: _Cleaner
    absent: Any
    many: bool = False  # it reads every value sent (``getlist``), not the last
    keys: frozenset[str] | None = None  # a choice among these fixed values: ``clean`` is the look-up in them


def _sent(data: Any, name: str, many: bool) -> Any:
    """The value of ``name`` in ``data`` as the field's widget reads it: ``getlist`` for a multiple choice of data
    that has it, else ``get``."""
    if many:
        getlist = getattr(data, "getlist", None)
        return getlist(name) if getlist is not None else data.get(name)
    return data.get(name)


@lru_cache(maxsize=4096)  # the form's own fields and each system's house-rule fields; a test's, built again, age out
def _lean(field: forms.Field) -> _Lean | None:
    """The short way to a field's cleaned value, read from the field as declared (its class, widget, choices,
    length and validators) once per field, or None for a field only Django's ``clean`` takes. Django builds a
    bound field and runs conversion, validation and each validator for every field of every form (24 of them
    here, a fifth of a request's time); the short way checks the same things of the usual values (absent, or
    one of the choices) and answers :data:`_DJANGO` for anything else."""
    return _lean_for(field)


def _lean_for(field: forms.Field) -> _Lean | None:
    if field.required or field.disabled:
        return None
    kind, widget = type(field), type(field.widget)
    if kind is forms.CharField and widget is forms.TextInput:
        text = _lean_text(cast(forms.CharField, field))
        return _Lean(text, cast(forms.CharField, field).empty_value) if text is not None else None
    if kind is forms.BooleanField and widget is forms.CheckboxInput and not field.validators:
        return _Lean(_checkbox, False)
    if field.validators or not isinstance(field, forms.ChoiceField):
        return None
    choice = _lean_choice(field)
    if choice is None:
        return None
    if kind is forms.MultipleChoiceField:
        return _Lean(choice, None, many=True)
    return _Lean(choice, "", keys=getattr(choice, "keys", None))


def _checkbox(value: Any) -> bool:
    """``CheckboxInput.value_from_datadict`` of a value sent: "true" and "false" in any case as such, else its truth."""
    if isinstance(value, str):
        return bool(_CHECKBOX_WORDS.get(value.lower(), value))
    return bool(value)


_CHECKBOX_WORDS = {"true": True, "false": False}


def _lean_choice(field: forms.ChoiceField) -> _Cleaner | None:
    """A choice field's short way: nothing chosen, or values among its choices."""
    kind, widget = type(field), type(field.widget)
    choices = field.choices
    keys = _choice_keys(choices) if not isinstance(choices, CallableChoiceIterator) else None
    func = getattr(choices, "func", None)
    seen: list[Any] = [None, frozenset()]  # the choices the function gave last, and their keys

    def keys_now() -> frozenset[str]:  # choices given by a function: asked each time, as Django does
        if keys is not None:
            return keys
        given = func() if func is not None else choices
        if given is not seen[0]:
            seen[:] = [given, _choice_keys(normalize_choices(given))]
        return cast(frozenset[str], seen[1])

    if kind is forms.ChoiceField and widget is forms.Select and keys is not None:
        return _fixed_choice(keys)  # the usual case: choices given as a list
    if kind is forms.ChoiceField and widget is forms.Select:
        def choice(value: Any) -> Any:
            if value is None or value == "":
                return ""
            return value if type(value) is str and value in keys_now() else _DJANGO
        return choice
    if kind is forms.MultipleChoiceField and widget is forms.SelectMultiple:
        def multiple(values: Any) -> Any:
            if not values:
                return []
            if type(values) is not list:
                return _DJANGO
            known = keys_now()
            return list(values) if all(type(v) is str and v in known for v in values) else _DJANGO
        return multiple
    return None


def _fixed_choice(keys: frozenset[str]) -> _Cleaner:
    """A choice field's short way when its choices are a list (not a function): nothing chosen, or one of ``keys``
    (held as the function's ``keys``: :meth:`CalculatorForm._clean_sent` looks a text up in them at once)."""

    def choice(value: Any) -> Any:
        if value is None or value == "":
            return ""
        return value if type(value) is str and value in keys else _DJANGO
    choice.keys = keys  # type: ignore[attr-defined]
    return choice


def _lean_text(field: forms.CharField) -> _Cleaner | None:
    """A text field's short way: stripped as declared, taken when within its length and free of NUL."""
    limit: int | None = None
    for validator in field.validators:
        if type(validator) is MaxLengthValidator and type(validator.limit_value) is int:
            limit = validator.limit_value if limit is None else min(limit, validator.limit_value)
        elif type(validator) is not ProhibitNullCharactersValidator:
            return None
    empty, strip = field.empty_value, field.strip

    def text(value: Any) -> Any:
        if value is None:
            return empty
        if type(value) is not str:
            return _DJANGO
        if strip:
            value = value.strip()
        if not value:
            return empty
        return _DJANGO if (limit is not None and len(value) > limit) or "\x00" in value else value
    return text


def _choice_keys(choices: Any) -> frozenset[str]:
    """The values a choice field takes, as ``ChoiceField.valid_value`` compares them (groups opened)."""
    keys: set[str] = set()
    for key, label in choices:
        if isinstance(label, (list, tuple)):
            keys.update(str(k) for k, _label in label)
        else:
            keys.add(str(key))
    return frozenset(keys)


class _Plan(NamedTuple):
    """How a form's fields are cleaned (:meth:`CalculatorForm._clean_sent`): read once per set of fields."""

    fields: tuple[tuple[str, forms.Field], ...]  # each field, in order
    taken: dict[str, tuple[int, _Lean]]  # each field the short way takes: its position and its short way
    django: tuple[int, ...]  # the positions of the fields only Django's ``clean`` takes, sent or not
    absent: dict[str, Any]  # each field's value when not sent, in the fields' order: read it only
    lists: tuple[str, ...]  # the multiple choices, whose value when not sent is a new empty list


@lru_cache(maxsize=64)  # the form's own fields, with those of the systems whose house rules were sent
def _plan(fields: tuple[tuple[str, forms.Field], ...]) -> _Plan:
    entries = [(position, name, _lean(field)) for position, (name, field) in enumerate(fields)]
    taken = {name: (position, lean) for position, name, lean in entries if lean is not None}
    django = tuple(position for position, _name, lean in entries if lean is None)
    absent = {name: lean.absent if lean is not None else None for _position, name, lean in entries}
    lists = tuple(name for _position, name, lean in entries if lean is not None and lean.many)
    return _Plan(fields, taken, django, absent, lists)


@lru_cache(maxsize=16)
def _hooks(form_class: type[forms.Form]) -> frozenset[str]:
    """The fields whose form class cleans them further (a ``clean_<field>`` method)."""
    return frozenset(name[6:] for name in dir(form_class) if name.startswith("clean_"))


class _SharedFields(dict[str, forms.Field]):
    """A form class's fields, given to each form as they are. Django deep-copies every field of every form
    it builds (so that a form may change its own); this form never changes a field, and the copy (the
    fields, their widgets, the kongs' 37 choices each…) was a tenth of a request's time."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return dict(self)


def flag_fields() -> dict[str, forms.Field]:
    """A checkbox for each flag of how the hand was won, as rulesets.context declares them."""
    return {key: forms.BooleanField(required=False) for key in FLAGS}


@dataclass(frozen=True)
class _Registry:
    """What the form reads of the registered systems, found once per registry: read it only."""

    rulesets: tuple[Ruleset, ...]
    by_id: dict[str, Ruleset]
    choices: list[tuple[str, str]]  # of ``rules``
    house_fields: dict[str, int]  # the fields that send a system's house rules (applied-, preset-): its position


_REGISTRY: list[_Registry] = []


def _registry(rulesets: tuple[Ruleset, ...]) -> _Registry:
    """:class:`_Registry` of ``rulesets`` (the registry's tuple): found again only when the registry is another."""
    if not _REGISTRY or _REGISTRY[0].rulesets is not rulesets:
        house = {f"{kind}-{r.id}": i for i, r in enumerate(rulesets) for kind in ("applied", "preset")}
        _REGISTRY[:] = [_Registry(rulesets, {r.id: r for r in rulesets}, [(r.id, r.id) for r in rulesets], house)]
    return _REGISTRY[0]


def _registry_choices() -> list[tuple[str, str]]:
    """Every registered system as a choice of ``rules``: the registry as it is when a form is cleaned."""
    return _registry(all_rulesets()).choices


def _share_fields(form_class: type[forms.Form]) -> None:
    rules = cast(forms.MultipleChoiceField, form_class.base_fields["rules"])
    rules.choices = _registry_choices  # the registry as it is when a form is cleaned
    fields: dict[str, forms.Field] = {}
    for name, f in form_class.base_fields.items():
        fields[name] = f
        if name == "from_seat":  # the flags follow the discarder
            fields.update(flag_fields())
    form_class.base_fields = _SharedFields(fields)


_share_fields(CalculatorForm)


# -- the win context --------------------------------------------------------------------------------


def _mapping(data: dict[str, Any]) -> dict[str, Any]:
    """The context fields of the form that differ from the defaults, as the engine's JSON mapping (each shared
    field as rulesets.context declares it: a flag is on, a list is of its controls' values, the kongs are rows)."""
    try:
        if _READ_SENT(data) == _SENT_DEFAULTS:  # the defaults as every page's form sends them (most requests)
            return {}
    except KeyError:  # a field left out of the cleaned data (its value refused): read one by one below
        pass
    out: dict[str, Any] = {}
    for key, kind, default in _SHARED_READ:
        if kind is Kind.KONGS:
            sent = [data.get(name) for name in _KONG_NAMES]
            if not any(sent):  # no row chosen (most requests): no kong
                continue
            kongs = [_kong_event(code or "") for code in sent]
            value: Any = [k for k in kongs if k]
        else:
            raw = data.get(key)
            if not raw:  # not set (most of the fields of most requests): nothing of any kind
                continue
            if kind is Kind.BOOL:
                value = True
            elif kind in (Kind.TILES, Kind.SEATS):
                value = list(raw)
            else:
                value = raw
        if value and value != default:
            out[key] = value
    return out


_SHARED_READ = tuple((f.key, f.kind, f.json(f.default)) for f in SHARED)
"""Each shared field as :func:`_mapping` reads it: its key, its kind and its default as the engine's JSON."""
_KONG_NAMES = tuple(f"kong{i}" for i in range(1, KONG_ROWS + 1))
_READ_SENT = itemgetter(*(key for key, kind, _default in _SHARED_READ if kind is not Kind.KONGS), *_KONG_NAMES)
"""The cleaned values :func:`_mapping` reads, at once."""
_SENT_DEFAULTS = tuple(default if kind in (Kind.CHOICE, Kind.SEAT) and default else [] if kind in (
    Kind.TILES, Kind.SEATS) else False if kind is Kind.BOOL else "" for key, kind, default in _SHARED_READ
    if kind is not Kind.KONGS) + ("",) * KONG_ROWS
"""What those values are when the form sends each control at its default (a choice or seat chosen as its default,
the others not set): the context :func:`_mapping` finds nothing in."""
_ORDER = ("seat", "round_wind", *(k for k in CONTEXT_FIELDS if k not in ("seat", "round_wind")))
"""The order the win context's controls are applied in: the winner's seat and the round first."""


def _kong_event(code: str) -> dict[str, str] | None:
    parts = code.split(".")
    if len(parts) < 2:
        return None
    event = {"seat": parts[0], "kind": parts[1]}
    if len(parts) > 2:
        event["fed_by"] = parts[2]
    return event


def conflict(hand: Hand | None, ctx: WinContext, skip: frozenset[str] = frozenset(),
             facts: _TileFacts | None = None) -> str | None:
    """Why ``ctx`` contradicts itself or the tiles (in the active language), or None. The tile count is
    not held against it: that is the hand's own error. ``skip``: the checks every chosen system makes its
    own way (``Ruleset.skip_checks``); ``facts``: the hand's :class:`_TileFacts`, when already read."""
    try:
        if hand is None:
            ctx.check(4)
        elif (facts or _TileFacts.of(hand)).possible:  # impossible tiles are the hand's own error, whatever the context
            hand.with_context(ctx).check_context(players=4, skip_checks=skip)
    except ContextError as exc:
        return render(exc)
    except MahjongError:
        return None
    return None


@quick
@dataclass(frozen=True)
class _TileFacts:
    """What the engine's checks of a context against the tiles (``Hand.check_context``, once the context passed
    its own ``WinContext.check``) read of a hand, read once per hand: the page tries twenty-odd contexts on
    it, and building a hand for each and checking it was a fifth of the form's time. Only a context they
    :meth:`may_refuse` goes to the engine, which says whether and why; tests/calculator/test_forms.py holds
    :meth:`may_refuse` against the engine's checks. Made the quick way
    (``rulesets.values.quick``), as the engine makes its values."""

    possible: bool  # the tiles pass Hand.validate's own checks at their own count (else no context is judged)
    kong: bool  # the hand has a kong (a replacement win needs one)
    complete: bool  # it has its winning tile (a waiting hand's context is not checked against the tiles)
    held: bool  # the winning tile is held besides, standing or in a pack (a robbed kong's tile cannot be)
    standing: bool  # the winning tile is among the standing tiles (the last copy cannot be)

    @classmethod
    def of(cls, hand: Hand, checked: bool = False) -> _TileFacts:
        """The facts of ``hand``; ``checked``: its tiles already passed ``Hand.check_tiles`` at their own count (a
        hand :func:`~rulesets.notation.read_hand` read from a hand string), so they are possible without asking."""
        won, melds = hand.winning_tile, hand.melds
        possible = checked
        if not checked:
            try:
                hand.check_tiles(hand_size=hand.size() + (0 if won is not None else 1))
                possible = True
            except MahjongError:
                possible = False
        kong = any(m.is_kong for m in melds)
        if won is None:  # a waiting hand: no winning tile to hold
            return cls(possible, kong, False, False, False)
        # a tile is its index (Tile's equality): the tiles compared as their indexes, with no call per tile, and
        # a pack's tiles (Meld.tiles) as the run of three from its lowest tile's, or that one tile
        index = won.index
        standing = index in map(BY_INDEX, hand.standing)
        held = standing or any(
            (0 <= index - m.tile.index <= 2) if m.kind is MeldKind.CHOW else index == m.tile.index for m in melds)
        return cls(possible, kong, True, held, standing)

    def may_refuse(self, ctx: WinContext) -> bool:
        """Whether the tiles may refuse ``ctx``: a replacement win without a kong, a robbed kong's tile or a
        last copy the hand holds."""
        if ctx.kong_replacement and not self.kong:
            return True
        return self.complete and ((ctx.win is WinMethod.ROB_KONG and self.held) or (ctx.last_copy and self.standing))


def resolve_context(hand: Hand | None, data: dict[str, Any], skip: frozenset[str] = frozenset(),
                    facts: _TileFacts | None = None, said: tuple[str, bool] | None = None) -> Context:
    """Apply the form's context on top of the hand string's, one control at a time.

    A chosen value that contradicts the ones applied before it is dropped, with the engine's reason;
    every value that cannot be chosen now is listed with its reason (the page disables it). ``said``: the
    language and words (``lang.script``) and the 胡 spelling the engine's messages are rendered in, when no
    system's own words change them (the reasons the context alone gives are then rendered once per those).
    """
    base = hand.context if hand is not None else _NO_CONTEXT
    if hand is not None and facts is None:
        facts = _TileFacts.of(hand)
    result = Context(value=base, from_string=base != _NO_CONTEXT)
    wanted = _mapping(data)
    win = wanted.get("win")  # the win chosen (a value of WinMethod), else the hand string's
    if (base.win is WinMethod.SELF_DRAWN) if win is None else win == _SELF_DRAWN:
        wanted.pop("from_seat", None)  # a self-drawn win has no discarder: nothing to report
    for key in _ORDER if wanted else ():  # nothing chosen but the defaults (most requests): nothing to apply
        if key in wanted:
            _apply(result, hand, key, wanted[key], skip, facts)
    _list_unavailable(result, hand, skip, facts, said)
    return result


_NO_CONTEXT = WinContext()
"""The context of a hand that says nothing of how it was won (a value: compared, never changed)."""
_SELF_DRAWN = WinMethod.SELF_DRAWN.value


def _apply(result: Context, hand: Hand | None, key: str, value: Any, skip: frozenset[str] = frozenset(),
           facts: _TileFacts | None = None) -> None:
    try:
        ctx = context_from_mapping({key: value}, result.value)
    except ContextError as exc:
        result.dropped[key] = render(exc)
        return
    reason = conflict(hand, ctx, skip, facts)
    if reason:
        result.dropped[key] = reason
    else:
        result.value = ctx


def _list_unavailable(result: Context, hand: Hand | None, skip: frozenset[str] = frozenset(),
                      facts: _TileFacts | None = None, said: tuple[str, bool] | None = None) -> None:
    """Which choices the current context rules out (:func:`conflict` of each, with the context's own verdicts
    found once per context by :func:`_choices`, and the tiles' read once per hand: :class:`_TileFacts`).
    The context's own verdicts are rendered once per ``said`` (see :func:`resolve_context`), and so are the
    tiles' (:func:`_ruled_out`)."""
    ctx = result.value
    if hand is not None and facts is None:
        facts = _TileFacts.of(hand)
    if facts is None or facts.possible:  # else the tiles are the hand's own error, whatever the context
        result.unavailable.update(_ruled_out(ctx, said, _Tiles(hand, facts, skip)))
    if ctx.self_drawn:
        result.unavailable["from_seat"] = gettext("A self-drawn win has no discarder.")


class _Tiles:
    """The tiles a context is judged against, as a key: by what the engine's checks of a context against the
    tiles read of them (``Hand._check_context_against_tiles``: its :class:`_TileFacts`, the winning tile its
    messages name, and the checks skipped), so that two hands alike in those are judged alike. The winning tile
    is named only when it is held besides (a robbed kong's tile, a last copy): else no message names it, and
    hands alike in all but their winning tile are judged alike."""

    __slots__ = ("facts", "hand", "key", "skip")

    def __init__(self, hand: Hand | None, facts: _TileFacts | None, skip: frozenset[str]) -> None:
        self.hand, self.facts, self.skip = hand, facts, skip
        named = hand.winning_tile if hand is not None and (facts is None or facts.held) else None
        self.key = (facts, named, skip) if hand is not None else None

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Tiles) and other.key == self.key


def _ruled_out(ctx: WinContext, said: tuple[str, bool] | None, tiles: _Tiles) -> tuple[tuple[str, str], ...]:
    """The choices of :func:`_choices` that ``ctx`` or the ``tiles`` rule out, each with its reason, in their order:
    kept per context, ``said`` and tiles when their reasons are rendered as ``said`` says (else found afresh)."""
    if said is None:
        return _ruled_out_kept.__wrapped__(ctx, said, tiles)
    try:
        return _ruled_out_kept(ctx, said, tiles)
    except TypeError:  # a declared table value that cannot be hashed: found afresh
        return _ruled_out_kept.__wrapped__(ctx, said, tiles)


@lru_cache(maxsize=512)
def _ruled_out_kept(ctx: WinContext, said: tuple[str, bool] | None, tiles: _Tiles) -> tuple[tuple[str, str], ...]:
    """:func:`_ruled_out`: the tiles' verdicts asked of the engine (``Hand.check_context``) for the choices their
    facts say they may refuse (:meth:`_TileFacts.may_refuse`), the first time these tiles meet this context;
    a tap's hand is judged like many before it (a robbed kong's tile held, a last copy standing…)."""
    hand, facts, skip = tiles.hand, tiles.facts, tiles.skip
    out: list[tuple[str, str]] = []
    for control, trial, verdict in _choices(ctx, said):
        if trial is None:  # the context alone refuses it
            out.append((control, verdict if type(verdict) is str else render(cast(MahjongError, verdict))))
        elif hand is not None and cast(_TileFacts, facts).may_refuse(trial):
            try:  # Hand.check_context: the context alone (known to pass), then the tiles
                hand.with_context(trial).check_context(players=4, skip_checks=skip)
            except ContextError as exc:
                out.append((control, render(exc)))
            except MahjongError:
                pass
    tiles.hand = None  # kept as a key only: the hand is not held on to
    return tuple(out)


_MAY_REFUSE_ANY = _TileFacts(possible=True, kong=False, complete=True, held=True, standing=True)
"""Tiles that refuse every context tiles can refuse: the contexts some hand's tiles may refuse are those they do."""


def _choices(ctx: WinContext, said: tuple[str, bool] | None) -> tuple[tuple[str, WinContext | None, object], ...]:
    """The choices of :func:`_trials` that may be off, in their order: ``(control, None, verdict)`` for one the
    context alone refuses (its reason, rendered as ``said`` when given, else the error), ``(control, trial,
    None)`` for one some tiles may refuse (:meth:`_TileFacts.may_refuse`). The choices every hand's tiles take
    are left out: the page tries twenty-odd, and seven to fifteen of them each time are always available."""
    try:
        return _choices_kept(ctx, said)
    except TypeError:  # a declared table value that cannot be hashed: found afresh
        return _choices_kept.__wrapped__(ctx, said)


@lru_cache(maxsize=256)
def _choices_kept(ctx: WinContext, said: tuple[str, bool] | None) -> tuple[tuple[str, WinContext | None, object], ...]:
    """:func:`_choices`, kept per context and ``said`` (the language and spelling its reasons are rendered in,
    which are active when it is built): it reads no tile."""
    out: list[tuple[str, WinContext | None, object]] = []
    for control, trial, problem in _trials(ctx):
        if problem is None:
            if _MAY_REFUSE_ANY.may_refuse(trial):
                out.append((control, trial, None))
        elif isinstance(problem, ContextError):
            out.append((control, None, problem if said is None else render(problem)))
    return tuple(out)


def _trials(ctx: WinContext) -> tuple[tuple[str, WinContext, MahjongError | None], ...]:
    """Each choice the controls offer, as the context it would make from ``ctx``, with what the engine says
    of that context alone (``WinContext.check`` at a table of four: its error, or None)."""
    try:
        return _trials_kept(ctx)
    except TypeError:  # a declared table value that cannot be hashed: tried afresh
        return _trials_kept.__wrapped__(ctx)


@lru_cache(maxsize=256)
def _trials_kept(ctx: WinContext) -> tuple[tuple[str, WinContext, MahjongError | None], ...]:
    """:func:`_trials`, kept per context: it reads no tile, and the twenty-odd contexts it makes (seven or so
    the engine refuses, each with an error built and raised) are mostly the same from one hand to the next.
    How the hand was won and who discarded are tried on the context without its flags, so that a flag never
    locks the choice it depends on."""
    primary = WinContext(seat=ctx.seat, round_wind=ctx.round_wind, win=ctx.win, already_won=ctx.already_won)
    trials: dict[str, WinContext] = {f"win={w.value}": primary.replace(win=w) for w in WinMethod}
    if not ctx.self_drawn:
        trials.update({f"from_seat={s.value}": primary.replace(from_seat=s) for s in SEATS4})
    trials.update({f"already_won={s.value}": ctx.replace(already_won=ctx.already_won | {s}) for s in SEATS4})
    trials.update({key: ctx.replace(**{key: True}) for key in FLAGS if not getattr(ctx, key)})
    return tuple((control, trial, _context_error(trial)) for control, trial in trials.items())


def _context_error(ctx: WinContext) -> MahjongError | None:
    try:
        ctx.check(4)
    except MahjongError as exc:
        return exc.with_traceback(None)  # kept without the frames it was raised in
    return None


def _reads(ruleset: Ruleset, hand: Hand) -> bool:
    """Whether ``ruleset`` reads ``hand``, or reads it once complete (a waiting hand)."""
    if ruleset.can_read(hand):
        return True
    if hand.winning_tile is not None or not hand.standing:
        return False
    return ruleset.can_read(hand.with_winning_tile(hand.standing[0]))


def _incomplete(text: str, full: int = editor.FULL) -> bool:
    """Whether ``text`` is a hand still being entered (readable, no fifth copy, just not a hand's size yet)."""
    hand = editor.read(text, full)
    return hand is not None and max(hand.counts(), default=0) <= 4 and hand.size < full


def hand_size_of(data: Mapping[str, Any]) -> int:
    """The tiles of a complete hand at the table ``data`` names (its first ``rules``; 14 with none)."""
    getlist = getattr(data, "getlist", None)
    named = getlist("rules") if getlist else []
    found = next((r for r in all_rulesets() if named and r.id == named[0]), None)
    return found.hand_size if found is not None else editor.FULL


def selected(form: CalculatorForm, name: str, default: str) -> str:
    """A cleaned choice of the form, or its default."""
    data = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    return data.get(name) or default


ACTIONS = ("add", "remove", "clear", "make_winning")
"""The buttons that edit the hand box without JavaScript (calculator.js edits it in the browser)."""

TABLE_FIELDS = ("rules", "rules_auto", "rules_shown", "open")
TABLE_PREFIXES = ("preset-", "applied-", "opt-", "hr-")
"""The fields that say which game the table plays and how: dropped when another table is chosen."""


def apply_table(data: QueryDict) -> QueryDict:
    """The form data once the table chosen by ``table=<system>`` (or ``<system>.<preset>``) plays: that system
    alone, with the preset's house rules (or its defaults); the hand and its context are kept. An unknown
    system leaves the data as it was (without the ``table`` field)."""
    out = data.copy()
    system, _sep, preset = (out.pop("table", None) or [""])[-1].partition(".")
    chosen = next((r for r in all_rulesets() if r.id == system), None)
    if chosen is None:
        return out
    for key in [k for k in out if k in TABLE_FIELDS or k.startswith(TABLE_PREFIXES)]:
        del out[key]
    out["rules"] = chosen.id
    if preset in chosen.presets:
        out[f"preset-{chosen.id}"] = out[f"applied-{chosen.id}"] = preset
    return out


def apply_edit(data: QueryDict) -> QueryDict:
    """The form data after the edit its button asks for (``add=5m``, ``remove=t:5m``, ``clear=1``).

    Raises :class:`editor.EditError` when the edit cannot be made.
    """
    out = data.copy()
    for key in ACTIONS:
        out.pop(key, None)
    if "clear" in data:
        out["hand"] = ""
        return out
    text = data.get("hand", "")
    full = hand_size_of(data)
    hand = editor.read(text, full)
    if hand is None:
        try:
            hand = editor.from_hand(parse_hand(text), full)
        except MahjongError as exc:
            raise editor.EditError(
                gettext("The hand box holds something the palette cannot edit: %(error)s")
                % {"error": render(exc)}
            ) from None
    if "add" in data:
        t = _tile_or_fail(data.get("add") or "")
        digit = data.get("chow_claimed") if data.get("mode") == "chow" else data.get("meld_from")
        plain = (digit or "").isascii() and (digit or "").isdigit() and len(digit or "") <= 3
        # not int("²") nor int() of 4,301 digits: another digit is refused by the editor's own message
        number = int(digit) if plain and digit else (0 if digit else 1)
        hand = editor.add(hand, t, data.get("mode") or "standing", number)
        out["mode"] = "standing"  # a pack is entered one at a time
        out.pop("meld_from", None)  # and each says where it came from
    elif "make_winning" in data:
        hand = editor.make_winning(hand, data.get("make_winning") or "")
    else:
        hand = editor.remove(hand, data.get("remove", ""))
    out["hand"] = editor.write(hand)
    return out


def _tile_or_fail(text: str) -> Tile:
    try:
        return Tile.parse(text)
    except MahjongError as exc:
        raise editor.EditError(render(exc)) from None


def editor_hand(form: CalculatorForm) -> editor.EditorHand | None:
    """What the editor shows: the hand box read in editor form, else the parsed hand, else nothing."""
    text = form.hand_sent
    if form.parsed is not None and text == form.parsed_text and not is_share_code(text):
        return editor.as_typed(form.parsed, form.hand_size())  # the hand box as read by the form's cleaning
    read = editor.read(text, form.hand_size())
    if read is not None:
        return read
    return editor.from_hand(form.parsed, form.hand_size()) if form.parsed is not None else None
