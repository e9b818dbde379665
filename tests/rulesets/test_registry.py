"""Which code under ``rulesets/`` is a system: every package whose name does not start with ``_``, and each
declares its tables; the engine's own modules (``pairwise``, ``rounds``, ``caishen`` …) are never systems."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from rulesets import registry
from rulesets.registry import all_rulesets, rulesets_of, system_packages
from rulesets.scoring import Ruleset

ENGINE = Path(registry.__file__).resolve().parent


def test_the_system_packages_are_the_packages_on_disk_not_starting_with_an_underscore():
    on_disk = sorted(p.name for p in ENGINE.iterdir() if (p / "__init__.py").is_file() and not p.name.startswith("_"))
    assert list(system_packages()) == on_disk
    assert "guobiao" in on_disk and "sichuan" in on_disk


def test_the_engines_own_modules_are_not_systems():
    modules = {p.stem for p in ENGINE.glob("*.py")} - {"__init__"}
    assert {"caishen", "pairwise", "rounds", "pipeline", "registry"} <= modules
    assert modules.isdisjoint(system_packages())
    assert all(r.options_type.__module__.split(".")[1] in system_packages() for r in all_rulesets()
               if r.options_type is not None)


def test_every_system_package_gives_its_tables_and_the_registry_holds_exactly_those():
    declared = [r for package in system_packages() for r in rulesets_of(package)]
    assert sorted(r.id for r in declared) == sorted(r.id for r in all_rulesets())
    assert len({r.id for r in declared}) == len(declared)
    assert {r.id for r in rulesets_of("sichuan")} >= {"sichuan", "sichuan-xueliu", "sichuan-2p"}


def test_a_system_package_without_a_ruleset_is_an_error_not_a_silent_gap(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "rulesets.lost", types.ModuleType("rulesets.lost"))
    with pytest.raises(ImportError, match="neither RULESET nor RULESETS"):
        rulesets_of("lost")


def test_a_system_package_declaring_something_else_is_an_error(monkeypatch):
    module = types.ModuleType("rulesets.odd")
    module.RULESETS = ("not a ruleset",)  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "rulesets.odd", module)
    with pytest.raises(ImportError, match="not a Ruleset"):
        rulesets_of("odd")


def test_a_system_package_gives_its_ruleset():
    (gb,) = rulesets_of("guobiao")
    assert isinstance(gb, Ruleset) and gb.id == "guobiao"
