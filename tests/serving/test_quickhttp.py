"""What serving.quickhttp reads of a request (the query, htmx's headers) is what Django and django-htmx read of it,
and the HTML answer it writes is the one Django writes."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import TooManyFieldsSent
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpResponse, QueryDict
from django.test import RequestFactory, override_settings
from django_htmx.middleware import HtmxDetails

from serving import quickhttp
from serving.quickhttp import OneLookupHeaders, header, html_response, is_htmx, vary_on_headers

_PIECES = ["hand", "rules", "win", "=", "&", "&&", "%", "%2", "%5B", "%5d", "%E4%B8%AD", "%ff", "%C3", "+", " ", ";",
           "a", "5m", "[123m1]", "中", "é", "\x00", "==", "kong1", "S.exposed.E", "opt-guobiao-x", ""]


def _requests(query: str) -> tuple[WSGIRequest, WSGIRequest]:
    factory = RequestFactory()
    made = [factory.get("/"), factory.get("/")]
    for request in made:  # the query as a WSGI server hands it on: its bytes read as latin-1
        request.environ["QUERY_STRING"] = request.META["QUERY_STRING"] = query
        request.__dict__.pop("GET", None)
    return made[0], made[1]


def _same(query: str) -> None:
    fast, django = _requests(query)
    got, want = quickhttp.query(fast), django.GET
    assert type(got) is type(want) is QueryDict
    assert list(got.lists()) == list(want.lists()), query
    assert (got.encoding, got._mutable) == (want.encoding, want._mutable)
    assert fast.GET is got  # kept on the request, as Django keeps it
    with pytest.raises(AttributeError):
        got["hand"] = "1m"


@pytest.mark.parametrize("query", [
    "", "&", "=", "a", "a=", "=a", "a=b=c", "a=1&a=2&b=&a=3", "hand=%5B123m1%5D456m&rules=guobiao&rules=mcr",
    "round_wind=E&hand=4p4p3s5z9s4p5s5z6s3s5z9s4s3s&mode=standing&meld_from=&chow_claimed=1&win=discard"
    "&from_seat=&seat=E&rules=guobiao", "a+b=c+d", "a%2Bb=%2B", "x=%zz&y=%", "h=%E4%B8%AD", "h=%ff%fe",
    "a;b=c", "&&a=1&&", "a=%00",
])
def test_query_as_django_parses_it(query: str) -> None:
    _same(query)


def test_query_of_bytes_that_are_not_utf8() -> None:
    _same("h=\xe9\xff")  # latin-1 bytes that are no UTF-8: read as latin-1, as QueryDict reads them
    _same("h=\xe4\xb8\xad")  # UTF-8 bytes as the server hands them


def test_random_queries() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        _same("".join(rng.choice(_PIECES) for _ in range(rng.randrange(12))).encode().decode("latin-1"))


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=3)
def test_too_many_fields_left_to_django() -> None:
    _same("a=1&b=2&c=3")
    fast, _django = _requests("a=1&b=2&c=3&d=4")
    with pytest.raises(TooManyFieldsSent):
        quickhttp.query(fast)


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=None)
def test_no_limit() -> None:
    _same("&".join(f"f{i}={i}" for i in range(500)))


def test_query_parsed_before_is_kept() -> None:
    request, _other = _requests("a=1")
    parsed = request.GET
    assert quickhttp.query(request) is parsed


# -- the headers a tap asks for, read from META (serving.quickhttp.is_htmx, header) -----------------------------------

_VALUES = ["true", "false", "True", "", "%74rue", "tru%65", "1", None]


def test_htmx_and_parts_as_django_htmx_and_django_read_them() -> None:
    rng = random.Random(11)
    for _ in range(400):
        sent = {}
        for key in ("HTTP_HX_REQUEST", "HTTP_HX_REQUEST_URI_AUTOENCODED", "HTTP_X_PARTS", "HTTP_HX_CURRENT_URL"):
            value = rng.choice(_VALUES)
            if value is not None:
                sent[key] = value
        request = RequestFactory().get("/", **sent)
        request.htmx = HtmxDetails(request)
        fresh = RequestFactory().get("/", **sent)
        fresh.htmx = HtmxDetails(fresh)
        assert is_htmx(fresh) is bool(request.htmx), sent
        assert header(fresh, "X-Parts") == request.headers.get("X-Parts", ""), sent
        assert "headers" not in fresh.__dict__  # read without building them
        assert is_htmx(request) is bool(request.htmx)  # and once Django has built them, from them
        assert header(request, "X-Parts") == request.headers.get("X-Parts", "")


def test_htmx_set_on_the_request_is_taken_as_it_is() -> None:
    request = RequestFactory().get("/", HTTP_HX_REQUEST="true")
    request.htmx = False
    assert is_htmx(request) is False


# -- the HTML answer (serving.quickhttp.html_response, OneLookupHeaders) ---------------------------------------------

_NAMES = ["Content-Type", "content-type", "CONTENT-TYPE", "Vary", "vary", "X-Frame-Options", "HX-Replace-Url",
          "Content-Security-Policy", "Content-Length", "ETag", "Cache-Control", "Set-Cookie", ""]


def test_the_updates_headers_answer_as_djangos() -> None:
    rng = random.Random(5)
    for _ in range(200):
        ours, django = html_response("<p>中</p>"), HttpResponse("<p>中</p>")
        assert type(ours.headers) is OneLookupHeaders
        assert ours.__dict__.keys() == django.__dict__.keys()  # made without __init__: every attribute it sets
        for name, value in django.__dict__.items():
            if name not in ("headers", "cookies"):
                assert ours.__dict__[name] == value, name
        assert (ours.status_code, ours.reason_phrase, dict(ours.cookies)) == (200, django.reason_phrase, {})
        assert (ours.content, ours.charset) == (django.content, django.charset)
        assert list(ours.items()) == list(django.items())
        for _step in range(8):
            name, value = rng.choice(_NAMES), rng.choice(["a", "b, c", "中", ""])
            action = rng.randrange(4)
            for response in (ours, django):
                if action == 0:
                    response[name] = value
                elif action == 1:
                    response.headers.setdefault(name, value)
                elif action == 2:
                    response.headers.pop(name, None)
                else:
                    del response[name]
            for probe in _NAMES:
                assert (probe in ours.headers) is (probe in django.headers), probe
                assert ours.has_header(probe) is django.has_header(probe)
                assert ours.get(probe) == django.get(probe)
                assert ours.headers.get(probe, 7) == django.headers.get(probe, 7)
            assert list(ours.items()) == list(django.items())
        with pytest.raises(AttributeError):
            _ = 1 in ours.headers  # as Mapping's __contains__: a name is a str


@pytest.mark.parametrize("before", [None, "Cookie", "accept-language, Cookie", "X-Parts", "*"])
def test_vary_on_headers_writes_the_vary_djangos_writes(before: str | None) -> None:
    from django.views.decorators.vary import vary_on_headers as djangos

    def view(request: object) -> HttpResponse:
        response = HttpResponse("<p>中</p>")
        if before is not None:
            response["Vary"] = before
        return response

    request = RequestFactory().get("/")
    ours = vary_on_headers("HX-Request", "X-Parts")(view)(request)
    django = djangos("HX-Request", "X-Parts")(view)(request)
    assert list(ours.items()) == list(django.items())
