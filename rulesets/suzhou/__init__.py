"""苏州麻将 (``suzhou``, provisional): 中发白 are flowers, no chow; a hand is worth 底花 + its hold 花 +
pattern bonuses; a 小胡 needs 2 花 self-drawn and 3 on a discard (两摸三冲).

The rules come from one vendor's game server in two generations (NewProject v1, XProject v2) and a play
advisor's prompt (``works.py``); docs/suzhou.md records every assumption.

>>> from rulesets.engine import evaluate
>>> r = evaluate("[111m1]456p789p22s34s2s||abc", "suzhou", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], r["payouts"]
(8, {'E': 0, 'S': 8, 'W': -8, 'N': 0})
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand, MeldKind, WinMethod
from ..pipeline import Minimum, Outcome, Pipeline, Problem, Valued
from ..reading import Reading, placed
from ..scoring import Details, Ruleset
from ..shapes import ShapeKind
from .context import CONTEXT, CONTEXT_FIELDS, FANBEI
from .fans import BIG_HANDS, BOOK, HOLD, ROWS
from .options import PRESET_INFO, PRESETS, SuzhouOptions
from .settle import settle
from .works import WORKS

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def check(hand: Hand, options: SuzhouOptions) -> Problem | None:
    """中发白 are flowers (never held or melded), and no chow may be claimed."""
    dragon = next((t for t in hand.all_tiles if t.is_dragon), None)
    if dragon is not None:
        return (f"苏州麻将的中发白是花，不能留在手里或副露：{dragon.zh}请计入 dragon_flowers",
                f"In Suzhou 中发白 are flowers and cannot be held or melded: count {dragon} in dragon_flowers")
    chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
    if chow is not None:
        return f"苏州麻将不能吃：{chow} 是吃进的顺子", f"No chow in Suzhou mahjong: {chow} was claimed"
    return None


def hold_hua(valued: Valued[Reading]) -> int:
    return sum(i.total for i in valued.items if i.fan.category == HOLD)


def is_big(valued: Valued[Reading], options: SuzhouOptions) -> bool:
    big = BIG_HANDS | ({"gangkai"} if options.v2_big else set())
    return any(i.fan.id in big for i in valued.items)


def needed(hand: Hand, options: SuzhouOptions) -> int:
    """The hold 花 a 小胡 needs: 2 self-drawn, 3 on a discard (两摸三冲); v2: one less robbing a kong."""
    self_drawn, discard = options.threshold.needs
    need = self_drawn if hand.context.self_drawn else discard
    if options.v2_big and hand.context.win is WinMethod.ROB_KONG:
        need -= 1
    return need


def _too_few(has: int, need: int, hand: Hand, options: SuzhouOptions) -> Problem:
    how = ("自摸", "self-drawn") if hand.context.self_drawn else ("点炮", "on a discard")
    return (f"{options.threshold.zh}：小胡{how[0]}要 {need} 花，这手只有 {has} 花",
            f"{options.threshold.en}: a 小胡 {how[1]} needs {need} 花, this hand has {has}")


@dataclass(frozen=True)
class SuzhouDetails(Details):
    """What a 苏州 result adds: the hold 花 the threshold counts, whether it is a 大胡, whether it is doubled."""

    hold_hua: int
    big_hand: bool
    doubled: bool


def details(outcome: Outcome[SuzhouOptions, Reading]) -> SuzhouDetails | None:
    best = outcome.best
    if best is None:
        return None
    return SuzhouDetails(hold_hua(best), is_big(best, outcome.options), FANBEI.of(outcome.hand.context))


PIPELINE: Pipeline[SuzhouOptions, Reading] = Pipeline(
    rows=ROWS, book=BOOK, readings=placed(lambda options: KINDS), settle=settle, check=check,
    minimum=Minimum(need=needed, says=_too_few, counts=lambda v, o: hold_hua(v), waived=is_big),
    details=details,
)

RULESET = Ruleset(
    id="suzhou", zh="苏州麻将", en="Suzhou Mahjong", unit="花", players=4, options_type=SuzhouOptions,
    pipeline=PIPELINE, works=WORKS, aliases=("苏州", "sz", "suzhou-mahjong"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False, provisional=True,
    provisional_note=(
        "暂定：苏州规则来自同一作者的两代游戏服务器代码（没有测试），不是规则书；假设见本站的苏州麻将说明。",
        "Provisional: the Suzhou rules come from two generations of one vendor's game server (no tests), not a "
        "rule book; the assumptions are in this site's notes."),
    description_zh="苏州麻将（暂定）：中发白当花，不能吃；底花5 + 花（花牌、风碰风杠、暗杠）+ 番型；"
    "小胡两摸三冲，大胡不限；自摸三家各付，点炮者一家付；抢杠、送杠包三家；翻倍局 ×2。",
    description_en="Suzhou mahjong (provisional): 中发白 are flowers, no chow; 5 base 花 + the hold 花 (flowers, wind "
    "pungs and kongs, concealed kongs) + pattern bonuses; a 小胡 needs 2 花 self-drawn, 3 on a discard; "
    "each loser pays a self-draw, the discarder alone a discard; a robbed kong and 送杠 pay ×3; a doubled hand ×2.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
