"""The works 温州麻将's rules come from (:mod:`rulesets.sources`): a four-player server, a two-player rules spec,
the TestHu exercise on 百搭 hands, and this site's notes (docs/wenzhou.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("anbang", "qipai_wenzhoumajiang（温州麻将服务器）", "qipai_wenzhoumajiang, a Wenzhou mahjong server",
         "hangzhouanbang", "https://github.com/hangzhouanbang/qipai_wenzhoumajiang"),
    Work("kongxg", "wenzhou_mahjong_ai 规则说明", "wenzhou_mahjong_ai: the rules it plays by", "kongxg888",
         "https://github.com/kongxg888/wenzhou_mahjong_ai"),
    Work("testhu", "《百搭麻将：判断胡牌（TestHu）》", "“百搭 mahjong: is it a win?” (the TestHu exercise)"),
    Work("site", "本站的温州麻将说明", "This site's notes on Wenzhou mahjong", link="docs/wenzhou.md"),
)
