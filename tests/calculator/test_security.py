"""Security of every page: the strict Content-Security-Policy holds (no inline script or style), every
form that posts needs its CSRF token, user-controlled text is rendered inert wherever it is echoed
(pages, htmx partials, meta tags, the preview image's URLs), and request limits answer 4xx, not 500.
"""

from __future__ import annotations

import html.parser
import json
import re
from urllib.parse import quote, urlencode, urlsplit

import pytest
from django.conf import settings
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from calculator.forms import CalculatorForm
from rulesets.engine import evaluate
from rulesets.registry import all_rulesets

pytestmark = pytest.mark.django_db

SAMPLE_HAND = "123456789m234p11m"
SAMPLE_CODE = evaluate(SAMPLE_HAND)["hand"]


def page_urls() -> dict[str, str]:
    """Every kind of page the site serves, by a readable name."""
    pages = {
        "calculator, empty": "/",
        "calculator, a scored hand": "/?" + urlencode({"hand": SAMPLE_HAND}),
        "calculator, a GB string with context": "/?" + urlencode({"hand": "[CCC,2][1111m]456p78sSS9s|ES1000|ae"}),
        "calculator, a bad hand": "/?" + urlencode({"hand": "123m[124m]"}),
        "share page": reverse("share", args=[SAMPLE_CODE]),
        "share page, not found": "/h/no-such-code",
        "fan index": reverse("fan-index"),
        "not found": "/nowhere/",
    }
    for ruleset in all_rulesets():
        pages[f"fans of {ruleset.id}"] = reverse("fan-list", args=[ruleset.id])
        for fan in ruleset.fans:
            pages[f"fan {ruleset.id}/{fan.id}"] = reverse("fan-detail", args=[ruleset.id, fan.id])
    return pages


PAGES = page_urls()


# --- what the HTML may contain -----------------------------------------------------------------------


