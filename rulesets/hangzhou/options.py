"""House rules of 杭州麻将: the seed's table (seed 001 杭州麻将) by default, the competition platform's as a preset.

"seed 001" is ``shared/seeds/001_53f84a7f0939defd.txt`` (the 杭州麻将 section); "§2" is ``rules/regional.md``
§2 with its errata; "competition" is the EdGrass/hangzhou-mahjong-bot rule set the spec cites
(``docs/杭麻AI蓝图-设计.md``, ``mahjong/fan.py``).

>>> o = HangzhouOptions()
>>> o.caishen.value, o.discard.value, o.dealer_factor.value, o.cap
('indicator', 'streak', 'none', 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scoring import Choice
from ..sources import Source
from .works import WORKS

SEED = "seed 001 杭州麻将"
COMPETITION = "§2; competition (EdGrass/hangzhou-mahjong-bot mahjong/fan.py)"


class Caishen(Choice):
    """Which tiles are 财神 (§2(a) [disagree])."""

    # seed 001 白板: the turned-up tile is the 财神; every 白板 plays that tile's face (errata §2)
    INDICATOR = ("indicator", "翻出的牌即财神，白板代替它", "The turned-up tile is the 财神; 白板 plays its face")
    # competition: the four 白板 are the 财神; no tile is turned up
    WHITE = ("white", "白板即财神（竞赛）", "The four 白板 are the 财神 (competition)")


class Discard(Choice):
    """Who may win on a discard (放冲)."""

    # seed 001 放炮: 平庄 self-draw only; once the dealer has kept the deal twice, dealer ↔ non-dealer only
    STREAK = ("streak", "平庄只能自摸；连庄2次以上庄闲之间可放冲", "Self-draw only until the dealer has kept the deal "
              "twice; then between the dealer and a non-dealer")
    NEVER = ("never", "只能自摸（竞赛）", "Self-draw only (competition)")
    ANY = ("any", "谁都可以放冲", "Anyone may win on a discard")


class DiscardPays(Choice):
    """Who pays a discard win (the seed does not say: assumption H-1 of docs/hangzhou.md)."""

    ALONE = ("alone", "放冲者一家付", "The discarder pays one share")
    ALL = ("all", "放冲者包三家", "The discarder pays all three shares")


class DealerFactor(Choice):
    """The dealer's factor on a payment between the dealer and a non-dealer (§2(c))."""

    NONE = ("none", "不加倍（书面规则）", "None (the published rules)")
    FIXED8 = ("fixed8", "庄闲 ×8（竞赛）", "×8 (competition)")
    LADDER = ("ladder", "庄 ×2，连庄 ×4，再连 ×8", "×2, ×4 after one 连庄, ×8 after two (unverified)")


def _o(zh: str, en: str, source: Source, **extra: Any) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source, **extra}


