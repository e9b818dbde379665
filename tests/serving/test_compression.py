"""Pages go compressed, except the ledger's, which can carry a table's edit token next to an echoed query."""

from __future__ import annotations

import gzip

import pytest


@pytest.mark.django_db
def test_the_calculator_page_is_sent_compressed_and_reads_back(client):
    response = client.get("/?hand=123m456p789s123m22z", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert b"summary-bar" in gzip.decompress(response.content)
    assert "Accept-Encoding" in response["Vary"]


@pytest.mark.django_db
def test_the_csrf_token_differs_in_every_response_so_compression_cannot_find_it(client):
    first = client.get("/", HTTP_ACCEPT_ENCODING="gzip")
    second = client.get("/", HTTP_ACCEPT_ENCODING="gzip")
    a, b = gzip.decompress(first.content), gzip.decompress(second.content)
    token = b'name="csrfmiddlewaretoken" value="'
    if token in a:  # the page carries a masked token: never the same twice
        assert a.split(token)[1][:64] != b.split(token)[1][:64]


@pytest.mark.django_db
@pytest.mark.parametrize("accept", ["gzip", "gzip, deflate, br, zstd"])
def test_the_ledger_pages_are_not_compressed(client, accept):
    client.cookies["ledger_table"] = "x" * 40
    response = client.get("/t/add?hand=123m456p789s123m22z", HTTP_ACCEPT_ENCODING=accept)
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


@pytest.mark.django_db
def test_the_ledgers_api_answers_carrying_an_edit_token_are_not_compressed(client, settings):
    settings.LEDGER_CREATE_LIMIT = 10_000  # the ledger's tests, run before these, have made tables from this address
    body = {"system": "guobiao", "players": ["甲", "乙", "丙", "丁"]}
    response = client.post("/api/v1/tables", body, content_type="application/json", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code in (200, 201), response.content[:300]
    assert "edit" in response.content.decode()  # the answer names the edit link (the secret)
    assert not response.has_header("Content-Encoding")


def test_the_scoring_api_is_compressed(client):
    response = client.get("/api/v1/rules", HTTP_ACCEPT_ENCODING="gzip")
    assert response.get("Content-Encoding") == "gzip"


@pytest.mark.django_db
def test_a_browser_that_accepts_brotli_gets_brotli(client):
    import brotli

    response = client.get("/?hand=123m456p789s123m22z", HTTP_ACCEPT_ENCODING="gzip, deflate, br, zstd")
    assert response["Content-Encoding"] == "br"
    page = brotli.decompress(response.content)
    assert b"summary-bar" in page
    assert int(response["Content-Length"]) == len(response.content) < len(page)
    assert "Accept-Encoding" in response["Vary"]


@pytest.mark.django_db
def test_brotli_refused_by_q0_falls_back_to_gzip(client):
    response = client.get("/", HTTP_ACCEPT_ENCODING="gzip, br;q=0")
    assert response["Content-Encoding"] == "gzip"


def test_the_static_files_have_brotli_copies(tmp_path, settings):
    """collectstatic (whitenoise's storage, with Brotli installed) writes a .br beside each text file."""
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION_STORAGE}}
    call_command("collectstatic", "--noinput", verbosity=0)
    sprites = [p for p in tmp_path.rglob("sprite.*.svg")]
    assert sprites and all(p.with_name(p.name + ".br").exists() for p in sprites)
    assert list(tmp_path.rglob("calculator.*.js.br"))


PRODUCTION_STORAGE = "serving.staticfiles.MinifiedManifestStorage"


def test_the_collected_scripts_are_minified_and_still_parse(tmp_path, settings):
    """collectstatic writes each script without its comments (the first load's budget), the sources untouched;
    the minified script is still JavaScript (``node --check``, where Node.js is installed)."""
    import shutil
    import subprocess

    from django.conf import settings as live
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION_STORAGE}}
    call_command("collectstatic", "--noinput", verbosity=0)
    source = (live.BASE_DIR / "static" / "js" / "calculator.js").read_text(encoding="utf-8")
    (served,) = [p for p in tmp_path.rglob("calculator.*.js") if p.name.count(".") == 2]
    text = served.read_text(encoding="utf-8")
    assert "// " in source and "\n  // " not in text and len(text) < len(source) * 0.8
    assert "htmx:beforeRequest" in text  # the code is kept, only comments and spaces go
    if shutil.which("node") is None:
        return  # Node.js is not on every machine: the syntax check needs it, the size check above does not
    for script in [p for p in (tmp_path / "js").glob("*.js") if p.name.count(".") == 2]:
        done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, (script.name, done.stderr)
