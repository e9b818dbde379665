"""杭州麻将: 136 tiles, the 财神 (the turned-up tile, 白板 playing its face), multipliers that multiply (七对 ×2 …
三豪华七对 ×16, 暴头 ×2, 财飘 ×2 each, 杠开 ×2 each), who may win on a discard, 承包 and 反承包.

The spec is ``rules/regional.md`` §2 with its errata; the primary text is seed 001 (杭州麻将); docs/hangzhou.md
records every decision. Not in the "all systems" comparison: ask for it by name.

The pipeline's steps: validate (the 财飘/杠开 chain, the 财神's copies) → check (flowers, who may win on a
discard, a claimed 财神) → readings (``decompose_wild``, each with the hand's facts: 暴头, the chain) → rows that
multiply (``Combine.MULTIPLY``) → exclusions → the highest reading, its value held to the cap (封顶) → settlement.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456m789p234s5s7z", "hangzhou", {"win": "self_drawn", "indicator": "5s"})["results"][0]
>>> r["valid"], r["total"], [f["id"] for f in r["fans"]]
(True, 2, ['pinghu', 'baotou'])
>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("杭州", "hz", "杭州麻将")]
['hangzhou', 'hangzhou', 'hangzhou']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..caishen import claimed_wild, table_problem
from ..caishen import validate as validate_table
from ..context import INDICATOR, STREAK
from ..errors import ContextError
from ..hand import Hand
from ..messages import msg, text
from ..pipeline import Combine, Outcome, Pipeline, Problem, Value
from ..scoring import Details, Ruleset
from ..shapes import ShapeKind
from ..tiles import Tile, tile
from ..wild import WildRule, decompose_wild, splits_into_sets
from .context import CHAIN_KONGS, CONTEXT, CONTEXT_FIELDS, PIAO, PIAO_TURN
from .fans import FANS, ROWS, Facts, HangzhouReading, fours
from .options import PRESET_INFO, PRESETS, Caishen, Discard, HangzhouOptions
from .settle import liability_notes, settle_score
from .works import WORKS

WHITE = tile("7z")
KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def wild_rule(hand: Hand, options: HangzhouOptions) -> WildRule | None:
    """The 财神 of this hand: the turned-up tile (白板 playing its face), or the four 白板 (competition)."""
    return _caishen(options.caishen, INDICATOR.of(hand.context))


@lru_cache(maxsize=64)
def _caishen(which: Caishen, turned: Tile | None) -> WildRule | None:
    if which is Caishen.WHITE:
        return WildRule(frozenset({WHITE}), zh="财神", en="wild (财神)")
    if turned is None:
        return None
    stand_ins = () if turned == WHITE else ((WHITE, turned),)
    return WildRule(frozenset({turned}), stand_ins, zh="财神", en="wild (财神)")


# --- validate: a hand that cannot exist -----------------------------------------------------------------------


def validate(hand: Hand, options: HangzhouOptions) -> None:
    """A hand that cannot exist (its size, a fifth copy, a chain with no kong, more 财神 than four) raises
    :class:`HandError`/:class:`ContextError`."""
    validate_table(hand)
    _check_chain(hand)
    _check_copies(hand, options)


def _check_chain(hand: Hand) -> None:
    """Raise :class:`ContextError` for a chain that cannot have happened."""
    ctx = hand.context
    piao, earlier = PIAO.of(ctx), CHAIN_KONGS.of(ctx)
    if (piao or earlier) and not ctx.self_drawn:
        raise ContextError(msg("hangzhou.chain_self_drawn"))
    if earlier and not (piao or ctx.kong_replacement):
        raise ContextError(msg("hangzhou.chain_follow"))
    kongs = earlier + int(ctx.kong_replacement)
    if kongs > len(hand.kongs):
        raise ContextError(msg("hangzhou.chain_kongs", kongs=kongs, shows=len(hand.kongs)))


def _check_copies(hand: Hand, options: HangzhouOptions) -> None:
    """Raise :class:`ContextError` when the 财神 thrown in 财飘 and those held make more than the four copies of
    the tile (seed 001 财飘: 把手上的一颗财神打出去; 136 tiles, four of each)."""
    piao = PIAO.of(hand.context)
    rule = wild_rule(hand, options) if piao else None
    if rule is None:
        return
    (wild,) = rule.wilds
    held = hand.all_tiles.count(wild)
    if held + piao > 4:
        raise ContextError(msg("hangzhou.piao_copies", count=piao, tile=str(wild), held=held, n=held + piao))


# --- check: what the rules refuse before any reading -----------------------------------------------------------


def check(hand: Hand, options: HangzhouOptions) -> Problem | None:
    """136 tiles (no flowers), who may win on a discard, and a 财神 is never claimed."""
    fed = claimed_wild(hand, wild_rule(hand, options)) if hand.melds else None
    problem = table_problem(hand, "杭州麻将", "Hangzhou mahjong") or _discard_problem(hand, options)
    if problem is None and fed is not None:
        problem = (f"财神不能吃碰杠：{fed} 吃进了财神", f"A 财神 cannot be claimed: {fed} claims one")
    return problem


def _discard_problem(hand: Hand, options: HangzhouOptions) -> Problem | None:
    """Who may win on a discard (seed 001 放炮); a robbed kong counts as a discard of the robbed player."""
    ctx = hand.context
    if ctx.self_drawn:
        return None
    if PIAO_TURN.of(ctx):
        return ("有人财飘的这一轮，其余三家不能放冲，只能自摸",
                "During another player's 财飘 nobody may win on a discard: self-draw only")
    if options.discard is Discard.ANY:
        return None
    if options.discard is Discard.NEVER:
        return "本桌只能自摸，不能放冲（点炮）", "At this table a hand wins by self-draw only (no discard wins)"
    streak = STREAK.of(ctx)
    if streak < 2:
        return (f"平庄（庄家连庄{streak}次，不到2次）不能放冲，只能自摸",
                f"The dealer has kept the deal {streak} time(s), fewer than two: no discard wins (self-draw only)")
    dealer, discarder = ctx.dealer, ctx.discarder(4)
    if dealer not in (ctx.seat, discarder):
        return ("闲家和闲家之间不可以互相放冲（只能庄家放闲家、闲家放庄家）",
                "A non-dealer may not win on another non-dealer's discard: only between the dealer and a non-dealer")
    return None


# --- readings and their facts ----------------------------------------------------------------------------------


def _baotou(hand: Hand, rule: WildRule | None, options: HangzhouOptions) -> frozenset[ShapeKind]:
    """How the 13 tiles before the self-draw were one lone 财神 and complete sets (七对: pairs, with
    ``baotou_qidui``), so any drawn tile won (seed 001 暴头); empty when they were not."""
    if rule is None or not hand.context.self_drawn:
        return frozenset()
    before = list(hand.standing)  # the tiles held before the draw (the drawn one is the winning tile)
    lone = next((t for t in before if t in rule.wilds), None)
    if lone is None:
        return frozenset()
    before.remove(lone)
    kinds = set()
    if splits_into_sets(before, rule):
        kinds.add(ShapeKind.STANDARD)
    if options.baotou_qidui and not hand.melds and _pairs(before, rule):
        kinds.add(ShapeKind.SEVEN_PAIRS)
    return frozenset(kinds)


def _pairs(tiles: list[Tile], rule: WildRule) -> bool:
    faces = dict(rule.stand_ins)
    wilds = sum(1 for t in tiles if t in rule.wilds)
    counts: dict[Tile, int] = {}
    for t in tiles:
        if t not in rule.wilds:
            face = faces.get(t, t)
            counts[face] = counts.get(face, 0) + 1
    odd = sum(n % 2 for n in counts.values())
    return odd <= wilds and (wilds - odd) % 2 == 0


def facts(hand: Hand, rule: WildRule | None, options: HangzhouOptions) -> Facts:
    """What the rows read of the hand besides a reading's shape: 暴头, the chain before the win, the 白板."""
    ctx = hand.context
    piao, earlier = PIAO.of(ctx), CHAIN_KONGS.of(ctx)
    whites = sum(t == WHITE for t in hand.all_tiles) + piao if options.caishen is Caishen.WHITE else 0
    return Facts(ctx.self_drawn, _baotou(hand, rule, options), piao, earlier + int(ctx.kong_replacement),
                 ctx.kong_replacement, earlier, whites)


