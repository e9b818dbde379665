"""The OpenAPI 3.1 document of ``/api/v1`` (served at ``/api/v1/openapi.json``).

The calculator's own paths are written here; another app adds its part with :func:`add_part` when Django
starts it (the table ledger from ``LedgerConfig.ready``), so this module imports no app that builds on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulesets.context import SHARED

CONTEXT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "description": (
        "How the hand was won. Every field is optional; a GB-format hand string may also carry winds, flags "
        "and flowers."
    ),
    "properties": {f.key: f.schema() for f in SHARED},  # the shared context, as rulesets.context declares it
}


def _with_declared(schema: dict[str, Any]) -> dict[str, Any]:
    """The context schema with every field a system declares (rulesets.context), generated from the declarations."""
    from rulesets.context import known

    declared = {key: f.schema() for key, f in sorted(known().items())}
    return {**schema, "properties": {**schema["properties"], **declared}}


CONTEXT_SCHEMA = _with_declared(CONTEXT_SCHEMA)

REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["hand"],
    "additionalProperties": False,
    "properties": {
        "hand": {
            "type": "string",
            "minLength": 1,
            "maxLength": 400,
            "description": "a hand string (README: formats)",
            "example": "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
        },
        "rules": {
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}],
            "description": (
                'ruleset ids or aliases (gb, sichuan, …), or "all" (the default: every system that can read the hand)'
            ),
        },
        "context": CONTEXT_SCHEMA,
        "options": {
            "type": "object",
            "description": "house rules: {ruleset: {option: value}}; with one ruleset, {option: value}",
        },
    },
}

_NAMED: dict[str, Any] = {
    "type": "object",
    "properties": {"id": {"type": "string"}, "zh": {"type": "string"}, "en": {"type": "string"}},
}

RESULT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["hand", "results"],
    "properties": {
        "hand": {"type": "string", "description": "the canonical share code of the hand"},
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "rules",
                    "valid",
                    "reason",
                    "unit",
                    "total",
                    "fans",
                    "excluded",
                    "shape",
                    "shapes",
                    "payouts",
                    "payments",
                    "options",
                ],
                "properties": {
                    "rules": {"type": "string"},
                    "valid": {"type": "boolean"},
                    "reason": {"type": ["string", "null"]},
                    "reason_en": {"type": ["string", "null"]},
                    "unit": {"type": "string"},
                    "total": {"type": "integer"},
                    "fans": {
                        "type": "array",
                        "items": {
                            **_NAMED,
                            "required": ["id", "zh", "en", "value", "count"],
                            "properties": {
                                **_NAMED["properties"],
                                "value": {"type": "integer"},
                                "count": {"type": "integer"},
                                "tiles": {
                                    "type": "array",
                                    "items": {"type": "integer", "minimum": 0},
                                    "description": (
                                        "the tiles that make the fan: positions, from 0, in the tiles of "
                                        "shape.groups taken in order (README: HTTP API)"
                                    ),
                                },
                                "about": {
                                    "type": "string",
                                    "enum": ["hand", "sets", "win", "none"],
                                    "description": (
                                        "the whole hand, some sets or tiles of it, how the hand was won (the "
                                        "winning tile or no tile), or no tile of the reading"
                                    ),
                                },
                            },
                        },
                    },
                    "excluded": {
                        "type": "array",
                        "items": {
                            **_NAMED,
                            "required": ["id", "zh", "en", "by"],
                            "properties": {**_NAMED["properties"], "by": {"type": "string"}},
                        },
                    },
                    "shape": {"type": ["object", "null"]},
                    "shapes": {"type": "array", "items": {"type": "object"}},
                    "payouts": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "payments": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["from", "to", "amount", "why"],
                            "properties": {
                                "from": {"type": "string"},
                                "to": {"type": "string"},
                                "amount": {"type": "integer"},
                                "why": {"type": "string"},
                            },
                        },
                    },
                    "options": {"type": "object"},
                },
            },
        },
    },
}

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "description": "Every error of the API is this object, whatever its status.",
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "position"],
            "properties": {
                "code": {
                    "type": "string",
                    "description": "what went wrong: for a hand, the engine's (hand, notation, rules, context…); for "
                    "the request, json, field, too_large, too_long (414), timeout (408), method_not_allowed, "
                    "not_found, bad_request, rate_limited; for the ledger, also stale_version, "
                    "idempotency_key_reused; for the server, unavailable and unconfirmed (503), server_error (500)",
                },
                "message": {"type": "string"},
                "position": {
                    "type": ["integer", "null"],
                    "description": "0-based character position in the hand string, when known",
                },
                "message_zh": {
                    "type": ["string", "null"],
                    "description": "the message in 中文 (/api/v1/score: null for an error of the request itself; "
                    "the ledger's /api/v1/tables and the server's own errors: always given)",
                },
                "key": {
                    "type": ["string", "null"],
                    "description": "the message key, stable across releases: the engine's (rulesets/messages.py), "
                    "the ledger's (ledger/words.py, ledger.…) or the server's (server.…); null for an error of the "
                    "scoring request itself or a reason with no key",
                },
            },
        }
    },
}

_ERROR = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
HEADERS: dict[str, Any] = {
    "RetryAfter": {"description": "seconds to wait before trying again", "schema": {"type": "integer", "minimum": 1}},
    "Allow": {"description": "the methods this path takes", "schema": {"type": "string"}},
}
"""Response headers the operations refer to (components.headers)."""


def error(description: str, *headers: str) -> dict[str, Any]:
    """A response that is the error object (with the headers named, from :data:`HEADERS`)."""
    out: dict[str, Any] = {"description": description, **_ERROR}
    if headers:
        out["headers"] = {name.replace("RetryAfter", "Retry-After"): {"$ref": f"#/components/headers/{name}"}
                          for name in headers}
    return out


COMMON_ERRORS: dict[str, Any] = {
    "405": error("the path does not take this method (Allow lists those it takes)", "Allow"),
    "408": error("the request's head did not arrive within GUNICORN_HEADER_TIMEOUT seconds of its first byte, or "
                 "its body within GUNICORN_BODY_TIMEOUT seconds of its head"),
    "414": error("the request line is longer than 8190 bytes (gunicorn's limit)"),
    "431": error("the request's header fields are too large or too many (gunicorn's limits)"),
    "default": error("any other failure of the server (500: it is logged); never an HTML page"),
}
"""Errors every operation can give."""


def _responses(method: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "200": {
            "description": "the result object",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Result"}}},
        },
        "400": error("bad input, with a message saying what and where (a request Django refuses itself too: more "
                     "than 400 query fields, say)"),
        "429": error("this client is over the rate limit of /api/v1/score (RATE_LIMIT_API, counted across every "
                     "server behind the balancer); retry after Retry-After seconds", "RetryAfter"),
        **COMMON_ERRORS,
    }
    if method == "get":
        out["414"] = error("the request line is longer than 8190 bytes (gunicorn's limit): send a long hand in a "
                           "POST body")
    else:
        out["413"] = error("the body is larger than the server's limit (MAX_BODY_BYTES)")
    return out


def _hand_limit() -> int:
    from django.conf import settings

    return settings.MAX_HAND_STRING


def _request_schema(max_hand: int) -> dict[str, Any]:
    hand = {**REQUEST_SCHEMA["properties"]["hand"], "maxLength": max_hand}
    return {**REQUEST_SCHEMA, "properties": {**REQUEST_SCHEMA["properties"], "hand": hand}}


@dataclass(frozen=True)
class Part:
    """Another app's part of the document: its paths, its schemas and its response headers."""

    paths: Callable[[], dict[str, Any]]
    schemas: Callable[[], dict[str, Any]]
    headers: dict[str, Any]


