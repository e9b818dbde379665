"""二人麻将 (two players): 万, winds, dragons and 8 flowers; a 国标-derived fan table with exclusions as data;
报听, 天听, flowers; the seed's 13-番 cap (役满), uncapped as an option; 抢杠 scored as a self-draw.

The spec is rules/regional.md §7 (with its errata: ER-B misses 一色三步高); the seed is 003 (二人麻将).
docs/erren.md records every decision.

>>> from rulesets.registry import get_ruleset
>>> get_ruleset("二人").id, get_ruleset("二人麻将").id, get_ruleset("两人两房").id
('erren', 'erren', 'sichuan-2p')
"""

from __future__ import annotations

from ..hand import Hand
from ..scoring import Ruleset
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import ErrenOptions
from .score import score
from .settle import settle_score
from .works import WORKS

__all__ = ["FANS", "RULESET", "ErrenOptions"]


def _can_read(hand: Hand) -> bool:
    return False  # asked for by name only (not in the "all systems" comparison)


RULESET = Ruleset(
    id="erren", zh="二人麻将", en="Two-player Mahjong", unit="番", players=2, fans=FANS,
    options_type=ErrenOptions, score=score, works=WORKS, aliases=("二人", "二人麻将", "2人麻将", "er", "two-player"),
    can_read=_can_read, context_fields=CONTEXT_FIELDS, context=CONTEXT, settle=settle_score,
    description_zh="二人麻将：两人对战（东、南），万子加风、箭和8张花牌；源于国标的番表（不计照国标）；报听、天听、花牌；"
    "13番封顶（役满）；抢杠按自摸计。",
    description_en="Two players (E and S) with characters, winds, dragons and 8 flowers; a fan table derived from "
    "国标 with its exclusions; 报听, 天听, flowers; capped at 13 fan (役满); robbing a kong scores as a self-draw.",
)
