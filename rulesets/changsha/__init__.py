"""长沙麻将 (Changsha): 108 tiles, 小胡 on a 2/5/8 pair, additive 大胡, 起手小胡, 扎鸟, 庄闲, 通炮.

The spec is rules/regional.md §3 (with its errata); the seeds are 000 (长沙 rules and 扎鸟) and 001
(长沙麻将). docs/changsha.md records every decision.

A hand flagged ``starting_hand`` is the dealt hand (dealer 14 tiles, others 13, no winning tile), read for its
起手小胡 instead (``Ruleset.dealt``).

>>> from rulesets.registry import get_ruleset
>>> get_ruleset("长沙").id, get_ruleset("长沙麻将").id
('changsha', 'changsha')
>>> from rulesets.engine import evaluate
>>> r = evaluate("444666888s9s[222s]9s", "changsha", {"win": "self_drawn", "birds": "5m6p"})["results"][0]
>>> r["total"], [f["id"] for f in r["fans"]], r["payouts"]
(12, ['pengpenghu', 'qingyise'], {'E': 112, 'S': -56, 'W': -28, 'N': -28})
"""

from __future__ import annotations

from collections.abc import Sequence

from ..context import BIRDS
from ..errors import ContextError, HandError, MahjongError
from ..hand import Hand, seats
from ..messages import Words, msg, text
from ..pipeline import Outcome, Pipeline, Problem
from ..rounds import Kong, Round, RoundError, RoundResult, Settled, WallEnd, Win
from ..scoring import Payment, Ruleset, Score
from ..shapes import ShapeKind, decompose
from ..tiles import SUITED_TILES, Tile
from .context import CONTEXT, CONTEXT_FIELDS, STARTING_HAND
from .fans import FANS, JIANG, LUCKY, ROWS, SHAPE_BIG, STARTING, ChangshaReading, every_tile, holds
from .options import ChangshaOptions
from .settle import ChangshaDetails, birds_of, landings, origin_of, settle, starting_birds
from .works import WORKS

__all__ = ["FANS", "RULESET", "ChangshaOptions", "settle_round", "waits"]

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
NO_SHAPE: Problem = ("不是和牌型：四组一将，或七小对、将将胡",
                     "Not a winning shape: four sets and a pair, seven pairs, or all 2-5-8")
NOT_258: Problem = ("小胡要用2、5、8做将：这手牌的将不是2、5、8，也没有大胡",
                    "A small win needs a pair of 2, 5 or 8: this pair is not, and the hand has no big pattern")


def validate(hand: Hand, options: ChangshaOptions) -> None:
    """A won hand of 14 tiles at a table of four, or a dealt hand (``starting_hand``, no winning tile)."""
    if hand.winning_tile is None and not STARTING_HAND.of(hand.context):
        raise HandError(msg("changsha.waiting"))
    hand.validate(hand_size=14, players=4)


def check(hand: Hand, options: ChangshaOptions) -> Problem | None:
    """The 108 suited tiles and no flowers; a dealt hand has no melds and the dealer's 14 or another's 13 tiles."""
    if not all(t.is_suited for t in every_tile(hand)):
        odd = next(t for t in hand.all_tiles if not t.is_suited)
        return (f"长沙麻将只用万、筒、条108张：{odd.zh}（{odd}）不是本规则的牌",
                f"Changsha mahjong uses the 108 suited tiles only: {odd} ({odd.en}) is not one of them")
    if hand.context.flowers:
        return "长沙麻将没有花牌", "Changsha mahjong has no flowers"
    if STARTING_HAND.of(hand.context):
        return _dealt_problem(hand)
    return None


def _dealt_problem(hand: Hand) -> Problem | None:
    ctx = hand.context
    if hand.melds:
        return "起手胡看的是刚起完的牌：不能有吃碰杠", "A starting hand is the dealt hand: it has no melds"
    size, want = len(hand.concealed_tiles), 14 if ctx.seat is ctx.dealer else 13
    if size != want:
        who = ("庄家", "the dealer") if want == 14 else ("闲家", "a non-dealer")
        return f"起手牌{who[0]}是{want}张，这里是{size}张", f"{who[1]} is dealt {want} tiles, not {size}"
    return None


def readings(hand: Hand, options: ChangshaOptions) -> list[ChangshaReading]:
    """Each shape of a won hand, or, with none, the tiles in any arrangement (将将胡); a dealt hand as dealt."""
    if STARTING_HAND.of(hand.context):
        return [ChangshaReading(hand, None, dealt=True)]
    return [ChangshaReading(hand, s) for s in decompose(hand, KINDS)] or [ChangshaReading(hand, None)]


def legal(r: ChangshaReading, options: ChangshaOptions) -> Problem | None:
    """A small win needs a 2/5/8 pair (假将胡: any pair); a 大胡 of the shape frees it (乱将), and so does one of how
    the hand was won (seed 000 含小胡) with ``lucky_needs_258`` off — its pair, not its sets. A dealt hand needs a
    起手小胡."""
    if r.dealt:
        if holds(STARTING, r, options):
            return None
        return ("起手牌没有四喜、板板胡、缺一色或六六顺",
                "The dealt hand has no starting win (四喜, 板板胡, 缺一色, 六六顺)")
    d = r.decomposed
    pair = d.pair if d is not None and d.kind is ShapeKind.STANDARD else None
    if pair is not None and (options.jiajianghu or pair.tile.rank in JIANG):
        return None
    if holds(SHAPE_BIG, r, options):
        return None
    if d is not None and not options.lucky_needs_258 and holds(LUCKY, r, options):
        return None
    return NOT_258 if d is not None else NO_SHAPE


