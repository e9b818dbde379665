"""Helpers for the tables of the issue-15 systems: option metadata, fan rows with their exclusions,
the win flags each table maps to its own fan ids, and the cap line.

>>> [f for f in win_flags_of(True, False, True, False, True)]
['self_drawn', 'last_tile', 'concealed']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..hand import Hand, WinMethod
from ..reading import Reading
from ..scoring import Excludes, Fan, Item
from ..shapes import ShapeKind

WIN_FLAGS = ("self_drawn", "kong_replacement", "last_tile", "rob_kong", "concealed", "heavenly", "earthly")
"""The facts of a win that tables give a value to, in the order their items are listed."""


def meta(zh: str, en: str, source: str, **more: Any) -> dict[str, Any]:
    """The metadata of an option field (中文, English, source)."""
    return {"zh": zh, "en": en, "source": source, **more}


def excludes(*ids: str) -> tuple[Excludes, ...]:
    return tuple(Excludes(i) for i in ids)


def row(fid: str, zh: str, en: str, value: int, category: str, definition: tuple[str, str], example: str,
        excluded: Iterable[Excludes] = (), source: str = "") -> Fan:
    """One fan row: id, names, value, category, (definition 中文, English), example hand, source, exclusions."""
    return Fan(fid, zh, en, value, tuple(excluded), definition[0], definition[1], source, example, category)


def win_flags_of(self_drawn: bool, kong_replacement: bool, last_tile: bool, rob_kong: bool, concealed: bool,
                 heavenly: bool = False, earthly: bool = False) -> list[str]:
    held = (self_drawn, kong_replacement, last_tile, rob_kong, concealed, heavenly, earthly)
    return [flag for flag, on in zip(WIN_FLAGS, held, strict=True) if on]


def win_flags(hand: Hand) -> list[str]:
    """The win flags of a hand: 自摸, 杠上开花, 海底, 抢杠, 门清 (no claimed meld), 天和, 地和."""
    ctx = hand.context
    return win_flags_of(ctx.self_drawn, ctx.kong_replacement, ctx.last_tile, ctx.win is WinMethod.ROB_KONG,
                        hand.is_concealed, ctx.heavenly, ctx.earthly)


def win_items(hand: Hand, names: Mapping[str, str]) -> list[str]:
    """The table's fan ids for the win flags it values (``names``: flag → fan id)."""
    return [names[f] for f in win_flags(hand) if f in names]


SHAPE_FLAGS = ("all_pungs", "seven_pairs", "one_suit", "mixed_one_suit", "all_honours", "single_tile_left")
"""The facts of a reading's shape that tables give a value to (the :class:`~._regional.facts.Reading` properties,
``seven_pairs`` its kind)."""


def shape_items(r: Reading, names: Mapping[str, str]) -> list[str]:
    """The table's fan ids for the shape facts of reading ``r`` it values (``names``: flag → fan id)."""
    held = {"seven_pairs": r.kind is ShapeKind.SEVEN_PAIRS}
    return [fid for flag, fid in names.items() if held.get(flag, False) or (flag != "seven_pairs" and getattr(r, flag))]


def capped(kept: list[Item], cap: int, line: Fan) -> tuple[int, list[Item]]:
    """The sum of ``kept`` held to ``cap`` (0: none); a capped hand shows ``line`` with the difference."""
    total = sum(i.total for i in kept)
    if cap and total > cap:
        return cap, kept + [Item(line, 1, f"{total}→{cap}", value_override=cap - total)]
    return total, kept
