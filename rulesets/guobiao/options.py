"""House rules of 国标 (MCR): one frozen dataclass, every field with a default and a cited source.

>>> from rulesets.scoring import option_infos
>>> [i.key for i in option_infos(Options)]
['mixed_kongs', 'knitted_wait_fans', 'payout', 'base_points', 'strict_voided_suit']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..scoring import Choice
from ..values import plain_fields
from .works import WORKS


class MixedKongs(Choice):
    """How one melded kong plus one concealed kong (明暗杠) scores."""

    FIVE = ("5", "明暗杠5番", "5 fan")  # 明暗杠 5: summerinsects / PyMahjongGB (mcr.md §8 #1)
    SIX = ("6", "明暗杠6番", "6 fan")  # 明暗杠 6: some English fan lists ("One Melded & One Concealed Kong")
    # no special fan: 明杠 1 + 暗杠 2 = 3, the literal 1998 reading
    SEPARATE = ("separate", "分计明杠+暗杠（3番）", "Separately: 1 + 2")

    @property
    def value_fan(self) -> int | None:
        return {"5": 5, "6": 6}.get(self.value)


class Payout(Choice):
    """Who pays what (mcr.md §2.3)."""

    # 1998 rules: self-drawn, each pays base + F; discard, discarder base + F, others base
    STANDARD = ("standard", "标准（1998）", "Standard (1998)")
    # 全铳 house rule: self-drawn costs each loser base + ⌈F/3⌉; discards unchanged
    QUAN_CHONG = ("quan_chong", "全铳", "Quan chong")


@plain_fields
@dataclass(frozen=True)
class Options:
    """The rule variants a table may choose. Defaults follow MIL practice as PyMahjongGB 1.4.0 encodes it."""

    mixed_kongs: MixedKongs = field(
        default=MixedKongs.FIVE,
        metadata={
            "zh": "明暗杠（一明杠一暗杠）",
            "en": "One melded and one concealed kong (明暗杠)",
            "source": WORKS.cite("helper", "明暗杠", note="mcr.md §8 #1: 1998 literal reading 明杠 1 + 暗杠 2 = 3; "
                                 "summerinsects/PyMahjongGB special fan 明暗杠 = 5 (default, for parity with the "
                                 "reference); some English lists 6"),
        },
    )
    knitted_wait_fans: bool = field(
        default=True,
        metadata={
            "zh": "组合龙可计边张、坎张、单钓将",
            "en": "Wait fans when the winning tile can be read inside the knitted straight",
            "source": WORKS.cite("mil", "组合龙", note="mcr.md §6.6 and §8 #2: MIL offline ruling, PyMahjongGB "
                                 "default since 2023-10 (MIL's endorsed online platform did not count them)"),
        },
    )
    payout: Payout = field(
        default=Payout.STANDARD,
        metadata={
            "zh": "结算方式",
            "en": "Payment mode",
            "source": WORKS.cite("rules-1998", "第十条 一(二)(三)",
                                 note="mcr.md §2.3: 1998 rules 第十条 一(二)(三) (standard); 全铳 is a non-standard "
                                 "summerinsects score-sheet mode (self-drawn: each pays base + ⌈F/3⌉)"),
        },
    )
    base_points: int = field(
        default=8,
        metadata={
            "zh": "底分",
            "en": "Base points paid by every loser",
            "source": WORKS.cite("rules-1998", "第十条 一(二)",
                                 note="mcr.md §2.3: 1998 rules 第十条 一(二), base (底分) = 8"),
        },
    )
    strict_voided_suit: bool = field(
        default=False,
        metadata={
            "zh": "严格1998：大三元、小三元、三风刻、一色四同顺、一色四节高、一色四步高不计缺一门",
            "en": "Strict 1998: no One Voided Suit with the dragon, three-wind and pure four-set fans",
            "source": WORKS.cite("helper", "STRICT_98_RULE", note="mcr.md §8 #6: practice allows 缺一门 there "
                                 "(default); summerinsects' STRICT_98_RULE build drops it"),
        },
    )

    def __post_init__(self) -> None:
        if self.base_points < 0:
            from rulesets.errors import RulesError
            from rulesets.messages import msg

            raise RulesError(msg("rules.option_negative", key="base_points", value=self.base_points))
