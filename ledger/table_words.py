"""Each table in its own system's words: 胡 or 和 (calculator/wording.py decides which a system writes).

国标 writes 和 (点和, 抢杠和, 和绝张); 四川 and most regional systems write 胡 (点炮, 抢杠胡, 胡绝张), and a
table's pages say what its own rule text says. A text spelt both ways has its plain msgid in the 和 (MCR)
spelling and its 胡 spelling under the message context ``wording.HU`` ("regional systems: 胡"), the
calculator's own convention. Templates write ``{% table_word "on a discard" %}`` (ledger/templatetags/
ledger_words.py); Python calls :func:`word`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_noop, pgettext_lazy

from calculator.wording import word as spelt
from calculator.wording import writes_hu
from rulesets.errors import MahjongError
from rulesets.registry import get_ruleset


@lru_cache(maxsize=64)
def _system_hu(system: str) -> bool:
    try:
        return writes_hu(get_ruleset(system))
    except (MahjongError, KeyError, ValueError):
        return False


def hu_of(table: Any) -> bool:
    """Whether ``table`` (a Table, or a mapping with ``kind`` and ``system``) writes 胡: a mahjong table whose
    system's rule text does. Rummikub has neither."""
    kind = getattr(table, "kind", None) or (table.get("kind") if isinstance(table, dict) else None)
    system = getattr(table, "system", None) or (table.get("system") if isinstance(table, dict) else None)
    return kind == "mahjong" and bool(system) and _system_hu(str(system))


def word(text: str, hu: bool) -> str:
    """``text`` (a msgid) in the active language, spelt with 胡 when ``hu`` (calculator.wording.word)."""
    return spelt(text, hu)


# The ledger's texts spelt both ways (for makemessages: the plain msgid is the 和 spelling, the one in the
# context wording.HU the 胡 one; the templates draw them with {% table_word %}, which it cannot see).
_MCR = (
    gettext_noop("Winner"), gettext_noop("on a discard"), gettext_noop("robbing a kong"),
    gettext_noop("wins self-drawn"), gettext_noop("wins on a discard"), gettext_noop("wins robbing a kong"),
    gettext_noop("Add a round (血战: every kong, win and the wall's end)"),
    gettext_noop("Add a round (several wins, one discard: 通炮)"), gettext_noop("退税: players who already won"),
    gettext_noop("More winners (一炮多响, 血战)"), gettext_noop("Win %(n)s"),
    gettext_noop("Who won, how, and the hand's value in %(unit)s; the system's own rules work out the money."),
)
_HU = (
    pgettext_lazy("regional systems: 胡", "Winner"), pgettext_lazy("regional systems: 胡", "on a discard"),
    pgettext_lazy("regional systems: 胡", "robbing a kong"),
    pgettext_lazy("regional systems: 胡", "One row per event, in order: kongs (with who fed a 直杠), wins (a "
                  "discard win with “same discard” joins the row above: 一炮多响), then at a 流局 each player still "
                  "in: ready (with the 13 tiles, for 查大叫), not ready, or 花猪."),
    pgettext_lazy("regional systems: 胡", "wins self-drawn"),
    pgettext_lazy("regional systems: 胡", "wins on a discard"),
    pgettext_lazy("regional systems: 胡", "wins robbing a kong"),
    pgettext_lazy("regional systems: 胡", "Add a round (血战: every kong, win and the wall's end)"),
    pgettext_lazy("regional systems: 胡", "Add a round (several wins, one discard: 通炮)"),
    pgettext_lazy("regional systems: 胡", "on %(p)s's discard"), pgettext_lazy("regional systems: 胡", "wins on %(p)s"),
    pgettext_lazy("regional systems: 胡", "%(w)s win on %(p)s (一炮多响)"),
    pgettext_lazy("regional systems: 胡", "退税: players who already won"),
    pgettext_lazy("regional systems: 胡", "More winners (一炮多响, 血战)"),
    pgettext_lazy("regional systems: 胡", "Win %(n)s"),
    pgettext_lazy("regional systems: 胡",
                  "Who won, how, and the hand's value in %(unit)s; the system's own rules work out the money."),
)
