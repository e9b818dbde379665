"""Production settings: Django's deployment checklist, the secret-key guard, static files, database and
cache URLs, the typed environment helpers, and gunicorn serving the site with all of it.

Settings are read once per process, so each production configuration runs in a fresh subprocess with
an environment built here (nothing inherited from the test settings).
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from serving.env import cache_from_url, database_from_url

ROOT = Path(__file__).resolve().parents[2]

# Every variable the settings read: removed from the inherited environment before each run.
SETTINGS_VARIABLES = (
    "DEBUG", "SECRET_KEY", "SECRET_KEY_FALLBACKS", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DATABASE_URL",
    "DB_CONN_MAX_AGE", "CACHE_URL", "REDIS_URL", "CACHE_KEY_PREFIX", "CACHE_SECONDS", "STATIC_ROOT",
    "PLAIN_STATIC", "MAX_BODY_BYTES", "MAX_HAND_STRING", "REFERRER_POLICY", "HSTS_SECONDS",
    "HSTS_INCLUDE_SUBDOMAINS", "HSTS_PRELOAD", "SSL_REDIRECT", "BEHIND_TLS_PROXY", "SECURE_COOKIES",
    "LOG_LEVEL", "DJANGO_SETTINGS_MODULE", "WEB_CONCURRENCY", "PORT", "BIND", "CACHE_TIMEOUT", "CACHE_RETRY_SECONDS",
    "DB_CONNECT_TIMEOUT", "DB_STATEMENT_TIMEOUT_MS", "RATE_LIMIT_PREVIEW", "RATE_LIMIT_LINK", "RATE_LIMIT_API",
    "CLIENT_IP_HEADER", "LINK_RETENTION_DAYS", "LINK_MAX_ROWS", "GUNICORN_THREADS", "GUNICORN_HEADER_TIMEOUT",
)


def production_env(**overrides: str) -> dict[str, str]:
    """A production environment as docs/deploy.md describes it (behind a TLS-terminating proxy)."""
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    env.update(
        DJANGO_SETTINGS_MODULE="calculator.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        DEBUG="0",
        ALLOWED_HOSTS="mahjong.example,127.0.0.1",
        HSTS_SECONDS="31536000",
        HSTS_INCLUDE_SUBDOMAINS="1",
        HSTS_PRELOAD="1",
        SSL_REDIRECT="1",
        SECURE_COOKIES="1",
        BEHIND_TLS_PROXY="1",
        DATABASE_URL="postgres://mahjong:password@db.internal:5432/mahjong",
        CACHE_URL="redis://cache.internal:6379/0",
    )
    env.update(overrides)
    return {k: v for k, v in env.items() if v is not None}


def run(args: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


_PRINT_SETTINGS = """
import json, django
django.setup()
from django.conf import settings
names = {names!r}
print(json.dumps({{n: getattr(settings, n) for n in names}}, default=str))
"""


def settings_under(env: dict[str, str], *names: str) -> dict[str, object]:
    """The values of ``names`` when the settings load under ``env``."""
    done = run(["-c", _PRINT_SETTINGS.format(names=names)], env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


class TestDeploymentChecklist:
    def test_production_settings_pass_the_deploy_checklist_without_a_warning(self) -> None:
        done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], production_env())
        assert done.returncode == 0, done.stdout + done.stderr
        assert "no issues" in done.stdout

    def test_the_checklist_flags_a_production_that_forgot_hsts_and_the_https_redirect(self) -> None:
        env = production_env(HSTS_SECONDS=None, SSL_REDIRECT=None)
        done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
        assert done.returncode != 0
        assert "security.W004" in done.stderr + done.stdout
        assert "security.W008" in done.stderr + done.stdout


class TestSecretKey:
    @pytest.mark.parametrize(
        "secret", ["insecure-dev-key-change-me", "short-secret"], ids=["the-placeholder", "too-short"]
    )
    def test_it_refuses_a_secret_that_is_not_one_when_debug_is_off(self, secret: str) -> None:
        done = run(["manage.py", "check"], production_env(SECRET_KEY=secret))
        assert done.returncode != 0
        assert "SECRET_KEY must be set" in done.stderr

    @pytest.mark.parametrize("secret", [None, ""], ids=["unset", "empty"])
    def test_without_a_secret_the_deploy_checklist_fails(self, secret: str | None) -> None:
        done = run(["manage.py", "check", "--deploy"], production_env(SECRET_KEY=secret))
        assert done.returncode != 0
        assert "calculator.E001" in done.stderr + done.stdout

    def test_without_a_secret_the_wsgi_entry_point_refuses_to_start(self) -> None:
        done = run(["-c", "import serving.wsgi"], production_env(SECRET_KEY=None))
        assert done.returncode != 0
        assert "SECRET_KEY is not set" in done.stderr

    def test_without_a_secret_gunicorn_refuses_to_serve(self) -> None:
        env = production_env(SECRET_KEY=None, BIND=f"127.0.0.1:{_free_port()}", WEB_CONCURRENCY="1")
        done = run(["-m", "gunicorn", "-c", "gunicorn.conf.py"], env, timeout=60)
        assert done.returncode != 0
        assert "SECRET_KEY is not set" in done.stderr

    def test_the_readmes_command_line_works_with_no_environment_at_all(self) -> None:
        # the shared before-stop hook runs exactly this: env -i HOME PATH .venv/bin/python manage.py score …
        env = {"HOME": os.environ.get("HOME", "/tmp"), "PATH": os.environ.get("PATH", "")}
        done = run(["manage.py", "score", "[123m1][345m1]56s678p33z7s", "--rules", "gb"], env)
        assert done.returncode == 0, done.stderr
        assert "guobiao: 8 番" in done.stdout

    def test_the_ephemeral_key_is_random_per_process_and_flagged(self) -> None:
        first = settings_under(production_env(SECRET_KEY=None), "SECRET_KEY", "SECRET_KEY_IS_EPHEMERAL")
        second = settings_under(production_env(SECRET_KEY=None), "SECRET_KEY")
        assert first["SECRET_KEY_IS_EPHEMERAL"] is True
        assert len(str(first["SECRET_KEY"])) >= 50 and first["SECRET_KEY"] != second["SECRET_KEY"]

    def test_debug_is_off_unless_asked_for(self) -> None:
        assert settings_under(production_env(DEBUG=None), "DEBUG") == {"DEBUG": False}

    def test_old_keys_keep_verifying_during_a_rotation(self) -> None:
        values = settings_under(production_env(SECRET_KEY_FALLBACKS="old-key-1, old-key-2"), "SECRET_KEY_FALLBACKS")
        assert values == {"SECRET_KEY_FALLBACKS": ["old-key-1", "old-key-2"]}


class TestSecurityHeadersAreConfigurable:
    def test_production_turns_on_hsts_https_and_secure_cookies(self) -> None:
        values = settings_under(
            production_env(),
            "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_SSL_REDIRECT",
            "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "LANGUAGE_COOKIE_SECURE", "SECURE_PROXY_SSL_HEADER",
        )
        assert values == {
            "SECURE_HSTS_SECONDS": 31536000, "SECURE_HSTS_INCLUDE_SUBDOMAINS": True, "SECURE_HSTS_PRELOAD": True,
            "SECURE_SSL_REDIRECT": True, "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
            "LANGUAGE_COOKIE_SECURE": True, "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        }

    def test_cookies_are_secure_by_default_when_debug_is_off(self) -> None:
        values = settings_under(production_env(SECURE_COOKIES=None), "CSRF_COOKIE_SECURE", "LANGUAGE_COOKIE_SECURE")
        assert values == {"CSRF_COOKIE_SECURE": True, "LANGUAGE_COOKIE_SECURE": True}

    def test_the_referrer_policy_is_configurable(self) -> None:
        assert settings_under(production_env(), "SECURE_REFERRER_POLICY") == {"SECURE_REFERRER_POLICY": "same-origin"}
        values = settings_under(production_env(REFERRER_POLICY="no-referrer"), "SECURE_REFERRER_POLICY")
        assert values == {"SECURE_REFERRER_POLICY": "no-referrer"}

    def test_request_limits_are_configurable(self) -> None:
        env = production_env(MAX_BODY_BYTES="1000", MAX_HAND_STRING="50")
        values = settings_under(env, "DATA_UPLOAD_MAX_MEMORY_SIZE", "MAX_HAND_STRING")
        assert values == {"DATA_UPLOAD_MAX_MEMORY_SIZE": 1000, "MAX_HAND_STRING": 50}


_BAD_HOST = """
import django
django.setup()
from django.test import Client
print(Client().get("/livez", HTTP_HOST="evil.example").status_code)
"""


class TestLoggingAndCookies:
    def test_a_bad_host_is_one_log_line_without_a_traceback(self) -> None:
        done = run(["-c", _BAD_HOST], production_env(SSL_REDIRECT="0", PLAIN_STATIC="1"))
        assert done.stdout.strip().splitlines()[-1] == "400", done.stderr
        logged = [line for line in done.stderr.splitlines() if line.strip() and "UserWarning" not in line
                  and "mw_instance" not in line]  # whitenoise's note that this run has no STATIC_ROOT
        assert logged == ["Invalid HTTP_HOST header: 'evil.example'. You may need to add 'evil.example' to "
                          "ALLOWED_HOSTS."], done.stderr

    def test_the_language_cookie_is_same_site_lax(self) -> None:
        values = settings_under(production_env(), "LANGUAGE_COOKIE_SAMESITE", "LANGUAGE_COOKIE_HTTPONLY")
        assert values == {"LANGUAGE_COOKIE_SAMESITE": "Lax", "LANGUAGE_COOKIE_HTTPONLY": True}

    def test_rate_limits_are_read_as_rate_and_burst(self) -> None:
        values = settings_under(production_env(RATE_LIMIT_PREVIEW="3,7", RATE_LIMIT_API="0"), "RATE_LIMITS")
        assert values["RATE_LIMITS"]["preview"] == [3.0, 7.0]  # type: ignore[index]
        assert values["RATE_LIMITS"]["api"][0] == 0  # type: ignore[index]
        done = run(["manage.py", "check"], production_env(RATE_LIMIT_LINK="fast"))
        assert done.returncode != 0 and "RATE_LIMIT_LINK='fast'" in done.stderr


class TestStaticFiles:
    def test_production_serves_hashed_compressed_static_files(self) -> None:
        values = settings_under(production_env(), "STORAGES")
        backend = values["STORAGES"]["staticfiles"]["BACKEND"]  # type: ignore[index]
        assert backend == "serving.staticfiles.MinifiedManifestStorage"  # whitenoise's, the scripts minified

    def test_debug_serves_the_static_sources(self) -> None:
        values = settings_under(production_env(DEBUG="1"), "STORAGES")
        backend = values["STORAGES"]["staticfiles"]["BACKEND"]  # type: ignore[index]
        assert backend == "django.contrib.staticfiles.storage.StaticFilesStorage"

    def test_collectstatic_writes_a_manifest_of_hashed_gzipped_files(self, tmp_path: Path) -> None:
        done = run(["manage.py", "collectstatic", "--noinput"], production_env(STATIC_ROOT=str(tmp_path)))
        assert done.returncode == 0, done.stderr
        manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
        assert manifest, "collectstatic found no static files"
        for source, hashed in manifest.items():
            assert hashed != source and (tmp_path / hashed).is_file()
        scripts = [h for h in manifest.values() if h.endswith(".js")]
        assert scripts and all((tmp_path / f"{h}.gz").is_file() for h in scripts)


class TestServerUrls:
    """The URL helpers' production details (their basics: tests/calculator/test_env.py)."""

    def test_a_postgresql_connection_is_kept_open_and_checked_before_reuse(self) -> None:
        db = database_from_url("postgres://mahjong:pw@db.internal:5432/mahjong", "/srv", conn_max_age=120)
        assert (db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]) == (120, True)
        closing = database_from_url("postgres://mahjong:pw@db.internal:5432/mahjong", "/srv", conn_max_age=0)
        assert (closing["CONN_MAX_AGE"], closing["CONN_HEALTH_CHECKS"]) == (0, False)

    def test_a_redis_cache_gives_up_quickly_and_carries_the_release_prefix(self) -> None:
        cache = cache_from_url("redis://cache.internal:6379/2", "release-42")
        assert cache["KEY_PREFIX"] == "release-42"
        assert cache["OPTIONS"] == {"socket_connect_timeout": 0.25, "socket_timeout": 0.25, "retry_seconds": 5.0}

    def test_a_postgresql_connection_gives_up_connecting_and_on_a_slow_statement(self) -> None:
        db = database_from_url("postgres://mahjong:pw@db.internal:5432/mahjong", "/srv", statement_timeout_ms=1500)
        assert db["OPTIONS"]["connect_timeout"] == 2  # type: ignore[index]
        assert "-c statement_timeout=1500" in db["OPTIONS"]["options"]  # type: ignore[index]
        assert db["OPTIONS"]["tcp_user_timeout"] == 1500  # type: ignore[index]

    def test_settings_pass_the_database_connection_age_and_cache_prefix_through(self) -> None:
        values = settings_under(production_env(DB_CONN_MAX_AGE="300", CACHE_KEY_PREFIX="abc123"), "DATABASES", "CACHES")
        assert values["DATABASES"]["default"]["CONN_MAX_AGE"] == 300  # type: ignore[index]
        assert values["CACHES"]["default"]["KEY_PREFIX"] == "abc123"  # type: ignore[index]


REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not _listening("127.0.0.1", 6379), reason="no Redis server on 127.0.0.1:6379 (.ci/run starts one)")
def test_the_redis_cache_built_from_a_cache_url_round_trips_a_value() -> None:
    from serving.resilience import ResilientRedisCache

    config = cache_from_url(REDIS_URL, "settings-test")
    cache = ResilientRedisCache(str(config["LOCATION"]), {k: v for k, v in config.items() if k != "LOCATION"})
    cache.set("round-trip", {"total": 88}, 10)
    assert cache.get("round-trip") == {"total": 88}
    cache.delete("round-trip")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


@pytest.fixture(scope="module")
def gunicorn_server(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201 - a generator fixture
    """gunicorn with gunicorn.conf.py and the production settings behind a TLS proxy, on loopback."""
    base = tmp_path_factory.mktemp("prod")
    port = _free_port()
    env = production_env(
        STATIC_ROOT=str(base / "static"), DATABASE_URL=f"sqlite:///{base / 'db.sqlite3'}", CACHE_URL="locmem://",
        BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="2", ACCESS_LOG="",
    )
    for command in (["collectstatic", "--noinput"], ["migrate", "--noinput"]):
        done = run(["manage.py", *command], env)
        assert done.returncode == 0, done.stderr
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not _listening("127.0.0.1", port):
            assert server.poll() is None, server.stderr.read() if server.stderr else "gunicorn exited"
            assert time.monotonic() < deadline, "gunicorn did not start within 30 s"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", base / "static"
    finally:
        server.terminate()
        server.wait(timeout=30)


class TestGunicornInProduction:
    PROXY = {"X-Forwarded-Proto": "https", "Host": "mahjong.example"}

    def test_it_answers_health_probes_with_the_security_headers(self, gunicorn_server: tuple[str, Path]) -> None:
        url, _ = gunicorn_server
        status, headers, body = _get(f"{url}/healthz", self.PROXY)
        assert status == 200, body
        assert json.loads(body) == {"status": "ok", "database": "ok", "cache": "ok"}
        assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"

    def test_plain_http_is_redirected_to_https(self, gunicorn_server: tuple[str, Path]) -> None:
        url, _ = gunicorn_server
        status, headers, _ = _get(f"{url}/livez", {"Host": "mahjong.example"})
        assert status == 301
        assert headers["Location"] == "https://mahjong.example/livez"

    def test_an_unknown_host_is_refused(self, gunicorn_server: tuple[str, Path]) -> None:
        url, _ = gunicorn_server
        status, _, _ = _get(f"{url}/livez", {**self.PROXY, "Host": "evil.example"})
        assert status == 400

    def test_hashed_static_files_are_served_gzipped_and_cached_forever(self, gunicorn_server: tuple[str, Path]) -> None:
        url, static_root = gunicorn_server
        manifest = json.loads((static_root / "staticfiles.json").read_text())["paths"]
        hashed = next(h for h in sorted(manifest.values()) if h.endswith(".js"))
        status, headers, body = _get(f"{url}/static/{hashed}", {**self.PROXY, "Accept-Encoding": "gzip"})
        assert status == 200
        assert headers["Content-Encoding"] == "gzip"
        assert "immutable" in headers["Cache-Control"]
        assert body == (static_root / f"{hashed}.gz").read_bytes()
