"""House rules of 香港麻雀: the HK-Chinese 番 list and the tested calculator's table by default (三番起糊, 十番爆棚,
五一, 半辣, 半銃, 無花 on), every value the sources disagree on one option away.

>>> o = HongKongOptions()
>>> o.min_faan, o.max_faan, o.stake.value, o.schedule.value, o.responsibility.value
(3, 10, 'five_one', 'half_spicy', 'half')
>>> o.base_amount, HongKongOptions(stake=Stake.TWO_FIVE).base_amount
(1, Fraction(1, 2))
>>> HongKongOptions(stake=Stake.CUSTOM, base=10).base_amount
10
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..scoring import Choice, house_rule
from .works import WORKS


class Stake(Choice):
    """What a 0-番 win on a discard costs under 半銃 (the two others, then the discarder): the portion's base."""

    TWO_FIVE = ("two_five", "二五鸡（两毫半、五毫）", "二五雞 (0.25 and 0.5)")
    FIVE_ONE = ("five_one", "五一（五毫、一蚊）", "五一 (0.5 and 1)")
    ONE_TWO = ("one_two", "一二蚊（一蚊、两蚊）", "一二蚊 (1 and 2)")
    CUSTOM = ("custom", "自定底（base）", "Own base (base)")


class Schedule(Choice):
    """How the portion rises with the 番."""

    HALF_SPICY = ("half_spicy", "半辣：4 番后每两番一倍", "Half-spicy (半辣): doubling every two 番 after 4")
    SPICY = ("spicy", "辣上：每番一倍", "Spicy (辣上): doubling every 番")
    TIERED = ("tiered", "分级：0–3、4–6、7–9、10+", "Tiered: 0–3, 4–6, 7–9, 10+")


class Responsibility(Choice):
    """Who pays a win on a discard."""

    HALF = ("half", "半铳：出铳者付一份，另两家各付半份",
            "Half (半銃): the discarder one portion, the others half each")
    FULL = ("full", "全铳：出铳者一家付两份", "Full (全銃): the discarder alone pays two portions")


class FlowerSet(Choice):
    """Whether 一台花 replaces the 正花 of its group."""

    REPLACE = ("replace", "一台花不再计正花", "一台花 replaces its group's 正花")
    STACK = ("stack", "一台花另计正花", "一台花 and 正花 both")


class PinghuPair(Choice):
    """The pair of 平糊."""

    ANY = ("any", "任何对子", "Any pair")
    SUITED = ("suited", "数牌对子", "A pair of suit tiles")


class SmallDragons(Choice):
    """Whether 小三元's two dragon pungs count again as 三元牌."""

    INCLUSIVE = ("inclusive", "小三元 5 番已含三元牌", "小三元 5 includes its dragon pungs")
    STACK = ("stack", "小三元另计三元牌", "小三元 and its dragon pungs both")


class Values(Choice):
    """The value set of the big hands."""

    HK = ("hk", "港式：清一色 7、小三元 5、大三元 8", "Hong Kong: 清一色 7, 小三元 5, 大三元 8")
    GUIDE = ("guide", "英文指南：清一色 6、小三元 4、大三元 6", "English guides: 清一色 6, 小三元 4, 大三元 6")


class RobKong(Choice):
    """Who pays a win by robbing a kong."""

    BAO_SELFDRAW = ("bao_selfdraw", "抢杠当自摸，被抢者一家包", "As a self-draw, all paid by the robbed player")
    DISCARD = ("discard", "被抢者当出铳", "The robbed player as the discarder")


class FalseWin(Choice):
    """What a false win (詐糊) costs."""

    LIMIT_SHARE = ("limit_share", "赔每家一份满糊", "One limit portion to each other player")
    THREE_PORTIONS = ("three_portions", "赔每家一个满糊自摸（三份）", "A limit self-draw (three portions) to each")


class Dihu(Choice):
    """What 地糊 is."""

    FIRST_DISCARD = ("first_discard", "闲家食庄家第一只牌", "A non-dealer wins on the dealer's first discard")
    FIRST_DRAW = ("first_draw", "闲家第一次摸牌自摸", "A non-dealer self-draws on the first draw")


_CAP = WORKS.cite("ynews", "爆棚", note="rules/hongkong.md §3.5: 13 in Wikipedia and mahjong-scorer, 10 in the HK "
                  "news, mahjongo and an app's tests; 8 in Wikipedia's example")


