"""Fuzzing /api/v1 against its own OpenAPI document, and with raw bodies the document does not describe.

schemathesis generates requests from calculator/openapi.py (valid and invalid ones) and checks each
answer: never a 5xx, a status the document lists, the documented content type, and a body that matches
the documented schema. The raw-body tests add what no schema generates: bytes that are not UTF-8, JSON
that is not an object, deep nesting, huge numbers, lone surrogates.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from calculator.openapi import openapi_document
from calculator.wsgi import application

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


# Loaded through the WSGI application itself: the document the site serves is the one tested.
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application)


@pytest.mark.django_db  # the WSGI handler checks the database connection at each request's start
@schema.parametrize()
@FUZZ
def test_every_api_answer_is_documented_and_none_is_a_server_error(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)


def test_the_served_document_is_the_one_in_the_code(client: Client) -> None:
    assert client.get("/api/v1/openapi.json").json() == openapi_document()


# --- raw bodies -------------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
HANDS = st.sampled_from(["123m456m789m234p11m", "[123m1]456m789m345p55p", "1112345678999m5m", "v1-nonsense"]) | st.text(
    max_size=30
)
REQUEST_OBJECTS = st.fixed_dictionaries(
    {}, optional={"hand": HANDS | JSON_VALUES, "rules": JSON_VALUES, "context": JSON_VALUES, "options": JSON_VALUES}
)
RAW_BODIES = (
    st.binary(max_size=200)
    | JSON_VALUES.map(lambda v: json.dumps(v).encode())
    | REQUEST_OBJECTS.map(lambda v: json.dumps(v).encode())
    | st.integers(1, 20000).map(lambda depth: b'{"hand": ' + b"[" * depth + b"]" * depth + b"}")
    | st.text(max_size=40).map(lambda t: json.dumps({"hand": t}, ensure_ascii=True).encode())
    | st.sampled_from([b'{"hand": "1m\\ud800"}', b'{"hand": "123m456m789m234p11m", "options": {"x": "\\udfff"}}'])
)


def _assert_answered(response: Any) -> None:
    assert response.status_code < 500, response.content[:500]
    body = response.json()
    if response.status_code != 200:
        assert set(body["error"]) == {"code", "message", "position"}
        assert body["error"]["message"]


@FUZZ
@given(body=RAW_BODIES)
def test_any_post_body_gets_a_result_or_an_error_with_a_message(client: Client, body: bytes) -> None:
    _assert_answered(client.post("/api/v1/score", data=body, content_type="application/json"))


@FUZZ
@given(params=st.dictionaries(st.sampled_from(["hand", "rules", "context", "options", "seat", "win", "flowers", "x"]),
                              st.text(max_size=30) | JSON_VALUES.map(json.dumps), max_size=5))
def test_any_query_string_gets_a_result_or_an_error_with_a_message(client: Client, params: dict[str, str]) -> None:
    _assert_answered(client.get("/api/v1/score", params))


@pytest.mark.parametrize("hand", ["123456789m234p1m", "111122223333m1z"], ids=["suits", "honours"])
def test_a_waiting_hand_gets_its_waits_under_every_system_that_reads_it(client: Client, hand: str) -> None:
    response = client.get("/api/v1/score", {"hand": hand})
    assert response.status_code == 200, response.content[:300]
    results = response.json()["results"]
    assert "guobiao" in [r["rules"] for r in results]  # every 14-tile system reads a 13-tile wait
    assert all(r["valid"] is False and r["waits"] for r in results)


@pytest.mark.parametrize("hand", ["1m", "1234m", "123m456m789m123p1m2m3m"], ids=["1-tile", "4-tile", "15-tile"])
def test_a_hand_of_no_playable_size_gets_a_400_with_a_message(client: Client, hand: str) -> None:
    response = client.get("/api/v1/score", {"hand": hand})
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["message"]
