"""Rate limits per client address (serving/ratelimit.py): 429 with Retry-After past the limit."""

import pytest
from django.test import override_settings

from serving import ratelimit
from serving.ratelimit import Buckets, client_address

CODE = "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao"
LIMITS = {"preview": (0.01, 2), "link": (0.01, 3), "api": (0.01, 2)}  # next token in 100 s: none refills here


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_lets_a_burst_through_then_one_request_per_interval():
    clock = Clock()
    buckets = Buckets(clock=clock)
    key = ("api", "10.0.0.1")
    assert [buckets.take(key, rate=2, burst=3) for _ in range(3)] == [0, 0, 0]
    assert buckets.take(key, rate=2, burst=3) == pytest.approx(0.5)
    clock.now += 0.5
    assert buckets.take(key, rate=2, burst=3) == 0
    assert buckets.take(("api", "10.0.0.2"), rate=2, burst=3) == 0  # another client has its own bucket


def test_the_buckets_are_bounded_and_a_client_taking_over_a_slot_starts_with_a_full_bucket():
    buckets = Buckets(size=1)  # every key meets in the one slot
    assert buckets.take(("api", "a"), rate=0.01, burst=1) == 0
    assert buckets.take(("api", "a"), rate=0.01, burst=1) > 0
    assert buckets.take(("api", "b"), rate=0.01, burst=1) == 0  # takes the slot over
    assert len(buckets._table) == Buckets.SLOT.size


# The children only take tokens (the shared mapping and its locks), as gunicorn's forked workers do; the
# warning is about other threads of this test process (e.g. /healthz probe threads), which they never touch.
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_the_buckets_are_shared_by_forked_worker_processes():
    import multiprocessing

    buckets = Buckets(size=64)
    key = ("preview", "10.7.0.1")
    context = multiprocessing.get_context("fork")

    def worker() -> None:
        for _ in range(3):
            buckets.take(key, rate=0.01, burst=5)

    children = [context.Process(target=worker) for _ in range(2)]
    for child in children:
        child.start()
    for child in children:
        child.join(10)
    assert [c.exitcode for c in children] == [0, 0]
    # 6 of the 5 tokens were asked for in two other processes: this process finds the bucket empty
    assert buckets.take(key, rate=0.01, burst=5) > 0


def test_the_client_is_the_connection_address_or_the_last_address_of_the_configured_header(rf):
    request = rf.get("/", REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR="6.6.6.6, 192.0.2.7")
    assert client_address(request) == "10.1.2.3"
    assert client_address(request, "X-Forwarded-For") == "192.0.2.7"
    v6 = rf.get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    assert client_address(v6) == "2001:db8:1:2::/64"  # one machine commonly holds a whole /64


@override_settings(RATE_LIMITS=LIMITS)
def test_the_api_answers_429_with_retry_after_past_the_limit(client):
    statuses = [client.get("/api/v1/score?hand=123m456m789m123p55p", REMOTE_ADDR="10.9.0.1").status_code
                for _ in range(3)]
    assert statuses == [200, 200, 429]
    limited = client.get("/api/v1/score?hand=123m456m789m123p55p", REMOTE_ADDR="10.9.0.1")
    assert limited.status_code == 429 and int(limited["Retry-After"]) >= 1
    assert limited.json()["error"]["code"] == "rate_limited"
    assert client.get("/api/v1/score?hand=123m456m789m123p55p", REMOTE_ADDR="10.9.0.2").status_code == 200


@override_settings(RATE_LIMITS=LIMITS)
@pytest.mark.django_db
def test_previews_and_share_pages_are_limited_per_client_and_other_pages_are_not(client):
    previews = [client.get(f"/h/{CODE}/og.png", REMOTE_ADDR="10.9.1.1").status_code for _ in range(3)]
    assert previews == [200, 200, 429]
    pages = [client.get(f"/h/{CODE}", REMOTE_ADDR="10.9.1.2").status_code for _ in range(4)]
    assert pages == [200, 200, 200, 429]
    assert client.get(f"/h/{CODE}", REMOTE_ADDR="10.9.1.2")["Retry-After"]
    assert all(client.get("/livez", REMOTE_ADDR="10.9.1.1").status_code == 200 for _ in range(5))
    assert all(client.get("/", REMOTE_ADDR="10.9.1.1").status_code == 200 for _ in range(3))


@override_settings(RATE_LIMITS=LIMITS)
def test_the_wsgi_door_refuses_before_django_and_the_middleware_does_not_count_twice():
    reached = []

    def django(environ, start_response):
        reached.append(environ[ratelimit.CHECKED])
        start_response("200 OK", [])
        return [b"ok"]

    app = ratelimit.wsgi(django)
    statuses = []
    for _ in range(3):
        environ = {"PATH_INFO": "/api/v1/score", "REMOTE_ADDR": "10.9.2.1"}
        body = app(environ, lambda status, headers: statuses.append((status, dict(headers))))
    assert [s for s, _h in statuses] == ["200 OK", "200 OK", "429 Too Many Requests"]
    assert statuses[2][1]["Retry-After"] and b"rate_limited" in b"".join(body)
    assert reached == [True, True]  # the refused one never reached Django; the others carry the mark
