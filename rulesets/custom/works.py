"""The works a table's own rules come from (:mod:`rulesets.sources`): the table itself, as this site's notes
describe the pieces it chooses from (docs/custom.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("site", "本站的自定义规则说明", "This site's notes on a table's own rules", link="docs/custom.md"),
)
