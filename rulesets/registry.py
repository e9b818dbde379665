"""The ruleset registry: every package under ``rulesets/`` that defines ``RULESET`` (or ``RULESETS``) is a
system (the engine's own modules are modules, not packages). Names are looked up by id, alias, 中文 or English
name, case-insensitively.

>>> get_ruleset("gb").id
'guobiao'
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from .errors import RulesError
from .messages import msg
from .scoring import Ruleset


@lru_cache(maxsize=1)
def _load() -> tuple[Ruleset[Any], ...]:
    import rulesets

    found: list[Ruleset[Any]] = []
    for info in sorted(pkgutil.iter_modules(rulesets.__path__), key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"rulesets.{info.name}")
        if hasattr(module, "RULESET"):
            found.append(module.RULESET)
        found.extend(getattr(module, "RULESETS", ()))
    found.sort(key=lambda r: (_ORDER.index(r.id) if r.id in _ORDER else len(_ORDER), r.id))
    return tuple(found)


_ORDER = ("guobiao", "sichuan")  # display order; others follow alphabetically


def all_rulesets() -> tuple[Ruleset[Any], ...]:
    return _load()


@lru_cache(maxsize=1)
def _names() -> dict[str, Ruleset[Any]]:
    names: dict[str, Ruleset[Any]] = {}
    for r in _load():
        for name in (r.id, r.zh, r.en, *r.aliases):
            names[name.casefold()] = r
    return names


def get_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset called ``name`` (id, alias or name). Raises :class:`RulesError` if unknown."""
    try:
        return _names()[name.strip().casefold()]
    except KeyError:
        known = ", ".join(r.id for r in _load())
        raise RulesError(msg("rules.unknown", name=name, known=known)) from None


def resolve(names: str | list[str] | None) -> tuple[Ruleset[Any], ...]:
    """Turn ``"gb,sichuan"``, ``["gb"]``, ``"all"`` or None into rulesets (None/all: every system)."""
    if names is None or names == "all" or names == ["all"] or names == "" or names == []:
        return _load()
    if isinstance(names, str):
        names = [n for n in names.split(",") if n.strip()]
    out: list[Ruleset[Any]] = []
    for n in names:
        if not isinstance(n, str):
            raise RulesError(msg("rules.not_names", value=n))
        r = get_ruleset(n)
        if r not in out:
            out.append(r)
    return tuple(out)
