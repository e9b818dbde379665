"""/healthz answers with the state of the database and the cache."""

import pytest


@pytest.mark.django_db
def test_health_reports_database_and_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}


def test_livez_answers_without_touching_the_database(client):
    response = client.get("/livez")  # no django_db mark: a query here would fail the test
    assert response.status_code == 200
    assert response.content == b"ok"
