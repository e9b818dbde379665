"""The table context every Sichuan table reads: the shared win context and which kong a 杠上花 was drawn for."""

from __future__ import annotations

from typing import Any

from ..context import REPLACEMENT_KONG, ContextField

CONTEXT: tuple[ContextField[Any], ...] = (REPLACEMENT_KONG,)
"""Which kong a 杠上花's replacement tile was drawn for (点杠花: the feeder of a 直杠 pays), with several kongs."""

CONTEXT_FIELDS = frozenset({
    "win", "seat", "from_seat", "kong_replacement", "after_kong", "last_tile", "heavenly", "earthly",
    "already_won", "kongs",
})
"""The context every Sichuan table reads: how it was won (自摸, 抢杠胡), the winner's seat and the
discarder (who pays; 东 is the dealer for 天胡/地胡), 杠上花, 杠上炮 (and 呼叫转移), 海底捞月/海底炮, 天胡,
地胡, who already won (血战: they no longer pay; in 血流 mode, the 血流成河 table's default, winners keep
paying and it only picks a wait's assumed discarder) and other players' kongs (kong money, 呼叫转移). Not read:
the round wind (no wind fans), 和绝张 (no such fan), a wildcard; flowers are not in the game (a hand
with flowers is refused)."""
