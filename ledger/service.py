"""Creating tables and changing them safely: every change is one transaction, against a version.

A change (add, edit, delete, undo) first bumps the table's version with a conditional UPDATE — the
first statement of its transaction, so it takes the write lock before reading (SQLite) or the row
lock (PostgreSQL) — then reads the entries, applies the change, recalculates the whole sheet and
writes it back. A failure anywhere rolls the whole change back: the table is as it was. An edit,
delete or undo made against an older version is refused with :class:`Stale` (the page shows the
fresh state); adding a hand to the end is applied even when someone else added one meanwhile
(appends do not conflict) and says so.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError, transaction
from django.db.models import F
from django.utils import timezone

from . import entries, rounds, sheet
from .models import MAX_ENTRIES, UNDO_DEPTH, Change, Entry, Table
from .words import Said, Worded, said

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
    """Who is counted: calculator.ratelimit's client address (the proxy header when configured, an IPv6
    client as its /64), or the bare REMOTE_ADDR without it."""
    try:
        from calculator.ratelimit import client_address
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
    return out


def create_table(data: Mapping[str, Any], using: str = "default") -> Table:
    """A new table from ``{"kind", "system", "options", "players", "name", "settings"}``."""
    if not isinstance(data, Mapping):
        raise LedgerError(said("ledger.table.object"))
    kind = data.get("kind", "mahjong")
    if kind not in ("mahjong", "rummikub"):
        raise LedgerError(said("ledger.table.kind"))
    options: dict[str, Any] = {}
    system = ""
    if kind == "mahjong":
        try:
            system = rounds.ruleset_id(str(data.get("system") or "guobiao"))
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
    table.save(using=using)
    return table


# ---- changing ---------------------------------------------------------------------------------------------


def _bump(token: str, version: int | None, appending: bool, using: str) -> None:
    """The transaction's first statement: take the table (and its lock) at the next version."""
    tables = Table.objects.using(using).filter(edit_token=token)
    if version is not None and not appending:
        tables = tables.filter(version=version)
    if tables.update(version=F("version") + 1, updated=timezone.now()):
        return
    if not Table.objects.using(using).filter(edit_token=token).exists():
        raise NotFound(said("ledger.not_found"))
    raise Stale(said("ledger.stale"))


def _position(value: Any, count: int) -> int:
    try:
        position = int(value)
    except (TypeError, ValueError):
        raise LedgerError(said("ledger.entry.which")) from None
    if not 0 <= position < count:
        raise LedgerError(said("ledger.entry.none", n=position + 1))
    return position


def _apply(table: Table, current: list[dict[str, Any]], action: str, position: Any, entry: Any,
           using: str) -> tuple[list[dict[str, Any]], int | None]:
    """The entries after the change, and the position of the entry the change wrote (if any)."""
    changed = [dict(e) for e in current]
    if action == "undo":
        last = Change.objects.using(using).filter(table=table).first()
        if last is None:
            raise LedgerError(said("ledger.undo.nothing"))
        last.delete()
        before = last.before
        if isinstance(before, list):  # the whole list of entries
            return [dict(e) for e in before], None
        return [dict(e) for e in current[: before["from"]]] + [dict(e) for e in before["entries"]], None
    if action == "delete":
        del changed[_position(position, len(changed))]
        return changed, None
    if not isinstance(entry, Mapping):
        raise LedgerError(said("ledger.entry.object"))
    try:
        data = entries.clean(entry.get("kind"), entry.get("data", {}), table.as_rules())
    except entries.EntryError as exc:
        raise LedgerError.of(exc) from None
    new = {"kind": entry["kind"], "data": data, "snapshot": {}}
    if action == "add":
        if len(changed) >= MAX_ENTRIES:
            raise LedgerError(said("ledger.entry.limit", max=MAX_ENTRIES))
        changed.append(new)
        return changed, len(changed) - 1
    if action == "edit":
        at = _position(position, len(changed))
        changed[at] = new
        return changed, at
    raise LedgerError(said("ledger.change.unknown", action=repr(action)))


