"""URL routes. The JSON API is calculator.api; the pages are split by owner:
page_urls (the calculator, waits, language) and share_urls (share links, previews, fan reference).
Errors are answered by serving/errors.py (the JSON error object on the API, the site's pages elsewhere)."""

from django.urls import include, path

from serving import health

from . import api, page_urls

urlpatterns = [
    path("api/v1/score", api.score, name="api-score"),
    path("api/v1/rules", api.rules, name="api-rules"),
    path("api/v1/openapi.json", api.openapi, name="api-openapi"),
    path("healthz", health.healthz, name="healthz"),
    path("livez", health.livez, name="livez"),
    # Django tries the routes in order: the calculator's address, asked at every tap, before the ledger's and
    # the share pages' forty-odd patterns, and at this level (not included): a tap resolves through one resolver
    *page_urls.urlpatterns,
    path("", include("ledger.urls")),
    path("", include("calculator.share_urls")),
]

handler400 = "serving.errors.bad_request"
handler404 = "serving.errors.not_found"
handler500 = "serving.errors.server_error"
