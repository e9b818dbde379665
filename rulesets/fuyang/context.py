"""The table context 富阳麻将 reads: only shared fields.

``indicator`` is the turned-up tile (the 财神 follows from it by the ``fanfa`` option, and 杠花 is the tile after
the 财神); ``dealer`` fixes each seat's 门风 (the dealer's is 东: seed 000 门风刻
"庄家为东风作门风，下家则已南风为门风").
"""

from __future__ import annotations

from ..context import DEALER, INDICATOR

CONTEXT = (INDICATOR, DEALER)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "flowers"})
"""The shared fields it reads: how it was won and the discarder (两摸三放, who pays), the winner's seat (门风),
杠上开花 (the kong replacement), flowers (refused: 136 tiles). Not read: the round wind (no 圈风 台), 海底, 和绝张,
天和/地和, 杠上炮, ``wildcard`` (the 财神 comes from ``indicator``), other players' kongs."""
