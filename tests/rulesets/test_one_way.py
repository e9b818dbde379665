"""One way to write a system (docs/extending.md): every system runs on the one pipeline, is a package of the
same files, imports no other system's internals, reads its context through its declarations, and types its
options (mypy --strict finds nothing); no two top-level packages import each other.
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

FILES = {"__init__.py", "fans.py", "options.py", "context.py", "settle.py", "works.py", "quick.py"}
MORE_FILES = {
    "wenzhou": {"pairs.py"}, "taiwan": {"reading.py"},
    "sichuan": {"variant.py", "facts.py", "reading.py", "ready.py", "round.py", "examples.py"},
}
"""The files of a system on the pipeline, and the few more a system keeps (温州: the 八对 reader, a shape the
engine's shapes do not know; 台灣: its three readings — five sets and a pair, 嚦咕嚦咕, a win on the flowers —
and the facts of a hand its rows and its waits both read: 門風 from the dealer and the tiles a 16-tile hand
waited on, for 獨聽; 四川, five tables from one package: each table's ``Variant``, the facts read once per hand, its
readings, a ready hand's waits and 查大叫 values, the round settled event by event, and each table's example
hands)."""

SHARED_PACKAGES = sorted(p.name for p in ENGINE.iterdir() if (p / "__init__.py").exists() and p.name[0] == "_")
"""Code two systems share (``rulesets/_mcr``: the 国标 detection 二人麻将 runs too)."""

def _package(r: object) -> str:
    module = getattr(getattr(r, "options_type", None), "__module__", "")
    return module.split(".")[1]


def _python_files(where: Path) -> Iterator[Path]:
    yield from sorted(p for p in where.rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path, root: Path = ROOT) -> Iterator[str]:
    """The modules ``path`` imports, as absolute names (relative imports resolved)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts)
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
def test_every_system_runs_on_the_pipeline(ruleset):
    package = _package(ruleset)
    assert ruleset.pipeline is not None, f"{package}: {ruleset.id} hand-writes its scoring (docs/extending.md)"
    score = ruleset.score
    assert isinstance(score, partial) and score.func is pipeline.score and score.args == (ruleset,)
    assert ruleset.settle is ruleset.pipeline.settle and ruleset.fans == ruleset.pipeline.fans
    assert ruleset.works is not None, f"{ruleset.id}: its sources are values of a registry of works"


@pytest.mark.parametrize("package", SYSTEM_PACKAGES)
def test_a_system_on_the_pipeline_has_the_same_files_as_the_others(package):
    files = {p.name for p in (ENGINE / package).glob("*.py")}
    assert files == FILES | MORE_FILES.get(package, set()), f"{package}: {sorted(files)}"


# --- what a system imports -------------------------------------------------------------------------------------


def _system_imports(path: Path, source: str | None = None) -> Iterator[tuple[str, str | None, str]]:
    """(system package, its module imported or None, the name imported) for each import of a system in ``path``:
    ``from rulesets.guobiao import FAN`` is ("guobiao", None, "FAN"); ``from ..guobiao.view import View`` and
    ``import rulesets.guobiao.view`` are ("guobiao", "view", …)."""
    parts = ".".join(path.relative_to(ROOT).with_suffix("").parts).split(".")
    if path.name == "__init__.py":
        parts.append("__init__")
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8") if source is None else source)):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(parts[: len(parts) - node.level]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p).split(".")
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                module = alias.name.split(".")
                if len(module) > 1 and module[0] == "rulesets" and module[1] in SYSTEM_PACKAGES:
                    yield module[1], module[2] if len(module) > 2 else "", "*"
            continue
        else:
            continue
        if len(module) > 1 and module[0] == "rulesets" and module[1] in SYSTEM_PACKAGES:
            for name in names:
                yield module[1], module[2] if len(module) > 2 else None, name
        elif module == ["rulesets"]:
            yield from ((name, "", name) for name in names if name in SYSTEM_PACKAGES)


