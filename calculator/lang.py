"""The active language's words for engine values: a text in 中文 or English, a seat, a unit.
"""

from __future__ import annotations

from django.utils.translation import get_language, pgettext, pgettext_lazy

from rulesets.hand import Seat


def is_zh() -> bool:
    return (get_language() or "").lower().startswith("zh")


def pick(zh: str | None, en: str | None) -> str:
    """The text in the active language, falling back to the other one."""
    first, second = (zh, en) if is_zh() else (en, zh)
    return first or second or ""


def seat_name(seat: Seat) -> str:
    return pick(seat.zh, seat.en)


UNITS = (
    pgettext_lazy("unit", "番"),
    pgettext_lazy("unit", "倍"),
    pgettext_lazy("unit", "台"),
    pgettext_lazy("unit", "分"),
)
"""The units the systems count in, for the catalog (English: fan, ×, tai, points)."""


def unit_name(unit: str) -> str:
    """A system's unit (番, 倍, 台…) in the active language."""
    return pgettext("unit", unit)
