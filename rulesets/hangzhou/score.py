"""Scoring one 杭州 hand: check → 财神 → readings (``decompose_wild``) → rows → ``apply_exclusions`` → best reading
→ settlement.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456m789p234s5s7z", "hangzhou", {"win": "self_drawn", "indicator": "5s"})["results"][0]
>>> r["valid"], r["total"], [f["id"] for f in r["fans"]]
(True, 2, ['pinghu', 'baotou'])
"""

from __future__ import annotations

from typing import Any

from ..caishen import Problem, claimed_wild, invalid, multiplier, options_json, read_alike, table_problem, validate
from ..context import INDICATOR, STREAK
from ..errors import ContextError
from ..hand import Hand
from ..messages import msg, text
from ..scoring import Item, Score, ShapeScore, apply_exclusions
from ..settle import settled
from ..shapes import Shape, ShapeKind
from ..tiles import tile
from ..wild import WildRule, decompose_wild, splits_into_sets
from .context import CHAIN_KONGS, PIAO, PIAO_TURN
from .fans import BY_ID, ROWS, Facts, fours
from .options import Caishen, Discard, HangzhouOptions
from .settle import liability_notes, settle_score

RULES, UNIT = "hangzhou", "倍"
WHITE = tile("7z")
KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def wild_rule(hand: Hand, options: HangzhouOptions) -> WildRule | None:
    """The 财神 of this hand: the turned-up tile (白板 playing its face), or the four 白板 (competition)."""
    if options.caishen is Caishen.WHITE:
        return WildRule(frozenset({WHITE}), zh="财神", en="wild (财神)")
    turned = INDICATOR.of(hand.context)
    if turned is None:
        return None
    stand_ins = () if turned == WHITE else ((WHITE, turned),)
    return WildRule(frozenset({turned}), stand_ins, zh="财神", en="wild (财神)")


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


def _check_copies(hand: Hand, rule: WildRule | None) -> None:
    """Raise :class:`ContextError` when the 财神 thrown in 财飘 and those held make more than the four copies of
    the tile (seed 001 财飘: 把手上的一颗财神打出去; 136 tiles, four of each)."""
    piao = PIAO.of(hand.context)
    if rule is None or not piao:
        return
    (wild,) = rule.wilds
    held = hand.all_tiles.count(wild)
    if held + piao > 4:
        raise ContextError(msg("hangzhou.piao_copies", count=piao, tile=str(wild), held=held, n=held + piao))


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


def _pairs(tiles: list[Any], rule: WildRule) -> bool:
    faces = dict(rule.stand_ins)
    wilds = sum(1 for t in tiles if t in rule.wilds)
    counts: dict[Any, int] = {}
    for t in tiles:
        if t not in rule.wilds:
            face = faces.get(t, t)
            counts[face] = counts.get(face, 0) + 1
    odd = sum(n % 2 for n in counts.values())
    return odd <= wilds and (wilds - odd) % 2 == 0


def _facts(hand: Hand, rule: WildRule | None, options: HangzhouOptions) -> Facts:
    ctx = hand.context
    piao, earlier = PIAO.of(ctx), CHAIN_KONGS.of(ctx)
    whites = sum(t == WHITE for t in hand.all_tiles) + piao if options.caishen is Caishen.WHITE else 0
    return Facts(ctx.self_drawn, _baotou(hand, rule, options), piao, earlier + int(ctx.kong_replacement),
                 ctx.kong_replacement, earlier, whites, options)


def read(shape: Shape, facts: Facts) -> ShapeScore:
    """The value of one reading: every row that holds, less what the bigger rows exclude."""
    items = [Item(r.fan, n) for r in ROWS if (n := r.predicate(shape, facts))]
    kept, excluded = apply_exclusions(items)
    return ShapeScore(shape, multiplier(kept), tuple(kept), tuple(excluded))


def notes(hand: Hand, rule: WildRule | None, facts: Facts, best: ShapeScore, options: HangzhouOptions) -> list[str]:
    """Why a fact of the context did not count, in both languages."""
    out: list[str] = []
    ctx = hand.context
    if options.caishen is Caishen.INDICATOR and rule is None:
        out.append(text(msg("hangzhou.no_indicator")))
    if options.caishen is Caishen.WHITE and INDICATOR.of(ctx) is not None:
        out.append(text(msg("hangzhou.white_caishen")))
    if facts.piao and not any(i.fan.id in ("caipiao", "gangpiao", "piaogang") for i in best.items):
        out.append(text(msg("hangzhou.piao_not_counted")))
    return out


def score_hand(hand: Hand, options: HangzhouOptions) -> Score:
    """Score one complete 杭州 hand (DESIGN §4.4) with its payments.

    A hand the rules do not allow is a result with ``valid=False`` and the reason; a hand that cannot
    exist (its size, a fifth copy, a chain with no kong) raises :class:`HandError`/:class:`ContextError`."""
    validate(hand)
    _check_chain(hand)
    rule = wild_rule(hand, options)
    _check_copies(hand, rule)
    fed = claimed_wild(hand, rule)
    problem = table_problem(hand, "杭州麻将", "Hangzhou mahjong") or _discard_problem(hand, options)
    if problem is None and fed is not None:
        problem = (f"财神不能吃碰杠：{fed} 吃进了财神", f"A 财神 cannot be claimed: {fed} claims one")
    if problem:
        return invalid(RULES, UNIT, options, problem)
    shapes = decompose_wild(hand, rule, KINDS)
    if not shapes:
        return invalid(RULES, UNIT, options, ("不是和牌型：四组一将（乱将），或七对",
                                              "Not a winning shape: four sets and any pair, or seven pairs"))
    facts = _facts(hand, rule, options)
    wild_ok = options.haohua_wild
    readings = read_alike(shapes, lambda s: (s.kind, fours(s, wild_ok) if s.kind is ShapeKind.SEVEN_PAIRS else 0),
                          lambda s, alike: read(s, facts))
    best = max(readings, key=lambda r: r.total)
    total = min(best.total, options.cap) if options.cap else best.total
    payment_notes = liability_notes(hand, options)
    chain = next((i.fan.zh for i in best.items if i.fan.category == "chain" and i.fan.id != "gangkai"), None)
    extra: dict[str, object] = {
        "multiplier": total, "multiplier_uncapped": best.total, "capped": total < best.total,
        "dealer": hand.context.dealer.value, "notes": notes(hand, rule, facts, best, options) + payment_notes,
    }
    if chain:
        extra["chain"] = chain
    return settled(Score(rules=RULES, valid=True, unit=UNIT, total=total, items=best.items, excluded=best.excluded,
                         shape=best, shapes=readings, options=options_json(options), extra=extra),
                   settle_score, hand, options)


__all__ = ["BY_ID", "read", "score_hand", "wild_rule"]
