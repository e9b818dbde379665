"""House rules of Sichuan mahjong: the settings table of the spec (rules/sichuan.md §9) as a dataclass.

Every field has the spec's recommended default and cites where the value comes from. Section
numbers (§) refer to ``rules/sichuan.md``; "seed 000" is the Chengdu table (Table A, E0) and "seed 001"
the QQ table (Table B, E1) in ``shared/seeds``.

>>> o = SichuanOptions()
>>> o.cap, o.zimo.value, o.long_qidui.value
(0, 'fan', 'lookup')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ..scoring import Choice
from ..sources import Source
from ..values import plain_fields
from .works import WORKS


class Mode(Choice):
    """玩法: who is still in the hand after a win."""

    # 血战到底: a winner leaves the hand and pays nothing more
    XUEZHAN = ("xuezhan", "血战到底", "Bloody battle: winners leave")
    # 血流成河: a winner stays in, keeps paying and may win again
    XUELIU = ("xueliu", "血流成河", "Flowing blood: winners stay")


class FanDisplay(Choice):
    """How "番" is written (§1): the exponent from 0, from 1, or the multiplier itself."""

    E0 = ("e0", "0番起（成都）", "From 0 fan (Chengdu)")  # 成都 0番起: 平胡 0番 = ×1 (Table A)
    E1 = ("e1", "1番起", "From 1 fan")  # 1番起: 平胡 1番 = ×1 (Table B, QQ)
    MULTIPLIER = ("multiplier", "倍数", "Multiplier")  # 倍: the multiplier (JJ)


class Zimo(Choice):
    """The 自摸 bonus (§5.7)."""

    FAN = ("fan", "自摸加番", "+1 fan")  # 自摸加番: +1 番 (×2)
    DI = ("di", "自摸加底", "+1 base per payer")  # 自摸加底: +1 底 per payer
    NONE = ("none", "自摸不加", "No bonus")  # 自摸不加


class CapOrder(Choice):
    """Whether 自摸加底 is added after the cap or before it (§5.7)."""

    AFTER = ("after", "封顶后加底", "After the cap")
    BEFORE = ("before", "封顶前加底", "Before the cap")


class LongQiDui(Choice):
    """龙七对 (§1.3)."""

    LOOKUP = ("lookup", "龙七对单独一档（×16）", "Own row (×16)")  # its own row, ×16, one 根 consumed (Tables A and B)
    ADDITIVE = ("additive", "七对加根（×8）", "Seven pairs + 根 (×8)")  # 七对 + 根 (×8): not its own pattern


class DianGangHua(Choice):
    """Who pays a 杠上花 on the replacement tile of a 直杠 fed by another player (§6.3)."""

    # 算自摸 / 家家有: every player still in pays, with the 自摸 bonus
    ZIMO = ("zimo", "算自摸（家家有）", "As self-drawn: everyone pays")
    # 算点炮: the feeder alone pays, without the 自摸 bonus
    DIANPAO = ("dianpao", "算点炮（点杠者付）", "As a discard: the feeder pays")
    # 当自摸(单人): the feeder alone pays, with the 自摸 bonus
    ZIMO_SINGLE = ("zimo_single", "当自摸（点杠者一家付）", "Self-drawn value, the feeder pays")


class HuJiao(Choice):
    """呼叫转移: what happens to the discarder's kong money on a 杠上炮 (§6.4)."""

    TRANSFER = ("transfer", "转给和牌者", "To the winner")  # the money goes to the winner
    REFUND = ("refund", "退还付杠钱者", "Back to those who paid")  # the money goes back to those who paid it (Novikov)
    NONE = ("none", "不转移", "Stays with the discarder")  # it stays with the discarder


