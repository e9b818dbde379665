"""Ready (听牌) hands: what each winning tile is worth, the 查大叫 value, and 花猪 (spec §6.6)."""

from __future__ import annotations

from collections.abc import Iterable

from ..hand import Hand, WinMethod
from ..scoring import Score
from ..tiles import SUITED_TILES, Suit, Tile
from .options import ChaDaJiao, SichuanOptions
from .settle import SichuanDetails
from .variant import Variant


def scored(variant: Variant, hand: Hand, options: SichuanOptions) -> Score:
    """``hand`` scored at the variant's table: its Ruleset's pipeline, with every payment of the hand."""
    from . import TABLES  # the tables are built from this module's waits: read at call time

    return TABLES[variant.id].score(hand, options)


def is_flower_pig(hand_tiles: Hand | Iterable[Tile]) -> bool:
    """花猪: the hand still holds tiles of all three suits (melds included).

    >>> from rulesets.tiles import tiles
    >>> is_flower_pig(tiles("123m456p789s1m")), is_flower_pig(tiles("123m456p"))
    (True, False)
    """
    held = hand_tiles.all_tiles if isinstance(hand_tiles, Hand) else tuple(hand_tiles)
    return {t.suit for t in held} >= {Suit.M, Suit.P, Suit.S}


def _structural(variant: Variant, hand13: Hand, win: WinMethod) -> Hand:
    """The waiting hand with no situational flag: patterns, 清一色, 根 and 金钩钓 only (§6.6 step 3).

    A discard comes from the nearest player before the winner who is still in.
    """
    ctx = hand13.context
    discarder = None
    if win is WinMethod.DISCARD:
        before = [ctx.seat.offset(-k, variant.players) for k in range(1, variant.players)]
        discarder = next((s for s in before if s not in ctx.already_won), before[0])
    ctx = ctx.replace(
        win=win, from_seat=discarder, kong_replacement=False, after_kong=False, last_tile=False, last_copy=False,
        heavenly=False, earthly=False, kongs=(),
    )
    return hand13.with_context(ctx)


def _candidates(variant: Variant, hand13: Hand, options: SichuanOptions) -> list[Tile]:
    suits = variant.suits(options)
    counts = hand13.counts()
    return [t for t in SUITED_TILES if t.suit in suits and counts[t.index] < 4]


def waits_with_scores(variant: Variant, hand13: Hand, options: SichuanOptions) -> list[tuple[Tile, Score]]:
    """Each winning tile of a 13-tile hand and its score, self-drawn or on a discard as the hand's
    context says, without situational bonuses (the waits view)."""
    win = WinMethod.SELF_DRAWN if hand13.context.self_drawn else WinMethod.DISCARD
    base = _structural(variant, hand13, win)
    out = []
    for t in _candidates(variant, hand13, options):
        score = scored(variant, base.with_winning_tile(t), options)
        if score.valid:
            out.append((t, score))
    return out


def ready_values(variant: Variant, hand13: Hand, options: SichuanOptions) -> list[tuple[Tile, int]]:
    """What a 查大叫 payer owes for each winning tile: 底 × capped multiplier (+ the 自摸 bonus when
    查大叫方式 = 当自摸)."""
    win = WinMethod.SELF_DRAWN if options.chadajiao is ChaDaJiao.ZIMO else WinMethod.DISCARD
    base = _structural(variant, hand13, win)
    out = []
    for t in _candidates(variant, hand13, options):
        score = scored(variant, base.with_winning_tile(t), options)
        if score.valid:
            out.append((t, SichuanDetails.of(score).points))
    return out


def best_ready_value(variant: Variant, hand13: Hand, options: SichuanOptions) -> tuple[Tile, int] | None:
    """The winning tile worth most for 查大叫, or None when the hand is not ready."""
    values = ready_values(variant, hand13, options)
    return max(values, key=lambda tv: tv[1]) if values else None
