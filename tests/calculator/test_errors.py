"""Every error is answered in the site's own form (serving/errors.py): on the API the JSON error object,
whatever refused the request; on the pages the site's pages, in the reader's language."""

from __future__ import annotations

import pytest
from django.test import Client

from calculator import api


def _error(response, status):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert {"code", "message", "position", "message_zh", "key"} <= set(error) and error["message"]
    return error


def test_an_unknown_method_is_a_405_with_the_error_object_not_a_csrf_403(client):
    response = client.generic("QUERY", "/api/v1/rules")
    assert _error(response, 405)["code"] == "method_not_allowed" and response["Allow"] == "GET, HEAD"
    assert _error(client.put("/api/v1/score"), 405)["key"] == "server.method"
    assert client.head("/api/v1/rules").status_code == 200


def test_too_many_query_fields_is_the_error_object(client):
    response = client.get("/api/v1/score?" + "&".join(["a"] * 4000))
    assert _error(response, 400)["code"] == "bad_request"


def test_an_unknown_api_path_is_a_404_with_the_error_object_and_a_page_stays_a_page(client):
    assert _error(client.get("/api/v1/nowhere"), 404)["code"] == "not_found"
    page = client.get("/nowhere/at/all")
    assert page.status_code == 404 and not page["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("field", ["options", "context", "rules"])
def test_null_is_refused_like_any_other_wrong_type(client, field):
    body = {"hand": "123m456m789m123p55p", field: None}
    response = client.post("/api/v1/score", data=body, content_type="application/json")
    assert _error(response, 400)["code"] == field


def test_a_failure_of_the_server_is_a_json_500_on_the_api_and_a_page_in_the_readers_language(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(api, "all_rulesets", broken)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="zh-hans")
    error = _error(client.get("/api/v1/rules"), 500)
    assert error["code"] == "server_error" and error["message_zh"]
    monkeypatch.setattr("calculator.views.render", broken)
    page = client.get("/")
    assert page.status_code == 500 and "出错了" in page.content.decode() and "<html" in page.content.decode()


def test_a_constraint_violated_is_a_bug_not_database_trouble(monkeypatch):
    from django.db import IntegrityError

    def violated(*args, **kwargs):
        raise IntegrityError("UNIQUE constraint failed")

    monkeypatch.setattr(api, "all_rulesets", violated)
    response = Client(raise_request_exception=False).get("/api/v1/rules")
    assert _error(response, 500)["code"] == "server_error" and "Retry-After" not in response
