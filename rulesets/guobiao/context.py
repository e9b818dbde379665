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


_IGNORED = tuple(
    (name, note.zh, note.en)
    for name in ("heavenly", "earthly", "after_kong", "wildcard")
    for note in (msg(f"guobiao.ignored_{name}"),)
)
"""The context fields MCR ignores, each with its note (``guobiao.ignored_<field>`` in the catalog)."""


def notes(ctx: WinContext) -> list[dict[str, object]]:
    """A note for each context field that MCR ignores: its key, params and both languages."""
    if not (ctx.heavenly or ctx.earthly or ctx.after_kong or ctx.wildcard):  # most hands: none of them set
        return []
    return [msg(f"guobiao.ignored_{name}").as_dict() for name, _zh, _en in _IGNORED if getattr(ctx, name)]
