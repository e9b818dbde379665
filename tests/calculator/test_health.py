"""/healthz answers with the state of the database and the cache."""

import pytest


@pytest.mark.django_db
def test_health_reports_database_and_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
