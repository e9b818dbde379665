"""URL routes. The JSON API is calculator.api; the pages are split by owner:
page_urls (the calculator, waits, language) and share_urls (share links, previews, fan reference).
Errors are answered by calculator/errors.py (the JSON error object on the API, the site's pages elsewhere)."""

from django.urls import include, path

from . import api, health

urlpatterns = [
    path("api/v1/score", api.score, name="api-score"),
    path("api/v1/rules", api.rules, name="api-rules"),
    path("api/v1/openapi.json", api.openapi, name="api-openapi"),
    path("healthz", health.healthz, name="healthz"),
    path("livez", health.livez, name="livez"),
    path("", include("ledger.urls")),
    path("", include("calculator.share_urls")),
    path("", include("calculator.page_urls")),
]

handler400 = "calculator.errors.bad_request"
handler404 = "calculator.errors.not_found"
handler500 = "calculator.errors.server_error"
