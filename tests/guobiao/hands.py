"""Build hands for the 国标 tests from the notation of the rule text (mcr.md §1).

``spec("[555z][666z] 777z111m3p +3p", win="self_drawn", seat="S")``: ``[...]`` a claimed chow, pung or
melded kong, ``(...)`` a concealed kong, bare tiles the standing tiles, ``+X`` the winning tile.
Keyword arguments set the context (``win``, ``seat``, ``round_wind``, ``last_tile``, ``last_copy``,
``kong_replacement``, ``flowers`` as a count).

>>> h = spec("[123m](5555s) 456p789s1z +1z")
>>> [m.kind.value for m in h.melds], str(h.winning_tile), len(h.standing)
(['chow', 'kong'], '1z', 7)
"""

from __future__ import annotations

import re

from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from rulesets.tiles import FLOWERS, tiles

_PART = re.compile(r"\[([0-9mpsz]+)\]|\(([0-9mpsz]+)\)|\+(\w+)|([0-9mpsz]+)")


def _meld(text: str, concealed: bool) -> Meld:
    ts = tiles(text)
    if len(ts) == 4:
        kind = KongKind.CONCEALED if concealed else KongKind.EXPOSED
        return Meld(MeldKind.KONG, ts[0], kind, None if concealed else Relative.LEFT)
    if ts[0] == ts[1]:
        return Meld(MeldKind.PUNG, ts[0], source=Relative.LEFT)
    return Meld(MeldKind.CHOW, ts[0], source=Relative.LEFT, claimed=1)


def spec(text: str, **context: object) -> Hand:
    melds: list[Meld] = []
    standing: list = []
    win = None
    for claimed, concealed, plus, bare in _PART.findall(text.replace(" ", "")):
        if claimed or concealed:
            melds.append(_meld(claimed or concealed, bool(concealed)))
        elif plus:
            (win,) = tiles(plus)
        else:
            standing.extend(tiles(bare))
    return Hand(tuple(standing), tuple(melds), win, make_context(**context))


def make_context(**context: object) -> WinContext:
    values: dict[str, object] = {}
    for key, value in context.items():
        if key == "win":
            values["win"] = WinMethod(value)
        elif key in ("seat", "round_wind", "from_seat"):
            values[key] = Seat(value)
        elif key == "flowers":
            values["flowers"] = FLOWERS[: int(value)]  # type: ignore[call-overload]
        else:
            values[key] = value
    return WinContext(**values)  # type: ignore[arg-type]
