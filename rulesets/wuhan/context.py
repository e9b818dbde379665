"""The table context 武汉 reads beyond the shared one: per-seat tallies, the indicator, the 承包 facts.

Every value is explicit data (DESIGN §3): who supplied the winner's third opening is a field, never
guessed from the order of the melds in a hand string.

>>> RED_KONGS.read({"W": 1}), OPENINGS.text(OPENINGS.read({"E": 1, "N": 2}))
(((<Seat.W: 'W'>, 1),), 'E1N2')
"""

from __future__ import annotations

from typing import Any

from ..context import DEALER, INDICATOR, ContextField, Kind, Whose
from ..hand import Seat
from .works import WORKS

SEED = "seed 001 武汉麻将"

RED_KONGS: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "red_kongs", Kind.PER_SEAT, "红中杠", "红中 kongs", default=(), maximum=4, whose=Whose.EACH,
    help_zh="每家打出（杠出）的红中张数，每张是一个红中杠（×2）。",
    help_en="How many 红中 each player has put out this hand; each is a 红中杠 (×2 on that player's payments).",
    source=WORKS.cite("national", "红中", note="seed 001 武汉麻将 红中: 打出来也是杠牌，称为红中杠（×2）"),
)
LAIZI_KONGS: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "laizi_kongs", Kind.PER_SEAT, "癞子杠", "癞子 kongs", default=(), maximum=4, whose=Whose.EACH,
    help_zh="每家打出的癞子张数，每张是一个癞子杠（默认×4）。",
    help_en="How many 癞子 each player has put out this hand; each is a 癞子杠 (×4 by default).",
    source=WORKS.cite("national", "癞子", note="seed 001 武汉麻将 癞子 2: 癞子可以单张成杠打出去，成为癞子杠; "
                                               "rules/regional.md §1 (b)"),
)
OPENINGS: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "openings", Kind.PER_SEAT, "开口次数", "Openings", default=(), maximum=4, whose=Whose.EACH,
    help_zh="每家吃、碰、明杠（冲杠）的次数；0 = 没开口。和牌者的开口按他的副露算，不必填。",
    help_en="How many chows, pungs and exposed kongs each player has claimed (0: not opened). The winner's "
            "come from the hand's melds.",
    source=WORKS.cite("national", "开口翻", note="seed 001 武汉麻将 开口翻: 吃、碰、明杠称为开口; 口口翻: "
                                                 "每开一次口就×2一次"),
)
THIRD_OPENING: ContextField[Seat | None] = ContextField(
    "third_opening", Kind.SEAT, "第三次开口对象", "Third opening from", default=None, whose=Whose.WINNER,
    help_zh="和牌者第三次开口（吃、碰、明杠）是谁供的牌；清一色、将一色由他承包。",
    help_en="Who supplied the winner's third opening (chow, pung or exposed kong): that player pays all "
            "(承包) of a 清一色 or 将一色.",
    source=WORKS.cite("national", "承包", note="seed 001 武汉麻将 承包 2: B胡清一色，B的第三次开口对象是A，A承包; "
                                               "rules/regional.md §1 (c)3"),
)
DISCARDER_READY: ContextField[bool] = ContextField(
    "discarder_ready", Kind.BOOL, "放冲者已听牌", "Discarder was ready", default=False,
    help_zh="放冲给全求人的人当时已听牌（已听牌则不承包）。",
    help_en="The player who fed a 全求人 was ready (waiting) at the time: then they do not pay all.",
    source=WORKS.cite("national", "承包", note="seed 001 武汉麻将 承包 1: A放冲给B作全求人，A没听牌，A承包"),
)
RED_KONG_DRAW: ContextField[bool] = ContextField(
    "red_kong_draw", Kind.BOOL, "红中杠/癞子杠后补牌", "Drawn after a 红中/癞子 kong", default=False,
    whose=Whose.WINNER,
    help_zh="和牌者打出红中或癞子（红中杠、癞子杠）后补牌自摸：算杠上开花。",
    help_en="The winner drew the winning tile as the replacement after putting out a 红中 or 癞子: 杠上开花.",
    source=WORKS.cite("national", "胡牌类型", note="seed 001 武汉麻将 胡牌类型: "
                                                   "杠上花（即杠开），杠（包括红中杠和癞子杠）了之后补牌时自摸"),
)

CONTEXT: tuple[ContextField[Any], ...] = (
    INDICATOR, DEALER, RED_KONGS, LAIZI_KONGS, OPENINGS, THIRD_OPENING, DISCARDER_READY, RED_KONG_DRAW)
"""What 武汉 declares (the indicator and the dealer are the shared declarations)."""

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "last_tile", "wildcard", "kongs",
                            "flowers"})
"""The shared fields 武汉 reads: how it was won (自摸, 抢杠), the seats (who pays), 杠上开花, 海底捞, the 癞子
given directly, other players' kongs (their 明杠/暗杠 doubles) and flowers (refused: 136 tiles, no flowers).
Not read: the winds (no wind fans), 和绝张, 杠上炮, 天胡/地胡, who already won."""
