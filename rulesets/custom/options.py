"""The table's own rules: the whole definition of a ``custom`` system is this options value.

Every piece a table chooses — legal shapes, a value per pattern, how values combine, the base, who
pays, the self-draw, discarder and dealer factors, the cap and the minimum — is an option, so the
definition travels in the share code's option fields (``~custom.qingyise-5.combine-double``) and in the
ledger's options with no other state. The built-in systems are presets ("start from a template");
docs/custom.md says what each template keeps and what it cannot express.

A definition that cannot be played is refused with a message in 中文 and English:

>>> CustomOptions(minimum=5, cap=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rulesets.errors.RulesError: 起胡 5 番高于封顶 3 番，任何牌都和不了 (the minimum 5 is above the cap 3: ...)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..errors import RulesError
from ..messages import Words, msg
from ..scoring import Choice, house_rule
from ..sources import Source
from .works import WORKS

TABLE = WORKS.cite("site", "the pieces", note="the table chooses every value; the defaults are neutral")


class Combine(Choice):
    """How the values of the patterns make the hand's value."""

    ADD = ("add", "相加（分）", "Add the values")
    DOUBLE = ("double", "每番翻倍（2^番）", "Double per fan (2^fan)")


class Payers(Choice):
    """Who pays a win on a discard (a self-draw: all three)."""

    DISCARDER = ("discarder", "放炮者一家付", "The discarder alone")
    ALL = ("all", "三家都付", "All three")


def _o(default: Any, zh: str, en: str) -> Any:
    return house_rule(default, zh, en, TABLE)


def _value(default: int, zh: str, en: str) -> Any:
    """The value of a pattern (its fan id is the option's key)."""
    return house_rule(default, zh, en, TABLE, value=True)


@dataclass(frozen=True)
class CustomOptions:
    """A table's rules. Pattern values are in 番 (or points when added); fan ids are the keys."""

    # which hands are legal
    seven_pairs: bool = _o(True, "可和七对", "Seven pairs is a winning shape")
    pair_258: bool = _o(False, "二五八将", "The pair of a standard hand must be 2, 5 or 8")
    void_suit: bool = _o(False, "缺一门", "The hand must lack one of the three suits")
    must_open: bool = _o(False,
        "必须开门", "At least one claimed meld (chow/pung/kong); seven pairs are exempt")
    chow: bool = _o(True, "可以吃", "Chows may be claimed (吃)")
    # the value of each pattern
    pinghu: int = _value(1, "平胡", "Plain win (no shape pattern)")
    pengpenghu: int = _value(2, "碰碰胡", "All pungs")
    qidui: int = _value(2, "七对", "Seven pairs")
    qingyise: int = _value(3, "清一色", "Full flush")
    hunyise: int = _value(2, "混一色", "Half flush")
    ziyise: int = _value(4, "字一色", "All honours")
    gangshangkaihua: int = _value(1, "杠上开花", "Win on a kong replacement")
    haidi: int = _value(1, "海底", "Win on the last tile")
    qianggang: int = _value(1, "抢杠", "Robbing a kong")
    zimo: int = _value(1, "自摸", "Self-drawn")
    menqing: int = _value(1, "门清", "Concealed hand")
    minggang: int = _value(1, "明杠（每个）", "Each exposed or added kong")
    angang: int = _value(2, "暗杠（每个）", "Each concealed kong")
    gen: int = _value(1, "根（每个）", "Each four of a kind not declared as a kong")
    flower: int = _value(1, "花（每张）", "Each flower")
    # how values make money
    combine: Combine = _o(Combine.ADD, "计分方式", "How values combine")
    base: int = _o(1, "底分", "Base stake")
    payers: Payers = _o(Payers.DISCARDER, "点炮谁付", "Who pays a win on a discard")
    zimo_multiplier: int = _o(1, "自摸倍数", "Self-draw: each payer ×")
    discarder_multiplier: int = _o(1,
        "放炮者倍数", "The discarder pays × (when all three pay, or alone)")
    dealer_factor: int = _o(1, "庄家倍数", "× when the dealer wins or pays")
    cap: int = _o(0, "封顶（番，0 = 不封顶）", "Cap on the hand's value in fan (0: none)")
    minimum: int = _o(0, "起胡番数", "Minimum value to win")

    def __post_init__(self) -> None:
        problem = definition_problem(self)
        if problem:
            raise RulesError(msg("custom.definition", problem=Words(problem[0], f"{problem[0]} ({problem[1]})")))


VALUE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(CustomOptions) if f.metadata.get("value"))
"""The options that are pattern values (their keys are the fan ids of ``rulesets.custom.fans``)."""

_MAX_VALUE = {Combine.ADD: 1000, Combine.DOUBLE: 20}


