"""The table context 台灣十六張 reads: the shared win context, the dealer and the dealer's streak (連莊), and two
facts of the flowers, all declared once in :mod:`rulesets.context` (another table reads them too)."""

from __future__ import annotations

from typing import Any

from ..context import DEALER, FLOWER_REPLACEMENT, FLOWER_WIN, STREAK, ContextField

CONTEXT: tuple[ContextField[Any], ...] = (DEALER, STREAK, FLOWER_WIN, FLOWER_REPLACEMENT)

CONTEXT_FIELDS = frozenset({"win", "seat", "round_wind", "from_seat", "kong_replacement", "last_tile", "heavenly",
                            "earthly", "flowers"})
"""How it was won and who discarded or was robbed, the winds (門風 counted from the dealer, 圈風), 槓上開花,
海底/河底, 天胡 and 地胡/人胡 (the earthly flag, self-drawn or on a discard), the flowers. Not read: 杠上炮 and
和绝张 (no Taiwanese item), the wildcard, players already out, other players' kongs."""
