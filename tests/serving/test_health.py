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


@pytest.fixture
def hung_database(monkeypatch):
    """A database probe that hangs for 3 s (what a frozen PostgreSQL does), released at the end."""
    import threading

    from serving import health

    release = threading.Event()
    monkeypatch.setattr(health, "database_state", lambda: release.wait(3) and "ok")
    monkeypatch.setattr(health, "_answered", {})  # no earlier answer: hung from the start
    yield health
    release.set()
    for future in list(health._in_flight.values()):
        future.result(timeout=5)


def test_a_hung_database_is_a_503_within_the_deadline(client, hung_database):
    import time

    started = time.monotonic()
    response = client.get("/healthz")
    elapsed = time.monotonic() - started
    assert response.status_code == 503
    assert response.json()["database"] == "timeout" and response.json()["status"] == "error"
    # a fault-tolerance bound, not a speed measurement: the probe hangs 3 s, the answer must not wait for
    # it (HEALTH_DEADLINE is 0.4 s; 2.5 s leaves room for a loaded CI machine)
    assert elapsed < 2.5


def test_while_a_probe_still_hangs_the_next_check_does_not_start_another(client, hung_database):
    client.get("/healthz")
    hung = hung_database._in_flight["database"]
    assert client.get("/healthz").json()["database"] == "timeout"
    assert hung_database._in_flight["database"] is hung  # no second thread stuck on the same database


@pytest.mark.django_db
def test_a_failing_cache_is_degraded_with_200_so_the_server_stays_in_rotation(client, monkeypatch):
    from serving import health

    monkeypatch.setattr(health, "cache_state", lambda cache: "degraded: ConnectionError")
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "cache": "degraded: ConnectionError"}


def test_a_slow_probe_just_after_an_answer_is_not_an_outage(monkeypatch):
    """A busy process may answer a probe after the deadline; only a database silent for HEALTH_GRACE is down."""
    import threading
    import time

    from serving import health

    release = threading.Event()
    monkeypatch.setattr(health, "_answered", {"slow": time.monotonic()})
    try:
        assert health.run_probes({"slow": lambda: release.wait(3) and "ok"}, deadline=0.05) == {"slow": "ok"}
        health._answered["slow"] = time.monotonic() - health.HEALTH_GRACE - 0.1  # silent longer than the grace
        assert health.run_probes({"slow": lambda: "never started"}, deadline=0.05) == {"slow": "timeout"}
    finally:
        release.set()
        health._in_flight["slow"].result(timeout=5)


@pytest.mark.django_db
def test_the_probe_keeps_its_connection_between_checks():
    """A check is one query on an open connection, not a new connection each time (a fresh connection on a busy
    machine could take longer than the deadline while the database was fine)."""
    from django.db import connections

    from serving import health

    assert health.database_state() == "ok"
    first = connections["default"].connection
    assert health.database_state() == "ok"
    assert first is not None and connections["default"].connection is first


@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_dropped_since_the_last_probe_is_no_outage():
    from django.db import connections

    from serving import health

    assert health.database_state() == "ok"
    connections["default"].connection.close()  # the network dropped it meanwhile
    assert health.database_state() == "ok"
