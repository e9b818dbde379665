"""MCR-specific checks of the win context, beyond :meth:`rulesets.hand.WinContext.check`.

The core already refuses: 杠上开花 without a self-draw or without a kong; 抢杠和 together with 海底
or 和绝张, or on a tile the hand holds; 和绝张 on a tile the winner still holds; a duplicated flower.
Here: the winds must be E S W N. Context that MCR has no fan for (天和, 地和, 杠上炮, a wildcard) is
ignored and reported as a note, so a hand entered for another system still scores under MCR.

>>> from rulesets.hand import WinContext
>>> notes(WinContext(heavenly=True, win=__import__("rulesets.hand").hand.WinMethod.SELF_DRAWN))[0]["en"][:28]
'Heavenly hand (天和) is not an'
"""

from __future__ import annotations

from rulesets.errors import ContextError
from rulesets.hand import SEATS4, Hand, WinContext
from rulesets.messages import msg


def check(hand: Hand) -> None:
    """Raise :class:`ContextError` for context MCR cannot have (after ``hand.validate``)."""
    ctx = hand.context
    if ctx.seat not in SEATS4:
        raise ContextError(msg("guobiao.four_seats", seat=ctx.seat.value))
    if ctx.round_wind not in SEATS4:
        raise ContextError(msg("guobiao.four_rounds", seat=ctx.round_wind.value))


_IGNORED = (
    ("heavenly", "天和不是国标番种，不计", "Heavenly hand (天和) is not an MCR fan: ignored"),
    ("earthly", "地和不是国标番种，不计", "Earthly hand (地和) is not an MCR fan: ignored"),
    ("after_kong", "杠上炮不是国标番种，按点和计", "Win after a kong's discard (杠上炮) is not an MCR fan: "
     "scored as an ordinary discard win"),
    ("wildcard", "国标麻将没有百搭牌，忽略", "MCR has no wildcard tile: ignored"),
)


def notes(ctx: WinContext) -> list[dict[str, str]]:
    """A note for each context field that MCR ignores."""
    return [{"zh": zh, "en": en} for name, zh, en in _IGNORED if getattr(ctx, name)]
