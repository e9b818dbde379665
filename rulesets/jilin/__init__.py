"""吉林麻将 (``jilin``): the MIL 2024 长春 competition profile.

136 tiles, no flowers; all three suits and a terminal or honour to win; 门清 1, 夹/单吊/单和 1, 飘和 2,
七对 3, 豪华七对 4, 冲宝 2, 摸宝 1; each other player pays 2^(番 + dealer + self-draw/discarder), capped at
2^6; a discarder who had not declared ready pays for all.

>>> from rulesets.engine import evaluate
>>> r = evaluate("[111m1][999p1][777s1]55z11p1p", "jilin", {"win": "self_drawn"})["results"][0]
>>> r["total"], r["payouts"]
(2, {'E': 48, 'S': -16, 'W': -16, 'N': -16})
"""

from __future__ import annotations

from dataclasses import dataclass

from ..context import BAOTING
from ..hand import Hand, WinContext
from ..messages import msg, text
from ..pipeline import Outcome, Pipeline, Problem, StandsFor
from ..reading import Reading, placed
from ..scoring import Details, Ruleset
from ..tiles import Tile
from .context import BAO, BAO_WIN, CONTEXT, CONTEXT_FIELDS
from .fans import KINDS, ROWS, legal, tile_problem
from .options import PRESET_INFO, PRESETS, JilinOptions
from .settle import settle
from .works import WORKS


def _ready_problem(hand: Hand, options: JilinOptions) -> Problem | None:
    """Who may win at all (``require_ready``), and a 宝 win: only after 报听, self-drawn, on the 宝 tile."""
    ctx = hand.context
    how = BAO_WIN.of(ctx)
    ready = BAOTING.of(ctx)
    if options.require_ready and ctx.seat not in ready:
        return "本桌必须报听才能和", "At this table only a player who declared ready may win"
    if how == "none":
        return None
    name = "冲宝" if how == "chong" else "摸宝"
    if ctx.seat not in ready:
        return f"{name}要先报听", f"{name} needs a ready declaration (报听) first"
    if not ctx.self_drawn:
        return f"{name}是自己和牌（不是点炮）", f"{name} is the winner's own win (win: self_drawn), not on a discard"
    bao = BAO.of(ctx)
    if bao is not None and bao != hand.winning_tile:
        return (f"{name}的和张应是宝牌 {bao}，不是 {hand.winning_tile}",
                f"the winning tile of {name} is the 宝 tile {bao}, not {hand.winning_tile}")
    return None


def check(hand: Hand, options: JilinOptions) -> Problem | None:
    return tile_problem(hand) or _ready_problem(hand, options)


def _without_bao(ctx: WinContext) -> WinContext:
    """The context a 摸宝 hand is read with: the 宝 tile stands for the winning tile, so it names none."""
    return BAO.without(ctx)


def _stood_for(drawn: Tile, tile: Tile) -> str:
    return text(msg("jilin.bao_stands_for", bao=str(drawn), tile=str(tile)))


@dataclass(frozen=True)
class JilinDetails(Details):
    """A 摸宝 win: the winning tile the drawn 宝 stood for."""

    represented_win: str


def details(outcome: Outcome[JilinOptions, Reading]) -> JilinDetails | None:
    return JilinDetails(str(outcome.represented)) if outcome.represented is not None else None


PIPELINE: Pipeline[JilinOptions, Reading] = Pipeline(
    rows=ROWS, readings=placed(lambda options: KINDS), settle=settle, check=check, legal=legal, details=details,
    stands_for=StandsFor(  # 摸宝: the drawn 宝 stands for the best tile the 13 tiles wait on (MIL 2024)
        applies=lambda hand, options: BAO_WIN.of(hand.context) == "mo", context=_without_bao, kinds=KINDS,
        none=("摸宝：这手牌没有听牌，宝牌当不了和张", "摸宝: the 13 tiles are not ready, so the 宝 stands for nothing"),
        note=_stood_for),
)

RULESET = Ruleset(
    id="jilin", zh="吉林麻将（长春）", en="Jilin Mahjong (Changchun)", unit="番", players=4,
    options_type=JilinOptions, pipeline=PIPELINE, works=WORKS, aliases=("吉林", "长春", "长春麻将", "changchun", "jl"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False,
    description_zh="吉林麻将按 MIL 长春麻将竞赛规则（2024试行）：136张，三门齐带幺九才能和；"
    "门清1、夹/单吊/单和1、飘和2、七对3、豪华七对4、冲宝2、摸宝1；"
    "每家付 2^(番+庄+自摸或点炮)，6番封顶；未报听的点炮者包三家。",
    description_en="Jilin mahjong as the MIL Changchun competition rules (2024): 136 tiles; all three suits and a "
    "terminal or honour to win; 门清 1, closed/pair/single wait 1, all pungs 2, seven pairs 3, luxury 4, 冲宝 2, "
    "摸宝 1; each loser pays 2^(fan + dealer + self-draw or discarder), capped at 2^6; an unready discarder pays "
    "for all.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