def definition_problem(o: CustomOptions) -> tuple[str, str] | None:
    """Why a definition cannot be played (中文, English), or None."""
    top = _MAX_VALUE[o.combine]
    for key in VALUE_KEYS:
        v = getattr(o, key)
        if not 0 <= v <= top:
            return (f"{key} 的值 {v} 不在 0–{top} 之间（{o.combine.zh}）",
                    f"the value of {key} is {v}: it must be 0 to {top} when values {o.combine.en.lower()}")
    for key in ("base", "zimo_multiplier", "discarder_multiplier", "dealer_factor"):
        v = getattr(o, key)
        if not 1 <= v <= 1000:
            return f"{key} 必须是 1–1000（现在是 {v}）", f"{key} must be 1 to 1000 (it is {v})"
    if o.cap < 0 or o.minimum < 0:
        return "封顶和起胡不能是负数", "the cap and the minimum cannot be negative"
    if o.cap and o.minimum > o.cap:
        return (f"起胡 {o.minimum} 番高于封顶 {o.cap} 番，任何牌都和不了",
                f"the minimum {o.minimum} is above the cap {o.cap}: no hand could ever win")
    if o.pair_258 and o.ziyise and not o.seven_pairs:
        return ("二五八将与字一色矛盾：字一色的将不是二五八",
                "a 2/5/8 pair contradicts all honours: an all-honours hand has no 2/5/8 pair")
    return None


_ZERO = {key: 0 for key in ("pinghu", "pengpenghu", "qidui", "qingyise", "hunyise", "ziyise", "gangshangkaihua",
                            "haidi", "qianggang", "zimo", "menqing", "minggang", "angang", "gen", "flower")}

PRESETS: dict[str, dict[str, Any]] = {
    "sichuan": {
        **_ZERO, "void_suit": True, "chow": False, "combine": Combine.DOUBLE, "pengpenghu": 1, "qidui": 2,
        "qingyise": 2, "gangshangkaihua": 1, "haidi": 1, "qianggang": 1, "zimo": 1, "minggang": 1, "angang": 1,
        "gen": 1,
    },
    "guobiao": {
        **_ZERO, "pengpenghu": 6, "qidui": 24, "qingyise": 24, "hunyise": 6, "ziyise": 64, "gangshangkaihua": 8,
        "haidi": 8, "qianggang": 8, "zimo": 1, "menqing": 2, "minggang": 1, "angang": 2, "gen": 2, "flower": 1,
        "minimum": 8,
    },
    "jilin": {
        **_ZERO, "combine": Combine.DOUBLE, "pengpenghu": 2, "qidui": 3, "menqing": 1, "zimo": 1,
        "payers": Payers.ALL, "discarder_multiplier": 2, "dealer_factor": 2, "cap": 6,
    },
    "xiangshan": {
        **_ZERO, "seven_pairs": False, "pengpenghu": 8, "qingyise": 12, "hunyise": 8, "ziyise": 12,
        "gangshangkaihua": 1, "haidi": 1, "qianggang": 1, "zimo": 1, "menqing": 1, "flower": 1, "minimum": 1,
        "discarder_multiplier": 2,
    },
    "suzhou": {
        **_ZERO, "chow": False, "pinghu": 5, "pengpenghu": 10, "qidui": 20, "qingyise": 15, "hunyise": 10,
        "gangshangkaihua": 5, "haidi": 5, "minggang": 1, "angang": 2, "flower": 1,
    },
    "australia": {
        **_ZERO, "pengpenghu": 30, "qidui": 30, "qingyise": 80, "hunyise": 40, "ziyise": 320, "gangshangkaihua": 10,
        "haidi": 10, "qianggang": 10, "menqing": 5, "minggang": 5, "angang": 5, "payers": Payers.ALL,
        "cap": 320, "minimum": 15,
    },
}
"""Templates: each built-in system as closely as these pieces allow (docs/custom.md lists what each
cannot express; the system itself, e.g. ``jilin``, scores it exactly)."""

PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "sichuan": ("模板：四川血战（翻倍，缺一门，不能吃）", "Template: Sichuan (doubling, void suit, no chow)",
                WORKS.cite("site", "templates", note="rules/sichuan.md §5 (rulesets/sichuan)")),
    "guobiao": ("模板：国标（8番起和，近似）", "Template: Chinese Official (8-fan minimum, approximate)",
                WORKS.cite("site", "templates", note="rules/mcr.md (rulesets/guobiao)")),
    "jilin": ("模板：吉林长春（2^番，庄、自摸、放炮各翻倍，6番封顶）",
              "Template: Jilin/Changchun (2^fan; dealer, self-draw, discarder double; cap 6)",
              WORKS.cite("site", "templates", note="rules/vague-systems.md §4 (rulesets/jilin)")),
    "xiangshan": ("模板：象山（台，1台起和，放炮者付双倍）",
                  "Template: Xiangshan (台, 1 to win, the discarder pays double)",
                  WORKS.cite("site", "templates", note="rules/vague-systems.md §3 (rulesets/xiangshan)")),
    "suzhou": ("模板：苏州（底花5，花，不能吃，近似）", "Template: Suzhou (5 base 花, flowers, no chow; approximate)",
               WORKS.cite("site", "templates", note="rules/vague-systems.md §2 (rulesets/suzhou)")),
    "australia": ("模板：澳大利亚（15分起和，320封顶，近似）", "Template: Australia (15 to win, cap 320; approximate)",
                  WORKS.cite("site", "templates", note="rules/vague-systems.md §1 (rulesets/australia)")),
}
