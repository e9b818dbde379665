"""A table is never lost: not by a restart, a failed request or concurrent edits — on SQLite and
(when reachable) PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.db import connections
from django.db.models.query import QuerySet

from ledger import service
from ledger.models import Entry, Table

ALIASES = ["default"] + (["postgres"] if getattr(settings, "POSTGRES_REACHABLE", False) else [])
WIN = {"hand": "11m234m567m789m55p5p", "player": 1, "win": "discard", "from": 2}
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def make(alias):
    return service.create_table({"system": "sichuan", "players": PLAYERS}, using=alias)


@pytest.mark.django_db(databases=ALIASES, transaction=True)
@pytest.mark.parametrize("alias", ALIASES)
def test_a_table_reads_back_the_same_after_the_connection_is_gone(alias):
    table = make(alias)
    service.change(table.edit_token, "add", table.version, entry={"kind": "hand", "data": WIN}, using=alias)
    service.change(table.edit_token, "add", None, entry={"kind": "draw"}, using=alias)
    connections[alias].close()  # as after a restart: nothing is kept in the process
    again = Table.objects.using(alias).get(edit_token=table.edit_token)
    assert again.version == 3
    assert [e.kind for e in Entry.objects.using(alias).filter(table=again)] == ["hand", "draw"]
    assert service.sheet_of(again).totals == [0, 1, -1, 0]


@pytest.mark.django_db(databases=ALIASES)
@pytest.mark.parametrize("alias", ALIASES)
def test_a_change_that_fails_halfway_leaves_the_table_as_it_was(alias, monkeypatch):
    table = make(alias)
    service.change(table.edit_token, "add", None, entry={"kind": "hand", "data": WIN}, using=alias)

    def fail(*args, **kwargs):
        raise RuntimeError("the server died while writing")

    monkeypatch.setattr(QuerySet, "bulk_create", fail)  # after the old entries were deleted
    with pytest.raises(RuntimeError):
        service.change(table.edit_token, "delete", 2, position=0, using=alias)
    kept = Table.objects.using(alias).get(pk=table.pk)
    assert kept.version == 2
    assert Entry.objects.using(alias).filter(table=kept).count() == 1


@pytest.mark.django_db(databases=ALIASES)
@pytest.mark.parametrize("alias", ALIASES)
def test_a_stale_version_is_refused_and_changes_nothing(alias):
    table = make(alias)
    service.change(table.edit_token, "add", 1, entry={"kind": "draw"}, using=alias)
    with pytest.raises(service.Stale):
        service.change(table.edit_token, "delete", 1, position=0, using=alias)
    assert Entry.objects.using(alias).filter(table=table).count() == 1


def _together(count, work):
    """Run ``work(i)`` in ``count`` threads started at once; return what each raised (or None)."""
    barrier = threading.Barrier(count)
    outcome = [None] * count

    def run(i):
        barrier.wait()
        try:
            work(i)
        except Exception as exc:  # noqa: BLE001 - collected for the assertion
            outcome[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcome


@pytest.mark.skipif(not getattr(settings, "POSTGRES_REACHABLE", False),
                    reason="threads writing at once need a server database (SQLite's in-memory test database is "
                           "one connection's); the browser test covers concurrent writers on SQLite")
@pytest.mark.django_db(databases=["postgres"], transaction=True)
def test_concurrent_writers_lose_nothing_on_postgresql():
    table = make("postgres")
    token = table.edit_token
    errors = _together(6, lambda i: service.change(token, "add", 1, entry={"kind": "hand", "data": WIN},
                                                   using="postgres"))
    assert errors == [None] * 6  # appends against one version all go in
    assert Entry.objects.using("postgres").filter(table=table).count() == 6
    assert Table.objects.using("postgres").get(pk=table.pk).version == 7
    # six edits of entry 1 made against the same version: exactly one wins, the others are told
    errors = _together(6, lambda i: service.change(token, "edit", 7, position=0,
                                                   entry={"kind": "hand", "data": {**WIN, "from": i % 2 + 2}},
                                                   using="postgres"))
    assert sum(e is None for e in errors) == 1
    assert all(isinstance(e, service.Stale) for e in errors if e is not None)
    assert Entry.objects.using("postgres").filter(table=table).count() == 6


@pytest.mark.django_db(databases=ALIASES)
@pytest.mark.parametrize("alias", ALIASES)
def test_undo_walks_back_every_change_in_turn(alias):
    table = make(alias)
    token = table.edit_token
    states = [[]]

    def kept():
        return [(e.kind, e.data) for e in Entry.objects.using(alias).filter(table=table)]

    for step in ([("add", None, {"kind": "hand", "data": WIN})], [("add", None, {"kind": "draw"})],
                 [("edit", 0, {"kind": "hand", "data": {**WIN, "from": 3}})], [("delete", 1, None)],
                 [("add", None, {"kind": "hand", "data": {**WIN, "player": 0}})], [("delete", 0, None)]):
        (action, position, entry), = step
        service.change(token, action, None, position, entry, using=alias)
        states.append(kept())
    assert states[-1] == [("hand", {**WIN, "player": 0})]
    for expected in reversed(states[:-1]):
        service.change(token, "undo", using=alias)
        assert kept() == expected
    with pytest.raises(service.LedgerError, match="nothing to undo"):
        service.change(token, "undo", using=alias)
