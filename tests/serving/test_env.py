"""Typed environment helpers: sensible defaults, loud failure on junk."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from serving.env import cache_from_url, database_from_url, env_bool, env_int, env_list


def test_booleans_accept_the_usual_spellings(monkeypatch):
    for raw, want in [("1", True), ("yes", True), ("On", True), ("0", False), ("false", False), ("", False)]:
        monkeypatch.setenv("FLAG", raw)
        assert env_bool("FLAG") is want
    monkeypatch.delenv("FLAG")
    assert env_bool("FLAG", True) is True


def test_junk_booleans_and_integers_fail_loudly(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG='maybe' is not a boolean"):
        env_bool("FLAG")
    monkeypatch.setenv("N", "12x")
    with pytest.raises(ImproperlyConfigured, match="not a whole number"):
        env_int("N", 1)


def test_lists_split_on_commas(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]


def test_the_cache_is_local_memory_by_default_and_redis_by_url():
    assert cache_from_url("")["BACKEND"].endswith("LocMemCache")
    redis = cache_from_url("redis://127.0.0.1:6379/1")
    assert redis["BACKEND"] == "serving.resilience.ResilientRedisCache"
    assert redis["LOCATION"] == "redis://127.0.0.1:6379/1"
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        cache_from_url("memcached://x")


def test_the_database_is_sqlite_by_default_and_postgres_by_url(tmp_path):
    assert database_from_url("", str(tmp_path))["ENGINE"] == "django.db.backends.sqlite3"
    pg = database_from_url("postgres://u:p@db.example:5433/calc", str(tmp_path))
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["HOST"], pg["PORT"], pg["NAME"]) == ("db.example", 5433, "calc")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url("nosuchdb://x", str(tmp_path))
