"""The table context 温州 reads besides the shared fields (``dealer``, ``streak``, ``indicator``).

>>> MAIDI.text(MAIDI.read(["N", "E"])), CAISHEN.json(CAISHEN.read({"S": 1, "W": 0}))
('EN', {'S': 1})
"""

from __future__ import annotations

from typing import Any

from ..context import DEALER, INDICATOR, STREAK, ContextField, Kind, Stage, Whose
from ..hand import Seat
from .works import WORKS

MAIDI: ContextField[frozenset[Seat]] = ContextField(
    "maidi", Kind.SEATS, "买底/顶底", "Bought the base (买底/顶底)", default=frozenset(), whose=Whose.EACH,
    help_zh="开局前买底（庄家）或顶底（闲家）的人；庄家与闲家之间每有一人买底，底分倍数加一。",
    help_en="Who bought the base before the hand: the dealer's 买底 and a non-dealer's 顶底. Each of the two "
    "players of a dealer–player payment who bought adds one to its multiplier (1 + buyers).",
    source=WORKS.cite("anbang", "MajiangGame.maidi, WenzhouMajiangPanResultBuilder (maidiCount)",
                      note="regional.md §6(c), WZ-B"), stage=Stage.SETUP,
)
CAISHEN: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "caishen", Kind.PER_SEAT, "各家财神数", "Other players' 财神", default=(), maximum=4, whose=Whose.EACH,
    help_zh="没和牌的各家手中的财神张数（财神钱用；和牌者的从手牌数）。",
    help_en="How many 财神 each player who did not win holds (for 财神钱; the winner's are counted from the hand).",
    source=WORKS.cite("anbang", "WenzhouMajiangPanPlayerCaishenqian", note="regional.md §6(c) 财神钱"),
)

FIELDS: tuple[ContextField[Any], ...] = (DEALER, STREAK, INDICATOR, MAIDI, CAISHEN)
"""The declared context of a 温州 table, in the order the calculator shows it."""
