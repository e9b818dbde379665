"""Table context read by more than one issue-15 system (declared once: one key, one meaning)."""

from __future__ import annotations

from ..context import ContextField, Kind, Whose

SONGGANG = ContextField(
    "songgang", Kind.SEAT, "送杠", "Kong fed by", default=None, whose=Whose.TABLE,
    help_zh="送杠：和牌者杠了这家打出的牌，在补摸的牌上自摸和（这家包赔）。",
    help_en="送杠: the winner konged this player's discard and won on the replacement tile (this player pays).",
    source="rules/vague-systems.md §2.1 (苏州 送杠 ×3) and §3.1 (象山 送杠胡 5M)",
)
