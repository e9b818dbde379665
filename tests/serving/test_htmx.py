"""``request.htmx`` (serving.htmx) answers as django-htmx's, and a request is freed as soon as it is answered."""

from __future__ import annotations

import gc
import io
import sys
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.test import RequestFactory
from django_htmx.middleware import HtmxDetails as DjangoHtmxDetails

from serving.htmx import HtmxDetails

_HEADERS = [
    {},
    {"HTTP_HX_REQUEST": "true"},
    {"HTTP_HX_REQUEST": "false"},
    {"HTTP_HX_REQUEST": "%74rue", "HTTP_HX_REQUEST_URI_AUTOENCODED": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_BOOSTED": "true", "HTTP_HX_TARGET": "result", "HTTP_HX_TRIGGER": "hand",
     "HTTP_HX_TRIGGER_NAME": "hand", "HTTP_HX_CURRENT_URL": "http://testserver/?hand=1m", "HTTP_HX_PROMPT": "ok",
     "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "https://elsewhere.example/?hand=1m"},
]
_READ = ("boosted", "current_url", "current_url_abs_path", "history_restore_request", "prompt", "target", "trigger",
         "trigger_name", "triggering_event")


@pytest.mark.parametrize("sent", _HEADERS)
def test_the_details_read_what_django_htmxs_read(sent: dict[str, str]) -> None:
    ours, theirs = RequestFactory().get("/", **sent), RequestFactory().get("/", **sent)
    ours.htmx, theirs.htmx = HtmxDetails(ours), DjangoHtmxDetails(theirs)
    assert bool(ours.htmx) is bool(theirs.htmx)
    for name in _READ:
        assert getattr(ours.htmx, name) == getattr(theirs.htmx, name), name
    assert ours.htmx.request is ours


@pytest.fixture
def gc_off() -> Iterator[None]:
    """The garbage collector off for the test: only reference counting frees."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@pytest.mark.usefixtures("gc_off")
@pytest.mark.parametrize(("details", "freed"), [(HtmxDetails, True), (DjangoHtmxDetails, False)])
def test_a_request_is_freed_with_its_last_reference(details: type, freed: bool) -> None:
    """With the collector off, only reference counting frees: django-htmx's details keep their request alive (the
    cycle this module removes), the site's do not."""
    request = RequestFactory().get("/", HTTP_HX_REQUEST="true")
    request.htmx = details(request)
    gone = weakref.ref(request)
    del request
    assert (gone() is None) is freed


def test_details_kept_past_their_request_say_so() -> None:
    request = RequestFactory().get("/", HTTP_HX_REQUEST="true")
    kept = HtmxDetails(request)
    del request
    with pytest.raises(ReferenceError):
        kept.request  # noqa: B018


def _environ(path: str, query: str = "", **headers: str) -> dict[str, Any]:
    return {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "testserver",
        "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "testserver", "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False, **headers,
    }


def _alive() -> int:
    return sum(1 for o in gc.get_objects() if type(o) is WSGIRequest)


@pytest.mark.usefixtures("gc_off")
@pytest.mark.parametrize(("path", "query"), [
    ("/livez", ""),
    ("/", "rules=guobiao&hand=123m456m789m345p5p5p"),  # a tap: a hand scored at a table, drawn as an update
])
def test_no_request_outlives_its_answer(path: str, query: str) -> None:
    """Through the site's whole stack (every middleware, the view, the answer closed as a WSGI server closes it),
    with the collector off: no request is left for it to find."""
    handler = WSGIHandler()
    before = _alive()
    status: list[str] = []
    for _ in range(3):
        answer = handler(_environ(path, query, HTTP_HX_REQUEST="true"), lambda s, h, e=None: status.append(s))
        body = b"".join(answer)
        answer.close()
        assert status.pop().startswith("200"), body[:300]
        del answer
    assert _alive() == before