LOCK_RETRIES = 8


def change(token: str, action: str, version: Any = None, position: Any = None, entry: Any = None,
           using: str = "default") -> tuple[Table, Said | None]:
    """Apply one change; returns the table at its new version and a note for the person who made it (None, or
    a :class:`~ledger.words.Said`: an entry added after someone else's).

    A database that is busy with another writer (SQLite: "database is locked") is tried again a few
    times; the change is all or nothing each time."""
    try:
        asked = None if version in (None, "") else int(version)
    except (TypeError, ValueError):
        raise LedgerError(said("ledger.version")) from None
    for attempt in range(LOCK_RETRIES):
        try:
            return _change(token, action, asked, position, entry, using)
        except OperationalError as exc:
            if "locked" not in str(exc) or attempt == LOCK_RETRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def _change(token: str, action: str, asked: int | None, position: Any, entry: Any,
            using: str) -> tuple[Table, Said | None]:
    with transaction.atomic(using=using):
        _bump(token, asked, action == "add", using)
        table = Table.objects.using(using).select_for_update().get(edit_token=token)
        note = None
        if action == "add" and asked is not None and asked != table.version - 1:
            note = said("ledger.merged")
        current = [e.as_dict() for e in table.entries.all()]
        new_entries, written = _apply(table, current, action, position, entry, using)
        built, snaps = sheet.build(table.as_rules(), new_entries)
        if written is not None and built.rows[written].error:
            row = built.rows[written]
            raise LedgerError(row.error, row.error_zh, key=row.snapshot.get("error_key"))
        Entry.objects.using(using).filter(table=table).delete()
        Entry.objects.using(using).bulk_create(
            Entry(table=table, position=i, kind=e["kind"], data=e["data"], snapshot=s)
            for i, (e, s) in enumerate(zip(new_entries, snaps, strict=True))
        )
        if action != "undo":
            start = _first_changed(current, new_entries)  # what comes before it is the same after the change
            Change.objects.using(using).create(table=table, version=table.version, action=action,
                                               before={"from": start, "entries": current[start:]})
            old = Change.objects.using(using).filter(table=table).values_list("pk", flat=True)[UNDO_DEPTH:]
            Change.objects.using(using).filter(pk__in=list(old)).delete()
    return table, note


def _first_changed(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> int:
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if (a["kind"], a["data"]) != (b["kind"], b["data"]):
            return i
    return min(len(old), len(new))


def table_by(token: str, which: str = "edit", using: str = "default") -> Table:
    field = "edit_token" if which == "edit" else "read_token"
    if not isinstance(token, str) or len(token) > 64:
        raise NotFound(said("ledger.not_found"))
    table = Table.objects.using(using).filter(**{field: token}).first()
    if table is None:
        raise NotFound(said("ledger.not_found"))
    return table


def sheet_of(table: Table, fresh: bool = False) -> sheet.Sheet:
    built, _ = sheet.build(table.as_rules(), [e.as_dict() for e in table.entries.all()], fresh=fresh)
    return built


def export(table: Table) -> dict[str, Any]:
    """The table as JSON: players, rules, every entry with its snapshot, the totals (docs/ledger.md)."""
    built = sheet_of(table)
    return {
        "table": {"name": table.name, "kind": table.kind, "system": table.system, "options": table.options,
                  "settings": table.settings, "players": table.players, "version": table.version,
                  "read_token": table.read_token, "created": table.created.isoformat()},
        "entries": [{"index": r.index + 1, "kind": r.kind, "data": r.data, "dealer": r.dealer,
                     "deltas": r.deltas, "totals": r.totals, "next_dealer": r.next_dealer,
                     "engine": r.snapshot.get("engine"), "lines": r.snapshot.get("lines", []),
                     "error": r.error or None} for r in built.rows],
        "totals": built.totals,
        "dealer": built.dealer,
        "standard_scores": built.standard,
    }