class TianDiHu(Choice):
    """天胡 / 地胡 (§5.1)."""

    FIXED = ("fixed", "固定5番（×32）", "Fixed 5 fan (×32)")  # a fixed 5番 (×32) that replaces the whole count
    ADDITIVE = ("additive", "加番（天胡+3，地胡+2）", "Added: +3 / +2")  # +3 (天胡) / +2 (地胡) on top of the hand
    CAP = ("cap", "按封顶", "Worth the cap")  # worth the cap (WMT, dcmshi); 5番 when there is no cap
    OFF = ("off", "不特殊", "Not special")  # not special: scored as the ordinary win it is


class DiHuDef(Choice):
    """What 地胡 is (§5.1)."""

    # a non-dealer wins on their first draw, nobody has claimed yet
    FIRST_DRAW = ("first_draw", "闲家第一次摸牌自摸", "A non-dealer's first draw")
    # a non-dealer wins on the dealer's first discard
    FIRST_DISCARD = ("first_discard", "和庄家第一张打牌", "On the dealer's first discard")
    BOTH = ("both", "两者都算", "Either")


class HuaZhu(Choice):
    """The 花猪 penalty at the end of the hand (§6.6 step 2)."""

    SIXTEEN = ("16", "赔16底", "16 base")  # 16 底 to every player still in who is not a 花猪
    CAP = ("cap", "按封顶", "The cap")  # the cap (×d), or 16 底 when there is no cap
    OFF = ("off", "不查", "Off")


class ChaDaJiao(Choice):
    """How 查大叫 values a ready hand (§6.6 step 3)."""

    DIANPAO = ("dianpao", "当点炮", "As a discard win")  # 当点炮: as a discard win (no 自摸 bonus)
    ZIMO = ("zimo", "当自摸", "As a self-draw")  # 当自摸: with the 自摸 bonus


class TwoSuits(Choice):
    """The two suits of a 两房 (72-tile) table (§8.1)."""

    PS = ("ps", "筒+条", "Dots + bamboo")  # 筒 + 条 (断勾卡, the only two-suit rule page found)
    MS = ("ms", "万+条", "Characters + bamboo")  # 万 + 条
    MP = ("mp", "万+筒", "Characters + dots")  # 万 + 筒

    @property
    def suits(self) -> str:
        return str(self.value)


def _o(zh: str, en: str, source: Source, **extra: Any) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source, **extra}


