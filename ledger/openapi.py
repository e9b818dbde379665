"""The ledger's part of the OpenAPI document: paths under /api/v1/tables and their schemas.

calculator/openapi.py merges :func:`paths` and :func:`schemas` into the site's document.
"""

from __future__ import annotations

from typing import Any

from rulesets.context import FLAGS

_PLAYER = {"type": "integer", "minimum": 0, "maximum": 5, "description": "a player's position at the table, 0-based"}
_WIN = {
    "type": "object",
    "required": ["hand", "player"],
    "properties": {
        "hand": {"type": "string", "description": "the winning hand: a hand string or share code"},
        "player": _PLAYER,
        "win": {"type": "string", "enum": ["self_drawn", "discard", "rob_kong"], "default": "self_drawn"},
        "from": {**_PLAYER, "description": "the discarder (or the robbed player)"},
        **{flag: {"type": "boolean"} for flag in FLAGS},
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
        "after_kong": {"type": "boolean", "description": "杠上炮 (呼叫转移)"},
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
            "kind": {"type": "string", "enum": ["mahjong", "rummikub"], "default": "mahjong"},
            "name": {"type": "string", "maxLength": 80},
            "system": {"type": "string", "description": "a ruleset id or alias (mahjong tables)", "default": "guobiao"},
            "options": {"type": "object", "description": "the system's house rules {option: value} (or preset)"},
            "players": {"type": "array", "items": {"type": "string", "maxLength": 24}, "minItems": 2, "maxItems": 6,
                        "description": "names in turn order; the first deals the first hand"},
            "settings": {"type": "object", "properties": {
                "refund_policy": {"type": "string", "enum": ["still_in", "all"],
                                  "description": "退税: also refund players who already won (all)"},
                "empty_pool": {"type": "string", "enum": ["lowest", "none"]},
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
            "kind": {"type": "string", "enum": ["hand", "draw", "round", "rummikub"]},
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
            ]},
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


def _responses(ok: str = "200") -> dict[str, Any]:
    error = _ERROR
    return {
        ok: {"description": "the table",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Table"}}}},
        "400": {"description": "bad input, with a message", **error},
        "404": {"description": "no table with this token", **error},
        "405": {"description": "method not allowed", **error},
        "409": {"description": "the table changed since the version given: fetch it and try again", **error},
    }


_TOKEN = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
          "description": "the edit token (writes) or either token (reads)"}
_N = {"name": "n", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}


def _body(ref: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


def paths() -> dict[str, Any]:
    return {
        "/api/v1/tables": {"post": {
            "summary": "Create a table (rate limited per address)", "operationId": "createTable",
            "requestBody": _body("TableRequest"),
            "responses": {**_responses("201"), "429": {"description": "too many new tables from this address"}}}},
        "/api/v1/tables/{token}": {"get": {
            "summary": "The table: entries in order with snapshots, running totals, next dealer, 标准分",
            "operationId": "getTable", "parameters": [_TOKEN], "responses": _responses()}},
        "/api/v1/tables/{token}/entries": {"post": {
            "summary": "Add a hand, drawn game, 血战 round or Rummikub round at the end", "operationId": "addEntry",
            "parameters": [_TOKEN], "requestBody": _body("EntryRequest"), "responses": _responses("201")}},
        "/api/v1/tables/{token}/entries/{n}": {
            "put": {"summary": "Replace entry n; what follows is recalculated", "operationId": "editEntry",
                    "parameters": [_TOKEN, _N], "requestBody": _body("EntryRequest"), "responses": _responses()},
            "delete": {"summary": "Delete entry n", "operationId": "deleteEntry",
                       "parameters": [_TOKEN, _N, {"name": "version", "in": "query", "schema": {"type": "integer"}}],
                       "responses": _responses()}},
        "/api/v1/tables/{token}/undo": {"post": {
            "summary": "Undo the last change", "operationId": "undoChange", "parameters": [_TOKEN],
            "responses": _responses()}},
        "/api/v1/tables/{token}/export.csv": {"get": {
            "summary": "The sheet as CSV (the JSON export is GET /api/v1/tables/{token})",
            "operationId": "exportTableCsv", "parameters": [_TOKEN],
            "responses": {"200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}},
                          "404": {"description": "no table with this token", **_ERROR},
                          "405": {"description": "method not allowed", **_ERROR}}}},
    }


def schemas() -> dict[str, Any]:
    return SCHEMAS
