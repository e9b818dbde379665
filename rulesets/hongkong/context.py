"""The table context 香港麻雀 reads: the shared win context (how it was won, the seat and round winds, the
flowers), the shared flower fields (a win on the flowers, a win on a flower's replacement), and its own: who is
liable (包), a declared win that may be false (詐糊), and a replacement after two kongs in a row (槓上槓)."""

from __future__ import annotations

from typing import Any

from ..context import FLOWER_REPLACEMENT, FLOWER_WIN, ContextField, Kind, Whose
from ..hand import Seat
from .works import WORKS

LIABLE: ContextField[Seat | None] = ContextField(
    "liable", Kind.SEAT, "包牌", "Liable (包)", default=None, whose=Whose.TABLE,
    help_zh="包：供出第十二张落地牌（四副副露）或大三元、大四喜的一副的人；自摸由他一家包，点糊由出铳者一家付。",
    help_en="包: who fed the twelfth shown tile (four melds) or a set of 大三元 or 大四喜; he pays all of a "
    "self-draw, and on a discard the discarder pays all.",
    source=WORKS.cite("zhidao", "十二張包自摸", note="rules/hongkong.md §4.4; mahjong-scorer 包自摸/包打出; mahjongo"),
)
DECLARED_WIN: ContextField[bool] = ContextField(
    "declared_win", Kind.BOOL, "已叫糊", "Declared a win", default=False, whose=Whose.WINNER,
    help_zh="这手牌已在桌上叫糊：不是糊牌（牌型不对、不够番）就是诈糊，按罚则赔。",
    help_en="The hand was declared a win at the table: if it is no win (no shape, below the minimum) it is a "
    "false win (詐糊) and the penalty is paid.",
    source=WORKS.cite("ynews", "詐糊", note="§4.5; bigproduction Penalties; mahjong-scorer False-win"),
)
KONG_ON_KONG: ContextField[bool] = ContextField(
    "kong_on_kong", Kind.BOOL, "杠上杠", "Kong on kong", default=False, whose=Whose.WINNER,
    help_zh="连开两个杠后，在第二个杠的补牌上自摸（同时标杠上开花）。",
    help_en="Self-drawn on the replacement after two kongs in a row (with kong_replacement).",
    source=WORKS.cite("hk-mahjong", "winByDoubleKong", note="§3.2"),
)

CONTEXT: tuple[ContextField[Any], ...] = (LIABLE, DECLARED_WIN, KONG_ON_KONG, FLOWER_WIN, FLOWER_REPLACEMENT)

CONTEXT_FIELDS = frozenset({"win", "seat", "round_wind", "from_seat", "kong_replacement", "last_tile", "heavenly",
                            "earthly", "flowers"})
"""How it was won and who discarded or was robbed (the items, who pays), the seat and round winds (門風, 圈風, 正花),
槓上開花, 海底撈月, 天糊/地糊 and the flowers. Not read: 和絕張 and 槓上炮 (no such items), other players' kongs
(no kong money)."""