@plain_fields
@dataclass(frozen=True)
class SichuanOptions:
    """The house rules of one Sichuan table (§9). Defaults: the Table A/B profile of the spec."""

    mode: Mode = field(default=Mode.XUEZHAN, metadata=_o(
        "玩法", "Game: 血战到底 (winners leave) or 血流成河 (winners stay and keep paying)",
        WORKS.cite("qq", "8．血战到底", note="§9; §7")))
    base: int = field(default=1, metadata=_o(
        "底分", "Base stake (底) in points", WORKS.cite("qq", "四、计分",
                                                     note="§9 (apps offer 1/2/5; Table B uses 6)")))
    fan_display: FanDisplay = field(default=FanDisplay.E0, metadata=_o(
        "番的写法", "How 番 is shown: E0 (成都 0番起), E1 (1番起, QQ) or the multiplier", WORKS.cite("site", "番的写法",
                                                                                          note="§1, §1.5, §9")))
    cap: int = field(default=0, metadata=_o(
        "封顶（倍数）", "Cap on the hand multiplier (0 = none); kong money is never capped", WORKS.cite("site", "封顶",
                                                                                                  note="§5.6, §9"),
        choices=(0, 4, 8, 16, 32, 64)))
    zimo: Zimo = field(default=Zimo.FAN, metadata=_o(
        "自摸", "Self-draw bonus: +1 番, +1 底 per payer, or none", WORKS.cite("jj", "自摸加一番",
                                                                           note="§5.7, §9 (majority of app configs: "
                                                                                "加番)")))
    zimo_di_order: CapOrder = field(default=CapOrder.AFTER, metadata=_o(
        "自摸加底与封顶的先后", "自摸加底 added after the cap or before it",
        WORKS.cite("balckban", "自摸加底", note="§5.7 (balckban: after; gofishing: before)")))
    long_qidui: LongQiDui = field(default=LongQiDui.LOOKUP, metadata=_o(
        "龙七对", "龙七对: its own row ×16 using up one 根, or 七对 + 根 (×8)",
        WORKS.cite("chengdu", "六、胡牌牌型及记分 9．龙七对", note="§1.3 (Tables A and B: ×16)")))
    gangshanghua_fan: int = field(default=1, metadata=_o(
        "杠上花番数", "杠上花 worth, on top of the kong's own 根 (2 = Table A read literally)",
        WORKS.cite("chengdu", "六、胡牌牌型及记分 13．杠上花", note="§1.2, T7"),
        choices=(1, 2)))
    gangshanghua_zimo: bool = field(default=True, metadata=_o(
        "杠上花加自摸", "杠上花 also gets the 自摸 bonus", WORKS.cite("jj", "补杠杠开算自摸",
                                                           note="§5.3 (JJ, gofishing, requirements index)")))
    dianganghua: DianGangHua = field(default=DianGangHua.ZIMO, metadata=_o(
        "点杠花", "杠上花 after a 直杠 fed by another: everyone pays (自摸), or the feeder alone",
        WORKS.cite("site", "点杠花", note="§6.3")))
    zhigang: int = field(default=2, metadata=_o(
        "直杠", "直杠 (exposed kong on a discard): the feeder pays 2 底 or 1 底 (QQ)", WORKS.cite("qq", "刮风下雨",
                                                                                            note="§1.2, §6.4"),
        choices=(2, 1)))
    guagua: bool = field(default=False, metadata=_o(
        "擦挂", "擦挂: on a 直杠 every other player still in also pays 1 底", WORKS.cite("requirements", "擦挂",
                                                                                  note="§6.4 (requirements index)")))
    hujiao: HuJiao = field(default=HuJiao.TRANSFER, metadata=_o(
        "呼叫转移", "杠上炮: the discarder's kong money goes to the winner, back to the payers, or stays",
        WORKS.cite("qq", "呼叫转移", note="§6.4 (seed 001; Novikov: refund)")))
    hujiao_multi: bool = field(default=False, metadata=_o(
        "一炮多响也转移", "On a 杠上炮 with several winners each winner gets the kong money too",
        WORKS.cite("requirements", "呼叫转移", note="§6.4 (requirements index: no transfer; seed 001 QQ: each "
                                                    "winner)")))
    yipao_duoxiang: bool = field(default=True, metadata=_o(
        "一炮多响", "Several players may win on one discard (off: only the first after the discarder)",
        WORKS.cite("qq", "一炮多响", note="§6.2 item 4, §9")))
    qianggang: bool = field(default=True, metadata=_o(
        "抢杠胡", "A player may win on the tile another adds to a pung",
        WORKS.cite("chengdu", "五、胡牌规则 3、抢杠", note="§5.3, §9")))
    yaojiu_jiangdui: bool = field(default=True, metadata=_o(
        "幺九将对", "带幺九 / 清幺九 / 将对 / 将金钩钓 count (off: they fall back to 平胡 / 清一色 / 对对胡)",
        WORKS.cite("chengdu", "六、胡牌牌型及记分 11．幺九",
                   note="§5.4, §9 (both project tables list them)")))
    jiang_qidui: bool = field(default=False, metadata=_o(
        "将七对", "将七对 (seven pairs all 2/5/8) 4番, with 幺九将对", WORKS.cite("cpp", "将七对",
                                                                       note="§5.1 (C++ table, requirements index), "
                                                                            "§11 #15")))
    menqing_zhongzhang: bool = field(default=False, metadata=_o(
        "门清中张", "门清 +1 (no claimed meld) and 中张 +1 (no 1 or 9)", WORKS.cite("balckban", "门清中张",
                                                                            note="§5.4, §9")))
    menqing_qidui: bool = field(default=False, metadata=_o(
        "七对算门清", "门清 may be added to 七对", WORKS.cite("requirements", "门清七对",
                                                     note="§5.4 (requirements index: yes; open_mahjong_unity: no), "
                                                          "§11 #14")))
    tiandihu: TianDiHu = field(default=TianDiHu.FIXED, metadata=_o(
        "天地胡", "天胡/地胡: fixed ×32, +3/+2, worth the cap, or not special",
        WORKS.cite("chengdu", "六、胡牌牌型及记分 15．天胡 16．地胡", note="§5.1, §9")))
    dihu: DiHuDef = field(default=DiHuDef.FIRST_DRAW, metadata=_o(
        "地胡定义", "地胡: a non-dealer's first self-draw, or a win on the dealer's first discard",
        WORKS.cite("requirements", "地胡", note="§5.1 (requirements index, dcmshi, seed 001 六人血战: first draw; "
                                                "gofishing: first discard)")))
    jingoudiao: bool = field(default=True, metadata=_o(
        "金钩钓", "金钩钓 (all sets melded, single wait on the pair) +1 over 对对胡",
        WORKS.cite("jj", "金钩钓", note="§5.1, §9")))
    haidi_laoyue: bool = field(default=False, metadata=_o(
        "海底捞月", "Self-drawn win on the last wall tile +1",
        WORKS.cite("requirements", "海底捞月", note="§5.3, §9")))
    haidi_pao: bool = field(default=False, metadata=_o(
        "海底炮", "Win on the discard after the last wall tile +1",
        WORKS.cite("requirements", "海底炮", note="§5.3, §9")))
    duiduihu_fan: int = field(default=1, metadata=_o(
        "对对胡番数", "对对胡 1番 (×2) or 2番 (×4); every all-pungs pattern moves with it",
        WORKS.cite("chengdu", "六、胡牌牌型及记分 3．对对胡", note="§5.1, §9"),
        choices=(1, 2)))
    huazhu: HuaZhu = field(default=HuaZhu.SIXTEEN, metadata=_o(
        "查花猪", "花猪 penalty at the wall's end: 16 底, the cap, or none", WORKS.cite("qq", "7．流局查花猪查大叫",
                                                                                  note="§6.6 (seed 001, JJ, "
                                                                                       "gofishing: 16)")))
    chadajiao: ChaDaJiao = field(default=ChaDaJiao.DIANPAO, metadata=_o(
        "查大叫方式", "查大叫 values the ready hand as a discard win or as a self-draw",
        WORKS.cite("qq", "7．流局查花猪查大叫", note="§6.6 step 3")))
    chadajiao_winners: bool = field(default=False, metadata=_o(
        "查大叫含已胡", "Players who already won also collect 查大叫", WORKS.cite("requirements", "查大叫",
                                                                         note="§6.2 item 5 (requirements index, "
                                                                              "donachen01)")))
    tuishui: bool = field(default=True, metadata=_o(
        "退税", "At the wall's end a non-ready player or 花猪 returns the kong money collected",
        WORKS.cite("qq", "7．流局查花猪查大叫", note="§6.6 step 1 (seed 001; donachen01: no refund)")))


