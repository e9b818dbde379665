"""The ruleset registry: every package under ``rulesets/`` is a system and defines ``RULESET`` (or
``RULESETS``, a package of several tables). The engine's own code is modules (``rulesets/pipeline.py``,
``rulesets/rounds.py`` …) or packages whose name starts with ``_`` (code two systems share); a system
package that defines neither name is an error, not a system left out in silence. Names are looked up by id,
alias, 中文 or English name, case-insensitively.

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


def system_packages() -> tuple[str, ...]:
    """The names of the system packages under ``rulesets/``, sorted: every package not starting with ``_``."""
    import rulesets

    return tuple(sorted(m.name for m in pkgutil.iter_modules(rulesets.__path__)
                        if m.ispkg and not m.name.startswith("_")))


def rulesets_of(package: str) -> tuple[Ruleset[Any], ...]:
    """The tables the system package ``rulesets.<package>`` declares. Raises :class:`ImportError` if it
    declares none, or declares something that is not a :class:`Ruleset`."""
    module = importlib.import_module(f"rulesets.{package}")
    declared = ((module.RULESET,) if hasattr(module, "RULESET") else ()) + tuple(getattr(module, "RULESETS", ()))
    if not declared:
        raise ImportError(f"rulesets.{package} is a system package but defines neither RULESET nor RULESETS "
                          "(shared code lives in a module or a package whose name starts with _)")
    wrong = [r for r in declared if not isinstance(r, Ruleset)]
    if wrong:
        raise ImportError(f"rulesets.{package} declares something that is not a Ruleset: {wrong!r}")
    return declared


@lru_cache(maxsize=1)
def _load() -> tuple[Ruleset[Any], ...]:
    found = [r for package in system_packages() for r in rulesets_of(package)]
    ids = [r.id for r in found]
    if len(set(ids)) != len(ids):
        raise ImportError(f"two systems share an id: {sorted(i for i in set(ids) if ids.count(i) > 1)}")
    found.sort(key=lambda r: (_ORDER.index(r.id) if r.id in _ORDER else len(_ORDER), r.id))
    return tuple(found)


_ORDER = ("guobiao", "sichuan")  # display order; others follow alphabetically


def all_rulesets() -> tuple[Ruleset[Any], ...]:
    return _load()


@lru_cache(maxsize=1)
def compared() -> tuple[Ruleset[Any], ...]:
    """The systems "all systems" asks (``Ruleset.compared``), in display order: each asked whether it reads a
    hand (``Ruleset.can_read``); the others are asked for by name."""
    return tuple(r for r in _load() if r.compared)


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
