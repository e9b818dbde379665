"""The answers kept per worker (serving/memo.py): the same request answered from the memo, and every
input an answer is drawn from part of its key."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client, override_settings

from calculator import presenters
from rulesets import engine
from serving import memo

HAND = "[123m1]456m789m345p55p"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the calculator drew its view model and the API scored."""
    calls = [0, 0]
    page_context, evaluate = presenters.page_context, engine.evaluate

    def draw(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls[0] += 1
        return page_context(*args, **kwargs)

    def score(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls[1] += 1
        return evaluate(*args, **kwargs)

    monkeypatch.setattr(presenters, "page_context", draw)
    monkeypatch.setattr("calculator.api.evaluate", score)
    return calls


def test_the_same_update_is_answered_from_the_memo(client: Client, counted: list[int]) -> None:
    first = client.get("/", {"hand": HAND}, **HTMX)
    second = client.get("/", {"hand": HAND}, **HTMX)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    assert first["Content-Type"] == second["Content-Type"]
    assert counted[0] == 1
    assert "HX-Request" in second["Vary"] and "X-Parts" in second["Vary"]  # the decorators still run
    assert memo.store("calculator-update").size > len(first.content)


@pytest.mark.parametrize(
    "change",
    [
        {"params": {"hand": "[123m1]456m789m345p66p"}},  # another hand
        {"headers": {"HTTP_ACCEPT_LANGUAGE": "en"}},  # another language
        {"headers": {"HTTP_X_PARTS": "placed:0"}},  # other parts shown
        {"headers": {"HTTP_HOST": "localhost"}},  # another address of the site: the share link differs
    ],
    ids=["hand", "language", "parts", "host"],
)
def test_each_input_of_an_update_is_part_of_its_key(client: Client, counted: list[int], change: dict) -> None:
    client.get("/", {"hand": HAND}, **HTMX, HTTP_ACCEPT_LANGUAGE="zh-hans")
    other = client.get("/", change.get("params", {"hand": HAND}),
                       **{**HTMX, "HTTP_ACCEPT_LANGUAGE": "zh-hans", **change.get("headers", {})})
    assert other.status_code == 200
    assert counted[0] == 2


def test_the_language_of_a_kept_update_is_its_own(client: Client) -> None:
    zh = client.get("/", {"hand": HAND}, **HTMX, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    en = client.get("/", {"hand": HAND}, **HTMX, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    zh_again = client.get("/", {"hand": HAND}, **HTMX, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert zh == zh_again != en
    assert "番" in zh and "fan" in en.lower()


def _unmasked(html: str) -> str:
    """A page with its per-response values (the masked CSRF token, the CSP nonce) blanked."""
    html = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1", html)
    return re.sub(r'(nonce=")[^"]+', r"\1", html)


def test_a_whole_page_keeps_its_form_but_draws_token_and_nonce_for_each_request(client: Client,
                                                                                counted: list[int]) -> None:
    first = client.get("/", {"hand": HAND})
    second = client.get("/", {"hand": HAND})
    assert counted[0] == 1  # the form was drawn once
    assert memo.store("calculator-update").size == 0  # the whole answer is not kept
    a, b = first.content.decode(), second.content.decode()
    assert _unmasked(a) == _unmasked(b)
    nonces = re.compile(r'nonce="([^"]+)"')
    if nonces.search(a):
        assert nonces.findall(a) != nonces.findall(b)


def test_a_whole_page_drawn_from_its_kept_form_is_the_page_drawn_with_the_request(rf) -> None:
    """The kept form is drawn without the request (so nothing of a visitor is in it): it is the same as the
    form drawn with the request and its context processors."""
    from django.middleware.csrf import get_token
    from django.shortcuts import render
    from django.utils import translation

    from calculator import views

    request = rf.get("/", {"hand": HAND, "seat": "S"})
    request.htmx = False
    get_token(request)
    with translation.override("zh-hans"):
        old = render(request, "calculator.html", views.page(request, request.GET, "")).content.decode()
        new = views.calculator(request).content.decode()
    assert _unmasked(old) == _unmasked(new)


def test_a_kept_update_carries_no_token_or_nonce(client: Client) -> None:
    body = client.get("/", {"hand": HAND}, **HTMX).content.decode()
    assert "csrfmiddlewaretoken" not in body and "nonce=" not in body


def test_an_edit_keeps_its_new_address(client: Client) -> None:
    """An edit the server made answers with the address of the new hand; asked again, the same."""
    first = client.get("/", {"hand": "123m", "add": "5m"}, **HTMX)
    second = client.get("/", {"hand": "123m", "add": "5m"}, **HTMX)
    assert first["HX-Replace-Url"] == second["HX-Replace-Url"]
    assert "5m" in second["HX-Replace-Url"]


def test_the_api_answers_the_same_body_from_the_memo(client: Client, counted: list[int]) -> None:
    body = json.dumps({"hand": HAND})
    first = client.post("/api/v1/score", body, content_type="application/json")
    second = client.post("/api/v1/score", body, content_type="application/json")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert second["Content-Type"] == "application/json"
    assert counted[1] == 1
    client.post("/api/v1/score", json.dumps({"hand": HAND, "rules": ["sichuan"]}), content_type="application/json")
    client.get("/api/v1/score", {"hand": HAND})  # GET: the query is the key
    client.get("/api/v1/score", {"hand": HAND})
    assert counted[1] == 3


def test_a_bad_request_is_not_kept(client: Client, counted: list[int]) -> None:
    for _ in range(2):
        assert client.post("/api/v1/score", "{}", content_type="application/json").status_code == 400
    assert memo.store("api-score").size == 0


@override_settings(RESPONSE_MEMO_BYTES=0)
def test_nothing_is_kept_with_a_limit_of_0(client: Client, counted: list[int]) -> None:
    for _ in range(2):
        client.get("/", {"hand": HAND}, **HTMX)
        client.post("/api/v1/score", json.dumps({"hand": HAND}), content_type="application/json")
    assert counted == [2, 2]


@override_settings(RESPONSE_MEMO_BYTES=20_000)
def test_the_memo_stays_within_its_bound(client: Client) -> None:
    hands = ["[123m1]456m789m345p55p", "[123m1]456m789m345p66p", "[123m1]456m789m345p77p", "[123m1]456m789m345p88p"]
    for hand in hands:
        client.post("/api/v1/score", json.dumps({"hand": hand}), content_type="application/json")
    kept = memo.store("api-score")
    assert 0 < kept.size <= 20_000


def test_digest_parts_do_not_run_together() -> None:
    assert memo.digest(["ab", "c"]) != memo.digest(["a", "bc"])
    assert memo.digest(["a"]) == memo.digest([b"a"])
