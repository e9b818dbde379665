"""Faults of the table ledger on the production server: a hung database polled by a table's phones, the
database going down in the middle of writes retried with their idempotency keys, and eight writers adding
to one table at once.

The server, its database behind a proxy that can hang or drop, and the load are tests/calculator/faultkit.py's.
A write here is what a phone sends: ``POST /api/v1/tables/<token>/entries`` with an ``Idempotency-Key``,
retried with the same key after a 503 (once ``Retry-After`` has passed) or a lost answer. What must hold:
no 5xx but 503-with-``Retry-After`` (the JSON error object), every write saved exactly once (a write and its
receipt are one transaction: as many entries as receipts as keys), and no answer saying a write failed
when it was saved: ``unavailable`` means the request changed nothing, ``unconfirmed`` that its commit was
sent and not confirmed. A write found saved by a retry (answered from its receipt) was saved by an earlier
attempt whose answer was lost or ``unconfirmed`` — never by one answered ``unavailable`` alone.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from tests.calculator.faultkit import (
    Answer,
    Site,
    api,
    assert_served,
    fetch,
    hand_entry,
    load,
    needs_postgres,
    needs_redis,
    new_key,
    new_table,
)

pytestmark = needs_redis

def _kept(site: Site, edit: str) -> tuple[int, int]:
    """The table's entries and the receipts of its changes, counted in the database directly."""
    (table_id,), = site.query("SELECT id FROM ledger_table WHERE edit_token = %s", edit)
    (entries,), = site.query("SELECT count(*) FROM ledger_entry WHERE table_id = %s", table_id)
    (receipts,), = site.query("SELECT count(*) FROM ledger_receipt WHERE scope = %s", f"table:{table_id}")
    return int(entries), int(receipts)  # type: ignore[call-overload]


@dataclass
class Writes:
    """Every attempt of every write, by key."""

    attempts: dict[str, list[Answer]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, key: str, answer: Answer) -> None:
        with self.lock:
            self.attempts.setdefault(key, []).append(answer)

    def all(self) -> list[Answer]:
        return [a for answers in self.attempts.values() for a in answers]


def write_until_saved(site: Site, edit: str, i: int, writes: Writes, give_up: float, minimal: bool = True) -> None:
    """One entry, sent with its key until the server says it is saved (a retry after a 503 waits Retry-After,
    at most 0.5 s here; after a lost answer 0.2 s)."""
    key = new_key()
    while time.monotonic() < give_up:
        answer = api(site, "POST", f"/api/v1/tables/{edit}/entries", hand_entry(i), key=key, minimal=minimal,
                     name="write")
        writes.add(key, answer)
        if answer.status == 201:
            return
        if answer.status == 503:
            time.sleep(min(0.5, float(answer.headers.get("retry-after", "1"))))
        elif answer.status == 0:
            time.sleep(0.2)
        else:
            return  # anything else is a failure, asserted below
    writes.add(key, Answer("write", -1, 0.0, error="gave up"))


def assert_honest(writes: Writes) -> None:
    """Every write saved; no 5xx but 503 with Retry-After and the error object; no saved write answered as failed."""
    for key, answers in writes.attempts.items():
        statuses = [a.status for a in answers]
        assert statuses[-1] == 201, f"write {key} never saved: {_said(answers)}"
        for a in answers:
            assert a.status in (0, 201, 503), (a.status, a.body[:300])
            if a.status == 503:
                error = a.json()["error"]
                assert a.headers.get("retry-after", "").isdigit() and error["code"] in ("unavailable", "unconfirmed"), a
                assert error["message"] and error["message_zh"]
        replayed = [i for i, a in enumerate(answers) if a.headers.get("idempotent-replayed") == "true"]
        if replayed:  # an earlier attempt saved it: one whose answer was lost, or said "unconfirmed"
            before = answers[:replayed[0]]
            saver = [a for a in before if a.status == 0 or (a.status == 503 and _code(a) == "unconfirmed")]
            assert saver, f"write {key} was saved, yet every attempt before said it was not: {_said(before)}"


def _code(answer: Answer) -> str:
    return str(answer.json()["error"]["code"])  # type: ignore[index]


