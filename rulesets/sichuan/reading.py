"""The value of one reading (decomposition) of a hand: its best pattern, 根, bonuses, exclusions.

Named patterns do not stack (seed 001: "只按最大番算"), so each detected pattern is tried as the
hand's pattern in turn; the rows it contains are removed by :func:`apply_exclusions`, the other
patterns are reported as not counted under that principle, and the reading worth most is kept.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..lights import SETS, lit, tiles_where, with_tiles
from ..messages import Text, msg
from ..scoring import Exclusion, Item, ShapeScore, apply_exclusions
from ..shapes import Shape
from .facts import Facts
from .fans import BY_ID, FANS, PATTERN, PREDICATES, GenTile, Reading, value_of

MAX_PATTERN = "max_pattern"
_MAX_PATTERN_REASON = "番型不重复计算，只按最大番算 (patterns do not stack)"
_ORDER = {f.id: i for i, f in enumerate(FANS)}


def hits(facts: Facts, reading: Reading) -> dict[str, int]:
    """Every row whose predicate holds for this reading, with its count."""
    out = {}
    for fid, predicate in PREDICATES.items():
        n = int(predicate(facts, reading))
        if n:
            out[fid] = n
    return out


def read_shape(facts: Facts, shape: Shape) -> ShapeScore:
    """The best value of one reading (E0 番, before any cap)."""
    found = hits(facts, Reading.of(shape))
    patterns = [fid for fid in found if BY_ID[fid].category == PATTERN and fid != "pinghu"]
    if not patterns and "pinghu" in found:
        patterns = ["pinghu"]
    others = [fid for fid in found if BY_ID[fid].category != PATTERN]
    if not patterns:
        return _lit(_with_pattern(facts, shape, found, None, [], others), facts)
    candidates = [(_with_pattern(facts, shape, found, base, patterns, others), BY_ID[base].value) for base in patterns]
    return _lit(max(candidates, key=lambda c: (c[0].total, c[1]))[0], facts)


def _lit(reading: ShapeScore, facts: Facts) -> ShapeScore:
    """Each counted row of the reading kept, saying which tiles make it (:data:`.fans.LIGHTS`)."""
    items = tuple(lit(i, reading.shape, facts.context) for i in reading.items)
    return dataclasses.replace(reading, items=items)


def _with_pattern(
    facts: Facts, shape: Shape, found: dict[str, int], base: str | None, patterns: list[str], others: list[str]
) -> ShapeScore:
    contained = {e.fan for e in BY_ID[base].excludes} if base else set()
    chosen = [base] if base else []
    chosen += [p for p in patterns if p in contained]
    unchosen = [p for p in patterns if p != base and p not in contained]
    ids = sorted(chosen + others, key=_ORDER.__getitem__)
    items = [Item(BY_ID[fid], found[fid], value_override=value_of(BY_ID[fid], facts)) for fid in ids]
    kept, excluded = apply_exclusions(items)
    excluded += [Exclusion(BY_ID[p], MAX_PATTERN, 1, _MAX_PATTERN_REASON) for p in unchosen]
    kept, excluded = _name_gen(facts, shape, kept, excluded)
    return ShapeScore(shape=shape, total=sum(i.total for i in kept), items=tuple(kept), excluded=tuple(excluded))


def _used(used: Sequence[GenTile]) -> Text:
    """The 根 a pattern used up: "1m 一万（暗杠）、6p 六筒（补杠）"; in English "1m (concealed kong), 6p (added
    kong)"."""
    notes = [g.note for g in used]
    return Text("、".join(notes), msg("text.list", items=tuple(n.message for n in notes)))


def _copies(shape: Shape, tile_text: str) -> tuple[int, ...]:
    """The positions of a tile's copies in the reading (a 根's four)."""
    return tiles_where(shape, lambda t: str(t) == tile_text)


def _name_gen(facts: Facts, shape: Shape, kept: list[Item],
              excluded: list[Exclusion]) -> tuple[list[Item], list[Exclusion]]:
    """Split the 根 item into one line per tile, each lighting its four; the ones a pattern used up are
    named in its exclusion."""
    gen_kept = next((i for i in kept if i.fan.id == "gen"), None)
    n_kept = gen_kept.count if gen_kept else 0
    used = facts.gen[: len(facts.gen) - n_kept]
    lines = [with_tiles(dataclasses.replace(gen_kept, count=1, note=g.note), SETS, _copies(shape, g.tile_text))
             for g in facts.gen[len(used):]] if gen_kept else []
    at = kept.index(gen_kept) if gen_kept else len(kept)
    kept = [i for i in kept if i.fan.id != "gen"]
    kept[at:at] = lines
    excluded = [
        dataclasses.replace(e, reason=_used(used)) if e.fan.id == "gen" and used else e
        for e in excluded
    ]
    return kept, excluded
