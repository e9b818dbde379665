"""长沙麻将 (Changsha): 108 tiles, 小胡 on a 2/5/8 pair, additive 大胡, 起手小胡, 扎鸟, 庄闲, 通炮.

The spec is rules/regional.md §3 (with its errata); the seeds are 000 (长沙 rules and 扎鸟) and 001
(长沙麻将). docs/changsha.md records every decision.

>>> from rulesets.registry import get_ruleset
>>> get_ruleset("长沙").id, get_ruleset("长沙麻将").id
('changsha', 'changsha')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import ContextError, MahjongError
from ..hand import Hand, seats
from ..messages import Words, msg
from ..rounds import Kong, Round, RoundError, RoundResult, Settled, WallEnd, Win
from ..scoring import Payment, Ruleset, Score
from ..shapes import decompose
from ..tiles import SUITED_TILES, Tile
from .context import CONTEXT, CONTEXT_FIELDS, STARTING_HAND
from .fans import FANS
from .options import ChangshaOptions
from .score import KINDS, score
from .settle import settle_score
from .works import WORKS

__all__ = ["FANS", "RULESET", "ChangshaOptions", "settle_round", "waits"]


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
            s = score(done, options)
        except MahjongError:
            continue
        if s.valid or decompose(done, KINDS):
            out.append((t, s))
    return out


def _tongpao(hands: Sequence[Hand], options: ChangshaOptions) -> tuple[list[Score], list[Payment]]:
    """通炮: several players win on one discard; the discarder pays each winner in full, each payment with
    its own 庄闲 and birds (seed 000 \u201c通炮：即几个玩家可胡同一张牌…输家要付清所有胡分\u201d)."""
    if any(h.context.self_drawn for h in hands):
        raise ContextError(msg("round.several_self_drawn", name="通炮"))
    if len({h.context.discarder(4) for h in hands}) != 1:
        raise ContextError(msg("round.one_discarder"))
    if len({h.context.seat for h in hands}) != len(hands):
        raise ContextError(msg("round.distinct_winners"))
    scores = [score(h, options) for h in hands]
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
    one = score(hand, options)
    return [one], list(one.settlement.payments) if one.valid and one.settlement else []


def _can_read(hand: Hand) -> bool:
    return False  # asked for by name only (not in the "all systems" comparison)


RULESET = Ruleset(
    id="changsha", zh="长沙麻将", en="Changsha Mahjong", unit="分", players=4, fans=FANS,
    options_type=ChangshaOptions, score=score, works=WORKS, aliases=("长沙", "长沙麻将", "cs", "csmj", "hunan"),
    can_read=_can_read, waits=waits, context_fields=CONTEXT_FIELDS, context=CONTEXT, settle_round=settle_round,
    round_events=frozenset({Win}), settle=settle_score, dealt=lambda hand: STARTING_HAND.of(hand.context),
    description_zh="长沙麻将：108张万筒条；小胡须2、5、8作将，大胡不要将、可叠加（每个6分）；起手小胡（四喜、板板胡、"
    "缺一色、六六顺）；扎鸟从庄家数，中鸟翻倍；庄闲；点炮一家付，自摸三家付，可通炮。",
    description_en="Changsha: 108 suited tiles; a small win needs a 2/5/8 pair, big wins need none and add up "
    "(6 each); starting-hand wins; birds counted from the dealer double the payments they hit; dealer +1; "
    "the discarder alone pays a discard, all three a self-draw; several may win on one discard.",
)
