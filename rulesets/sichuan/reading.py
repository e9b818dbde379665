"""The readings of a Sichuan hand and what each counted line of one is on.

A reading is one decomposition of the hand (the shapes of the table's kinds) with the facts of the hand, read
once (:class:`.fans.Reading`). Named patterns do not stack (seed 001: "只按最大番算"): the pipeline tries each
pattern a reading holds as the hand's pattern in turn (:data:`.fans.ONE_PATTERN`); the rows it contains are
removed by the table's exclusions, the other patterns are reported as not counted under that principle, and the
way worth most is kept. Then :func:`finish` names each 根 (one line per four, lighting its tiles; the ones a
pattern used up named in its exclusion) and lights every line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..hand import Hand
from ..lights import SETS, lit, tiles_where, with_tiles
from ..messages import Text, msg
from ..pipeline import Valued
from ..scoring import Exclusion, Item
from ..shapes import Shape, decompose
from .facts import hand_facts
from .fans import GenTile, Reading
from .options import SichuanOptions
from .variant import Variant


def readings(variant: Variant, hand: Hand, options: SichuanOptions) -> list[Reading]:
    """Every decomposition of the hand in the table's shapes, each with the hand's facts (worked out once)."""
    shapes = decompose(hand, variant.shape_kinds)
    if not shapes:
        return []
    facts = hand_facts(hand, options, variant.players)
    return [Reading.of(s, facts) for s in shapes]


def finish(valued: Valued[Reading], options: SichuanOptions) -> Valued[Reading]:
    """Each counted line of a valued reading, saying what it is on: a 根 line per four, lighting its tiles (the 根 a
    pattern used up named in its exclusion), and the tiles that make every line (:data:`.fans.LIGHTS`)."""
    reading = valued.reading
    kept, excluded = _name_gen(reading, list(valued.items), list(valued.excluded))
    context = reading.facts.context
    items = tuple(lit(i, reading.shape, context) for i in kept)
    return Valued(reading, items, tuple(excluded), valued.total)


def _used(used: Sequence[GenTile]) -> Text:
    """The 根 a pattern used up: "1m 一万（暗杠）、6p 六筒（补杠）"; in English "1m (concealed kong), 6p (added
    kong)"."""
    notes = [g.note for g in used]
    return Text("、".join(notes), msg("text.list", items=tuple(n.message for n in notes)))


def _copies(shape: Shape, tile_text: str) -> tuple[int, ...]:
    """The positions of a tile's copies in the reading (a 根's four)."""
    return tiles_where(shape, lambda t: str(t) == tile_text)


def _name_gen(reading: Reading, kept: list[Item], excluded: list[Exclusion]) -> tuple[list[Item], list[Exclusion]]:
    """Split the 根 item into one line per tile, each lighting its four; the ones a pattern used up are
    named in its exclusion."""
    gen = reading.facts.gen
    if not gen:
        return kept, excluded
    gen_kept = next((i for i in kept if i.fan.id == "gen"), None)
    n_kept = gen_kept.count if gen_kept else 0
    used = gen[: len(gen) - n_kept]
    lines = [with_tiles(dataclasses.replace(gen_kept, count=1, note=g.note), SETS, _copies(reading.shape, g.tile_text))
             for g in gen[len(used):]] if gen_kept else []
    at = kept.index(gen_kept) if gen_kept else len(kept)
    kept = [i for i in kept if i.fan.id != "gen"]
    kept[at:at] = lines
    excluded = [
        dataclasses.replace(e, reason=_used(used)) if e.fan.id == "gen" and used else e
        for e in excluded
    ]
    return kept, excluded
