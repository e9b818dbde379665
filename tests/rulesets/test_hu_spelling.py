"""The engine's messages in the words of a system that writes 胡 (rulesets.messages.spelt_hu, ``render(…,
hu=True)``): every 和 term of every catalog template respelt, the conjunction 和 ("and") never."""

from __future__ import annotations

import pytest

from rulesets.errors import ContextError
from rulesets.messages import CATALOG, HU_TERMS, Message, msg, render, spelt_hu
from rulesets.registry import all_rulesets

all_rulesets()  # every system's own messages registered

CONJUNCTION = {
    "notation.unknown_char": "| 和空格",
    "code.unknown_char": "数字和 . - _ ~",
    "share.too_long": "这手牌和它的本桌规则",
    "wuhan.red_never_laizi": "翻北和翻红中",
    "hangzhou.chain_self_drawn": "财飘和连杠",
}
"""The templates whose 和 is "and" (each with its phrase): the only ones that keep a 和."""


def test_every_template_says_hu_and_keeps_the_conjunction() -> None:
    kept = {key: t.zh for key, t in CATALOG.items() if "和" in spelt_hu(t.zh)}
    assert sorted(kept) == sorted(CONJUNCTION)
    for key, phrase in CONJUNCTION.items():
        assert phrase in spelt_hu(CATALOG[key].zh), key
        assert spelt_hu(CATALOG[key].zh).count("和") == phrase.count("和"), key


def test_templates_without_he_are_unchanged_and_english_never_is() -> None:
    for key, t in CATALOG.items():
        if "和" not in t.zh:
            assert spelt_hu(t.zh) == t.zh, key
        fields = {name: "x" for name in t.fields()}
        assert render(key, fields, "en", hu=True) == render(key, fields, "en"), key


@pytest.mark.parametrize(("key", "params", "said"), [
    ("context.already_won", {"seat": "S"}, "S 位已经胡牌，不能再打牌或开杠"),
    ("context.own_discard", {}, "不能胡自己打出的牌"),
    ("context.heavenly", {"dealer": "E"}, "天胡是庄家（E）起手自摸胡牌"),
    ("context.rob_last_copy", {}, "抢杠胡与胡绝张不能同时成立"),
    ("context.after_kong_discard", {}, "杠上炮是胡别人开杠后打出的牌"),
    ("context.winner_already_won", {}, "胡牌者不能同时在“已胡”之列"),
    ("reason.waiting", {"tiles": "3m 6m"}, "听牌（还没有胡张）：胡 3m 6m"),
    ("rules.settle_no_win", {"rules": "四川"}, "四川：这手牌不是胡牌，没有结算"),
    ("hangzhou.chain_self_drawn", {}, "财飘和连杠都以自摸胡牌结束（piao、chain_kongs 需要 win=self_drawn）"),
    ("share.too_long", {"n": 900, "max": 800},
     "这手牌和它的本桌规则写成分享码有 900 个字符，超过链接能容纳的 800 个：请少改几项本桌规则"),
])
def test_messages_in_hu(key: str, params: dict[str, object], said: str) -> None:
    assert msg(key, **params).render("zh", hu=True) == said
    assert msg(key, **params).render("zh") == CATALOG[key].zh.format(**params)


def test_nested_messages_and_errors_take_the_spelling() -> None:
    inner = msg("context.already_won", seat="S")
    said = msg("round.at_event", n=2, message=inner).render("zh", hu=True)
    assert said == "第 2 个事件：S 位已经胡牌，不能再打牌或开杠"
    error = ContextError(Message("context.own_discard"))
    assert error.render("zh", hu=True) == "不能胡自己打出的牌"
    assert error.render("zh") == "不能和自己打出的牌"


def test_parameters_keep_their_own_words() -> None:
    assert msg("rules.settle_no_win", rules="和牌").render("zh", hu=True) == "和牌：这手牌不是胡牌，没有结算"


def test_terms_are_terms() -> None:
    assert all("和" in k and "胡" in v and "和" not in v for k, v in HU_TERMS.items())
