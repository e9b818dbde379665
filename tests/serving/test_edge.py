"""The memo applied at the edge of a view (serving/memo.py): a decorator names what an answer or a piece of a
page is drawn from, and the pages call no key, store or digest of their own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.test import RequestFactory, override_settings

from serving import memo

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def rf() -> RequestFactory:
    return RequestFactory()


def test_drawn_from_reads_only_what_it_is_told(rf: RequestFactory) -> None:
    request = rf.post("/api/v1/score?x=1", b'{"hand": "1m"}', content_type="application/json",
                      HTTP_X_PARTS="placed:1", HTTP_ACCEPT_LANGUAGE="en")
    assert memo.drawn_from()(request) == ["x=1"]
    assert memo.drawn_from(body=True)(request) == ["x=1", b'{"hand": "1m"}']
    assert memo.drawn_from(headers=("X-Parts", "X-None"))(request) == ["x=1", "placed:1", ""]
    assert memo.drawn_from(site=True)(request) == ["x=1", "http", "testserver"]


def test_drawn_from_keeps_htmx_requests_or_the_others_as_told(rf: RequestFactory) -> None:
    htmx, whole = rf.get("/?hand=1m", HTTP_HX_REQUEST="true"), rf.get("/?hand=1m")
    assert memo.drawn_from(htmx=True)(htmx) == ["hand=1m"] and memo.drawn_from(htmx=True)(whole) is None
    assert memo.drawn_from(htmx=False)(whole) == ["hand=1m"] and memo.drawn_from(htmx=False)(htmx) is None
    assert memo.drawn_from()(htmx) == memo.drawn_from()(whole)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10)
def test_a_body_over_the_limit_is_not_kept(rf: RequestFactory) -> None:
    request = rf.post("/api/v1/score", b'{"hand": "123456789m"}', content_type="application/json")
    assert memo.drawn_from(body=True)(request) is None


def _counted_piece() -> tuple[list[str], object]:
    built: list[str] = []

    @memo.piece("test-piece", memo.drawn_from(htmx=False))
    def draw(request, word: str) -> str:  # noqa: ANN001
        built.append(word)
        return word.upper()

    return built, draw


def test_a_piece_is_drawn_once_per_key_and_again_for_another(rf: RequestFactory) -> None:
    built, draw = _counted_piece()
    assert draw(rf.get("/?a=1"), "a") == draw(rf.get("/?a=1"), "a") == "A"
    assert draw(rf.get("/?a=2"), "b") == "B"
    assert draw(rf.get("/elsewhere?a=1"), "c") == "C"  # the path is part of the key
    assert built == ["a", "b", "c"]


def test_a_piece_not_to_keep_is_drawn_each_time(rf: RequestFactory) -> None:
    built, draw = _counted_piece()
    draw(rf.get("/?a=1", HTTP_HX_REQUEST="true"), "a")
    draw(rf.get("/?a=1", HTTP_HX_REQUEST="true"), "a")
    with override_settings(RESPONSE_MEMO_BYTES=0):
        draw(rf.get("/?a=1"), "a")
        draw(rf.get("/?a=1"), "a")
    assert len(built) == 4


_INSIDES = {"store", "digest", "fragment", "clear"}


@pytest.mark.parametrize("package", ["calculator", "ledger"])
def test_the_pages_name_no_key_store_or_digest_of_the_memo(package: str) -> None:
    """A page decorates its view (``kept``, ``piece``, ``once_per``) and says what the answer is drawn from
    (``drawn_from``); the memo's insides stay the memo's."""
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "serving.memo":
                found += [f"{path.name}: {a.name}" for a in node.names if a.name in _INSIDES]
            elif isinstance(node, ast.Attribute) and node.attr in _INSIDES and \
                    isinstance(node.value, ast.Name) and node.value.id == "memo":
                found.append(f"{path.name}:{node.lineno}: memo.{node.attr}")
    assert found == []


@pytest.mark.parametrize("name", ["views.py", "forms.py"])
def test_the_calculators_view_and_form_keep_no_store_of_their_own(name: str) -> None:
    """No module-level store that starts empty (``{}``, ``dict()``, a ``BoundedBytes``) in the calculator's view
    and form: what they keep is kept by a decorator at the edge of the function that builds it. A table of
    constants is no store."""
    tree = ast.parse((ROOT / "calculator" / name).read_text(encoding="utf-8"))
    stores = []
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        empty = isinstance(value, ast.Dict) and not value.keys
        made = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
            value.func.id == "BoundedBytes" or value.func.id in ("dict", "OrderedDict") and not value.args)
        if empty or made:
            stores.append(node.lineno)
    assert stores == [], f"calculator/{name} keeps a store of its own on lines {stores}"


def _views() -> list[Path]:
    return sorted(p for package in ("calculator", "ledger") for p in (ROOT / package).glob("*.py")
                  if p.name.endswith("views.py") or p.name == "api.py")


@pytest.mark.parametrize("path", _views(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_view_module_leaves_the_shared_cache_to_the_plumbing(path: Path) -> None:
    """A view keeps what it draws through the plumbing (``kept``, ``piece``, :class:`serving.keptbytes.KeptBytes`),
    never by calls of its own to the shared cache."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "django.core.cache"]
    assert found == [], f"{path.name} imports the shared cache on lines {found}"
