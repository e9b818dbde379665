"""WinContext.check asks only the rules that can break: the same error, or none, as asking every rule."""

from __future__ import annotations

from itertools import product

import pytest

from rulesets.errors import ContextError
from rulesets.hand import _EVERY_CONTEXT_RULE, CONTEXT_RULES, Seat, WinContext, WinMethod
from rulesets.tiles import tile


def every_rule(c: WinContext, winners_stay: bool) -> str | None:
    """The key of the first rule ``c`` breaks, every rule asked in order (the seats at the table aside)."""
    for broken, key in CONTEXT_RULES if winners_stay else _EVERY_CONTEXT_RULE:
        if broken(c):
            return key
    return None


def contexts() -> list[WinContext]:
    flags = product(WinMethod, list(Seat)[:4], [None, *list(Seat)[:4]], [False, True], [False, True], [False, True],
                    [False, True], [False, True], [(), (tile("1f"),)], [frozenset(), frozenset({Seat.S})])
    return [WinContext(win=win, seat=seat, from_seat=from_seat, kong_replacement=kr, after_kong=ak, last_tile=lt,
                       heavenly=hv, earthly=ea, flowers=fl, already_won=aw)
            for win, seat, from_seat, kr, ak, lt, hv, ea, fl, aw in flags]


@pytest.mark.parametrize("winners_stay", [False, True])
def test_a_context_breaks_the_rule_every_rule_asked_finds(winners_stay: bool) -> None:
    for c in contexts():
        found: str | None = None
        try:
            c.check(4, winners_stay=winners_stay)
        except ContextError as exc:
            found = exc.key
        assert found == every_rule(c, winners_stay), c
