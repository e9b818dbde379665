"""温州麻将 (财神/百搭): 136 tiles, 16-tile hands (17 with the winning tile: five sets and a pair, or 八对),
the 财神 wild with 白板 playing its face, three 财神 a win, hand levels 软/硬/双翻/四翻 (the highest
applies), the dealer's streak ladder, 买底/顶底, and everyone paying.

The spec is rules/regional.md §6 (with its errata); the primary text is seed 000's TestHu exercise; the
implementations read are hangzhouanbang/qipai_wenzhoumajiang (four players) and
kongxg888/wenzhou_mahjong_ai SPEC.md (two players). docs/wenzhou.md records every decision.

>>> from rulesets.registry import get_ruleset
>>> r = get_ruleset("温州")
>>> r.id, r.hand_size, [f.key for f in r.context]
('wenzhou', 17, ['dealer', 'streak', 'indicator', 'maidi', 'caishen'])
"""

from __future__ import annotations

from ..hand import Hand
from ..scoring import Ruleset
from .context import FIELDS
from .fans import FANS
from .options import WenzhouOptions
from .score import RULES_ID, SIZE, UNIT, score_hand, waits, wild_rule
from .settle import settle_score

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "heavenly", "earthly", "wildcard", "kongs"})
"""The shared context 温州 reads: how it was won (自摸 and 抢杠胡 can make a soft hand hard), the winner's
seat (the dealer comes from the declared ``dealer``), the discarder (a 财神 is never discarded), 杠开,
天胡, 地胡, the 财神 itself (``wildcard``) and the others' kongs (杠分). Not read: the round wind and
seat winds (no wind rows), 杠上炮, 海底, 和绝张 (no such rows), flowers (none in the game: refused),
players already won (one winner a hand)."""

_ZH = ("温州麻将：136张，每人16张，胡牌17张＝五组一将或八对；财神（百搭）万能，白板当财神本身的牌；"
       "三张财神直接胡；软×1、硬×2、双翻×4、四翻×8取最高；连庄底分、买底/顶底，三家都付。")
_EN = ("Wenzhou mahjong: 136 tiles, 16-tile hands, a win of 17 = five sets and a pair or eight pairs; the 财神 "
       "is wild and 白板 plays its face; three 财神 win outright; soft ×1, hard ×2, 双翻 ×4, 四翻 ×8, the "
       "highest applies; the dealer's streak, 买底/顶底; all three others pay.")


def can_read(hand: Hand) -> bool:
    """Not in the "all systems" comparison: asked for by name."""
    return False


RULESET = Ruleset(
    id=RULES_ID, zh="温州麻将", en="Wenzhou Mahjong (财神/百搭)", unit=UNIT, players=4, fans=FANS,
    options_type=WenzhouOptions, score=score_hand, aliases=("温州", "wz", "wenzhou-baida", "温州百搭"),
    hand_size=SIZE, can_read=can_read, description_zh=_ZH, description_en=_EN, waits=waits,
    context_fields=CONTEXT_FIELDS, context=FIELDS, wild=wild_rule, settle=settle_score,
)

__all__ = ["FANS", "RULESET", "WenzhouOptions"]
