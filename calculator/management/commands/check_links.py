"""``python manage.py check_links [--prune] [--limit N]``: every registered share link still opens.

For each row of the link register (calculator.IssuedLink) the code must read as a share code, be its own
canonical spelling (else ``/h/<code>`` redirects, which is fine, but said) and score without an error —
what ``/h/<code>`` does. Run it after a release: a link that stopped opening is printed and the command
exits with status 1. ``--prune`` first applies the retention rule (settings LINK_RETENTION_DAYS,
LINK_MAX_ROWS; docs/sharing.md).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulesets.engine import build_request, result_object, score
from rulesets.errors import MahjongError
from rulesets.sharecode import canonical_share_code, parse_share_code

from ...models import IssuedLink


def check_code(code: str) -> str | None:
    """None when ``code`` opens; else why not (``redirects to …`` for a non-canonical spelling)."""
    try:
        canonical = canonical_share_code(code)
        shared = parse_share_code(canonical)
        request = build_request(shared.hand, list(shared.rules) or None, None, shared.options or None)
        result_object(request, score(request))
    except MahjongError as exc:
        return f"does not open: {exc.message}"
    if canonical != code:
        return f"redirects to {canonical}"
    return None


class Command(BaseCommand):
    help = "Check that every registered share link still opens (and apply the retention rule with --prune)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--prune", action="store_true", help="first delete rows the retention rule drops")
        parser.add_argument("--limit", type=int, default=0, help="check at most this many rows (most recent first)")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["prune"]:
            deleted = IssuedLink.prune(settings.LINK_RETENTION_DAYS, settings.LINK_MAX_ROWS)
            self.stdout.write(f"pruned {deleted} row(s) (retention {settings.LINK_RETENTION_DAYS} days, "
                              f"at most {settings.LINK_MAX_ROWS} rows)")
        rows = IssuedLink.objects.order_by("-last_seen").values_list("code", flat=True)
        if opts["limit"]:
            rows = rows[: opts["limit"]]
        checked = broken = 0
        for code in rows.iterator(chunk_size=2000):
            checked += 1
            problem = check_code(code)
            if problem is None:
                continue
            if problem.startswith("does not open"):
                broken += 1
            self.stdout.write(f"{code}: {problem}")
        self.stdout.write(f"checked {checked} link(s): {broken} do not open")
        if broken:
            raise CommandError(f"{broken} registered link(s) do not open")
