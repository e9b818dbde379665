"""The house-rule controls of the systems compared, and each system's default house rules.

A system's controls are built once per language, preset and values and shared (read only: ``parts.Frozen``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext

from rulesets.scoring import Ruleset, options_dict
from rulesets.values import keep

from .citations import citation
from .forms import CalculatorForm, Keyed, option_field_name, plain, preset_options
from .lang import pick, script
from .parts import frozen


def default_options(r: Ruleset) -> Any:
    """``r``'s default house rules (the value ``r.parse_options()`` builds), built once."""
    return preset_options(r, "")


@lru_cache(maxsize=256)
def _options_dict(options: Any) -> dict[str, object]:
    return options_dict(options)


def options_as_dict(options: Any) -> dict[str, object]:
    """``scoring.options_dict``, memoised by the (frozen) options value; the dict is shared: read it only."""
    try:
        return _options_dict(options)
    except TypeError:
        return options_dict(options)


def option_label(value: object) -> str:
    """An option choice in words: an enum's own zh/en names when it has them, else its value."""
    zh, en = getattr(value, "zh", None), getattr(value, "en", None)
    if isinstance(zh, str) or isinstance(en, str):
        return pick(zh, en)
    raw = getattr(value, "value", value)
    if isinstance(raw, bool):
        return gettext("yes") if raw else gettext("no")
    return str(raw)


def systems_context(form: CalculatorForm) -> dict[str, Any]:
    """The table's system and its house rules, and the systems it may be compared with (an opt-in: the
    checkboxes) with theirs. With no table, the house rules of every system the hand is compared under."""
    chosen = form.chosen_rulesets()
    table = form.table()
    # looked for first: QueryDict.getlist raises and catches a KeyError for a name not sent (most pages)
    opened = set(form.data.getlist("open")) if "open" in form.data and hasattr(form.data, "getlist") else set()
    words = script()
    house_rules = [_house_rules(form, r) if r.id in opened else _folded(form, r, words) for r in chosen]
    compare = () if table is None else _compare(words, _Registry(form.rulesets), table.id,
                                                frozenset(r.id for r in chosen))
    return {
        "table_id": table.id if table is not None else "", "compare": compare,
        "compared": len(chosen) - 1 if table is not None else 0, "house_rules": house_rules,
        "table_house": (house_rules[0] if not house_rules[0]["open"] else _folded(form, table, words))
        if table else None,
    }


class _Registry:
    """The systems registered, as a cache key: the same tuple (the registry's), by identity."""

    __slots__ = ("rulesets",)

    def __init__(self, rulesets: tuple[Ruleset, ...]) -> None:
        self.rulesets = rulesets

    def __hash__(self) -> int:
        return id(self.rulesets)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Registry) and other.rulesets is self.rulesets


@lru_cache(maxsize=256)
def _compare(language: str, registry: _Registry, table: str, chosen: frozenset[str]) -> tuple[dict[str, Any], ...]:
    """The systems the table's may be compared with, those ``chosen`` ticked, in ``language`` (``lang.script()``):
    built once per table and systems compared, read it only."""
    return frozen([{"id": r.id, "name": pick(r.zh, r.en), "checked": r.id in chosen, "provisional": r.provisional}
                   for r in registry.rulesets if r.id != table])


# A system's house-rule controls are drawn only when its panel was opened (``open=<system>``): the first
# page stays light (18 systems' controls were a quarter of its compressed bytes) and the page's GET
# request does not grow with the systems compared (every field of a GET form is in the URL: gunicorn
# refuses a request line over 4,094 characters, Django a query of over 400 fields). A folded system is
# one button that opens it, and its values travel in one hidden ``hr-<system>`` field (the values that
# differ from the defaults, as calculator.js sends them).


def _folded(form: CalculatorForm, r: Ruleset, words: str) -> dict[str, Any]:
    """A system's house rules folded: the values that differ from its defaults as ``key-value.key-value``.
    ``words``: ``lang.script()``, asked once by the page's caller."""
    preset = form.preset(r)
    values = form.option_values.get(r.id) or default_options(r)
    preset_values = preset_options(r, preset)
    if values is preset_values:  # the preset's own house rules (forms.system_options): none differs
        key = (words, r.id, r.options_type, preset)
        found = _FOLDED_AS_PRESET.get(key)
        if found is None:
            found = keep(_FOLDED_AS_PRESET, key, _folded_as_preset(words, r, preset), 256, forget=True)
        return found
    baseline, current = options_as_dict(preset_values), options_as_dict(values)
    changed = [f"{key}-{_text(value)}" for key, value in current.items() if value != baseline.get(key)]
    return {"id": r.id, "name": pick(r.zh, r.en), "open": False, "applied": preset,
            "compact": ".".join(changed), "changed": len(changed)}


def _folded_as_preset(language: str, r: Ruleset, preset: str) -> dict[str, Any]:
    """A system folded with the house rules of ``preset`` as they are, in ``language`` (``lang.script()``):
    built once per language, system (its id and options type, as ``forms.Keyed`` tells systems apart) and
    preset (:data:`_FOLDED_AS_PRESET`), read it only."""
    return frozen({"id": r.id, "name": pick(r.zh, r.en), "open": False, "applied": preset, "compact": "",
                   "changed": 0})


_FOLDED_AS_PRESET: dict[tuple[str, str, type, str], dict[str, Any]] = {}
""":func:`_folded_as_preset` by language, system and preset: at most 256, all forgotten when one more comes."""


def _text(value: object) -> str:
    """An option value as the compact field spells it (the share code's spelling: true/false, words, numbers)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _house_rules(form: CalculatorForm, r: Ruleset) -> dict[str, Any]:
    preset = form.preset(r)
    values = form.option_values.get(r.id) or default_options(r)
    return _house_rules_view(get_language() or "", Keyed(r), preset, values)


@lru_cache(maxsize=256)
def _house_rules_view(language: str, key: Keyed, preset: str, values: Any) -> dict[str, Any]:
    """One system's house-rule controls with ``values`` shown and ``preset`` chosen, in ``language`` (the
    active one), built once: read it only."""
    r = key.ruleset
    defaults = options_as_dict(default_options(r))
    baseline = preset_options(r, preset)
    current = options_as_dict(values)
    info_names = getattr(r, "preset_info", {}) or {}
    presets = [{"value": "", "label": gettext("Defaults"), "selected": not preset}] + [
        {"value": name, "label": pick(*info_names[name][:2]) if name in info_names else name,
         "selected": name == preset}
        for name in r.presets
    ]
    options = []
    for info in r.option_infos():
        value = getattr(values, info.key)
        choices = [
            {"value": plain(c), "label": option_label(c), "selected": plain(c) == plain(value)}
            for c in (info.choices or ())
        ]
        options.append({
            "name": option_field_name(r, info.key), "key": info.key, "label": pick(info.zh, info.en),
            "kind": info.kind, "value": plain(value), "checked": value is True, "choices": choices,
            "source": citation(info.source), "changed": current[info.key] != defaults[info.key],
            # what the browser leaves out of hr-<system>: the value the applied preset gives (the server
            # applies the preset first, then hr-), so a value set back to the system's default still travels
            "default": plain(getattr(baseline, info.key)),
        })
    return frozen({"id": r.id, "name": pick(r.zh, r.en), "open": True, "presets": presets,
                   "applied": preset, "options": options, "changed": sum(1 for o in options if o["changed"])})