_TWO_SUITS = field(default=TwoSuits.PS, metadata=_o(
    "两房用牌", "The two suits of the 72-tile table", WORKS.cite("duangouka", "两房",
                                                             note="§8.1 (断勾卡: 筒 + 条)")))


def with_defaults(base: type[SichuanOptions], name: str, extra: dict[str, Any] | None = None,
                  **defaults: Any) -> type[SichuanOptions]:
    """A frozen options dataclass like ``base`` with other defaults (and optional extra fields): a subclass of
    ``base``, so what reads a table's options reads every variant's.

    Variants share one set of house rules; only their defaults differ.

    >>> T = with_defaults(SichuanOptions, "T", mode=Mode.XUELIU)
    >>> T().mode, T().cap, isinstance(T(), SichuanOptions)
    (<Mode.XUELIU: 'xueliu'>, 0, True)
    """
    unknown = set(defaults) - {f.name for f in dataclasses.fields(base)}
    if unknown:
        raise ValueError(f"no such option: {', '.join(sorted(unknown))}")
    specs: list[tuple[str, Any, Any]] = []
    for f in dataclasses.fields(base):
        default = defaults.get(f.name, f.default)
        specs.append((f.name, f.type, field(default=default, metadata=f.metadata)))
    for key, spec in (extra or {}).items():
        specs.append((key, type(spec.default).__name__, spec))
    made: type[SichuanOptions] = dataclasses.make_dataclass(name, specs, bases=(base,), frozen=True, module=__name__)
    return made


