"""Project-wide pytest hooks: say which database servers the database tests ran against."""

from __future__ import annotations


def pytest_report_header(config):  # noqa: ANN001, ANN201 - pytest hook signature
    from django.conf import settings

    if getattr(settings, "POSTGRES_REACHABLE", False):
        return f"database tests: SQLite and PostgreSQL ({settings.TEST_POSTGRES_URL})"
    return "database tests: SQLite only — PostgreSQL is NOT reachable at " + getattr(settings, "TEST_POSTGRES_URL", "?")
