"""The Content-Security-Policy header: the site's policy written once, the same text Django writes."""

import pytest
from django.http import HttpResponse
from django.middleware.csp import ContentSecurityPolicyMiddleware as DjangosMiddleware
from django.test import RequestFactory, override_settings
from django.utils.csp import CSP

from serving.csp import ContentSecurityPolicyMiddleware

NONCED = {"default-src": [CSP.SELF], "script-src": [CSP.SELF, CSP.NONCE]}


def _headers(middleware_class, response=None):
    request = RequestFactory().get("/")
    middleware = middleware_class(lambda r: response or HttpResponse("x"))
    answer = middleware(request)
    return dict(answer.headers)


@pytest.mark.parametrize("config", [None, {}, {"default-src": [CSP.SELF], "img-src": {CSP.SELF, "data:"}}, NONCED])
@pytest.mark.parametrize("report_only", [None, {"default-src": [CSP.NONE]}])
def test_the_headers_are_djangos_for_every_setting(config, report_only):
    with override_settings(SECURE_CSP=config, SECURE_CSP_REPORT_ONLY=report_only):
        for _ in range(2):  # written, then kept
            ours, theirs = _headers(ContentSecurityPolicyMiddleware), _headers(DjangosMiddleware)
            assert list(ours.items()) == list(theirs.items())  # a nonce that no page used is not written


def test_the_sites_policy_is_set_on_every_answer(client):
    assert client.get("/livez")["Content-Security-Policy"].startswith("default-src 'self'")


def test_an_answers_own_policy_or_header_is_left_as_it_is():
    own = HttpResponse("x")
    own._csp_config = {"default-src": [CSP.NONE]}
    assert _headers(ContentSecurityPolicyMiddleware, own)["Content-Security-Policy"] == "default-src 'none'"
    header = HttpResponse("x", headers={"Content-Security-Policy": "img-src 'self'"})
    assert _headers(ContentSecurityPolicyMiddleware, header)["Content-Security-Policy"] == "img-src 'self'"