def _said(answers: list[Answer]) -> list[tuple[int, str]]:
    return [(a.status, a.error or a.body[:100].decode(errors="replace")) for a in answers]


@needs_postgres
def test_the_database_going_down_during_writes_loses_and_doubles_nothing(site: Site) -> None:
    assert site.proxy is not None
    edit, _read = new_table(site)
    writes = Writes()
    give_up = time.monotonic() + 25

    def writer(n: int) -> None:  # a phone entering a hand every 0.3 s, through both faults
        for i in range(10):
            write_until_saved(site, edit, n * 10 + i, writes, give_up, minimal=n % 2 == 0)
            time.sleep(0.3)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    try:
        for _ in range(2):  # the database crashes twice while the writes go on
            time.sleep(0.6)
            site.proxy.down()
            time.sleep(1.2)
            site.proxy.up()
    finally:
        site.proxy.up()
        for t in threads:
            t.join()
    assert_honest(writes)
    troubled = [a for a in writes.all() if a.status in (0, 503)]
    assert troubled, "no write met the fault: the test exercised nothing"
    entries, receipts = _kept(site, edit)
    assert entries == receipts == len(writes.attempts) == 40  # every write once, none twice


@needs_postgres
def test_eight_writers_on_one_table_get_no_5xx_and_every_write_is_kept_once(site: Site) -> None:
    edit, _read = new_table(site, entries=5)
    writes = Writes()
    barrier = threading.Barrier(8)

    def writer(n: int) -> None:
        barrier.wait()
        for i in range(12):
            key = new_key()
            answer = api(site, "POST", f"/api/v1/tables/{edit}/entries", hand_entry(n + i), key=key, minimal=n % 2 == 0,
                         name="write")
            writes.add(key, answer)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted({a.status for a in writes.all()})
    assert statuses == [201], [(a.status, a.body[:200]) for a in writes.all() if a.status != 201][:5]
    indices = [a.json()["entry"]["index"] for a in writes.all() if "entry" in a.json()]
    assert len(indices) == len(set(indices)) == 48, "each minimal answer names its own entry"
    entries, receipts = _kept(site, edit)
    assert entries == receipts == 5 + 96
    table = api(site, "GET", f"/api/v1/tables/{edit}").json()
    assert [e["index"] for e in table["entries"]] == list(range(1, 102))
    assert table["totals"] == [sum(e["deltas"][p] for e in table["entries"]) for p in range(4)]


def _poll(site: Site, read: str, answers: list[Answer], stop: threading.Event, lock: threading.Lock,
          every: float) -> None:
    version = 1
    while not stop.is_set():
        answer = fetch(site.base, f"/t/r/{read}/sheet?v={version}", name="poll", timeout=15)
        with lock:
            answers.append(answer)
        stop.wait(every)


@needs_postgres
def test_a_hung_database_polled_by_22_phones_stalls_no_page_that_does_not_need_it(site: Site) -> None:
    assert site.proxy is not None
    _edit, read = new_table(site, entries=3)
    polls: list[Answer] = []
    lock, stop = threading.Lock(), threading.Event()
    phones = [threading.Thread(target=_poll, args=(site, read, polls, stop, lock, 1.0)) for _ in range(22)]
    for phone in phones:
        phone.start()
    time.sleep(1)
    site.proxy.pause()
    paused = time.monotonic()
    try:
        result = load(site, 5)
    finally:
        site.proxy.resume()
        resumed = time.monotonic()
    time.sleep(3)  # the phones find the table again
    stop.set()
    for phone in phones:
        phone.join()
    assert_served(result)  # the calculator, the API, share pages, previews, fan pages: all answered, /healthz < 1 s
    slowest = max(a.seconds for a in result.answers)
    assert slowest < 2.5, f"a page that needs no database waited {slowest:.2f} s while it hung"
    during = [a for a in polls if paused < a.at < resumed]
    assert {a.status for a in polls} <= {200, 204, 503}, sorted({(a.status, a.error) for a in polls})
    assert any(a.status == 503 for a in during), "the phones never met the hung database"
    for a in during:
        if a.status == 503:
            assert a.headers.get("retry-after", "").isdigit() and b"</html>" in a.body
    assert any(a.status in (200, 204) for a in polls if a.at > resumed + 1), "the sheet did not come back"
