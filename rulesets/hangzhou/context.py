"""The table context 杭州麻将 reads beyond the shared fields: the 财飘/杠 chain before the win, whether another
player is in 财飘, and the claims other players made from the winner (反承包).

The shared declared fields it reads: ``indicator`` (the turned-up tile: the 财神), ``dealer`` and ``streak``
(who may win on a discard). Who fed the winner's own claims is each meld's source (承包).
"""

from __future__ import annotations

from typing import Any

from ..context import DEALER, INDICATOR, STREAK, ContextField, Kind, Whose
from ..hand import Seat
from .works import WORKS

SEED = "seed 001 杭州麻将"

PIAO: ContextField[int] = ContextField(
    "piao", Kind.INT, "财飘次数", "财飘 before the win", default=0, maximum=3, whose=Whose.WINNER,
    help_zh="和牌前连续财飘（打出一颗财神、下轮暴头自摸）的次数；连续2个财飘再×2。",
    help_en="How many times in a row the winner discarded a 财神 from a 暴头 hand before this win (each ×2).",
    source=WORKS.cite("national", "财飘", note="seed 001 杭州麻将 财飘: 在当局暴头应得分数基础再*2倍; "
                                               "如果是连续2个财飘则再*2倍"),
)
CHAIN_KONGS: ContextField[int] = ContextField(
    "chain_kongs", Kind.INT, "链中先前的杠", "Earlier kongs of the chain", default=0, maximum=3, whose=Whose.WINNER,
    help_zh="同一连串中，补牌没有和、接着财飘或再杠的杠的个数（杠飘；杠杠开）；补牌和了的那个杠是「杠上开花」。",
    help_en="Kongs earlier in the same chain whose replacement did not win but was followed by a 财飘 or another "
    "kong (杠飘); the kong whose replacement wins is the kong-replacement flag.",
    source=WORKS.cite("national", "杠飘", note="seed 001 杭州麻将 杠飘: 在有杠开的情况下财飘; §2(b) chain: each "
                                               "consecutive 杠 or 飘 ×2"),
)
PIAO_TURN: ContextField[bool] = ContextField(
    "piao_turn", Kind.BOOL, "他家财飘的一轮", "During another player's 财飘", default=False,
    help_zh="有人财飘的这一轮，其余三家不能吃、碰，也不能放冲（只能自摸）。",
    help_en="In the go-round after another player's 财飘 nobody may claim or win on a discard.",
    source=WORKS.cite("national", "财飘", note="seed 001 杭州麻将 财飘 说明: "
                                               "其余三家该轮不能吃、不能碰也不能放冲，只能自摸"),
)
CLAIMS_FROM_WINNER: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "claims_from_winner", Kind.PER_SEAT, "吃碰和牌者的次数", "Claims from the winner", default=(), maximum=4,
    whose=Whose.EACH,
    help_zh="其他每家吃、碰（明杠）和牌者打出的牌的次数；有人满3次而和牌者自摸：反承包。",
    help_en="How many discards of the winner each other player claimed (chow, pung, exposed kong); three from one "
    "player and a self-drawn win is 反承包.",
    source=WORKS.cite("national", "反承包", note="seed 001 杭州麻将 反承包: "
                                                 "有人吃（包括碰）了你3次（总数），最后你自摸胡了"),
)

CONTEXT: tuple[ContextField[Any], ...] = (INDICATOR, DEALER, STREAK, PIAO, CHAIN_KONGS, PIAO_TURN, CLAIMS_FROM_WINNER)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "flowers"})
"""The shared fields it reads: how it was won and the discarder (who may win on a discard, who pays), the
winner's seat, 杠开 (the kong replacement), flowers (refused: 136 tiles). Not read: the round wind, 海底,
和绝张, 天和/地和, 杠上炮, ``wildcard`` (the 财神 comes from ``indicator``), other players' kongs."""
