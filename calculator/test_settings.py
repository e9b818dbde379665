"""Settings for the test suite: production settings with a test secret, plus PostgreSQL when reachable.

The database tests run against SQLite (the embedded default) and, when a PostgreSQL server answers on
127.0.0.1:5432 (or ``TEST_POSTGRES_URL``), against it too under the alias ``postgres``.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ.setdefault("PLAIN_STATIC", "1")

from .settings import *  # noqa: E402,F401,F403
from .settings import ALLOWED_HOSTS, DATABASES  # noqa: E402

ALLOWED_HOSTS = [*ALLOWED_HOSTS, "testserver"]
TEST_POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 5432), timeout=0.5):
            return True
    except OSError:
        return False


# The SQLite test database is a file, not Django's default in-memory one: an in-memory database is one
# connection shared by the live server's request threads, so two browsers writing at once (the ledger's
# two-phones test) got "database table is locked" instead of SQLite's wait for the lock. One file per run.
if str(DATABASES["default"]["ENGINE"]).endswith("sqlite3"):
    import tempfile

    DATABASES["default"] = {**DATABASES["default"], "TEST": {
        "NAME": os.path.join(tempfile.gettempdir(), f"test_mahjong_calculator_{os.getpid()}.sqlite3")}}

POSTGRES_REACHABLE = _reachable(TEST_POSTGRES_URL)
if POSTGRES_REACHABLE:
    import dj_database_url

    DATABASES = {**DATABASES, "postgres": dict(dj_database_url.parse(TEST_POSTGRES_URL))}
    # one test database per run, so concurrent runs on one machine do not collide
    DATABASES["postgres"]["TEST"] = {"NAME": f"test_mahjong_calculator_{os.getpid()}"}

# Tests serve static files through the finders (no collectstatic run): whitenoise looks files up per
# request instead of scanning a STATIC_ROOT that does not exist yet.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
LINK_REGISTER_BACKGROUND = False  # register writes inline, inside the test transaction (calculator/models.py)
# No rate limits: the suite sends thousands of requests from one address (tests/calculator/test_ratelimit.py
# turns them on where they are tested).
RATE_LIMITS = {}
