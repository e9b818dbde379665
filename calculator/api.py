"""The JSON API (DESIGN §4.3): ``/api/v1/score`` and its OpenAPI document.

Any bad input is a 400 with ``{"error": {"code", "message", "position"}}``; never a 500. Every other error
of the API is the same object too (serving/errors.py: 405, 404, a request Django refuses; the rate
limits' 429; gunicorn's 414 for a request line over 8190 bytes, serving/gunicorn_worker.py).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse

from rulesets.context import known as known_context
from rulesets.engine import CONTEXT_FIELDS, evaluate
from rulesets.errors import MahjongError
from rulesets.registry import all_rulesets
from serving.errors import api_methods, error_response
from serving.jsonbody import result_bytes
from serving.memo import drawn_from, kept

from .openapi import openapi_document

_JSON_DUMPS = {"ensure_ascii": False, "check_circular": False}  # trees made for the answer: no cycle to look for


def _read_body(request: HttpRequest) -> dict[str, Any]:
    if request.method == "GET":
        data: dict[str, Any] = {"hand": request.GET.get("hand", "")}
        if request.GET.get("rules"):
            data["rules"] = request.GET["rules"]
        context = {k: v for k, v in request.GET.items() if k in CONTEXT_FIELDS or k in known_context()}
        if "context" in request.GET:
            context.update(_json_object(request.GET["context"], "context"))
        if context:
            data["context"] = context
        if "options" in request.GET:
            data["options"] = _json_object(request.GET["options"], "options")
        return data
    return _json_object(request.body.decode("utf-8", errors="strict"), "body")


class _BadRequest(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _json_object(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _BadRequest("json", f"{what} is not valid JSON: {exc}") from None
    except ValueError:  # an integer of more than 4,300 digits (Python's int conversion limit)
        raise _BadRequest("json", f"{what} holds a number too long to read") from None
    except RecursionError:
        raise _BadRequest("json", f"{what} is nested too deeply") from None
    if not isinstance(value, dict):
        raise _BadRequest("json", f"{what} must be a JSON object")
    return value


def _check_fields(data: dict[str, Any]) -> None:
    unknown = set(data) - {"hand", "rules", "context", "options"}
    if unknown:
        raise _BadRequest(
            "field", f"unknown field(s): {', '.join(sorted(unknown))} (known: hand, rules, context, options)"
        )
    hand = data.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        raise _BadRequest("hand", "hand is required: a hand string (see /api/v1/openapi.json)")
    if len(hand) > settings.MAX_HAND_STRING:
        raise _BadRequest("hand", f"hand is {len(hand)} characters long; the limit is {settings.MAX_HAND_STRING}")
    rules = data.get("rules")
    if "rules" in data and not isinstance(rules, (str, list)):
        raise _BadRequest("rules", "rules must be a list of ruleset names, or a comma-separated string")
    if isinstance(rules, list) and not all(isinstance(r, str) for r in rules):
        raise _BadRequest("rules", "rules must be a list of ruleset names")
    for key in ("context", "options"):  # given, they are objects: null is refused like any other non-object
        if key in data and not isinstance(data[key], dict):
            raise _BadRequest(key, f"{key} must be a JSON object")


@api_methods("GET", "POST")  # a JSON API for other tools: no cookies are read, so CSRF does not apply
@kept("api-score", drawn_from(body=True))  # the query and the body: no header, no cookie, no language
def score(request: HttpRequest) -> HttpResponse:
    try:
        data = _read_body(request)
        _check_fields(data)
        # written as JSON at once, nothing changed: the readings' groups are the entries kept on them
        result = evaluate(data["hand"], data.get("rules"), data.get("context"), data.get("options"), shared=True)
    except _BadRequest as exc:
        return error_response(exc.code, exc.message)
    except UnicodeDecodeError:
        return error_response("json", "the body is not UTF-8")
    except RequestDataTooBig:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return error_response("too_large", f"the body is larger than the limit of {limit} bytes", status=413)
    except MahjongError as exc:
        return error_response(exc.code, exc.message, exc.position, message_zh=exc.message_zh, key=exc.key)
    except (ValueError, OverflowError) as exc:  # e.g. a number in context or options too large to use
        return error_response("input", f"the request cannot be scored: {type(exc).__name__}")
    return HttpResponse(result_bytes(result), content_type="application/json")


@api_methods("GET", "HEAD")
def rules(request: HttpRequest) -> JsonResponse:
    """The systems, their options (with defaults and sources) and presets."""
    out = []
    for r in all_rulesets():
        out.append(
            {
                "id": r.id,
                "zh": r.zh,
                "en": r.en,
                "aliases": list(r.aliases),
                "unit": r.unit,
                "players": r.players,
                "provisional": r.provisional,
                "options": [
                    {
                        "key": o.key,
                        "kind": o.kind,
                        "default": _plain(o.default),
                        "zh": o.zh,
                        "en": o.en,
                        "source": str(o.source),
                        "choices": [_plain(c) for c in o.choices] if o.choices is not None else None,
                    }
                    for o in r.option_infos()
                ],
                "presets": {k: {kk: _plain(vv) for kk, vv in v.items()} for k, v in r.presets.items()},
                "context": {"shared": sorted(r.context_fields), "declared": [f.as_dict() for f in r.context]},
                "fans": [{"id": f.id, "zh": f.zh, "en": f.en, "value": f.value} for f in r.fans],
            }
        )
    return JsonResponse({"rules": out}, json_dumps_params=_JSON_DUMPS)


def _plain(value: object) -> object:
    return getattr(value, "value", value)


@api_methods("GET", "HEAD")
def openapi(request: HttpRequest) -> JsonResponse:
    return JsonResponse(openapi_document(), json_dumps_params=_JSON_DUMPS)
