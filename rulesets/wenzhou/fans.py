"""The hand levels of 温州麻将 as a fan table: each row is one reason a hand reaches a level, its value
the level's multiplier — 软 ×1, 硬 ×2, 双翻 ×4, 四翻 ×8 (rules/regional.md §6(b)).

Levels are not added: the highest applies. That is data too: every row excludes (不计) every row of a
lower level, so :func:`~rulesets.scoring.apply_exclusions` keeps the reasons of the highest level and
reports the others as not counted; the hand's value is the level they share.

>>> [f.id for f in FANS if f.value == 8], sorted(e.fan for e in BY_ID["tianhu"].excludes)[:3]
(['sancai_guiwei'], ['qianggang', 'qiangzhi', 'ruan'])
"""

from __future__ import annotations

import dataclasses

from ..lights import declare
from ..scoring import Excludes, Fan

SPEC = "rules/regional.md §6(b)"
ANBANG = "hangzhouanbang/qipai_wenzhoumajiang WenzhouMajiangPanPlayerHufan / WenzhouMajiangJiesuanCalculator"
KONGXG = "kongxg888/wenzhou_mahjong_ai SPEC.md §4"
SEED = "seed 000_56fd68cdfb8fc37a TestHu"
TESHU = "（特殊双翻）"
TESHU_EN = " (with 特殊双翻)"

LEVEL_NAMES: dict[int, tuple[str, str]] = {
    1: ("软", "Soft"), 2: ("硬", "Hard"), 4: ("双翻", "Double"), 8: ("四翻", "Quadruple"),
}
"""The name of each level, by its multiplier."""


def _fan(id: str, zh: str, en: str, value: int, dzh: str, den: str, source: str, example: str = "") -> Fan:
    return Fan(id, zh, en, value, definition_zh=dzh, definition_en=den, source=source, example=example,
               category=LEVEL_NAMES[value][0])