def readings(hand: Hand, options: HangzhouOptions) -> list[HangzhouReading]:
    """Four sets and any pair, or seven pairs, the 财神 wild; each with the hand's facts and its key (its kind, and
    for 七对 the fours it uses as two pairs: what the rows read of a reading)."""
    rule = wild_rule(hand, options)
    shapes = decompose_wild(hand, rule, KINDS)
    if not shapes:
        return []
    known = facts(hand, rule, options)
    wild_ok = options.haohua_wild
    return [HangzhouReading(s, (s.kind, fours(s, wild_ok) if s.kind is ShapeKind.SEVEN_PAIRS else 0), known)
            for s in shapes]


# --- what the result adds ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HangzhouDetails(Details):
    """A win's multiplier (held to the cap) and before the cap, whether the cap held it, the dealer, the notes on
    what did not count and who was liable, and the chain the win names (杠暴, 杠飘, 飘杠, 财飘), written only when it
    names one."""

    multiplier: int
    multiplier_uncapped: int
    capped: bool
    dealer: str
    notes: tuple[str, ...]
    chain: str | None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"multiplier": self.multiplier, "multiplier_uncapped": self.multiplier_uncapped,
                                  "capped": self.capped, "dealer": self.dealer, "notes": list(self.notes)}
        if self.chain is not None:
            out["chain"] = self.chain
        return out


