"""One way to write a system (docs/extending.md): every system runs on the one pipeline, is a package of the
same files, imports no other system's internals, reads its context through its declarations, and types its
options; no two top-level packages import each other beyond the one pair the web split will part.

The systems not on the pipeline yet are listed below with what keeps them off it; each list may only shrink:
a listed system that is on the pipeline, or an entry no file needs any more, fails too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from rulesets import pipeline
from rulesets.registry import all_rulesets

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "rulesets"
SYSTEM_PACKAGES = sorted(p.name for p in ENGINE.iterdir() if (p / "__init__.py").exists() and p.name[0] != "_")

NOT_ON_THE_PIPELINE = {
    "guobiao": "its detection plan and the account-once principles become pipeline steps (docs/extending.md)",
    "sichuan": "five tables from one package, its display step and round settlement (docs/extending.md)",
    "changsha": "起手小胡, 扎鸟 and 通炮 to be declared as rows, readings and settlement",
    "wuhan": "its orchestrator (reading chosen by what the winner collects) to be declared",
    "hangzhou": "its multiplying rows and 财飘 chains to be declared",
    "erren": "its table reuses 国标's detection, which moves to a shared place first",
    "shaanxi": "its orchestrator to be declared",
}
"""Packages whose systems still hand-write their scoring, and what moving them takes."""

FILES = {"__init__.py", "fans.py", "options.py", "context.py", "settle.py", "works.py", "quick.py"}
MORE_FILES = {"wenzhou": {"pairs.py"}, "taiwan": {"reading.py"}}
"""The files of a system on the pipeline, and the few more a system keeps (温州: the 八对 reader, a shape the
engine's shapes do not know; 台灣: its three readings — five sets and a pair, 嚦咕嚦咕, a win on the flowers —
and the facts of a hand its rows and its waits both read: 門風 from the dealer and the tiles a 16-tile hand
waited on, for 獨聽)."""

BORROWED = {("erren", "guobiao")}
"""(system, the system whose internals it imports): what moves to a shared place with it."""

STRING_READS = {"changsha", "erren", "hangzhou", "shaanxi", "wuhan"}
"""Packages that still read declared context by its key (``ctx.get("key")``) instead of ``FIELD.of(ctx)``."""


def _package(r: object) -> str:
    module = getattr(getattr(r, "options_type", None), "__module__", "")
    return module.split(".")[1]


def _python_files(where: Path) -> Iterator[Path]:
    yield from sorted(p for p in where.rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> Iterator[str]:
    """The modules ``path`` imports, as absolute names (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name == "__init__.py":
        package += ".__init__"
    parts = package.split(".")
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(parts[: len(parts) - node.level]) if node.level else ""
            name = ".".join(p for p in (base, node.module or "") if p)
            yield name
            yield from (f"{name}.{alias.name}" for alias in node.names)


# --- the pipeline ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_system_runs_on_the_pipeline_or_says_why_not(ruleset):
    package = _package(ruleset)
    on_it = ruleset.pipeline is not None
    if package in NOT_ON_THE_PIPELINE:
        assert not on_it, f"{ruleset.id} is on the pipeline: take {package} off NOT_ON_THE_PIPELINE"
        return
    assert on_it, f"{ruleset.id} hand-writes its scoring; put it on the pipeline (docs/extending.md)"
    score = ruleset.score
    assert isinstance(score, partial) and score.func is pipeline.score and score.args == (ruleset,)
    assert ruleset.settle is ruleset.pipeline.settle and ruleset.fans == ruleset.pipeline.fans
    assert ruleset.works is not None, f"{ruleset.id}: its sources are values of a registry of works"


def test_the_systems_not_yet_on_the_pipeline_are_packages_of_the_engine():
    assert set(NOT_ON_THE_PIPELINE) <= set(SYSTEM_PACKAGES)


@pytest.mark.parametrize("package", SYSTEM_PACKAGES)
def test_a_system_on_the_pipeline_has_the_same_files_as_the_others(package):
    if package in NOT_ON_THE_PIPELINE:
        pytest.skip(f"{package} is not on the pipeline yet: {NOT_ON_THE_PIPELINE[package]}")
    files = {p.name for p in (ENGINE / package).glob("*.py")}
    assert files == FILES | MORE_FILES.get(package, set()), f"{package}: {sorted(files)}"


# --- what a system imports -------------------------------------------------------------------------------------


@pytest.mark.parametrize("package", SYSTEM_PACKAGES)
def test_no_system_imports_another_systems_internals(package):
    borrowed = set()
    for path in _python_files(ENGINE / package):
        for name in _imports(path):
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "rulesets" and parts[1] in SYSTEM_PACKAGES and parts[1] != package:
                borrowed.add((package, parts[1]))
    allowed = {pair for pair in BORROWED if pair[0] == package}
    assert borrowed == allowed, f"{package} imports {sorted(borrowed - allowed)} (or no longer needs {allowed})"


@pytest.mark.parametrize("path", [p for p in _python_files(ENGINE) if p.parent == ENGINE], ids=lambda p: p.name)
def test_no_core_module_imports_a_system(path):
    named = [n for n in _imports(path) if n.split(".")[0] == "rulesets" and len(n.split(".")) > 1
             and n.split(".")[1] in SYSTEM_PACKAGES]
    assert named == [], f"{path.name} names a system: {named}"


@pytest.mark.parametrize("path", list(_python_files(ROOT / "ledger")), ids=lambda p: p.name)
def test_no_ledger_module_imports_a_system(path):
    named = [n for n in _imports(path) if re.fullmatch(r"rulesets\.([a-z0-9_]+)(\..*)?", n)
             and n.split(".")[1] in SYSTEM_PACKAGES]
    assert named == [], f"ledger/{path.name} names a system: {named}"


# --- reading the context ---------------------------------------------------------------------------------------

_STRING_READ = re.compile(r"""(?:context|ctx)\.get\(\s*["']""")


@pytest.mark.parametrize("package", SYSTEM_PACKAGES)
def test_a_system_reads_its_context_through_the_declared_fields(package):
    reads = [f"{p.name}:{n}" for p in _python_files(ENGINE / package)
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if _STRING_READ.search(line)]
    if package in STRING_READS:
        assert reads, f"{package} reads no context by key any more: take it off STRING_READS"
    else:
        assert reads == [], f"{package} reads context by its key (use FIELD.of(ctx)): {reads}"


def test_the_core_reads_no_context_by_key():
    reads = [f"{p.name}:{n}" for p in _python_files(ENGINE) if p.parent == ENGINE
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if _STRING_READ.search(line)]
    assert reads == []


def test_an_undeclared_context_key_is_refused():
    from rulesets.hand import WinContext

    with pytest.raises(KeyError, match="no_such_field"):
        WinContext().get("no_such_field")


# --- typed options ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [p for p in _python_files(ENGINE)
                                  if p.parent == ENGINE or p.parent.name not in NOT_ON_THE_PIPELINE],
                         ids=lambda p: str(p.relative_to(ENGINE)))