class Markup(html.parser.HTMLParser):
    """The elements and attributes of a page that matter to CSP and to XSS."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_script: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_script.append(data.strip()[:80])


def parse(body: str) -> Markup:
    markup = Markup()
    markup.feed(body)
    markup.close()
    return markup


def csp_violations(body: str) -> list[str]:
    """What a strict CSP (no inline script or style, no eval) would block or what smuggles script in."""
    markup = parse(body)
    found = [f"inline <script>: {text!r}" for text in markup.inline_script]
    for tag, attrs in markup.tags:
        if tag == "script" and "src" not in attrs:
            found.append("<script> without src")
        if tag == "style":
            found.append("<style> element")
        for name, value in attrs.items():
            if name == "style":
                found.append(f"style= on <{tag}>")
            if name.startswith("on") or name.startswith("hx-on"):
                found.append(f"{name}= on <{tag}>")
            if name in ("href", "src", "action", "formaction", "hx-get", "hx-post") and _scripted_url(value):
                found.append(f"{name}={value!r} on <{tag}>")
            if name == "hx-vals" and value.strip().startswith(("js:", "javascript:")):
                found.append(f"hx-vals with script on <{tag}>")
    return found


def _scripted_url(value: str) -> bool:
    return re.sub(r"[\s\x00-\x1f]", "", value).lower().startswith(("javascript:", "vbscript:", "data:text/html"))


def _is_html(response) -> bool:  # noqa: ANN001 - a Django test response
    return response.get("Content-Type", "").startswith("text/html")


# --- Content-Security-Policy ------------------------------------------------------------------------


@pytest.mark.parametrize("url", PAGES.values(), ids=PAGES.keys())
def test_every_page_sends_the_strict_policy_and_has_no_inline_script_or_style(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code in (200, 404), (url, response.status_code)
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    if _is_html(response):
        assert csp_violations(response.content.decode()) == []


@pytest.mark.parametrize("url", [PAGES["calculator, empty"], PAGES["calculator, a scored hand"],
                                 PAGES["calculator, a bad hand"], PAGES["fans of guobiao"]])
def test_htmx_partials_have_no_inline_script_or_style_either(client: Client, url: str) -> None:
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert csp_violations(response.content.decode()) == []


def test_htmx_may_not_evaluate_script(client: Client) -> None:
    markup = parse(client.get("/").content.decode())
    config = next(a["content"] for t, a in markup.tags if t == "meta" and a.get("name") == "htmx-config")
    assert json.loads(config)["allowEval"] is False
    assert json.loads(config)["includeIndicatorStyles"] is False  # htmx would add a <style> the CSP blocks


def test_the_checker_finds_inline_script_and_style() -> None:
    bad = '<script>alert(1)</script><p style="x" onclick="y"><a href=" javascript:z">'
    assert len(csp_violations(bad)) == 5


# --- CSRF --------------------------------------------------------------------------------------------


def post_forms(body: str) -> list[dict[str, str]]:
    """The action and fields of every form on the page that posts."""
    forms, current = [], None
    for tag, attrs in parse(body).tags:
        if tag == "form":
            current = {"__action__": attrs.get("action", "")} if attrs.get("method", "get").lower() == "post" else None
            if current is not None:
                forms.append(current)
        elif current is not None and tag in ("input", "button") and attrs.get("name"):
            current.setdefault(attrs["name"], attrs.get("value", ""))
    return forms


@pytest.mark.parametrize("url", [PAGES["calculator, a scored hand"], PAGES["share page"], PAGES["fan index"]])
def test_every_form_that_posts_is_refused_without_its_csrf_token(url: str) -> None:
    client = Client(enforce_csrf_checks=True)
    forms = post_forms(client.get(url).content.decode())
    assert forms, "the page has a form that posts (the language switch)"
    for form in forms:
        action = form.pop("__action__") or url
        without = {k: v for k, v in form.items() if k != "csrfmiddlewaretoken"}
        assert client.post(action, without).status_code == 403
        assert client.post(action, {**without, "csrfmiddlewaretoken": "x" * 64}).status_code == 403
        assert client.post(action, form).status_code in (200, 302)


def test_a_post_from_another_site_without_the_cookie_is_refused() -> None:
    page = Client(enforce_csrf_checks=True)
    (form,) = post_forms(page.get("/").content.decode())
    stranger = Client(enforce_csrf_checks=True)  # has the token from the page, not the cookie
    assert stranger.post(form.pop("__action__"), form).status_code == 403


@pytest.mark.parametrize("url", ["/", PAGES["share page"], PAGES["fan index"], PAGES["fans of guobiao"]])
def test_a_post_to_a_page_is_refused_without_a_token(url: str) -> None:
    assert Client(enforce_csrf_checks=True).post(url, {"hand": SAMPLE_HAND}).status_code == 403


def test_the_json_api_is_exempt_because_it_reads_no_cookies() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/v1/score", {"hand": SAMPLE_HAND}, content_type="application/json")
    assert response.status_code == 200


def test_the_language_switch_does_not_redirect_off_the_site() -> None:
    client = Client(enforce_csrf_checks=True)
    (form,) = post_forms(client.get("/").content.decode())
    response = client.post(form.pop("__action__"), {**form, "language": "en", "next": "https://evil.example/"})
    assert response.status_code == 302
    assert urlsplit(response["Location"]).netloc in ("", "testserver")


# --- XSS: user-controlled text is inert ---------------------------------------------------------------

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "</textarea></title><script>alert(1)</script>",
    "<style>*{}</style><a href=javascript:alert(1)>x</a>",
    '" onmouseover="alert(1)" x="',
    "' autofocus onfocus='alert(1)",
]


def assert_inert(response, payload: str) -> None:  # noqa: ANN001 - a Django test response
    assert response.status_code < 500, response.status_code
    if response.status_code in (301, 302):
        assert payload not in response["Location"]
        return
    if not _is_html(response):
        assert not response.get("Content-Type", "").startswith(("text/", "image/svg")), response["Content-Type"]
        return
    body = response.content.decode()
    assert payload not in body
    assert csp_violations(body) == []
    tags = parse(body).tags
    assert [(t, a) for t, a in tags if t in ("img", "svg", "a") and ("x" in a.values() or "onload" in a)] == []


def _form_fields(client: Client) -> list[str]:
    names = {a["name"] for t, a in parse(client.get("/?" + urlencode({"hand": SAMPLE_HAND})).content.decode()).tags
             if t in ("input", "select", "textarea", "button") and a.get("name")}
    return sorted(names - {"csrfmiddlewaretoken"})


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-partial"])
def test_a_hand_string_is_rendered_inert(client: Client, payload: str, htmx: bool) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    for hand in (payload, f"123m{payload}", f"[{payload}]", f"{SAMPLE_HAND}|{payload}"):
        assert_inert(client.get("/", {"hand": hand}, headers=headers), payload)


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-partial"])
def test_every_field_of_the_calculator_form_echoes_inertly(client: Client, payload: str, htmx: bool) -> None:
    fields = {name: payload for name in _form_fields(client)}
    headers = {"HX-Request": "true"} if htmx else {}
    assert_inert(client.get("/", {**fields, "hand": SAMPLE_HAND}, headers=headers), payload)
    assert_inert(client.get("/", fields, headers=headers), payload)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_share_code_cannot_inject_markup_into_the_page_or_its_preview(client: Client, payload: str) -> None:
    for path in (f"/h/{quote(payload, safe='')}", f"/h/{quote(SAMPLE_CODE + payload, safe='')}",
                 f"/h/v1.{quote(payload, safe='')}"):
        for suffix in ("", "/og.png", "/qr.svg"):
            response = client.get(path + suffix, follow=False)
            assert_inert(response, payload)
            if response.status_code == 200 and suffix == "/og.png":
                assert response["Content-Type"] == "image/png" and response.content.startswith(b"\x89PNG")


def test_the_share_pages_meta_tags_carry_only_escaped_text(client: Client) -> None:
    response = client.get(PAGES["share page"])
    metas = [a for t, a in parse(response.content.decode()).tags if t == "meta" and "property" in a]
    assert {a["property"] for a in metas} >= {"og:title", "og:description", "og:image", "og:url"}
    image = next(a["content"] for a in metas if a["property"] == "og:image")
    assert urlsplit(image).path == reverse("share-og", args=[SAMPLE_CODE])


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_fan_reference_echoes_inertly(client: Client, payload: str) -> None:
    system = "guobiao"
    for url, params in ((f"/fans/{quote(payload, safe='')}/", {}), (f"/fans/{system}/{quote(payload, safe='')}/", {}),
                        (f"/fans/{system}/", {"q": payload}), (f"/fans/{system}/", {"value": payload})):
        assert_inert(client.get(url, params), payload)
        assert_inert(client.get(url, params, headers={"HX-Request": "true"}), payload)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_api_errors_echo_input_only_as_json(client: Client, payload: str) -> None:
    response = client.post("/api/v1/score", {"hand": payload}, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response["X-Content-Type-Options"] == "nosniff"


# --- limits on what a client may send -----------------------------------------------------------------


def test_an_oversized_api_body_gets_413_with_a_message(client: Client) -> None:
    body = json.dumps({"hand": SAMPLE_HAND, "options": {"pad": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE}})
    response = client.post("/api/v1/score", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE) in response.json()["error"]["message"]


def test_an_oversized_form_post_gets_a_4xx_not_a_500() -> None:
    client = Client(enforce_csrf_checks=True)
    (form,) = post_forms(client.get("/").content.decode())
    action = form.pop("__action__")
    response = client.post(action, {**form, "next": "/" + "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    assert 400 <= response.status_code < 500


def test_too_many_fields_get_a_4xx_not_a_500(client: Client) -> None:
    query = "&".join(f"f{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    assert 400 <= client.get(f"/?{query}").status_code < 500


def test_the_full_calculator_form_fits_the_field_limit(client: Client) -> None:
    fields = [a for t, a in parse(client.get("/?" + urlencode({"hand": SAMPLE_HAND})).content.decode()).tags
              if t in ("input", "select", "textarea") and a.get("name")]
    assert len(fields) < settings.DATA_UPLOAD_MAX_NUMBER_FIELDS


def test_the_api_refuses_a_hand_string_over_the_limit(client: Client) -> None:
    hand = SAMPLE_HAND + " " * (settings.MAX_HAND_STRING - len(SAMPLE_HAND) + 1)
    response = client.post("/api/v1/score", {"hand": hand}, content_type="application/json")
    assert response.status_code == 400
    assert str(settings.MAX_HAND_STRING) in response.json()["error"]["message"]
    at_limit = client.post("/api/v1/score", {"hand": hand[:-1]}, content_type="application/json")
    assert at_limit.status_code == 200


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-partial"])
def test_the_calculator_refuses_a_hand_string_over_the_limit(client: Client, htmx: bool) -> None:
    hand = SAMPLE_HAND + " " * (settings.MAX_HAND_STRING - len(SAMPLE_HAND)) + "1m"
    response = client.get("/", {"hand": hand}, headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code == 200
    assert _hand_errors(response, hand, htmx)
    assert str(settings.MAX_HAND_STRING) in response.content.decode()
    scored = client.get("/", {"hand": SAMPLE_HAND}, headers={"HX-Request": "true"} if htmx else {})
    assert not _hand_errors(scored, SAMPLE_HAND, htmx)


def _hand_errors(response, hand: str, htmx: bool) -> list[str]:
    """The form's errors on the hand box. An htmx update is drawn in Python, with no template's context to read
    them from: they are the form's for the same query, and the update's alert must say the first."""
    if not htmx:
        return list(response.context["form"].errors.get("hand") or [])
    with translation.override(response["Content-Language"]):
        errors = [str(e) for e in CalculatorForm(QueryDict(urlencode({"hand": hand}))).errors.get("hand") or []]
    shown = re.search(r'<div class="alert alert--error" role="alert">\s*<p>([^<]*)</p>', response.content.decode())
    assert (shown.group(1) if shown else None) == (escape(errors[0]) if errors else None)
    return errors


def test_the_hand_box_tells_the_browser_the_limit(client: Client) -> None:
    hand_input = next(a for t, a in parse(client.get("/").content.decode()).tags if a.get("name") == "hand")
    assert hand_input["maxlength"] == str(settings.MAX_HAND_STRING)