def _notes(outcome: Outcome[HangzhouOptions, HangzhouReading]) -> list[str]:
    """Why a fact of the context did not count, in both languages, then who was liable."""
    hand, options, best = outcome.hand, outcome.options, outcome.best
    assert best is not None
    out: list[str] = []
    ctx = hand.context
    turned = INDICATOR.of(ctx)
    if options.caishen is Caishen.INDICATOR and turned is None:  # no 财神 at all
        out.append(text(msg("hangzhou.no_indicator")))
    if options.caishen is Caishen.WHITE and turned is not None:
        out.append(text(msg("hangzhou.white_caishen")))
    if best.reading.facts.piao and not any(i.fan.id in ("caipiao", "gangpiao", "piaogang") for i in best.items):
        out.append(text(msg("hangzhou.piao_not_counted")))
    return out + liability_notes(hand, options)


def details(outcome: Outcome[HangzhouOptions, HangzhouReading]) -> HangzhouDetails | None:
    best = outcome.best
    if best is None or outcome.refused is not None:
        return None
    total = held(best.total, outcome.options)
    chain = next((i.fan.zh for i in best.items if i.fan.category == "chain" and i.fan.id != "gangkai"), None)
    return HangzhouDetails(total, best.total, total < best.total, outcome.hand.context.dealer.value,
                           tuple(_notes(outcome)), chain)


def held(total: int, options: HangzhouOptions) -> int:
    """The hand's multiplier held to the cap (封顶; 0: none); each payment says so with its own cap factor."""
    return min(total, options.cap) if options.cap else total


PIPELINE: Pipeline[HangzhouOptions, HangzhouReading] = Pipeline(
    rows=ROWS, readings=readings, settle=settle_score, validate=validate, check=check, wild=wild_rule,
    value=Value(combine=Combine.MULTIPLY, held=held), alike=lambda r: r.key, details=details,
    no_reading=("不是和牌型：四组一将（乱将），或七对", "Not a winning shape: four sets and any pair, or seven pairs"),
)

RULESET = Ruleset(
    id="hangzhou", zh="杭州麻将", en="Hangzhou Mahjong", unit="倍", players=4,
    options_type=HangzhouOptions, pipeline=PIPELINE, works=WORKS,
    aliases=("杭州", "hz", "杭麻", "hangzhou-mahjong"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False,
    description_zh="杭州麻将：136张；翻出的牌即财神，白板代替它；七对、豪华七对（×4/×8/×16）、暴头×2、财飘×2、"
    "杠开×2 连乘；平庄只能自摸，连庄2次以上庄闲之间可放冲；承包、反承包。",
    description_en="Hangzhou: 136 tiles; the turned-up tile is the 财神 and 白板 plays its face; seven pairs, luxury "
    "seven pairs (×4/×8/×16), 暴头 ×2, 财飘 ×2, 杠开 ×2, all multiplied; self-draw only until the dealer has kept "
    "the deal twice, then dealer ↔ non-dealer discards; 承包 and 反承包.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)

__all__ = ["FANS", "RULESET", "HangzhouOptions", "wild_rule"]