def test_options_are_typed_in_the_core_and_the_systems_on_the_pipeline(path):
    untyped = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r"\boptions: Any\b", line)]
    assert untyped == []


# --- top-level packages ----------------------------------------------------------------------------------------

TOP = ("rulesets", "calculator", "ledger")
KNOWN_CYCLES = {frozenset({"calculator", "ledger"})}
"""The web app's two packages import each other today; splitting pages from plumbing removes it."""


def _package_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {top: set() for top in TOP}
    for top in TOP:
        for path in _python_files(ROOT / top):
            if "migrations" in path.parts:
                continue
            found[top] |= {n.split(".")[0] for n in _imports(path)} & set(TOP) - {top}
    return found


def test_the_engine_imports_neither_web_package():
    assert _package_imports()["rulesets"] == set()


def test_no_two_top_level_packages_import_each_other_but_the_known_pair():
    imports = _package_imports()
    cycles = {frozenset({a, b}) for a in TOP for b in imports[a] if a in imports[b]}
    assert cycles <= KNOWN_CYCLES, cycles


def test_mypy_strict_finds_nothing_in_the_core_and_the_systems_on_the_pipeline():
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "rulesets"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    elsewhere = [e for e in errors if Path(e.split(":")[0]).parts[1] not in NOT_ON_THE_PIPELINE]
    assert elsewhere == [], "\n".join(elsewhere)
