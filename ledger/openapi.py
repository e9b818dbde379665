"""The ledger's part of the OpenAPI document: paths under /api/v1/tables and their schemas.

``LedgerConfig.ready`` adds :func:`paths`, :func:`schemas` and the headers to the site's document
(calculator/openapi.py). Every write takes an idempotency key (the ``Idempotency-Key`` header or an
``idempotency_key`` field, ledger/receipts.py) and may ask for the minimal answer (``Prefer: return=minimal``:
the ``TableChange`` schema); every operation may answer 503 with ``Retry-After`` when the database is in
trouble.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from rulesets.context import SHARED_FLAGS

_KEY_FIELD = {"type": "string", "minLength": 8, "maxLength": 128, "pattern": "^[!#-~]+$",
              "description": "the write's idempotency key (or the Idempotency-Key header; the same if both)"}
_PLAYER = {"type": "integer", "minimum": 0, "maximum": 5, "description": "a player's position at the table, 0-based"}
_WIN = {
    "type": "object",
    "required": ["hand", "player"],
    "properties": {
        "hand": {"type": "string", "description": "the winning hand: a hand string or share code"},
        "player": _PLAYER,
        "win": {"type": "string", "enum": ["self_drawn", "discard", "rob_kong"], "default": "self_drawn"},
        "from": {**_PLAYER, "description": "the discarder (or the robbed player)"},
        **{f.key: f.schema() for f in SHARED_FLAGS},  # the flags, as rulesets.context declares them
    },
}
_EVENT = {
    "type": "object",
    "required": ["type"],
    "description": "one event of a 血战/血流 round, in order (docs/ledger.md)",
    "properties": {
        "type": {"type": "string", "enum": ["kong", "win", "multi", "wall_end"]},
        "player": _PLAYER,
        "kind": {"type": "string", "enum": ["exposed", "added", "concealed"], "description": "kong: its kind"},
        "fed_by": {**_PLAYER, "description": "kong: who fed an exposed kong"},
        "hand": {"type": "string"},
        "win": {"type": "string", "enum": ["self_drawn", "discard", "rob_kong"]},
        "from": _PLAYER,
        **{f.key: {**f.schema(), "description": f"multi: {f.schema()['description']}, for every win on the discard"}
           for f in SHARED_FLAGS if f.of_discard},
        "wins": {"type": "array", "items": {"type": "object", "properties": {"player": _PLAYER,
                                                                           "hand": {"type": "string"}}},
                 "description": "multi (一炮多响): the winners on one discard"},
        "players": {
            "type": "array",
            "description": "wall_end: each player still in",
            "items": {"type": "object", "required": ["player", "state"], "properties": {
                "player": _PLAYER, "state": {"type": "string", "enum": ["ready", "not_ready", "pig"]},
                "hand": {"type": "string", "description": "the 13 tiles held (needed for a ready player)"}}},
        },
    },
}

SCHEMAS: dict[str, Any] = {
    "TableRequest": {
        "type": "object",
        "required": ["players"],
        "properties": {
            "idempotency_key": _KEY_FIELD,
            "kind": {"type": "string", "enum": ["mahjong", "rummikub"], "default": "mahjong"},
            "name": {"type": "string", "maxLength": 80},
            "system": {"type": "string", "description": "a ruleset id or alias (mahjong tables)",
                       "default": settings.DEFAULT_SYSTEM},
            "options": {"type": "object", "description": "the system's house rules {option: value} (or preset)"},
            "players": {"type": "array", "items": {"type": "string", "maxLength": 24}, "minItems": 2, "maxItems": 6,
                        "description": "names in turn order; the first deals the first hand"},
            "settings": {"type": "object", "properties": {
                "refund_policy": {"type": "string", "enum": ["still_in", "all"], "default": "all",
                                  "description": "退税: refund every original payer, players who already won too "
                                                 "(all), or only those still in"},
                "empty_pool": {"type": "string", "enum": ["lowest", "minus_rack", "none"], "default": "lowest",
                               "description": "Rummikub, pool empty: the lowest rack scores the differences (tied "
                                              "racks share them), everyone scores minus their own rack, or nobody "
                                              "scores"},
                "simple": {"type": "boolean", "description": "Rummikub winner-only scoring"},
                "first_meld": {"type": "integer", "enum": [30, 50]},
                "target": {"type": "integer", "minimum": 0},
            }},
        },
    },
    "EntryRequest": {
        "type": "object",
        "required": ["kind"],
        "properties": {
            "idempotency_key": _KEY_FIELD,
            "kind": {"type": "string", "enum": ["hand", "draw", "round", "rummikub", "quick", "adjust"]},
            "version": {"type": "integer", "description": "the table version this change was made against"},
            "data": {"oneOf": [
                {**_WIN, "title": "hand"},
                {"type": "object", "title": "round", "required": ["events"],
                 "properties": {"events": {"type": "array", "items": _EVENT, "maxItems": 40}}},
                {"type": "object", "title": "rummikub", "required": ["racks"], "properties": {
                    "racks": {"type": "array", "items": {"type": ["string", "integer"]},
                              "description": "each rack's tiles (\"5 7 J\") or total"},
                    "out": {**_PLAYER, "description": "who went out (absent: the pool ran dry)"}}},
                {"type": "object", "title": "draw", "maxProperties": 0},
                {"$ref": "#/components/schemas/QuickEntry"},
                {"$ref": "#/components/schemas/Adjustment"},
            ]},
        },
    },
    "ChangeRequest": {
        "type": "object",
        "description": "undo (or delete, as a body): the version it is made against, and its key",
        "properties": {"idempotency_key": _KEY_FIELD, "version": {"type": "integer"}},
    },
    "TableChange": {
        "type": "object",
        "description": "the minimal answer of a write (Prefer: return=minimal): what it did, from what it "
                       "committed — the same size on any table",
        "required": ["version", "count", "totals", "dealer", "entry", "links"],
        "properties": {
            "version": {"type": "integer", "description": "the table's version after the write"},
            "count": {"type": "integer", "description": "how many entries the table has"},
            "totals": {"type": "array", "items": {"type": "integer"}, "description": "after the last entry"},
            "dealer": {**_PLAYER, "description": "who deals next"},
            "standard_scores": {"type": ["array", "null"], "items": {"type": "number"}},
            "entry": {"type": ["object", "null"], "description": "the entry the write added or replaced (as in "
                                                                 "Table.entries); null for a delete or an undo"},
            "links": {"type": "object"},
            "note": {"type": "string"},
            "note_zh": {"type": "string"},
        },
    },
    "Settlement": {
        "type": "object",
        "required": ["players", "totals", "zero_sum", "transfers", "count", "text", "version"],
        "properties": {
            "players": {"type": "array", "items": {"type": "string"}},
            "totals": {"type": "array", "items": {"type": ["integer", "string"]},
                       "description": "each total (times rate); a fraction as an exact decimal string"},
            "rate": {"type": ["string", "integer", "null"], "description": "money per point, as asked"},
            "zero_sum": {"type": "boolean", "description": "the totals add up to zero (else nothing is settled)"},
            "transfers": {"type": "array", "items": {"type": "object", "required": ["from", "to", "amount"],
                                                     "properties": {
                "from": _PLAYER, "to": _PLAYER,
                "amount": {"type": ["integer", "string"], "description": "above 0; exact (\"0.3\")"},
                "from_name": {"type": "string"}, "to_name": {"type": "string"}}}},
            "count": {"type": "integer", "description": "how many transfers: the fewest that settle"},
            "text": {"type": "string", "description": "one transfer a line: \"丙 → 甲 18\""},
            "entries": {"type": "integer"},
            "version": {"type": "integer"},
        },
    },
    "Table": {
        "type": "object",
        "required": ["table", "entries", "totals", "version"],
        "properties": {
            "table": {"type": "object"},
            "entries": {"type": "array", "items": {"type": "object", "properties": {
                "index": {"type": "integer"}, "kind": {"type": "string"}, "data": {"type": "object"},
                "dealer": _PLAYER, "deltas": {"type": "array", "items": {"type": "integer"}},
                "totals": {"type": "array", "items": {"type": "integer"}}, "next_dealer": _PLAYER,
                "engine": {"type": ["string", "null"], "description": "the engine version of the snapshot"},
                "lines": {"type": "array", "items": {"type": "object"}},
                "error": {"type": ["string", "null"]}}}},
            "totals": {"type": "array", "items": {"type": "integer"}},
            "dealer": _PLAYER,
            "standard_scores": {"type": ["array", "null"], "items": {"type": "number"},
                                "description": "国标: 标准分 4/2/1/0 of the session so far, ties shared"},
            "version": {"type": "integer"},
            "links": {"type": "object"},
            "note": {"type": "string", "description": "an entry added after someone else's says so (English)"},
            "note_zh": {"type": "string", "description": "the note in 中文"},
        },
    },
}


_ERROR = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _error(description: str, *headers: str) -> dict[str, Any]:
    from calculator.openapi import error

    return error(description, *headers)


def _table(description: str, write: bool) -> dict[str, Any]:
    schema: dict[str, Any] = {"$ref": "#/components/schemas/Table"}
    if write:
        schema = {"oneOf": [schema, {"$ref": "#/components/schemas/TableChange"}]}
        description += ("; with Prefer: return=minimal, only what the write did (TableChange). A write sent "
                        "again with its idempotency key gets the first answer again, with Idempotent-Replayed: true")
    out: dict[str, Any] = {"description": description, "content": {"application/json": {"schema": schema}}}
    if write:
        out["headers"] = {"Idempotent-Replayed": {"$ref": "#/components/headers/IdempotentReplayed"}}
    return out


def _responses(ok: str = "200", write: bool = False) -> dict[str, Any]:
    from calculator.openapi import COMMON_ERRORS

    out = {
        ok: _table("the table", write),
        "400": _error("bad input, with a message (a malformed idempotency key too)"),
        "404": _error("no table with this token"),
        "409": _error("the table changed since the version given: fetch it and try again"),
        "503": _error("the database is not answering (unavailable: nothing was done) or did not confirm a write "
                      "(unconfirmed: send it again with the same idempotency key to learn whether it was saved); "
                      "retry after Retry-After seconds", "RetryAfter"),
        **COMMON_ERRORS,
    }
    if write:
        out["422"] = _error("this idempotency key was used for another request")
    return out


_TOKEN = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
          "description": "the edit token (writes) or either token (reads)"}
_N = {"name": "n", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
        "schema": {"type": "string", "minLength": 8, "maxLength": 128},
        "description": "names this write: sent again with the same key, it is not made twice and gets the first "
                       "answer (kept a day). 8–128 visible ASCII characters, a random UUID say; or the "
                       "idempotency_key field"}
_PREFER = {"name": "Prefer", "in": "header", "required": False,
           "schema": {"type": "string", "enum": ["return=minimal"]},
           "description": "return=minimal: answer with what the write did (TableChange), not the whole table"}
_WRITE = [_KEY, _PREFER]


def _body(ref: str, required: bool = True) -> dict[str, Any]:
    return {"required": required,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


def paths() -> dict[str, Any]:
    return {
        "/api/v1/tables": {"post": {
            "summary": "Create a table (rate limited per address)", "operationId": "createTable",
            "parameters": [_KEY], "requestBody": _body("TableRequest"),
            "responses": {**_responses("201", write=True),
                          "429": _error("too many new tables from this address")}}},
        "/api/v1/tables/{token}": {"get": {
            "summary": "The table: entries in order with snapshots, running totals, next dealer, 标准分",
            "operationId": "getTable", "parameters": [_TOKEN], "responses": _responses()}},
        "/api/v1/tables/{token}/entries": {"post": {
            "summary": "Add a hand, quick entry, adjustment, drawn game, 血战 round or Rummikub round "
                       "at the end", "operationId": "addEntry",
            "parameters": [_TOKEN, *_WRITE], "requestBody": _body("EntryRequest"),
            "responses": _responses("201", write=True)}},
        "/api/v1/tables/{token}/entries/{n}": {
            "put": {"summary": "Replace entry n; what follows is recalculated", "operationId": "editEntry",
                    "parameters": [_TOKEN, _N, *_WRITE], "requestBody": _body("EntryRequest"),
                    "responses": _responses(write=True)},
            "delete": {"summary": "Delete entry n", "operationId": "deleteEntry",
                       "parameters": [_TOKEN, _N, *_WRITE,
                                      {"name": "version", "in": "query", "schema": {"type": "integer"}}],
                       "requestBody": _body("ChangeRequest", required=False),
                       "responses": _responses(write=True)}},
        "/api/v1/tables/{token}/undo": {"post": {
            "summary": "Undo the last change", "operationId": "undoChange", "parameters": [_TOKEN, *_WRITE],
            "requestBody": _body("ChangeRequest", required=False), "responses": _responses(write=True)}},
        "/api/v1/tables/{token}/export.csv": {"get": {
            "summary": "The sheet as CSV (the JSON export is GET /api/v1/tables/{token}); a text cell a spreadsheet "
                       "would read as a formula (starting with = + - @, a tab or a carriage return) starts with '",
            "operationId": "exportTableCsv", "parameters": [_TOKEN],
            "responses": {**_responses(), "200": {"description": "CSV",
                                                  "content": {"text/csv": {"schema": {"type": "string"}}}}}}},
        **_group_paths(),
        "/api/v1/tables/{token}/settle": {"get": {
            "summary": "Settle up (结账): the fewest transfers that settle the table so far (either token)",
            "description": "The players owing or owed are split into the most groups whose totals add up to "
                           "zero (an exact search); a group of k settles in k − 1 transfers. A table whose "
                           "totals do not add up to zero (Rummikub points) answers zero_sum false and no transfers.",
            "operationId": "settleTable",
            "parameters": [_TOKEN, {"name": "rate", "in": "query", "required": False,
                                    "schema": {"type": "string", "pattern": "^[0-9]+(\\.[0-9]{1,6})?$"},
                                    "description": "money per point (a decimal above 0): every total is multiplied "
                                                   "by it first, exactly"}],
            "responses": {**_responses(), "200": {"description": "the transfers", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Settlement"}}}}}}},
    }


HEADERS: dict[str, Any] = {
    "IdempotentReplayed": {"description": "true: this is the first answer of this write, given again (the write "
                                          "had been made with this idempotency key)",
                           "schema": {"type": "string", "enum": ["true"]}},
}


def _quick_schemas() -> dict[str, Any]:
    """The quick entry and the adjustment (ledger/quick.py); each system's quick fields from its declaration
    (rulesets/<system>/quick.py), listed under ``x-systems``."""
    from rulesets.quick import quick_of
    from rulesets.registry import all_rulesets

    systems = {}
    for r in all_rulesets():
        q = quick_of(r)
        if q is not None:
            systems[r.id] = {"unit": r.unit, "value": q.value.as_dict(), "fields": [f.as_dict() for f in q.fields]}
    win = {"type": "object", "required": ["player", "value"], "properties": {
        "player": _PLAYER, "win": {"type": "string", "enum": ["self_drawn", "discard", "rob_kong"],
                                   "default": "self_drawn"},
        "from": {**_PLAYER, "description": "the discarder (or the player robbed), for a win not self-drawn"},
        "value": {"type": "integer", "description": "the hand's value in the system's unit (x-systems: value)"},
        "together": {"type": "boolean", "description": "on the same discard as the win before (一炮多响, 通炮)"},
        "fields": {"type": "object", "description": "the system's quick fields (x-systems: fields) in table terms: "
                   "a per-player number as a list (one per player), players as positions, a set of players as a "
                   "list of positions; numbers, booleans and tiles as themselves"}}}
    return {
        "QuickEntry": {"type": "object", "title": "quick", "required": ["wins"], "description":
                       "a hand without tiles: each win settled by the system's own settlement. At a table that "
                       "plays to the wall (血战, 血流) the wins are a round's, in order; elsewhere one win, or "
                       "several on one discard", "properties": {"wins": {"type": "array", "items": win,
                                                                         "minItems": 1, "maxItems": 12}},
                       "x-systems": systems},
        "Adjustment": {"type": "object", "title": "adjust", "required": ["amounts"], "description":
                       "free amounts per player (诈胡 penalty, 包牌, a buy-in); they add up to 0 unless "
                       "unbalanced is true, and then the note saying why is required", "properties": {
                           "amounts": {"type": "array", "items": {"type": "integer"},
                                       "description": "one per player, in turn order"},
                           "note": {"type": "string", "maxLength": 200},
                           "unbalanced": {"type": "boolean", "default": False}}},
    }


def schemas() -> dict[str, Any]:
    return {**SCHEMAS, **_quick_schemas()}


# ---- groups of tables across evenings (ledger/groups.py, ledger/group_api.py) ---------------------------------

_COUNT = {"type": "integer", "minimum": 0}
SCHEMAS.update({
    "GroupRequest": {
        "type": "object",
        "properties": {
            "idempotency_key": _KEY_FIELD,
            "name": {"type": "string", "maxLength": 80},
            "tables": {"type": "array", "maxItems": 200, "items": {"type": "string"},
                       "description": "the tables to start with: each a table's read or edit link (or token)"},
        },
    },
    "GroupTableRequest": {
        "type": "object",
        "required": ["table"],
        "properties": {"idempotency_key": _KEY_FIELD,
                       "table": {"type": "string", "description": "the table's read link or edit link (or token)"},
                       "version": {"type": "integer", "description": "ignored: adding a table never conflicts"}},
    },
    "GroupRenameRequest": {
        "type": "object",
        "required": ["from", "to"],
        "properties": {"idempotency_key": _KEY_FIELD,
                       "from": {"type": "string", "description": "a player of the group, by any name they have"},
                       "to": {"type": "string", "minLength": 1, "maxLength": 24,
                              "description": "the new name; another player's name merges the two"},
                       "version": {"type": "integer", "description": "the group version the rename was made against"}},
    },
    "Group": {
        "type": "object",
        "required": ["group", "evenings", "players", "ranked_by", "aliases", "links", "version"],
        "properties": {
            "group": {"type": "object", "properties": {"name": {"type": "string"}, "version": {"type": "integer"},
                                                       "created": {"type": "string"},
                                                       "read_token": {"type": "string"}}},
            "evenings": {"type": "array", "description": "the group's tables in the order they were made",
                         "items": {"type": "object", "properties": {
                             "n": {"type": "integer"}, "name": {"type": "string"}, "kind": {"type": "string"},
                             "system": {"type": "string"}, "date": {"type": ["string", "null"]},
                             "read_token": {"type": "string"}, "read_url": {"type": "string"},
                             "players": {"type": "array", "items": {"type": "string"},
                                         "description": "the players as the group shows them, in seat order"},
                             "hands": _COUNT, "totals": {"type": "array", "items": {"type": "integer"}},
                             "standard_scores": {"type": ["array", "null"], "items": {"type": "number"}}}}},
            "players": {"type": "array", "description": "each player's figures, in the group's ranking order",
                        "items": {"type": "object", "properties": {
                            "name": {"type": "string"}, "evenings": _COUNT, "hands": _COUNT, "wins": _COUNT,
                            "deal_ins": _COUNT, "net": {"type": "integer"},
                            "average_win": {"type": ["number", "null"],
                                            "description": "the player's change on the entries they won, per win"},
                            "standard": {"type": ["number", "null"],
                                         "description": "国标 标准分 summed over the 国标 tables (sessions) played"},
                            "sessions": _COUNT,
                            "series": {"type": "array", "items": {"type": "integer"},
                                       "description": "the net after each evening of the group, from 0"}}}},
            "ranked_by": {"type": "string", "enum": ["standard", "net"],
                          "description": "standard: every table is 国标 (the sum of 标准分, then the net)"},
            "aliases": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "renames: a name as matched (trimmed, case-folded) → the name shown"},
            "links": {"type": "object"},
            "version": {"type": "integer"},
        },
    },
})


def _group(description: str, write: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"description": description,
                           "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Group"}}}}
    if write:
        out["headers"] = {"Idempotent-Replayed": {"$ref": "#/components/headers/IdempotentReplayed"}}
    return out


def _group_responses(ok: str = "200", write: bool = False, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    from calculator.openapi import COMMON_ERRORS

    out = {ok: _group("the group" + (" (sent again with its idempotency key: the first answer, with "
                                      "Idempotent-Replayed: true)" if write else ""), write),
           "400": _error("bad input, with a message"),
           "404": _error("no group (or table) with this link"),
           "503": _error("the database is not answering or did not confirm a write: retry after Retry-After "
                         "seconds (with the same idempotency key)", "RetryAfter"),
           **COMMON_ERRORS, **(extra or {})}
    if write:
        out["422"] = _error("this idempotency key was used for another request")
    return out


_GROUP_TOKEN = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
                "description": "the group's edit token (writes) or either token (reads)"}
_STALE = {"409": _error("the group changed since the version given: fetch it and try again")}


def _group_paths() -> dict[str, Any]:
    return {
        "/api/v1/groups": {"post": {
            "summary": "Create a group of tables (counted with new tables against the rate limit)",
            "operationId": "createGroup", "parameters": [_KEY], "requestBody": _body("GroupRequest", required=False),
            "responses": _group_responses("201", True, {"429": _error("too many new tables or groups from this "
                                                                      "address")})}},
        "/api/v1/groups/{token}": {"get": {
            "summary": "The group: its evenings, each player's figures across them (国标: 标准分), the renames",
            "operationId": "getGroup", "parameters": [_GROUP_TOKEN], "responses": _group_responses()}},
        "/api/v1/groups/{token}/tables": {"post": {
            "summary": "Add a table by its link (201; 200 when it is in the group already)",
            "operationId": "addGroupTable", "parameters": [_GROUP_TOKEN, _KEY],
            "requestBody": _body("GroupTableRequest"),
            "responses": {**_group_responses("201", True), "200": _group("the table was in the group already")}}},
        "/api/v1/groups/{token}/tables/{table}": {"delete": {
            "summary": "Take a table out of the group", "operationId": "removeGroupTable",
            "parameters": [_GROUP_TOKEN, _KEY,
                           {"name": "table", "in": "path", "required": True, "schema": {"type": "string"},
                            "description": "the table's read token (as the group lists it)"},
                           {"name": "version", "in": "query", "schema": {"type": "integer"}}],
            "requestBody": _body("ChangeRequest", required=False),
            "responses": _group_responses("200", True, _STALE)}},
        "/api/v1/groups/{token}/rename": {"post": {
            "summary": "Rename a player of the group (to another player's name: the two become one)",
            "operationId": "renameGroupPlayer", "parameters": [_GROUP_TOKEN, _KEY],
            "requestBody": _body("GroupRenameRequest"), "responses": _group_responses("200", True, _STALE)}},
    }
