"""Idempotent writes: a retry after a lost answer gets the first answer and writes nothing again.

Every write of the ledger (creating a table; adding, changing or deleting an entry; undo) takes an
idempotency key, sent as the ``Idempotency-Key`` header or an ``idempotency_key`` field (the JSON body,
or the form: the pages' forms carry a fresh one in a hidden field). The write keeps its answer under the
key as a :class:`~ledger.models.Receipt` **in its own transaction**: the write and its receipt are saved
together or not at all. A request that comes with a key already kept is not applied again; it is
answered from the receipt (the same status and body, ``Idempotent-Replayed: true``). The same key with
another request (another body, path or method) is refused (422): a key names one write.

A key is 8–128 visible ASCII characters (a random UUID is the usual choice); it is scoped to the table it
changes (or to creating tables), and kept :data:`KEPT_SECONDS` (a day). Whoever knows a key and its exact
request gets its answer, so a key is as secret as the request it names: make it random.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.utils import timezone

from .models import Receipt, Table
from .words import Worded, said

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
KEPT_SECONDS = 24 * 3600
"""How long a receipt is kept: a retry comes within seconds or minutes of the lost answer."""

_KEY = re.compile(r"^[\x21\x23-\x7e]{8,128}$")  # visible ASCII but the double quote


class BadKey(Worded):
    """A key that cannot be used: malformed (400), or already used for another request (422)."""

    status = 400


class Reused(BadKey):
    status = 422


@dataclass(frozen=True)
class Ask:
    """A write sent with an idempotency key: the key and the digest of what was asked."""

    key: str
    request: str


@dataclass(frozen=True)
class Kept:
    """A receipt's answer: its status and its JSON (a body for the API; ``{"location"}`` for a page)."""

    status: int
    answer: dict[str, Any]


def key_of(header: str | None, field: Any) -> str | None:
    """The request's key (the header, or the field; both must agree), or None when it has none."""
    given = [k for k in (header, field) if k is not None and k != ""]
    if not given:
        return None
    if not all(isinstance(k, str) for k in given):
        raise BadKey(said("ledger.key.invalid"))
    keys = {_unquoted(k) for k in given}
    if len(keys) > 1 or not all(_KEY.match(k) for k in keys):
        raise BadKey(said("ledger.key.invalid"))
    return keys.pop()


def _unquoted(key: str) -> str:
    """A key sent as a structured-field string (``"…"``, as the Idempotency-Key draft writes it) or bare."""
    key = key.strip()
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] == '"' else key


def digest(method: str, path: str, fields: Mapping[str, Any]) -> str:
    """What a request asked, as a digest: its method, path and fields (the key itself left out)."""
    asked = {k: v for k, v in fields.items() if k not in (FIELD, "csrfmiddlewaretoken")}
    blob = json.dumps([method, path, asked], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def scope_of(table: Table | None) -> str:
    """Keys of changes are the table's own; keys of new tables are shared by every new table."""
    return "new" if table is None else f"table:{table.pk}"


def find(scope: str, ask: Ask, using: str = "default") -> Kept | None:
    """The answer kept under ``ask``'s key, or None; :class:`Reused` when the key named another request."""
    receipt = Receipt.objects.using(using).filter(scope=scope, key=ask.key).only(
        "request", "status", "answer").first()
    if receipt is None:
        return None
    if receipt.request != ask.request:
        raise Reused(said("ledger.key.reused"))
    return Kept(receipt.status, json.loads(zlib.decompress(bytes(receipt.answer))))


def keep(scope: str, table: Table, ask: Ask, kept: Kept, using: str = "default") -> None:
    """Keep ``kept`` under ``ask``'s key — inside the write's transaction — and forget this scope's receipts
    older than :data:`KEPT_SECONDS`."""
    receipts = Receipt.objects.using(using)
    receipts.filter(scope=scope, created__lt=timezone.now() - timedelta(seconds=KEPT_SECONDS)).delete()
    receipts.create(scope=scope, key=ask.key, table=table, request=ask.request, status=kept.status,
                    answer=_packed(kept.answer))


def replace(scope: str, ask: Ask, status: int, body: bytes, using: str = "default") -> None:
    """Keep the answer actually sent (its JSON ``body``) in place of the one kept with the write (ledger/api.py)."""
    Receipt.objects.using(using).filter(scope=scope, key=ask.key).update(status=status, answer=zlib.compress(body, 1))


def _packed(answer: dict[str, Any]) -> bytes:
    return zlib.compress(json.dumps(answer, ensure_ascii=False).encode(), 1)