def details(outcome: Outcome[ChangshaOptions, ChangshaReading]) -> ChangshaDetails | None:
    """A win's big units, its birds where they land and the notes on them; a 起手小胡's birds (with
    ``qishou_birds``)."""
    best, hand, options = outcome.best, outcome.hand, outcome.options
    if best is None or outcome.refused is not None:
        return None
    if best.reading.dealt:
        lands = landings(starting_birds(hand, options), origin_of(hand, options))
        notes = () if options.qishou_birds or not BIRDS.of(hand.context) else (
            text(msg("changsha.starting_no_birds"),
                 "起手小胡不扎鸟（选项 qishou_birds）(birds do not apply to starting wins: option qishou_birds)"),)
        return ChangshaDetails(0, tuple(lands), notes)
    units = sum(i.total for i in best.items if i.fan.id != "xiaohu") // options.big_unit
    birds, said = birds_of(hand, options)
    return ChangshaDetails(units, tuple(landings(birds, origin_of(hand, options))), tuple(said))


def waits(hand: Hand, options: ChangshaOptions) -> list[tuple[Tile, Score | None]]:
    """Each tile that completes a waiting hand, with its score. Every suited tile is tried, so 将将胡
    (all 2/5/8, any arrangement) is found too; a tile that completes a shape but is no win here (a pair
    that is not 2/5/8) is listed as not valid."""
    hand.validate(hand_size=14, players=4)
    held = hand.all_tiles
    out: list[tuple[Tile, Score | None]] = []
    for t in SUITED_TILES:
        if held.count(t) >= 4:
            continue
        done = hand.with_winning_tile(t)
        try:
            s = RULESET.score(done, options)
        except MahjongError:
            continue
        if s.valid or decompose(done, KINDS):
            out.append((t, s))
    return out


PIPELINE: Pipeline[ChangshaOptions, ChangshaReading] = Pipeline(
    rows=ROWS, readings=readings, settle=settle, validate=validate, check=check, legal=legal, details=details,
    waits=waits, no_reading=NO_SHAPE,
)


def _tongpao(hands: Sequence[Hand], options: ChangshaOptions) -> tuple[list[Score], list[Payment]]:
    """通炮: several players win on one discard; the discarder pays each winner in full, each payment with
    its own 庄闲 and birds (seed 000 \u201c通炮：即几个玩家可胡同一张牌…输家要付清所有胡分\u201d)."""
    if any(h.context.self_drawn for h in hands):
        raise ContextError(msg("round.several_self_drawn", name="通炮"))
    if len({h.context.discarder(4) for h in hands}) != 1:
        raise ContextError(msg("round.one_discarder"))
    if len({h.context.seat for h in hands}) != len(hands):
        raise ContextError(msg("round.distinct_winners"))
    scores = [RULESET.score(h, options) for h in hands]
    return scores, [p for s in scores if s.valid and s.settlement for p in s.settlement.payments]


_EVENT_WORDS = {Kong: Words("杠", "Kong"), WallEnd: Words("流局", "WallEnd")}
"""The events a 长沙 round does not read, named in each language."""


def settle_round(round_: Round, options: ChangshaOptions | None = None) -> RoundResult:
    """A 长沙 round: its wins in order, each paid by its own settlement (kong money is in the hand's own
    settlement; a 荒庄 is a drawn game, so a round has no kong or wall-end events). A win of several
    hands is 通炮 (:func:`_tongpao`). A hand that is no win raises :class:`~rulesets.rounds.RoundError`."""
    options = options or ChangshaOptions()
    out: list[Settled] = []
    for i, event in enumerate(round_.events):
        try:
            if not isinstance(event, Win):
                kind = _EVENT_WORDS.get(type(event), Words(type(event).__name__, type(event).__name__))
                raise RoundError(msg("changsha.round_wins_only", kind=kind))
            scores, payments = _tongpao(event.hands, options) if event.one_discard else _alone(event, options)
            bad = next((s for s in scores if not s.valid), None)
            if bad is not None:
                raise RoundError.no_win(bad)
        except RoundError as exc:
            raise exc.at(i) from None
        except MahjongError as exc:
            raise RoundError.of(exc).at(i) from None
        out.append(Settled(event, tuple(payments), event.hands, tuple(scores)))
    return RoundResult(tuple(out), seats(4))


def _alone(event: Win, options: ChangshaOptions) -> tuple[list[Score], list[Payment]]:
    (hand,) = event.hands
    one = RULESET.score(hand, options)
    return [one], list(one.settlement.payments) if one.valid and one.settlement else []


RULESET = Ruleset(
    id="changsha", zh="长沙麻将", en="Changsha Mahjong", unit="分", players=4, options_type=ChangshaOptions,
    pipeline=PIPELINE, works=WORKS, aliases=("长沙", "长沙麻将", "cs", "csmj", "hunan"),
    compared=False, context_fields=CONTEXT_FIELDS, context=CONTEXT, settle_round=settle_round,
    round_events=frozenset({Win}), dealt=lambda hand: STARTING_HAND.of(hand.context),
    description_zh="长沙麻将：108张万筒条；小胡须2、5、8作将，大胡不要将、可叠加（每个6分）；起手小胡（四喜、板板胡、"
    "缺一色、六六顺）；扎鸟从庄家数，中鸟翻倍；庄闲；点炮一家付，自摸三家付，可通炮。",
    description_en="Changsha: 108 suited tiles; a small win needs a 2/5/8 pair, big wins need none and add up "
    "(6 each); starting-hand wins; birds counted from the dealer double the payments they hit; dealer +1; "
    "the discarder alone pays a discard, all three a self-draw; several may win on one discard.",
)