@dataclass(frozen=True)
class HangzhouOptions:
    """The house rules of one 杭州 table. Defaults: the seed's table."""

    caishen: Caishen = field(default=Caishen.INDICATOR, metadata=_o(
        "财神", "Which tiles are 财神: the turned-up tile (白板 plays its face) or the four 白板",
        WORKS.cite("national", "白板", note="seed 001 杭州麻将 白板 (errata §2); §2; competition "
                                            "(EdGrass/hangzhou-mahjong-bot mahjong/fan.py)")))
    discard: Discard = field(default=Discard.STREAK, metadata=_o(
        "放冲", "Who may win on a discard", WORKS.cite("national", "放炮",
                                                     note="seed 001 杭州麻将 放炮; §2; competition "
                                                          "(EdGrass/hangzhou-mahjong-bot mahjong/fan.py): self-draw "
                                                          "only")))
    discard_pays: DiscardPays = field(default=DiscardPays.ALONE, metadata=_o(
        "放冲谁付", "Who pays a discard win: the discarder's own share, or all three",
        WORKS.cite("site", "放炮谁付", note="assumption H-1 (docs/hangzhou.md): the seed does not say")))
    base: int = field(default=1, metadata=_o("底分", "Base stake (底分) in points", WORKS.cite("site", "底分",
                                                                                           note="§2 worked examples "
                                                                                                "(base 1)")))
    dealer_factor: DealerFactor = field(default=DealerFactor.NONE, metadata=_o(
        "庄闲倍数", "The factor on payments between the dealer and a non-dealer",
        WORKS.cite("competition", "mahjong/fan.py", note="seed 001 杭州麻将 (none); §2; competition "
                                                   "(EdGrass/hangzhou-mahjong-bot mahjong/fan.py) (×8); §2(c) ladder "
                                                   "2/4/8 [unverified]")))
    cap: int = field(default=0, metadata=_o(
        "封顶（倍数）", "Cap on the hand's multiplier (0 = none)", WORKS.cite("competition", "mahjong/fan.py",
                                                                        note="seed 001 杭州麻将 (none); §2; "
                                                                             "competition "
                                                                             "(EdGrass/hangzhou-mahjong-bot "
                                                                             "mahjong/fan.py) (×512)")))
    haohua_wild: bool = field(default=False, metadata=_o(
        "财神可凑豪华", "A 财神 may make up the four of a kind of a 豪华七对",
        WORKS.cite("national", "豪华七对", note="seed 001 杭州麻将 豪华七对: 四个一样的牌; competition counts real "
                                                "fours only")))
    baotou_qidui: bool = field(default=False, metadata=_o(
        "六对加财神也算暴头", "Six pairs and a lone 财神 before the draw are 暴头 too (any drawn tile wins as 七对)",
        WORKS.cite("mil", "8.9", note="seed 001 杭州麻将 暴头: 1颗财神+四比牌 (four sets); competition: any hand "
                                      "that wins on every draw (MIL 杭州麻将（推广）竞赛规则 2025 8.9: "
                                      "去除一张财神牌后…4组顺子/刻子/杠或6组对子)")))
    sibai: bool = field(default=False, metadata=_o(
        "四白板 ×2", "Four 白板 (held, or discarded in 财飘) ×2 when 白板 are the 财神",
        WORKS.cite("competition", "4个白板", note="§2(b); competition mahjong/fan.py (4个白板)")))
    chengbao: bool = field(default=True, metadata=_o(
        "承包", "承包: a player who fed the self-drawn winner three claims pays everything",
        WORKS.cite("national", "承包", note="seed 001 杭州麻将 承包")))
    fanchengbao: bool = field(default=True, metadata=_o(
        "反承包", "反承包: a player who claimed three times from the self-drawn winner pays everything ×2",
        WORKS.cite("national", "反承包", note="seed 001 杭州麻将 反承包")))
    chengbao_kongs: bool = field(default=True, metadata=_o(
        "明杠算一次吃碰", "An exposed kong claimed on a discard counts as one of the three claims",
        WORKS.cite("national", "承包", note="seed 001 杭州麻将 承包: 吃（包括碰）; assumption H-3 (docs/hangzhou.md)")))


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {},
    "competition": {
        "caishen": Caishen.WHITE, "discard": Discard.NEVER, "dealer_factor": DealerFactor.FIXED8, "cap": 512,
        "baotou_qidui": True, "sibai": True,
    },
    "traditional": {"dealer_factor": DealerFactor.LADDER},
}
"""Common tables as option bundles (docs/hangzhou.md says why)."""

PRESET_INFO: dict[str, tuple[str, str, Source]] = {
    "seed": ("《全国麻将打法》的规则（默认）", "The published rules (default)",
             WORKS.cite("national", "杭州麻将", note="seed 001 杭州麻将")),
    "competition": ("竞赛规则：白板财神，只能自摸，庄闲×8，封顶512",
                    "Competition: 白板 wild, self-draw only, dealer ×8, cap ×512",
                    WORKS.cite("competition", "mahjong/fan.py",
                               note="§2; competition (EdGrass/hangzhou-mahjong-bot mahjong/fan.py)")),
    "traditional": ("传统庄家倍数 2/4/8", "Traditional dealer ladder 2/4/8",
                    WORKS.cite("kzpn200", "scoring", note="§2(c), worked examples H-A/H-B [unverified]")),
}
