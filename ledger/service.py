"""Creating tables and changing them safely: every change is one transaction, against a version.

A change (add, edit, delete, undo) first takes the table's lock — its first statement is an UPDATE of the
table's row, which takes SQLite's write lock or PostgreSQL's row lock before anything is read — then
checks the version, applies the change and writes what it changed. A failure anywhere rolls the whole
change back: the table is as it was. An edit, delete or undo made against an older version is refused
with :class:`Stale` (the page shows the fresh state); adding a hand to the end is applied even when
someone else added one meanwhile (appends do not conflict) and says so.

**Adding costs the same on any table.** The table keeps where its sheet stands after the last entry
(``Table.tail``: the count, the running totals, who deals next); an entry added at the end is settled
from that alone (``sheet.step``), inserted as one row, and the tail moves on — no other entry is read or
written. The entry is checked and settled before the lock is taken, against the tail as it was read;
under the lock that settlement is kept when the tail is still the same (``sheet.step`` reuses a
snapshot whose inputs match). An edit or a delete rewrites the entries from the changed one on; undo
restores what the last change replaced, and the tail it had.

**Idempotent.** A write sent with an idempotency key (ledger/receipts.py) keeps its answer in the same
transaction; the same key again is answered from it and writes nothing. Nothing is read back after the
commit: what a write answers is what it committed (:class:`Written`). A commit the database did not
confirm is :class:`serving.dbguard.Unconfirmed` (a 503 saying so: retry with the same key).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, IntegrityError, OperationalError, transaction
from django.db.models import Func, JSONField
from django.utils import timezone, translation

from serving.dbguard import Unconfirmed

from . import entries, receipts, rounds, sheet, table_words
from .models import MAX_ENTRIES, UNDO_DEPTH, Change, Entry, Table
from .words import Said, Worded, said, speak_hu, spelt_hu

CREATE_LIMIT = 30
"""Tables one address may create per window (setting LEDGER_CREATE_LIMIT)."""
CREATE_WINDOW = 3600


class LedgerError(Worded):
    """A change the ledger refuses: ``str()`` in English, ``message_zh`` in 中文, ``key`` what is wrong (the
    ledger's own words, ledger/words.py, or the engine's: a hand's error, a round that cannot have happened)."""

    status = 400

    @classmethod
    def of(cls, error: Worded) -> LedgerError:
        """An entry's or a round's error, refused as a change (its words and key kept)."""
        return cls(error.said or str(error), error.message_zh, key=error.key)


class Stale(LedgerError):
    status = 409


class NotFound(LedgerError):
    status = 404


# ---- rate limit -------------------------------------------------------------------------------------------


def _client(request: Any) -> str:
    """Who is counted: serving.ratelimit's client address (the proxy header when configured, an IPv6
    client as its /64), or the bare REMOTE_ADDR without it."""
    try:
        from serving.ratelimit import client_address
    except ImportError:
        return str(request.META.get("REMOTE_ADDR") or "unknown")
    return client_address(request, getattr(settings, "CLIENT_IP_HEADER", ""))


def creation_allowed(request: Any) -> bool:
    """At most LEDGER_CREATE_LIMIT new tables per client per hour, counted in the cache (shared by every
    worker); a cache that fails lets the request through."""
    limit = getattr(settings, "LEDGER_CREATE_LIMIT", CREATE_LIMIT)
    key = "ledger-create:" + _client(request)
    try:
        if cache.add(key, 1, CREATE_WINDOW):
            return True
        return cache.incr(key) <= limit
    except Exception:  # noqa: BLE001 - fail open: a cache that is down never blocks creating a table
        return True


# ---- creating ---------------------------------------------------------------------------------------------

RUMMIKUB_EMPTY_POOL = ("lowest", "minus_rack", "none")
REFUND_POLICIES = ("still_in", "all")


def _settings(kind: str, data: Mapping[str, Any], players: int) -> dict[str, Any]:
    raw = data.get("settings")
    raw = {} if raw is None else raw
    if not isinstance(raw, Mapping):
        raise LedgerError(said("ledger.object", what="settings"))
    out: dict[str, Any] = {}
    if kind == "rummikub":
        out["empty_pool"] = entries._choice(raw.get("empty_pool", "lowest"), RUMMIKUB_EMPTY_POOL, "empty_pool")
        out["simple"] = raw.get("simple") is True
        try:
            out["first_meld"] = int(raw.get("first_meld", 30))
            out["target"] = int(raw.get("target") or 0)
        except (TypeError, ValueError):
            raise LedgerError(said("ledger.rummikub.numbers")) from None
        if out["first_meld"] not in (30, 50) or not 0 <= out["target"] <= 10000:
            raise LedgerError(said("ledger.rummikub.range"))
    else:
        out["refund_policy"] = entries._choice(raw.get("refund_policy", "all"), REFUND_POLICIES,
                                               "refund_policy")
    # the table's language (its exports speak it): as given, else the language it is made in
    languages = [code for code, _name in settings.LANGUAGES]
    lang = str(raw.get("lang") or translation.get_language() or "").lower()
    if lang not in languages:
        if raw.get("lang") is not None:
            raise LedgerError(said("ledger.choice", what="settings.lang", value=repr(raw.get("lang")),
                                   choices=", ".join(languages)))
        lang = settings.LANGUAGE_CODE
    out["lang"] = lang
    return out


@dataclass
class Written:
    """What a write committed, as it committed it: the table at its new version, the entry the write made or
    replaced (add, edit: its row of the sheet), and a note for the writer (an entry added after someone
    else's). ``kept``: the write had been made before with this idempotency key, and this is its answer."""

    table: Table | None
    row: sheet.Row | None = None
    note: Said | None = None
    kept: receipts.Kept | None = None


Answer = Callable[[Written], receipts.Kept]
"""The answer to keep with a write sent with an idempotency key (the API's JSON, a page's redirect)."""


def _new_table(data: Mapping[str, Any]) -> Table:
    """A new table from ``{"kind", "system", "options", "players", "name", "settings"}``, checked, not saved."""
    if not isinstance(data, Mapping):
        raise LedgerError(said("ledger.table.object"))
    kind = data.get("kind", "mahjong")
    if kind not in ("mahjong", "rummikub"):
        raise LedgerError(said("ledger.table.kind"))
    options: dict[str, Any] = {}
    system = ""
    if kind == "mahjong":
        try:
            system = rounds.ruleset_id(str(data.get("system") or settings.DEFAULT_SYSTEM))
        except rounds.RoundError as exc:
            raise LedgerError(said("ledger.field", what="system", problem=exc), key=exc.key) from None
        raw = data.get("options")
        raw = {} if raw is None else raw
        if not isinstance(raw, Mapping):
            raise LedgerError(said("ledger.table.options"))
        try:
            options = rounds.check_options(system, raw) if raw else {}
        except rounds.RoundError as exc:
            raise LedgerError(said("ledger.field", what="options", problem=exc), key=exc.key) from None
        count = rounds.players_of(system)
    else:
        count = len(data.get("players") or [])
        if not 2 <= count <= 4:
            raise LedgerError(said("ledger.rummikub.players"))
    name = data.get("name") or ""
    if not isinstance(name, str):
        raise LedgerError(said("ledger.table.name"))
    try:
        players = entries.clean_players(data.get("players"), count)
    except entries.EntryError as exc:
        raise LedgerError.of(exc) from None
    table = Table(kind=kind, system=system, options=options, players=players, name=name.strip()[:80],
                  settings=_settings(kind, data, count))
    table.tail = sheet.Tail.start(table.as_rules()).as_dict()
    return table


def create_table(data: Mapping[str, Any], using: str = "default") -> Table:
    """A new table from ``{"kind", "system", "options", "players", "name", "settings"}``, saved."""
    table = _new_table(data)
    table.save(using=using)
    return table


def open_table(data: Mapping[str, Any], using: str = "default", *, ask: receipts.Ask | None = None,
               answer: Answer | None = None) -> Written:
    """Create a table, once per idempotency key: with ``ask``, the answer (``answer(written)``) is kept with
    the table, and the same key again is answered from it."""
    if ask is not None:
        kept = receipts.find(receipts.scope_of(None), ask, using)
        if kept is not None:
            return Written(None, kept=kept)
    table = _new_table(data)

    def save() -> Written:
        table.save(using=using)
        written = Written(table)
        if ask is not None and answer is not None:
            receipts.keep(receipts.scope_of(None), table, ask, answer(written), using)
        return written

    try:
        return _committed(save, using)
    except IntegrityError:
        kept = receipts.find(receipts.scope_of(None), ask, using) if ask is not None else None
        if kept is None:
            raise
        return Written(None, kept=kept)  # the same key at the same moment: the other request made the table


def _committed[T](work: Callable[[], T], using: str) -> T:
    """``work()`` in one transaction; a failure while committing is :class:`Unconfirmed` (saved or not, the
    database did not say)."""
    done = False
    try:
        with transaction.atomic(using=using):
            result = work()
            done = True
    except DatabaseError as exc:
        if done and "locked" not in str(exc):  # SQLite refusing the commit for a lock: not saved, tried again
            raise Unconfirmed(f"the commit was not confirmed: {type(exc).__name__}: {exc}") from exc
        raise
    return result


# ---- changing ---------------------------------------------------------------------------------------------


def _lock(token: str, using: str) -> Table:
    """The transaction's first statement: take the table's lock (SQLite's write lock, PostgreSQL's row
    lock), then read it."""
    tables = Table.objects.using(using).filter(edit_token=token)
    if not tables.update(updated=timezone.now()):
        raise NotFound(said("ledger.not_found"))
    table = tables.get()
    speak_hu(table_words.hu_of(table))  # its messages in its own words (胡 or 和)
    return table


def _position(value: Any, count: int) -> int:
    try:
        position = int(value)
    except (TypeError, ValueError, OverflowError):
        raise LedgerError(said("ledger.entry.which")) from None
    if not 0 <= position < count:
        raise LedgerError(said("ledger.entry.none", n=position + 1))
    return position


def _entry(table: Table, entry: Any) -> dict[str, Any]:
    """The entry as it will be kept (checked against the table's rules), not yet settled."""
    if not isinstance(entry, Mapping):
        raise LedgerError(said("ledger.entry.object"))
    try:
        data = entries.clean(entry.get("kind"), entry.get("data", {}), table.as_rules())
    except entries.EntryError as exc:
        raise LedgerError.of(exc) from None
    return {"kind": entry["kind"], "data": data, "snapshot": {}}


def _entries(table: Table, using: str) -> list[dict[str, Any]]:
    return [e.as_dict() for e in Entry.objects.using(using).filter(table=table)]


def _tail(table: Table, using: str) -> sheet.Tail:
    """Where the table's sheet stands (worked out from its entries once, for a table that has no tail kept)."""
    if table.tail:
        return sheet.Tail.of(table.tail)
    built, _ = sheet.build(table.as_rules(), _entries(table, using))
    return sheet.Tail(len(built.rows), built.totals, built.dealer)


def _refused(row: sheet.Row) -> LedgerError:
    return LedgerError(row.error, row.error_zh, key=row.snapshot.get("error_key"))


def _remember(table: Table, action: str, before: dict[str, Any], using: str) -> None:
    """Keep what a change replaced (for undo), and only the last UNDO_DEPTH changes."""
    changes = Change.objects.using(using)
    changes.create(table=table, version=table.version, action=action, before=before)
    old = list(changes.filter(table=table).values_list("pk", flat=True)[UNDO_DEPTH:])
    if old:
        changes.filter(pk__in=old).delete()


def _append(table: Table, tail: sheet.Tail, new: dict[str, Any], using: str) -> tuple[sheet.Row, sheet.Tail]:
    """The entry at the end: settled from the tail, one row inserted. O(1) in the table's size."""
    if tail.count >= MAX_ENTRIES:
        raise LedgerError(said("ledger.entry.limit", max=MAX_ENTRIES))
    row, snap, after = sheet.step(table.as_rules(), tail, new)
    if row.error:
        raise _refused(row)
    Entry.objects.using(using).create(table=table, position=tail.count, kind=new["kind"], data=new["data"],
                                      snapshot=snap)
    _remember(table, "add", {"from": tail.count, "entries": [], "tail": tail.as_dict()}, using)
    return row, after


def _undo(table: Table, using: str) -> tuple[sheet.Row | None, sheet.Tail]:
    """Restore what the last change replaced, and the tail the table had before it."""
    last = Change.objects.using(using).filter(table=table).first()
    if last is None:
        raise LedgerError(said("ledger.undo.nothing"))
    last.delete()
    before = last.before
    if isinstance(before, list):  # the whole list of entries (kept so by older releases)
        return _rewrite(table, 0, [dict(e) for e in before], using)
    start, restored = int(before["from"]), [dict(e) for e in before["entries"]]
    if "tail" not in before:  # kept by an older release: work the sheet out again
        return _rewrite(table, start, _entries(table, using)[:start] + restored, using)
    _write_from(table, start, restored, [e.get("snapshot") or {} for e in restored], using)
    return None, sheet.Tail.of(before["tail"])


def _rewrite(table: Table, start: int, new_entries: list[dict[str, Any]], using: str,
             written: int | None = None) -> tuple[sheet.Row | None, sheet.Tail]:
    """The entries from ``start`` on become those of ``new_entries`` (the sheet worked out again: an entry
    whose inputs did not change keeps its snapshot); the row at ``written`` must be one that can be counted."""
    built, snaps = sheet.build(table.as_rules(), new_entries)
    row = built.rows[written] if written is not None else None
    if row is not None and row.error:
        raise _refused(row)
    _write_from(table, start, new_entries[start:], snaps[start:], using)
    return row, sheet.Tail(len(built.rows), built.totals, built.dealer)


def _write_from(table: Table, start: int, kept: list[dict[str, Any]], snaps: list[dict[str, Any]],
                using: str) -> None:
    Entry.objects.using(using).filter(table=table, position__gte=start).delete()
    Entry.objects.using(using).bulk_create(
        Entry(table=table, position=start + i, kind=e["kind"], data=e["data"], snapshot=s)
        for i, (e, s) in enumerate(zip(kept, snaps, strict=True))
    )


LOCK_RETRIES = 8


def change(token: str, action: str, version: Any = None, position: Any = None, entry: Any = None,
           using: str = "default", *, ask: receipts.Ask | None = None, answer: Answer | None = None) -> Written:
    """Apply one change (``add``, ``edit``, ``delete``, ``undo``); returns what it committed (:class:`Written`).

    With ``ask`` (an idempotency key), ``answer(written)`` is kept with the change, and a change already made
    with that key is not made again: its kept answer is returned (``Written.kept``). A database that is busy
    with another writer (SQLite: "database is locked") is tried again a few times; the change is all or
    nothing each time."""
    try:
        asked = None if version in (None, "") else int(version)
    except (TypeError, ValueError, OverflowError):
        raise LedgerError(said("ledger.version")) from None
    if action not in ("add", "edit", "delete", "undo"):
        raise LedgerError(said("ledger.change.unknown", action=repr(action)))
    table = table_by(token, using=using)
    scope = receipts.scope_of(table)
    if ask is not None:
        kept = receipts.find(scope, ask, using)
        if kept is not None:
            return Written(None, kept=kept)
    new = _entry(table, entry) if action in ("add", "edit") else None
    if new is not None and action == "add" and table.tail:  # settled before the lock, against the tail read
        new["snapshot"] = sheet.step(table.as_rules(), sheet.Tail.of(table.tail), new)[1]
    for attempt in range(LOCK_RETRIES):
        try:
            return _committed(lambda: _change(token, action, asked, position, new, scope, ask, answer, using),
                              using)
        except _Replayed as replay:
            return Written(None, kept=replay.kept)
        except OperationalError as exc:
            if "locked" not in str(exc) or attempt == LOCK_RETRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


class _Replayed(Exception):  # noqa: N818 - not an error: the change was made before, under this key
    def __init__(self, kept: receipts.Kept) -> None:
        self.kept = kept


def _change(token: str, action: str, asked: int | None, position: Any, new: dict[str, Any] | None, scope: str,
            ask: receipts.Ask | None, answer: Answer | None, using: str) -> Written:
    table = _lock(token, using)
    with spelt_hu(table_words.hu_of(table)):  # a refused entry's snapshot keeps its words in the table's own
        return _changed(table, action, asked, position, new, scope, ask, answer, using)


def _changed(table: Table, action: str, asked: int | None, position: Any, new: dict[str, Any] | None, scope: str,
             ask: receipts.Ask | None, answer: Answer | None, using: str) -> Written:
    if ask is not None:
        kept = receipts.find(scope, ask, using)
        if kept is not None:  # made meanwhile by the same request sent twice: nothing to do
            raise _Replayed(kept)
    if action != "add" and asked is not None and asked != table.version:
        raise Stale(said("ledger.stale"))
    note = said("ledger.merged") if action == "add" and asked is not None and asked != table.version else None
    tail = _tail(table, using)
    table.version += 1  # the version this change makes (its undo record is kept under it)
    row: sheet.Row | None
    if action == "add":
        assert new is not None
        row, after = _append(table, tail, new, using)
    elif action == "undo":
        row, after = _undo(table, using)
    else:
        current = _entries(table, using)
        at = _position(position, len(current))
        changed = current[:at] + ([new] if new is not None else []) + current[at + 1:]
        row, after = _rewrite(table, at, changed, using, at if new is not None else None)
        _remember(table, action, {"from": at, "entries": current[at:], "tail": tail.as_dict()}, using)
    table.tail = after.as_dict()
    table.save(using=using, update_fields=["version", "tail", "updated"])
    if action == "undo":
        row = None
    written = Written(table, row, note)
    if ask is not None and answer is not None:
        receipts.keep(scope, table, ask, answer(written), using)
    return written


def table_by(token: str, which: str = "edit", using: str = "default") -> Table:
    field = "edit_token" if which == "edit" else "read_token"
    if not isinstance(token, str) or len(token) > 64:
        raise NotFound(said("ledger.not_found"))
    table = Table.objects.using(using).filter(**{field: token}).first()
    if table is None:
        raise NotFound(said("ledger.not_found"))
    speak_hu(table_words.hu_of(table))  # its messages in its own words (胡 or 和)
    return table


class _WithoutResults(Func):
    """An entry's snapshot without its result objects — most of its size, and needed only to show each hand's
    fans and share code: the totals, payments and exports read the rest (PostgreSQL and SQLite drop the key
    in the query; elsewhere the whole snapshot is read)."""

    output_field = JSONField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection, template="(%(expressions)s - 'results')", **extra)

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection, template="json_remove(%(expressions)s, '$.results')", **extra)


