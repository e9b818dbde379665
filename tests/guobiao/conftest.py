"""Shared helpers for the 国标 unit tests."""

from __future__ import annotations

from collections import Counter

import pytest

from rulesets.guobiao import RULESET, Options
from rulesets.scoring import Score

from .hands import spec


def fans(score: Score) -> dict[str, int]:
    """The counted fans of a result as {fan id: count}."""
    return dict(Counter({i.fan.id: i.count for i in score.items}))


def excluded_by(score: Score) -> dict[str, set[str]]:
    """{excluded fan id: the fans or principles that excluded it}."""
    out: dict[str, set[str]] = {}
    for e in score.excluded:
        out.setdefault(e.fan.id, set()).add(e.by)
    return out


def score_of(text: str, options: Options | None = None, **context: object) -> Score:
    return RULESET.score(spec(text, **context), options or Options())


@pytest.fixture
def gb() -> object:
    return RULESET
