"""Fuzzing /api/v1 against its own OpenAPI document, and with raw bodies the document does not describe.

schemathesis generates requests from calculator/openapi.py (valid and invalid ones) and checks each
answer: never a 5xx, a status the document lists, the documented content type, and a body that matches
the documented schema. The raw-body tests add what no schema generates: bytes that are not UTF-8, JSON
that is not an object, deep nesting, huge numbers (past 4,300 digits), lone surrogates, Unicode digits,
control and bidi characters, and chunked bodies through the WSGI entry point.
"""

from __future__ import annotations

import io
import json
import unicodedata
from typing import Any

import pytest
import schemathesis
from django.conf import settings as settings_module
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
from serving.wsgi import application

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture(autouse=True, scope="module")
def _the_test_keeps_its_database_connection():
    """As Django's test client does while it serves a request: these tests call the WSGI application
    itself, whose request_started/request_finished would close the test's database connection
    (``close_old_connections`` takes the test's transaction for a changed autocommit) — a no-op on an
    in-memory SQLite database, but the test database is a file (calculator/test_settings.py)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


# Loaded through the WSGI application itself: the document the site serves is the one tested.
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application)


@pytest.mark.django_db  # the WSGI handler checks the database connection at each request's start
@schema.parametrize()
@FUZZ
def test_every_api_answer_is_documented_and_none_is_a_server_error(case: Any) -> None:
    # the WSGI transport does not undo gzip (the site compresses its answers, serving/compression.py):
    # ask for them plain, as the JSON schema checks read the body
    case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})


def test_the_served_document_is_the_one_in_the_code(client: Client) -> None:
    assert client.get("/api/v1/openapi.json").json() == openapi_document()


# --- raw bodies -------------------------------------------------------------------------------------

# The classes of odd input that once gave 500s: Unicode digits (², ①, ٣), integers past
# Python's 4,300-digit conversion limit, control and bidi characters (U+202E) — and chunked bodies below.
UNICODE_DIGITS = st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4)
CONTROL_TEXT = st.text(st.characters(categories=["Cc", "Cf"]), min_size=1, max_size=4)
ODD_TEXT = st.tuples(st.sampled_from(["123m", "[123m1]", "5s", ""]), UNICODE_DIGITS | CONTROL_TEXT).map("".join)
HUGE_NUMBERS = st.integers(4290, 4400).map(lambda digits: b"9" * digits) | st.just(b"1e999999")

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | UNICODE_DIGITS | CONTROL_TEXT,
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
    | HUGE_NUMBERS.map(lambda n: b'{"hand": "[123m1][345m1]56s678p33z7s", "context": {"flowers": ' + n + b"}}")
    | HUGE_NUMBERS.map(lambda n: b'{"hand": "123m", "x": ' + n + b"}")
    | st.tuples(REQUEST_OBJECTS, ODD_TEXT).map(lambda pair: json.dumps({**pair[0], "hand": pair[1]}).encode())
)


def _assert_answered(response: Any) -> None:
    assert response.status_code < 500, response.content[:500]
    body = response.json()
    if response.status_code != 200:
        assert {"code", "message", "position"} <= set(body["error"])  # fields may be added (DESIGN §4)
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


@FUZZ
@given(text=ODD_TEXT, field=st.sampled_from(["hand", "seat", "round_wind", "flowers", "from_seat", "win"]))
def test_control_and_bidi_characters_are_never_echoed_raw(client: Client, text: str, field: str) -> None:
    response = client.get("/api/v1/score", {"hand": "[123m1][345m1]56s678p33z7s", field: text})
    _assert_answered(response)
    if response.status_code != 200:
        error = response.json()["error"]
        for message in (error["message"], error.get("message_zh") or ""):
            assert not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in message), repr(message)


def _wsgi_post(body: bytes, chunked: bool) -> tuple[str, dict[str, Any]]:
    """POST ``body`` to the API through the WSGI entry point, as gunicorn hands it over (chunks decoded,
    ``Transfer-Encoding: chunked`` and no ``Content-Length``)."""
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/api/v1/score", "QUERY_STRING": "", "SERVER_NAME": "testserver",
        "SERVER_PORT": "80", "HTTP_HOST": "testserver", "CONTENT_TYPE": "application/json", "REMOTE_ADDR": "127.0.0.1",
        "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "wsgi.errors": io.StringIO(),
        "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False,
    }
    if chunked:
        environ["HTTP_TRANSFER_ENCODING"] = "chunked"
    else:
        environ["CONTENT_LENGTH"] = str(len(body))
    answer: dict[str, Any] = {}
    chunks = application(environ, lambda status, headers, exc_info=None: answer.update(status=status))
    return answer["status"], json.loads(b"".join(chunks))


@pytest.mark.django_db
def test_a_chunked_body_is_read_like_one_with_a_length() -> None:
    body = json.dumps({"hand": "[123m1][345m1]56s678p33z7s", "rules": ["gb"]}).encode()
    status, result = _wsgi_post(body, chunked=True)
    assert status.startswith("200") and result["results"][0]["total"] == 8
    assert _wsgi_post(body, chunked=False)[1] == result


@pytest.mark.django_db
def test_a_chunked_body_over_the_limit_is_a_413_without_reading_the_rest() -> None:
    status, result = _wsgi_post(b'{"hand": "' + b"1" * (settings_module.DATA_UPLOAD_MAX_MEMORY_SIZE + 10) + b'"}', True)
    assert status.startswith("413") and result["error"]["code"] == "too_large"


@pytest.mark.django_db
@FUZZ
@given(body=RAW_BODIES)
def test_any_chunked_body_gets_a_result_or_an_error_with_a_message(body: bytes) -> None:
    status, result = _wsgi_post(body, chunked=True)
    assert int(status[:3]) < 500
    if not status.startswith("200"):
        assert result["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [
        b'{"hand": "123m456m789m123p55p", "x": ' + b"1" * 4301 + b"}",
        b'{"hand": "[123m1][345m1]56s678p33z7s", "context": {"flowers": ' + b"9" * 4301 + b"}}",
        b'{"hand": "[123m1][345m1]56s678p33z7s", "context": {"seat": "\xc2\xb2"}}',
        b'{"hand": ' + b"[" * 20_000 + b"]" * 20_000 + b"}",  # 40 KB: under the body limit
    ],
    ids=["4301-digit-integer", "4301-digit-flowers", "unicode-digit-seat", "deep-nesting"],
)
def test_the_inputs_that_were_500s_are_400s_with_a_message(client: Client, body: bytes) -> None:
    response = client.post("/api/v1/score", data=body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["message"]