XueliuOptions = with_defaults(SichuanOptions, "XueliuOptions", mode=Mode.XUELIU)
LiangfangOptions = with_defaults(
    SichuanOptions, "LiangfangOptions", extra={"suits": _TWO_SUITS}, hujiao=HuJiao.NONE)
"""三人/两人 两房: 呼叫转移 and 擦挂 are not played with 3 or 2 players (§8.1, requirements index)."""


PRESETS: dict[str, dict[str, Any]] = {
    "table-a": {"fan_display": FanDisplay.E0},
    "table-b": {
        "fan_display": FanDisplay.E1, "base": 6, "zhigang": 1, "zimo": Zimo.NONE,
    },
    "wmt-8": {
        "cap": 8, "zimo": Zimo.DI, "hujiao": HuJiao.REFUND, "tiandihu": TianDiHu.CAP,
        "long_qidui": LongQiDui.ADDITIVE, "yaojiu_jiangdui": False, "haidi_laoyue": True, "haidi_pao": True,
    },
    "jj-16": {
        "cap": 16, "fan_display": FanDisplay.MULTIPLIER, "long_qidui": LongQiDui.ADDITIVE,
        "yaojiu_jiangdui": False, "tiandihu": TianDiHu.OFF,
    },
    "additive": {"long_qidui": LongQiDui.ADDITIVE, "tiandihu": TianDiHu.ADDITIVE},
}
"""Common tables as option bundles, picked with the option key ``preset`` (docs/sichuan.md says why)."""

PRESET_INFO: dict[str, tuple[str, str, Source]] = {
    "table-a": ("成都计番（表A，0番起）", "Chengdu table (Table A, 平胡 = 0番)",
                WORKS.cite("chengdu", "六、胡牌牌型及记分", note="seed 000; §1")),
    "table-b": ("QQ四川麻将（表B，1番起，底6）", "QQ table (Table B, 平胡 = 1番, base 6, 直杠 1底, no 自摸 bonus)",
                WORKS.cite("qq", "四、计分", note="seed 001; seed 004 (直杠 1倍); §1, §5.7 T2")),
    "wmt-8": ("比赛 8倍封顶（WMT/Novikov）", "Tournament cap ×8 (WMT / Novikov): 自摸 +1 底, kong refund on 杠上炮",
              WORKS.cite("wmt", "cap", note="§2.3, §2.10 of the anchors; §5.6, §6.4")),
    "jj-16": ("JJ 16倍封顶", "JJ table: cap ×16, multipliers shown, 龙七对 = 七对 × 根",
              WORKS.cite("jj", "封顶", note="§2.9 of the anchors; §5.6")),
    "additive": ("加法派（龙七对 = 七对+根）", "Additive open-source servers: 龙七对 ×8, 天胡 +3 / 地胡 +2",
                 WORKS.cite("balckban", "番的算法", note="§1.3; balckban family")),
}
"""Each preset's 中文 name, English name and source."""