def sheet_of(table: Table, fresh: bool = False, results: bool = True) -> sheet.Sheet:
    """The table's sheet; ``results=False`` reads each snapshot without its result objects (for totals, payments
    and exports: several times faster on a long table)."""
    rows = Entry.objects.using(table._state.db or "default").filter(table=table)
    snapshots = rows.values_list("kind", "data", "snapshot" if results else _WithoutResults("snapshot"))
    entries = [{"kind": kind, "data": data, "snapshot": snapshot} for kind, data, snapshot in snapshots]
    built, _ = sheet.build(table.as_rules(), entries, fresh=fresh)
    return built


def entry_of(row: sheet.Row) -> dict[str, Any]:
    """One entry as the JSON export and the API give it."""
    return {"index": row.index + 1, "kind": row.kind, "data": row.data, "dealer": row.dealer,
            "deltas": row.deltas, "totals": row.totals, "next_dealer": row.next_dealer,
            "engine": row.snapshot.get("engine"), "lines": row.snapshot.get("lines", []),
            "error": row.error or None}


def export(table: Table, built: sheet.Sheet | None = None) -> dict[str, Any]:
    """The table as JSON: players, rules, every entry with its snapshot, the totals (docs/ledger.md).
    ``built``: its sheet, when already worked out (a new table's is empty)."""
    built = sheet_of(table, results=False) if built is None else built
    return {
        "table": {"name": table.name, "kind": table.kind, "system": table.system, "options": table.options,
                  "settings": table.settings, "players": table.players, "version": table.version,
                  "read_token": table.read_token, "created": table.created.isoformat()},
        "entries": [entry_of(r) for r in built.rows],
        "totals": built.totals,
        "dealer": built.dealer,
        "standard_scores": built.standard,
    }


def empty_sheet(table: Table) -> sheet.Sheet:
    """The sheet of a table without entries (a table just made), without reading the database."""
    return sheet.build(table.as_rules(), [])[0]
