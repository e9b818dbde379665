"""武汉's quick entry: the hand's base (its fans), whether it is a big win and hard (硬胡), and each player's doubles
as the payment reads them: openings (开口), exposed and concealed kongs, 红中杠 and 癞子杠 (the dealer's double is
the table's). 承包 of a 清一色/将一色/全求人 is read from the hand's fans: a quick entry carries only a robbed
kong's (the robbed player pays all)."""

from __future__ import annotations

from ..context import Kind, Whose
from ..hand import Hand, KongEvent, KongKind, Meld, MeldKind, Relative, Seat
from ..quick import Quick, QuickHand, own, value_field
from ..scoring import Score
from ..tiles import tile
from .context import LAIZI_KONGS, OPENINGS, RED_KONGS
from .options import WuhanOptions
from .settle import WuhanDetails

_SEED = "seed 001 武汉麻将 记分规则"
BIG = own("big", Kind.BOOL, "大胡", "Big win", False,
          "大胡（清一色、碰碰胡、将一色、杠上开花……）：自摸、放冲按 ×1.5。",
          "A big win: the self-draw and the discarder count ×1.5.", source=_SEED)
HARD = own("hard", Kind.BOOL, "硬胡", "Hard hand", False,
           "没有癞子当万能牌（硬胡 ×2）。", "No 癞子 used as a wild (×2).",
           source=_SEED)
EXPOSED = own("exposed_kongs", Kind.PER_SEAT, "明杠", "Exposed kongs", (), "每家的明杠（冲杠、蓄杠）个数。",
              "Each player's exposed and added kongs.", 0, 4, Whose.EACH, _SEED)
CONCEALED = own("concealed_kongs", Kind.PER_SEAT, "暗杠", "Concealed kongs", (), "每家的暗杠个数。",
                "Each player's concealed kongs.", 0, 4, Whose.EACH, _SEED)


def make(q: QuickHand, options: WuhanOptions) -> tuple[Score, Hand]:
    ctx, me = q.context, q.context.seat
    exposed, concealed = dict(q.values["exposed_kongs"]), dict(q.values["concealed_kongs"])
    openings: tuple[tuple[Seat, int], ...] = OPENINGS.of(ctx)
    opened = next((n for s, n in openings if s is me), 0)
    melds = [Meld(MeldKind.KONG, tile("2m").shifted(i) or tile("2m"), KongKind.EXPOSED, Relative.LEFT)
             for i in range(exposed.get(me, 0))]
    melds += [Meld(MeldKind.KONG, tile("2p").shifted(i) or tile("2p"), KongKind.CONCEALED)
              for i in range(concealed.get(me, 0))]
    melds += [Meld(MeldKind.PUNG, tile("2s").shifted(i) or tile("2s"), source=Relative.LEFT)
              for i in range(max(0, opened - exposed.get(me, 0)))]
    tallies = ((exposed, KongKind.ADDED), (concealed, KongKind.CONCEALED))
    kongs = tuple(KongEvent(s, kind) for tally, kind in tallies for s, n in tally.items() if s is not me
                  for _ in range(n))
    hand = Hand(standing=(), melds=tuple(melds), context=ctx.replace(kongs=kongs))
    details = WuhanDetails(None, bool(q.values["hard"]), bool(q.values["big"]), None)
    return q.score(q.value, details=details), hand


QUICK = Quick(value_field("胡牌分", "Hand points", 1, 999, "这手牌的基础分（番种之和：屁胡 1，大胡 10 …）。",
                          "The hand's base points (its fans added up: a plain win 1, a big win 10 …).", _SEED),
              make, (BIG, HARD, OPENINGS, EXPOSED, CONCEALED, RED_KONGS, LAIZI_KONGS),
              ("清一色、将一色、全求人的承包从番种算，快速记分只含抢杠的承包。",
               "承包 of a 清一色, 将一色 or 全求人 comes from the hand's fans: a quick entry carries only a robbed "
               "kong's."))