def _internals(path: Path, own: str | None, source: str | None = None) -> list[str]:
    """What ``path`` imports from another system than ``own`` beyond its public names (the package's
    ``__all__``): its modules, or a name the package does not export."""
    import importlib

    out = []
    for system, module, name in _system_imports(path, source):
        if system == own:
            continue
        public = getattr(importlib.import_module(f"rulesets.{system}"), "__all__", ())
        if module is not None or name not in public:
            out.append(f"rulesets.{system}" + (f".{module}" if module else "") + f": {name}")
    return out


@pytest.mark.parametrize("package", SYSTEM_PACKAGES)
def test_no_system_imports_another_systems_internals(package):
    """A system may read another's public names (``from rulesets.guobiao import FAN``: 二人麻将's rows that are
    国标's), never its modules: what two systems run in common lives in a shared package (``rulesets/_mcr``)."""
    found = [f"{p.relative_to(ENGINE)}: {i}" for p in _python_files(ENGINE / package) for i in _internals(p, package)]
    assert found == [], f"{package} imports another system's internals: {found}"


def test_the_internals_finder_sees_a_module_and_an_unexported_name():
    source = ("from ..guobiao.view import View\nfrom ..guobiao import fan_table, TIE_PREFERENCE\n"
              "import rulesets.guobiao.lights\nfrom rulesets import guobiao\nfrom ..erren.fans import FAN\n")
    found = _internals(ENGINE / "erren" / "probe.py", "erren", source)  # as if it were a module of 二人麻将
    assert found == ["rulesets.guobiao.view: View", "rulesets.guobiao: TIE_PREFERENCE",
                     "rulesets.guobiao.lights: *", "rulesets.guobiao: guobiao"], found


@pytest.mark.parametrize("package", SHARED_PACKAGES)
def test_shared_code_imports_no_system(package):
    named = [f"{p.relative_to(ENGINE)}: {system}" for p in _python_files(ENGINE / package)
             for system, _, _ in _system_imports(p)]
    assert named == [], f"rulesets/{package} imports a system: {named}"


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


def _system_names() -> set[str]:
    return {name for r in all_rulesets() for name in (r.id, r.zh, r.en, *r.aliases)}


@pytest.mark.parametrize("path", [p for p in _python_files(ROOT / "ledger") if "migrations" not in p.parts],
                         ids=lambda p: p.name)
def test_no_ledger_module_names_a_system_in_its_code(path):
    """What a system's rounds, hands or sheet need is declared by its ruleset; a string equal to a system's
    id or name (``if system == "sichuan"``) is the ledger deciding for it."""
    names = _system_names()
    found = {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in names}
    assert found == set(), f"ledger/{path.name} names {sorted(found)}"


# --- reading the context ---------------------------------------------------------------------------------------

CONTEXT_TABLE_MODULES = {"context.py", "engine.py", "hand.py", "sharecode.py"}
"""The core modules that hold, parse and write the declared values as a table of keys (``WinContext.table``);
everything else reads a value through its field."""


def _is_context(node: ast.expr) -> bool:
    """Whether an expression names a win context: ``ctx``, ``context``, ``hand.context``, ``r.hand.ctx``…"""
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return name in ("ctx", "context") or name.endswith(("_ctx", "_context"))


