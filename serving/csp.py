"""The Content-Security-Policy header: Django's middleware, the site's policy written once.

The site's policy (``SECURE_CSP``) names no nonce, so its text is the same on every answer; Django's
:class:`~django.middleware.csp.ContentSecurityPolicyMiddleware` writes it again for each. Here it is written
once per setting and set in the same place; whatever else the middleware does (the nonce of a request, the
report-only policy, a view's own policy or header, a policy that names a nonce) stays Django's.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware import csp
from django.utils.csp import CSP, build_policy


class ContentSecurityPolicyMiddleware(csp.ContentSecurityPolicyMiddleware):
    """Django's middleware, with the enforced policy of the settings written once (:func:`policy`)."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if not hasattr(response, "_csp_config") and _ENFORCE not in response:
            written = policy()
            if written:  # Django then finds the header set and leaves it as it is
                response.headers[_ENFORCE] = written
        return super().process_response(request, response)


_ENFORCE = str(CSP.HEADER_ENFORCE)


def policy() -> str:
    """``SECURE_CSP`` as Django writes it (``build_policy``), or "" when there is none or it names a nonce (a
    text of its own for each request): written once per setting."""
    config: Any = settings.SECURE_CSP
    if _kept[0] is not config:
        same = bool(config) and build_policy(config, "a") == build_policy(config, "b")  # no nonce in it
        _kept[:] = [config, build_policy(config) if same else ""]
    return str(_kept[1])


_kept: list[Any] = [None, ""]
"""The setting last written and its text (another setting, as a test's override, is another object)."""
