"""``python manage.py score HAND [--rules R1,R2|all] [--option KEY=VALUE ...] [--context JSON] [--json]``
and ``--batch`` (one hand string or JSON object per stdin line). See DESIGN §4.2 and the README."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulesets.engine import evaluate
from rulesets.errors import MahjongError


class Command(BaseCommand):
    help = "Score a mahjong hand under one or more regional systems."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("hand", nargs="?", help="a hand string (helper, GB-Mahjong, mpsz or share code)")
        parser.add_argument("--rules", default=None, help="comma-separated ruleset ids/aliases, or 'all' (default)")
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a house rule; RULES.KEY=VALUE picks the ruleset when several are chosen",
        )
        parser.add_argument("--context", default=None, help="a JSON object of win context (see the README)")
        parser.add_argument("--json", action="store_true", help="print the JSON result object")
        parser.add_argument("--batch", action="store_true", help="read one hand (or JSON object) per stdin line")

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            context = json.loads(opts["context"]) if opts["context"] else None
        except json.JSONDecodeError as exc:
            raise CommandError(f"--context is not valid JSON: {exc}") from None
        options = _options(opts["option"])
        if opts["batch"]:
            self._batch(sys.stdin, opts["rules"], context, options)
            return
        if not opts["hand"]:
            raise CommandError("give a HAND, or --batch to read hands from standard input")
        try:
            result = evaluate(opts["hand"], opts["rules"], context, options)
        except MahjongError as exc:
            raise CommandError(exc.message) from None
        if opts["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        else:
            self.stdout.write(render_text(result))

    def _batch(self, stream: TextIO, rules: str | None, context: Any, options: Any) -> None:
        """One output line per non-empty input line, in order: the result, or ``{"error": …, "input": …}``.
        No line stops the run, whatever it holds."""
        for line in stream:
            line = line.strip()
            if line:
                self.stdout.write(json.dumps(_batch_line(line, rules, context, options), ensure_ascii=False))


def _batch_line(line: str, rules: str | None, context: Any, options: Any) -> dict[str, Any]:
    try:
        if not line.startswith("{"):
            return evaluate(line, rules, context, options)
        item = json.loads(line)
        if not isinstance(item, dict) or not isinstance(item.get("hand"), str):
            raise MahjongError('a JSON line needs a "hand" string')
        return evaluate(item["hand"], item.get("rules", rules), item.get("context", context),
                        item.get("options", options))
    except MahjongError as exc:
        return {"error": exc.as_dict(), "input": line}
    except json.JSONDecodeError as exc:
        return {"error": _error("json", f"not valid JSON: {exc}", exc.pos), "input": line}
    except (ValueError, RecursionError) as exc:  # a 4,301-digit integer, nesting deeper than Python's stack
        return {"error": _error("json", f"not usable JSON: {type(exc).__name__}: {exc}"), "input": line[:200]}
    except Exception as exc:  # noqa: BLE001 - e.g. "rules": 5; one bad line never ends the batch
        return {"error": _error("input", f"this line cannot be scored: {type(exc).__name__}: {exc}"),
                "input": line[:200]}


def _error(code: str, message: str, position: int | None = None) -> dict[str, Any]:
    return {"code": code, "message": message, "position": position, "message_zh": None, "key": None}


def _options(pairs: list[str]) -> dict[str, Any] | None:
    if not pairs:
        return None
    flat: dict[str, Any] = {}
    nested: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CommandError(f"--option {pair!r}: write KEY=VALUE")
        if "." in key:
            rules, _, key = key.partition(".")
            nested.setdefault(rules, {})[key] = value
        else:
            flat[key] = value
    if nested and flat:
        raise CommandError("--option: use either KEY=VALUE (one ruleset) or RULES.KEY=VALUE everywhere")
    return nested or flat


def render_text(result: dict[str, Any]) -> str:
    """The breakdown for people."""
    lines = [f"hand: {result['hand']}"]
    for r in result["results"]:
        lines.append("")
        head = f"== {r['rules']}: "
        if not r["valid"]:
            lines.append(head + f"not a win — {r['reason']}" + (f" ({r['reason_en']})" if r.get("reason_en") else ""))
        else:
            lines.append(head + f"{r['total']} {r['unit']}")
        if r.get("waits"):
            lines.append(
                "   waits: "
                + "  ".join(
                    f"{w['tile']} {w['total']}{r['unit']}" if w["valid"] else f"{w['tile']} (not a win)"
                    for w in r["waits"]
                )
            )
        if r.get("shape"):
            lines.append(f"   shape: {r['shape'].get('text', '')}")
        for f in r["fans"]:
            count = f" ×{f['count']}" if f["count"] != 1 else ""
            lines.append(f"   {f['zh']} {f['en']}: {f['value']}{count}")
        for e in r["excluded"]:
            lines.append(f"   不计 {e['zh']} {e['en']} (by {e['by']})")
        if r["payments"]:
            lines.append("   payments:")
            for p in r["payments"]:
                lines.append(f"     {p['from']} → {p['to']}: {p['amount']}  {p['why']}")
            lines.append("   net: " + "  ".join(f"{seat} {v:+d}" for seat, v in r["payouts"].items()))
    return "\n".join(lines)
