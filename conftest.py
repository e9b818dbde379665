"""Project-wide pytest hooks: say which database servers the database tests ran against."""

from __future__ import annotations


def _databases_line() -> str:
    from django.conf import settings

    if getattr(settings, "POSTGRES_REACHABLE", False):
        return f"database tests: SQLite and PostgreSQL ({settings.TEST_POSTGRES_URL})"
    url = getattr(settings, "TEST_POSTGRES_URL", "?")
    return f"database tests: SQLite only — PostgreSQL is NOT reachable at {url}"


def pytest_report_header(config):  # noqa: ANN001, ANN201 - pytest hook signature
    return _databases_line()


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ANN001, ANN201 - pytest hook
    # printed even with -q (which hides the header), so every run says where the database tests ran
    terminalreporter.write_sep("=", _databases_line())


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_response_memos():  # noqa: ANN202 - a fixture
    """Each test sees the views compute their answers: the answers serving.memo keeps per process
    would otherwise carry one test's (perhaps monkeypatched) answer into the next. tests/calculator/
    test_memo.py tests the keeping itself."""
    from serving import memo

    memo.clear()
    yield
