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
def test_the_ledger_pages_are_not_compressed(client):
    client.cookies["ledger_table"] = "x" * 40
    response = client.get("/t/add?hand=123m456p789s123m22z", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


@pytest.mark.django_db
def test_the_ledgers_api_answers_carrying_an_edit_token_are_not_compressed(client):
    body = {"system": "guobiao", "players": ["甲", "乙", "丙", "丁"]}
    response = client.post("/api/v1/tables", body, content_type="application/json", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code in (200, 201), response.content[:300]
    assert "edit" in response.content.decode()  # the answer names the edit link (the secret)
    assert not response.has_header("Content-Encoding")


def test_the_scoring_api_is_compressed(client):
    response = client.get("/api/v1/rules", HTTP_ACCEPT_ENCODING="gzip")
    assert response.get("Content-Encoding") == "gzip"