@dataclass(frozen=True)
class HongKongOptions:
    min_faan: int = house_rule(3, "起糊番数", "Minimum to win (番)", WORKS.cite(
        "hk-mahjong", "FaanCalculator THRESHOLD_OF_VALID_WINNING_HAND", note="§3.5; every source: 三番起糊"))
    max_faan: int = house_rule(10, "满糊（爆棚）番数", "Limit (番)", _CAP)
    stake: Stake = house_rule(Stake.FIVE_ONE, "注码", "Stake", WORKS.cite(
        "scorer", "README, Base points", note="§4.1: 二五雞 0.5, 五一 1, 一二蚊 2; default base 1"))
    base: int = house_rule(1, "自定底（一份的底）", "Own base (with stake custom)", WORKS.cite(
        "zhidao", "出沖/自摸 table", note="§4.1: the table is base 10"))
    schedule: Schedule = house_rule(Schedule.HALF_SPICY, "升幅", "Schedule", WORKS.cite(
        "scorer", "README, Spiciness", note="§4.1 (S5's tables agree; tiered: bigproduction, Wikipedia 'Mahjong')"))
    responsibility: Responsibility = house_rule(
        Responsibility.HALF, "出铳责任", "Discarder's responsibility",
        WORKS.cite("wiki-hk", "Overview of scoring: the discarder pays double",
                   note="§4.2 (mahjong-scorer, mahjongo: 全銃)"))
    flowers_in_play: bool = house_rule(True, "打花（144 张）", "Flowers in play (144 tiles)", WORKS.cite(
        "ynews", "144 隻牌", note="§2: 不打花 = 136 tiles"))
    no_flower_bonus: bool = house_rule(True, "无花 1 番", "No flowers: 1 番", WORKS.cite(
        "wenews", "無花", note="§3.4: also redmahjong, the rule sheet, Sloper; hk-mahjong has it as a switch"))
    flowers_count_for_minimum: bool = house_rule(True, "花番计入起糊", "Flower 番 count toward the minimum", WORKS.cite(
        "hk-mahjong", "FaanCalculator: the whole sum against the threshold",
        note="§3.5; Wikipedia 'Mahjong' contra: bonus tiles do not count toward the minimum"))
    flower_set: FlowerSet = house_rule(FlowerSet.REPLACE, "一台花与正花", "一台花 and 正花", WORKS.cite(
        "hk-mahjong", "calculateFaanFromExtraTiles", note="§3.4; redmahjong contra (stack)"))
    concealed_on_selfdraw: bool = house_rule(True, "自摸也计门前清", "門前清 on a self-draw too", WORKS.cite(
        "hk-mahjong", "fullyConcealedHand and selfPick summed", note="§3.3; 知識+ contra"))
    pinghu_pair: PinghuPair = house_rule(PinghuPair.ANY, "平糊的对子", "The pair of 平糊", WORKS.cite(
        "hk-mahjong", "isCommonHand", note="§3.1; 知識+ contra (a suit pair)"))
    great_dragons_limit: bool = house_rule(False, "大三元作例牌", "大三元 is a limit hand", WORKS.cite(
        "zhidao", "大三元 8番", note="§3.1: hk-mahjong and mahjongclub make it a limit"))
    small_dragons: SmallDragons = house_rule(
        SmallDragons.INCLUSIVE, "小三元与三元牌", "小三元 and its dragons",
        WORKS.cite("hk-mahjong", "calculate: no dragon items under isSmallDragon", note="§5"))
    seven_pairs: bool = house_rule(False, "七对（4 番）", "Seven pairs (4 番)", WORKS.cite(
        "redmahjong", "Seven Pairs", note="§2: Wikipedia, hk-mahjong and 知識+ have no seven pairs"))
    values: Values = house_rule(Values.HK, "大牌番数", "Values of the big hands", WORKS.cite(
        "zhidao", "清一色 7、小三元 5、大三元 8", note="§5: the guide set from redmahjong and the rule sheet"))
    rob_kong_payment: RobKong = house_rule(
        RobKong.BAO_SELFDRAW, "抢杠谁付", "Who pays a robbed kong",
        WORKS.cite("zhidao", "搶槓當自摸，開槓的一家包", note="§4.3"))
    bao: bool = house_rule(True, "包（十二张落地、大三元、大四喜）", "包: liable player pays all", WORKS.cite(
        "zhidao", "十二張包自摸", note="§4.4: bigproduction, mahjongo"))
    false_win_penalty: FalseWin = house_rule(
        FalseWin.LIMIT_SHARE, "诈糊罚则", "False win (詐糊) penalty",
        WORKS.cite("bigproduction", "Penalties: pay everyone 128 chips", note="§4.5; mahjong-scorer: three portions"))
    dihu: Dihu = house_rule(Dihu.FIRST_DISCARD, "地糊", "地糊 (earthly hand)", WORKS.cite(
        "hk-mahjong", "earthlyHand", note="§3.2"))
    flower_bloom: bool = house_rule(False, "花上自摸 2 番", "花上自摸: 2 番 like 槓上開花", WORKS.cite(
        "site", "花上自摸", note="§3.3: one weak source (a blog's 'far sheung')"))

    @property
    def base_amount(self) -> int | Fraction:
        """B: the portion of a 0-番 win (the stake's, or ``base`` with a custom stake)."""
        named: dict[str, int | Fraction] = {"two_five": Fraction(1, 2), "five_one": 1, "one_two": 2}
        return named.get(self.stake.value, self.base)