_ROWS: tuple[Fan, ...] = (
    # 软 ×1
    _fan("ruan", "软牌", "Soft hand", 1,
         "胡牌时用到财神当作别的牌（财神归位、白板当财神本身的牌都不算）。",
         "A 财神 plays another tile in the winning hand (a 财神 at its own face, or 白板 playing the 财神's face, "
         "does not count).", f"{SPEC} 软; {ANBANG} (ruan)",
         "v1.123456789m234s67s55p-1z.w5p"),
    # 硬 ×2
    _fan("ying", "硬牌", "Hard hand", 2,
         "没有财神当作别的牌：没有财神，或财神归位（当本身的牌），白板当财神本身的牌。",
         "No 财神 plays another tile: no 财神 at all, or each at its own face; 白板 plays the 财神's face and is "
         "not wild.", f"{SPEC} 硬; {ANBANG} (!ruan); {KONGXG}.3", "v1.123456789m234567s1z-1z.w5p"),
    _fan("zimo", "自摸", "Self-drawn", 2,
         "自摸胡牌算硬牌，即使用到财神当作别的牌（选项：自摸、抢杠、软八对算硬）。",
         "A self-drawn win is hard even with a 财神 playing another tile (option hard_extras).",
         f"{SPEC} 硬; {KONGXG}.3 (自摸胡牌)", "v1.123456789m234s67s55p-1z.s.w5p"),
    _fan("qianggang", "抢杠胡", "Robbing a kong", 2,
         "抢杠胡算硬牌，即使用到财神当作别的牌（选项：自摸、抢杠、软八对算硬）。",
         "Robbing a kong is hard even with a 财神 playing another tile (option hard_extras).",
         f"{SPEC} 硬; {KONGXG}.3 (抢杠胡)", "v1.123456789m5p234s67s1z-8s.r.w5p"),
    _fan("ruan_badui", "软八对", "Soft eight pairs", 2,
         "八对（八个对子加一张）中有财神当作别的牌，算硬牌（选项：自摸、抢杠、软八对算硬）。",
         "Eight pairs and one tile with a 财神 playing another tile: hard (option hard_extras).",
         f"{SPEC} 硬; {KONGXG} §3.3, §4.3 (软8对)", "v1.1133557799m224456p-3z.w5p"),
    _fan("qiangzhi", "三财神强制胡", "Three 财神, no shape", 2,
         "手中有三张（或四张）财神但凑不成胡牌型，也直接算胡；算硬牌（选项：算双翻）。",
         "Three (or four) 财神 in hand win even without a winning shape (seed: 直接算胡); hard (option: 双翻).",
         f"{SEED}: 当有3张或4张百搭牌时，也直接算胡; {KONGXG} §3.4 (3财神强制胡 ×2)",
         "v1.19m19p19s1234567z555p-9m.s.w5p"),
    # 双翻 ×4
    _fan("tianhu", "天胡", "Heavenly hand", 4, "庄家起手摸牌就胡。", "The dealer wins on the deal.",
         f"{SPEC} 双翻; {ANBANG} (tianhu)", "v1.123456789m234567s1z-1z.sh.w5p"),
    _fan("dihu", "地胡", "Earthly hand", 4, "闲家第一轮就胡。", "A non-dealer wins in the first go-round.",
         f"{SPEC} 双翻; {ANBANG} (dihu)", "v1.123456789m234567s1z-1z.ES.de.w5p"),
    _fan("sancaishen", "三财神", "Three 财神", 4,
         "手中有三张财神（四张同样算）且成胡牌型。", "Three 财神 in hand (four count too) in a winning hand.",
         f"{SPEC} 双翻; {ANBANG} (sancaishen); {KONGXG}.4 (3财神+正常牌型)",
         "v1.123456789m234s6s555p-7s.s.w5p"),
    _fan("ying_badui", "硬八对", "Hard eight pairs", 4,
         "八个对子加一张，没有财神当作别的牌（四张同样的牌算两对）。",
         "Eight pairs and one more tile with no 财神 playing another tile (four of a kind are two pairs).",
         f"{SPEC} 双翻; {KONGXG} §3.3 (AA×8 + 任意1张); {ANBANG} WenzhouMajiangGouXingPanHu (8 对 + 1 单)",
         "v1.1133557799m224466p-3z.w5p"),
    _fan("danzhangdiao", "单张吊", "Single wait", 4,
         "五组都已吃碰杠出，只剩一张单吊成对" + TESHU + "。",
         "All five sets are melded and one standing tile waits for its pair" + TESHU_EN + ".",
         f"{SPEC} 特殊双翻; {KONGXG}.4 (单吊：吃碰杠后单张)",
         "v1.9s-9s.C123m.C456m.C789m.C234s.C567s.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("quanqiushen", "全求神", "All melded, 财神 wait", 4,
         "五组都已吃碰杠出，只剩一张财神单吊" + TESHU + "。",
         "All five sets are melded and the last standing tile is a 财神, waiting for anything" + TESHU_EN + ".",
         f"{SPEC} 特殊双翻; {ANBANG} (quanqiushen: 单张吊 + 一个财神); {KONGXG}.4 (只剩财神单吊)",
         "v1.5p-9s.C123m.C456m.C789m.C234s.C678s.s.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("shuangcai_guiwei", "双财归位", "Two 财神 at their face", 4,
         "两张财神都当本身的牌用（三张财神时两张归位）" + TESHU + "。",
         "Two 财神 both play their own face (of three, two do)" + TESHU_EN + ".",
         f"{SPEC} 特殊双翻; {ANBANG} (shuangcaiguiwei)", "v1.123456789m345567p1z-1z.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("pengpenghu", "碰碰胡", "All pungs", 4, "五组都是刻子（杠）加一对" + TESHU + "。",
         "Five pungs or kongs and a pair" + TESHU_EN + ".", f"{SPEC} 特殊双翻; {ANBANG} (pengpenghu)",
         "v1.111222333m444666s1z-1z.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("gangkai", "杠开", "Win on a kong replacement", 4, "杠后补牌自摸胡（杠上开花）" + TESHU + "。",
         "Self-drawn on a kong's replacement tile" + TESHU_EN + ".", f"{SPEC} 特殊双翻; {ANBANG} (gangkai)",
         "v1.123456789m234s1z-1z.A7777s.sk.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("qingyise", "清一色", "Full flush", 4, "全部是同一门数牌" + TESHU + "。",
         "Every tile of one suit" + TESHU_EN + ".", f"{SPEC} 特殊双翻; {ANBANG} (qingyise)",
         "v1.1112344556789999m-5m.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("hunyise", "混一色", "Half flush", 4, "一门数牌加字牌" + TESHU + "。",
         "One suit and honours" + TESHU_EN + ".", f"{SPEC} 特殊双翻; {ANBANG} (hunyise)",
         "v1.123456789m1112333z-2z.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("zhongfabai", "中发白", "Three dragons", 4,
         "中、发、白板都至少成对（财神是三元牌时：持财神，另两种成刻）" + TESHU + "。",
         "Red, green and white dragons at least a pair each (when the 财神 is a dragon: a 财神 held and pungs of "
         "the other two)" + TESHU_EN + ".", f"{SPEC} 特殊双翻; {ANBANG} calculateHufanForShoupaiPaiXing (中发白)",
         "v1.123456789m5556667z-7z.w5p~wenzhou.teshu_shuangfan-true"),
    _fan("caishen_niudui", "财神牛对", "财神 pair", 4,
         "将（对子）是财神本身的牌（两张财神、财神加白板或两张白板）" + TESHU + "。",
         "The pair is of the 财神's face (two 财神, a 财神 and 白板, or two 白板)" + TESHU_EN + ".",
         f"{SPEC} 特殊双翻; {ANBANG} (caishenniudui)", "v1.123456789m5p23456s7z-7s.w5p~wenzhou.teshu_shuangfan-true"),
    # 四翻 ×8
    _fan("sancai_guiwei", "三财归位", "Three 财神 at their face", 8,
         "三张财神都当本身的牌用（辣子辣）。", "Three 财神 all play their own face (option 辣子辣).",
         f"{SPEC} 四翻; {ANBANG} (sancaiguiwei, lazila)", "v1.123456789m555p234s1z-1z.w5p~wenzhou.lazila-true"),
)


def _with_levels(rows: tuple[Fan, ...]) -> tuple[Fan, ...]:
    """Each row excludes every row of a lower level (the highest level applies, not the sum)."""
    return tuple(dataclasses.replace(f, excludes=tuple(Excludes(g.id) for g in rows if g.value < f.value))
                 for f in rows)


FANS: tuple[Fan, ...] = _with_levels(_ROWS)
BY_ID: dict[str, Fan] = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {
    "ruan": "wilds_as_others", "ruan_badui": "wilds_as_others", "ying": "hand", "ying_badui": "hand",
    "zimo": "win", "qianggang": "win", "gangkai": "win",
    "qiangzhi": "wilds", "sancaishen": "wilds", "shuangcai_guiwei": "wilds_at_face", "sancai_guiwei": "wilds_at_face",
    "tianhu": "context", "dihu": "context",
    "danzhangdiao": "pair", "quanqiushen": "pair", "caishen_niudui": "pair",
    **dict.fromkeys(("pengpenghu", "qingyise", "hunyise"), "hand"),
    "zhongfabai": "dragons",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
