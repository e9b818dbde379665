"""What the fan predicates need to know about a hand, computed once per hand (not per reading)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..context import replacement_kong
from ..hand import Hand, KongKind, MeldKind, Relative, Seat, WinContext, WinMethod
from ..tiles import TILES_BY_INDEX
from .fans import GenTile, describe_gen
from .options import DianGangHua, DiHuDef, SichuanOptions


@dataclass(frozen=True)
class Facts:
    """Hand-level facts. ``options`` is the table's options value (a SichuanOptions-like dataclass)."""

    context: WinContext
    options: SichuanOptions
    flush: bool
    all_258: bool
    no_terminals: bool
    menqing: bool
    gen: tuple[GenTile, ...]
    zimo_bonus: bool  # whether the 自摸 bonus (加番/加底) applies to this win
    heavenly: bool
    earthly: bool
    dianganghua_feeder: Seat | None  # the feeder of the 直杠 whose replacement tile won (点杠花)


def replacement_feeder(hand: Hand, players: int) -> Seat | None:
    """The feeder of the kong a 杠上花 was drawn for, when it is a 直杠 (点杠花).

    Which kong that was is explicit context (``replacement_kong``, needed only with several kongs:
    rulesets.context.replacement_kong); with several kongs and none named, the replacement is taken
    to be the winner's own (not 点杠花), so no one pays for all by the order of a hand string."""
    kong = replacement_kong(hand)
    if kong is None or kong.kong is not KongKind.EXPOSED:
        return None
    return feeder_of(hand, kong.source, players)


def feeder_of(hand: Hand, source: Any, players: int) -> Seat:
    """The seat a claimed meld came from; an unnamed source is taken as the 上家 (as for discards)."""
    return hand.context.seat.source(source or Relative.LEFT, players)


def _gen(hand: Hand, counts: list[int]) -> tuple[GenTile, ...]:
    out = []
    for index, n in enumerate(counts):
        if n != 4:
            continue
        t = TILES_BY_INDEX[index]
        meld = next((m for m in hand.melds if m.tile == t and m.kind is not MeldKind.CHOW), None)
        by_win = hand.winning_tile == t and hand.standing.count(t) == 3
        out.append(describe_gen(str(t), t.zh, meld.kong if meld else None, meld is not None, by_win))
    return tuple(out)


_TERMINALS = frozenset(i for i in range(27) if i % 9 in (0, 8))
_258 = frozenset(i for i in range(27) if i % 9 in (1, 4, 7))


def earthly(ctx: WinContext, definition: DiHuDef, players: int) -> bool:
    """地胡 under the table's definition (the context flag says "first go-round")."""
    if not ctx.earthly:
        return False
    first_draw = ctx.self_drawn
    first_discard = ctx.win is WinMethod.DISCARD and ctx.discarder(players) is Seat.E
    return {
        DiHuDef.FIRST_DRAW: first_draw,
        DiHuDef.FIRST_DISCARD: first_discard,
        DiHuDef.BOTH: first_draw or first_discard,
    }[definition]


def hand_facts(hand: Hand, options: SichuanOptions, players: int) -> Facts:
    ctx = hand.context
    counts = hand.counts()
    held = {i for i, n in enumerate(counts) if n}
    feeder = replacement_feeder(hand, players) if ctx.kong_replacement else None
    zimo_bonus = ctx.self_drawn
    if ctx.kong_replacement and not options.gangshanghua_zimo:
        zimo_bonus = False
    if feeder is not None and options.dianganghua is DianGangHua.DIANPAO:
        zimo_bonus = False
    return Facts(
        context=ctx,
        options=options,
        flush=len({i // 9 for i in held}) == 1,
        all_258=held <= _258,
        no_terminals=not held & _TERMINALS,
        menqing=all(m.is_concealed for m in hand.melds),
        gen=_gen(hand, counts),
        zimo_bonus=zimo_bonus,
        heavenly=ctx.heavenly,
        earthly=earthly(ctx, options.dihu, players),
        dianganghua_feeder=feeder,
    )
