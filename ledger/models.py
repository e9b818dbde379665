"""What a table keeps: the table, its entries in order, and the changes that can be undone.

A table is found only by its two unguessable tokens (edit and read); nothing identifies a person.
``version`` grows by one with every change: a write names the version it was made against, and a
stale one is refused (optimistic concurrency, ledger/service.py). A write sent with an idempotency key
keeps its answer as a :class:`Receipt`, in the write's own transaction (ledger/receipts.py).
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils import timezone

MAX_ENTRIES = 500
"""At most this many entries (hands, rounds) per table."""

UNDO_DEPTH = 30
"""How many changes of a table can be undone, newest first."""


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Table(models.Model):
    KINDS = [("mahjong", "mahjong"), ("rummikub", "rummikub")]

    edit_token = models.CharField(max_length=32, unique=True, default=new_token)
    read_token = models.CharField(max_length=32, unique=True, default=new_token)
    kind = models.CharField(max_length=16, choices=KINDS, default="mahjong")
    name = models.CharField(max_length=80, blank=True, default="")
    system = models.CharField(max_length=32, blank=True, default="")  # ruleset id (mahjong tables)
    options = models.JSONField(default=dict, blank=True)  # the system's house rules
    settings = models.JSONField(default=dict, blank=True)  # ledger settings: refund policy, Rummikub options…
    players = models.JSONField(default=list)  # names in seat order (turn order), the first dealer first
    version = models.PositiveIntegerField(default=1)
    # where the sheet stands after the last entry, {"count", "totals", "dealer"} (ledger.sheet.Tail), written
    # with every change: an entry added at the end is settled from it alone. None: not known yet (a table
    # made before it was kept), worked out from the entries by the next change.
    tail = models.JSONField(null=True, blank=True, default=None)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.name or f"table {self.pk}"

    def as_rules(self) -> dict:
        return {"kind": self.kind, "system": self.system, "options": self.options, "settings": self.settings,
                "players": self.players}


class Entry(models.Model):
    """One hand, drawn game, 血战 round or Rummikub round, at its place in the evening."""

    KINDS = [("hand", "hand"), ("draw", "draw"), ("round", "round"), ("rummikub", "rummikub")]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=KINDS)
    data = models.JSONField(default=dict)  # what was entered (docs/ledger.md)
    snapshot = models.JSONField(default=dict)  # its settlement, with the engine version that made it
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="ledger_entry_position")]

    def as_dict(self) -> dict:
        return {"kind": self.kind, "data": self.data, "snapshot": self.snapshot}


class Change(models.Model):
    """One change of a table, with what it changed as it was before (for undo)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    version = models.PositiveIntegerField()  # the table's version after the change
    action = models.CharField(max_length=16)
    # {"from": i, "entries": [{"kind", "data", "snapshot"}, …]}: the entries from position i on, as they
    # were (those before i are the same after the change)
    before = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-version"]


class Receipt(models.Model):
    """The answer a write gave, kept under the idempotency key it was sent with (ledger/receipts.py).

    Written in the write's own transaction, so a write and its receipt are saved together or not at all;
    a retry with the same key finds it and gets the same answer, and nothing is written twice."""

    scope = models.CharField(max_length=40)  # "new" (creating a table) or "table:<id>" (changing one)
    key = models.CharField(max_length=128)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="receipts")
    request = models.CharField(max_length=64)  # SHA-256 of what was asked: a key reused for another request is refused
    status = models.PositiveSmallIntegerField()
    answer = models.BinaryField()  # the answer's JSON, zlib-compressed
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "key"], name="ledger_receipt_key")]
        indexes = [models.Index(fields=["scope", "created"], name="ledger_receipt_age")]


# ---- groups: tables of several evenings (ledger/groups.py) ------------------------------------------------

MAX_GROUP_TABLES = 200
"""At most this many tables (evenings) per group."""

MAX_ALIASES = 200
"""At most this many renamed names per group."""


class Group(models.Model):
    """Tables of several evenings kept together, found only by its two unguessable tokens (edit and read).

    ``aliases`` maps a name as the group matches it (folded: ledger/groups.py ``fold``) to the name it is
    shown as: a rename, or two names merged into one player."""

    edit_token = models.CharField(max_length=32, unique=True, default=new_token)
    read_token = models.CharField(max_length=32, unique=True, default=new_token)
    name = models.CharField(max_length=80, blank=True, default="")
    aliases = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.name or f"group {self.pk}"


class GroupTable(models.Model):
    """A table in a group (a table may be in several groups)."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="members")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="group_members")
    added = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["group", "table"], name="ledger_group_table")]


class GroupReceipt(models.Model):
    """The answer a group's write gave, kept under its idempotency key (as :class:`Receipt` for tables)."""

    scope = models.CharField(max_length=40)  # "new-group" (creating a group) or "group:<id>" (changing one)
    key = models.CharField(max_length=128)
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="receipts")
    request = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    answer = models.BinaryField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "key"], name="ledger_group_receipt_key")]
        indexes = [models.Index(fields=["scope", "created"], name="ledger_group_receipt_age")]