def _key_reads(source: str, table_too: bool) -> list[int]:
    """The lines that read a context by a string key: ``ctx.get("key")``, ``getattr(ctx, "key")`` and, with
    ``table_too``, the raw table of keys (``ctx.table``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f, args = node.func, node.args
            if isinstance(f, ast.Attribute) and f.attr == "get" and _is_context(f.value):
                lines.append(node.lineno)
            elif isinstance(f, ast.Name) and f.id == "getattr" and len(args) >= 2 and _is_context(args[0]) \
                    and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
                lines.append(node.lineno)
        elif table_too and isinstance(node, ast.Attribute) and node.attr == "table" and _is_context(node.value):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_the_key_read_finder_sees_each_spelling():
    reads = 'ctx.get("bao")\nhand.context.get("x", 0)\ngetattr(ctx, "seat")\nr.hand.context.table\n'
    assert _key_reads(reads, table_too=True) == [1, 2, 3, 4]
    assert _key_reads(reads, table_too=False) == [1, 2, 3]
    assert _key_reads('BAO.of(ctx)\nctx.seat\nBAO.without(hand.context)\noptions.get("x")\n', True) == []


@pytest.mark.parametrize("path", list(_python_files(ENGINE)), ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_engine_module_reads_context_by_a_string_key(path):
    table_too = not (path.parent == ENGINE and path.name in CONTEXT_TABLE_MODULES)
    reads = _key_reads(path.read_text(encoding="utf-8"), table_too)
    assert reads == [], f"{path.relative_to(ROOT)} reads context by its key on lines {reads}: use FIELD.of(ctx)"


def test_a_context_has_no_read_by_key():
    from rulesets.context import ContextField, Kind
    from rulesets.hand import WinContext

    assert not any(hasattr(WinContext, name) for name in ("get", "__getitem__")), "WinContext reads by key"
    with pytest.raises(KeyError, match="no_such_field"):
        ContextField("no_such_field", Kind.BOOL, "无", "none", default=False).of(WinContext())


# --- typed options ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", list(_python_files(ENGINE)), ids=lambda p: str(p.relative_to(ENGINE)))
def test_options_are_typed_everywhere_in_the_engine(path):
    untyped = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r"\boptions: Any\b", line)]
    assert untyped == []


# --- top-level packages ----------------------------------------------------------------------------------------

TOP = tuple(sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file() and p.name != "tests"))
"""The project's top-level packages (the engine, the web app's packages)."""


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


def _cycle(imports: dict[str, set[str]]) -> list[str]:
    """A cycle of imports between packages (``[a, b, …, a]``), or [] when there is none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return []
        for other in sorted(imports.get(node, ())):
            found = visit(other, path + [node])
            if found:
                return found
        done.add(node)
        return []

    for top in sorted(imports):
        found = visit(top, [])
        if found:
            return found
    return []


def test_the_cycle_finder_finds_a_cycle_of_any_length():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycle_between_top_level_packages():
    """The ledger builds on the calculator's pages (its OpenAPI document, its words, house rules and table
    chooser), so the calculator imports no ledger module: the ledger adds itself (LedgerConfig.ready)."""
    imports = _package_imports()
    assert {"rulesets", "serving", "calculator", "ledger"} <= set(TOP)
    assert "calculator" in imports["ledger"]
    assert _cycle(imports) == [], " imports ".join(_cycle(imports))


def test_the_plumbing_imports_no_page_and_no_engine():
    """``serving`` (WSGI and worker pieces, the database guard, caches and memo, compression, rate limits,
    health, the API error object) is shared by the pages and owned by none of them: it imports neither the
    calculator nor the ledger, nor the engine, while both page packages build on it."""
    imports = _package_imports()
    assert imports["serving"] == set(), f"serving imports {sorted(imports['serving'])}"
    assert {"calculator", "ledger"} <= {top for top, used in imports.items() if "serving" in used}


def test_the_package_import_finder_sees_an_import_inside_a_function(tmp_path):
    probe = tmp_path / "serving" / "probe.py"
    probe.parent.mkdir()
    probe.write_text("def f():\n    from calculator.views import page\n    import ledger.api\n")
    found = {n.split(".")[0] for n in _imports(probe, tmp_path)}
    assert {"calculator", "ledger"} <= found


def test_mypy_strict_finds_nothing_in_the_engine():
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "rulesets"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert errors == [] and run.returncode == 0, run.stdout + run.stderr
