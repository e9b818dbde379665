"""Scoring one 富阳 hand: check → 财神 and 杠花 → readings (``decompose_wild``) → 台 → ``apply_exclusions`` → best
reading → 两摸三放 → settlement.

>>> from rulesets.engine import evaluate
>>> r = evaluate("[555z1]123m345m789m1z1z", "fuyang", {"win": "self_drawn", "seat": "S"})["results"][0]
>>> r["valid"], r["total"], sorted(f["id"] for f in r["fans"]), r["payouts"]
(True, 2, ['hunyise', 'zhong'], {'E': -2, 'S': 6, 'W': -2, 'N': -2})
"""

from __future__ import annotations

from functools import lru_cache

from ..caishen import Problem, claimed_wild, invalid, options_json, predecessor, read_alike, table_problem, validate
from ..hand import Hand, Seat
from ..messages import Words, msg, text
from ..scoring import Item, Score, ShapeScore, apply_exclusions
from ..settle import settled
from ..shapes import Shape, ShapeKind
from ..tiles import Tile
from ..wild import WildRule, decompose_wild, successor
from .fans import ROWS, Facts
from .options import Fanfa, FuyangOptions, Payout
from .settle import ASSUMPTION, settle_score

RULES, UNIT = "fuyang", "台"
KINDS = frozenset({ShapeKind.STANDARD})
SELF_DRAWN_MIN, DISCARD_MIN = 2, 3  # seed 000: 两台起胡，三台或以上可以放闯（两摸三放）


def caishen(hand: Hand, options: FuyangOptions) -> Tile | None:
    """The 财神: the turned-up tile (兜底翻) or the tile before it (大骰子倒滚翻); None when no tile was given."""
    turned = hand.context.get("indicator")
    if turned is None:
        return None
    return turned if options.fanfa is Fanfa.DOUDI else predecessor(turned)


def wild_rule(hand: Hand, options: FuyangOptions) -> WildRule | None:
    wild = caishen(hand, options)
    return None if wild is None else WildRule(frozenset({wild}), zh="财神", en="wild (财神)")


def menfeng(hand: Hand) -> Tile:
    """The winner's 门风: 东 for the dealer, 南 for the next player, and so on (seed 000 门风刻)."""
    ctx = hand.context
    return Seat.E.offset((ctx.seat.order - ctx.dealer.order) % 4).wind_tile


def read(shape: Shape, facts: Facts) -> ShapeScore:
    """The 台 of one reading (``facts`` of that reading: :meth:`Facts.of`): every row that holds, less what the
    bigger rows exclude."""
    items = [Item(r.fan, n) for r in ROWS if (n := r.predicate(shape, facts))]
    kept, excluded = apply_exclusions(items)
    return ShapeScore(shape, sum(i.total for i in kept), tuple(kept), tuple(excluded))


def _threshold_problem(hand: Hand, tai: int) -> Problem | None:
    if hand.context.self_drawn:
        if tai < SELF_DRAWN_MIN:
            return (f"两台起胡：这手只有{tai}台", f"A hand needs at least 2 台 to win (两台起胡): this one has {tai}")
        return None
    if tai < DISCARD_MIN:
        return (f"两摸三放：放冲（点炮）要3台以上，这手只有{tai}台，只能自摸",
                f"两摸三放: a win on a discard needs 3 台 or more; this hand has {tai}, so it may only win by "
                "self-draw")
    return None


def _notes(hand: Hand, wild: Tile | None, options: FuyangOptions) -> list[str]:
    return list(_notes_of(wild, options.payout))


@lru_cache(maxsize=128)
def _notes_of(wild: Tile | None, payout: Payout) -> tuple[str, ...]:
    """The notes of a hand with this 财神 and payout (the same words for every hand: a waiting hand's 34 tiles
    ask for them once)."""
    if wild is None:
        return ASSUMPTION[payout], text(msg("fuyang.no_indicator"))
    flower = successor(wild)
    return ASSUMPTION[payout], text(msg("fuyang.caishen", wild=Words(str(wild), wild.en),
                                        flower=Words(str(flower), flower.en)))


def _copies(hand: Hand, tile: Tile | None) -> int:
    """How many of ``tile`` the hand holds, melds included (as ``Hand.all_tiles``, without sorting them)."""
    if tile is None:
        return 0
    held = (*hand.standing, *(t for m in hand.melds for t in m.tiles))
    return sum(t.index == tile.index for t in held) + (hand.winning_tile == tile)


def score_hand(hand: Hand, options: FuyangOptions) -> Score:
    """Score one complete 富阳 hand (DESIGN §4.4) with its payments.

    A hand the rules do not allow (below 两摸三放, not a winning shape) is a result with ``valid=False`` and the
    reason; a hand that cannot exist raises :class:`HandError`/:class:`ContextError`."""
    validate(hand)
    rule = wild_rule(hand, options)
    wild = caishen(hand, options)
    problem = table_problem(hand, "富阳麻将", "Fuyang mahjong")
    fed = claimed_wild(hand, rule)
    if problem is None and fed is not None:
        problem = (f"财神不能吃碰杠：{fed} 吃进了财神", f"A 财神 cannot be claimed: {fed} claims one")
    notes = _notes(hand, wild, options)
    if problem:
        return invalid(RULES, UNIT, options, problem, {"notes": notes})
    shapes = decompose_wild(hand, rule, KINDS)
    if not shapes:
        return invalid(RULES, UNIT, options, ("不是和牌型：四组一将", "Not a winning shape: four sets and a pair"),
                       {"notes": notes})
    flower = successor(wild) if wild is not None else None
    facts = Facts(_copies(hand, flower), menfeng(hand), hand.context.kong_replacement, options)
    readings = read_alike(shapes, facts.key, lambda shape, played: read(shape, facts.played(played)))
    best = max(readings, key=lambda r: r.total)
    problem = _threshold_problem(hand, best.total)
    if problem:
        return Score(rules=RULES, valid=False, unit=UNIT, total=best.total, items=best.items, excluded=best.excluded,
                     reason=problem[0], reason_en=problem[1], shape=best, shapes=readings,
                     options=options_json(options), extra={"notes": notes})
    return settled(Score(rules=RULES, valid=True, unit=UNIT, total=best.total, items=best.items, excluded=best.excluded,
                         shape=best, shapes=readings, options=options_json(options),
                         extra={"notes": notes, "caishen": str(wild) if wild else None,
                                "ganghua": str(flower) if flower else None}), settle_score, hand, options)
