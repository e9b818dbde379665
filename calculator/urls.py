"""URL routes. Pages live in calculator.views; the JSON API in calculator.api."""

from django.urls import path

from . import api, health

urlpatterns = [
    path("api/v1/score", api.score, name="api-score"),
    path("api/v1/rules", api.rules, name="api-rules"),
    path("api/v1/openapi.json", api.openapi, name="api-openapi"),
    path("healthz", health.healthz, name="healthz"),
]