PARTS: dict[str, Part] = {}
"""The parts the installed apps added, by app name, in the order they were added."""


def add_part(app: str, part: Part) -> None:
    """Add ``app``'s paths, schemas and headers to the document (again: the part replaces its earlier self)."""
    PARTS[app] = part


def openapi_document(max_hand: int | None = None) -> dict[str, Any]:
    """The document; ``max_hand`` (default: settings.MAX_HAND_STRING) is the longest hand string accepted."""
    max_hand = _hand_limit() if max_hand is None else max_hand
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {
            "title": "Mahjong scoring calculator API",
            "version": "1",
            "description": (
                "Score a finished mahjong hand under every regional system: fans, exclusions (不计), shapes and "
                "payouts."
            ),
        },
        "paths": {
            "/api/v1/score": {
                "post": {
                    "summary": "Score a hand",
                    "operationId": "scoreHand",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ScoreRequest"}}},
                    },
                    "responses": _responses("post"),
                },
                "get": {
                    "summary": "Score a hand (simple cases)",
                    "operationId": "scoreHandGet",
                    "parameters": [
                        {
                            "name": "hand",
                            "in": "query",
                            "required": True,
                            "schema": {"type": "string", "minLength": 1, "maxLength": max_hand},
                        },
                        {"name": "rules", "in": "query", "required": False, "schema": {"type": "string"}},
                    ],
                    "responses": _responses("get"),
                },
            },
            "/api/v1/rules": {
                "get": {
                    "summary": "The systems, their house-rule options and fan tables",
                    "operationId": "listRules",
                    "responses": {
                        "200": {
                            "description": "the systems",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "required": ["rules"],
                                        "properties": {"rules": {"type": "array", "items": {"type": "object"}}},
                                    }
                                }
                            },
                        },
                        **COMMON_ERRORS,
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "ScoreRequest": _request_schema(max_hand),
                "Context": CONTEXT_SCHEMA,
                "Result": RESULT_SCHEMA,
                "Error": ERROR_SCHEMA,
            },
            "headers": dict(HEADERS),
        },
    }
    for part in PARTS.values():
        document["paths"].update(part.paths())
        document["components"]["schemas"].update(part.schemas())
        document["components"]["headers"].update(part.headers)
    return document
