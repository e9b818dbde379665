"""The engine's words: every message it gives a reader is a stable key with a 中文 and an English template.

A :class:`Message` is a key and its named parameters; it renders in either language. Errors
(:class:`rulesets.errors.MahjongError`) carry one, and so can reasons and notes. The web layer renders
a message from its key in the reader's language, never by reading the English.

>>> m = msg("tile.out_of_run", tile="0m", suit=Words("万", "Characters"), size=9)
>>> m.en
'0m is not a tile: Characters run 1..9'
>>> m.zh
'0m 不是牌：万的点数是 1 到 9'

A parameter is shown as it is, except a :class:`Words` (a word in each language) and a nested
:class:`Message`, which are rendered in the message's language.

The templates are ``str.format`` templates. English texts are the engine's English as it always was
(the API's ``message`` reads as before); each keeps the rule terms of the rule texts (杠上开花, 和绝张…).
The 中文 texts say the same in the words of the rule texts. tests/rulesets/test_messages.py renders every
entry in both languages.

The 中文 templates write 和 as MCR's rule text does (和牌, 抢杠和, 天和). A system whose rule text writes 胡
(四川 and most regional ones) reads them with ``hu=True``: :data:`HU_TERMS` respells each 和 term of the
template, never the conjunction 和 ("and": 财飘和连杠, "| 和空格").

>>> msg("context.rob_last_copy").render("zh", hu=True)
'抢杠胡与胡绝张不能同时成立'
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CATALOG", "HU_TERMS", "SCRIPTS", "Message", "Template", "Text", "Words", "msg", "register", "render",
           "spelt_hu", "text"]


@dataclass(frozen=True, slots=True)
class Template:
    """One message: its 中文 and English templates (``str.format`` with named fields)."""

    zh: str
    en: str

    def fields(self) -> frozenset[str]:
        """The parameter names the two templates use."""
        return frozenset(
            name.split(".")[0].split("[")[0]
            for text in (self.zh, self.en)
            for _lit, name, _spec, _conv in string.Formatter().parse(text)
            if name
        )


@dataclass(frozen=True, slots=True)
class Words:
    """A parameter said differently in each language (a suit's name, a table's name)."""

    zh: str
    en: str

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True, eq=True)
class Message:
    """A catalog key and its parameters: renders in 中文 (:attr:`zh`) and English (:attr:`en`)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str, hu: bool = False) -> str:
        """The message in ``lang``; its 中文 in the words of a system that writes 胡 when ``hu``."""
        return render(self.key, self.params, lang, hu)

    @property
    def zh(self) -> str:
        return self.render("zh")

    @property
    def en(self) -> str:
        return self.render("en")

    def __str__(self) -> str:
        return self.en

    def as_dict(self) -> dict[str, Any]:
        """The message as JSON: its key, its parameters (as text), and both renderings."""
        return {"key": self.key, "params": {k: _json(v) for k, v in self.params.items()}, "zh": self.zh, "en": self.en}


class Text(str):
    """A text the engine has always given as one string (the API and its readers keep reading it so), that
    also knows its message: :attr:`zh` and :attr:`en` render it in each language.

    >>> how = Words("手中四张", "four in hand")
    >>> t = Text("1m 一万（手中四张）", msg("sichuan.gen", tile="1m", name="一万", how=how))
    >>> t == "1m 一万（手中四张）", t.en, t.message.key
    (True, '1m (four in hand)', 'sichuan.gen')
    """

    message: Message | None

    def __new__(cls, text: str, message: Message | None = None) -> Text:
        out = super().__new__(cls, text)
        out.message = message
        return out

    @property
    def zh(self) -> str:
        return self.message.zh if self.message is not None else str(self)

    @property
    def en(self) -> str:
        return self.message.en if self.message is not None else str(self)


def text(message: Message, legacy: str | None = None) -> Text:
    """``message`` as a :class:`Text` whose string is ``legacy`` (by default "中文 (English)")."""
    return Text(legacy if legacy is not None else f"{message.zh} ({message.en})", message)


def _json(value: Any) -> Any:
    if isinstance(value, (Message, Words)):
        return {"zh": value.zh, "en": value.en}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


SCRIPTS: dict[str, Callable[[str], str]] = {}
"""Other ways to write 中文 a reader may ask for, by language code (``"zh-hant"`` → a function that writes a
简体 text in 繁體), given by the layer that shows the messages: the engine writes 简体 only."""


def _language(lang: str) -> str:
    lang = lang.lower()
    return lang if lang in SCRIPTS else "zh" if lang.startswith("zh") else "en"


HU_TERMS: dict[str, str] = {
    "抢杠和": "抢杠胡", "和绝张": "胡绝张", "天和": "天胡", "地和": "地胡", "自摸和": "自摸胡", "点和": "点炮胡",
    "和牌": "胡牌", "和张": "胡张", "和了": "胡了", "已和": "已胡", "不能和": "不能胡", "能和的": "能胡的",
    "起和": "起胡", "和别人": "胡别人", "：和 ": "：胡 ",
}
"""The 和 terms of the 中文 templates (MCR's spelling) and how a rule text that writes 胡 says them. Each is a
whole term, so the conjunction 和 ("and": 这手牌和它的本桌规则, 翻北和翻红中) is never one of them."""

_HU_TERMS = re.compile("|".join(map(re.escape, sorted(HU_TERMS, key=len, reverse=True))))


def spelt_hu(zh: str) -> str:
    """A 中文 template (or text) in the words of a system that writes 胡: each term of :data:`HU_TERMS`
    respelt, the longest first.

    >>> spelt_hu("天和是庄家（{dealer}）起手自摸和牌")
    '天胡是庄家（{dealer}）起手自摸胡牌'
    """
    return _HU_TERMS.sub(lambda m: HU_TERMS[m.group(0)], zh) if "和" in zh else zh


def _shown(value: Any, lang: str, hu: bool = False) -> Any:
    if isinstance(value, Message):
        return value.render(lang, hu)
    if isinstance(value, Words):
        return value.en if lang == "en" else SCRIPTS[lang](value.zh) if lang in SCRIPTS else value.zh
    if isinstance(value, tuple):  # a list of messages: 甲、乙 / a, b
        return (", " if lang == "en" else "、").join(str(_shown(v, lang, hu)) for v in value)
    if isinstance(value, str) and lang in SCRIPTS:  # a name in 简体 (一万) or a notation (1m)
        return SCRIPTS[lang](value)
    return value


def render(key: str, params: Mapping[str, Any], lang: str, hu: bool = False) -> str:
    """The message ``key`` with ``params`` in ``lang``: ``"zh…"`` for 中文 (a code of :data:`SCRIPTS` in its
    way of writing it), anything else English. With ``hu`` its 中文 (and that of the messages it holds) is
    in the words of a system that writes 胡 (:func:`spelt_hu`); the parameters' own words are as given."""
    lang = _language(lang)
    template = CATALOG[key]
    zh = spelt_hu(template.zh) if hu else template.zh
    text = template.en if lang == "en" else SCRIPTS[lang](zh) if lang in SCRIPTS else zh
    return text.format_map({k: _shown(v, lang, hu) for k, v in params.items()})


def msg(key: str, /, **params: Any) -> Message:
    """The message ``key`` with ``params``; an unknown key or a missing parameter is a bug, raised at once."""
    template = CATALOG[key]
    missing = template.fields() - params.keys()
    if missing:
        raise KeyError(f"message {key}: missing parameters {', '.join(sorted(missing))}")
    return Message(key, params)


def register(entries: Mapping[str, tuple[str, str]]) -> None:
    """Add a system's messages (key → (中文, English)); a key may not be given two meanings."""
    for key, (zh, en) in entries.items():
        new = Template(zh, en)
        if CATALOG.get(key, new) != new:
            raise ValueError(f"message key {key!r} is registered twice with different texts")
        CATALOG[key] = new


def keys(prefix: str = "") -> Iterable[str]:
    return (k for k in CATALOG if k.startswith(prefix))


_HINT_ZH = "数字加 m p s z f、字牌字母 E S W N C F P、[ ] , | 和空格"
_HINT_EN = "digits with m p s z f, honours E S W N C F P, [ ] , | and spaces"

CATALOG: dict[str, Template] = {}

register({
    # -- where: the place in the text ----------------------------------------------------------------
    "where.position": ("{message}（第 {n} 个字符）", "{message} at position {position}"),
    "where.character": ("{message}（第 {n} 个字符）", "{message} (at character {n})"),
    "text.list": ("{items}", "{items}"),
    "where.context_flags": ("{message}（在风位与标志中）", "{message} (in the winds and flags)"),
    # -- tiles (rulesets/tiles.py) --------------------------------------------------------------------
    "tile.out_of_run": ("{tile} 不是牌：{suit}的点数是 1 到 {size}", "{tile} is not a tile: {suit} run 1..{size}"),
    "tile.not_a_tile": ("{text!r} 不是牌（应写作 5m、7z、E 这样）", "{text!r} is not a tile (expected e.g. 5m, 7z, E)"),
    "tile.unknown_suit": ("{text!r}：无法识别的花色 {suit!r}（m p s z f）",
                          "{text!r}: unknown suit {suit!r} (m p s z f)"),
    "tile.suffix_alone": ("第 {n} 个字符的花色字母 {suffix!r} 前面没有数字",
                          "suffix {suffix!r} at position {position} has no digits before it"),
    "tile.unknown_char": ("第 {n} 个字符 {char!r} 无法识别",
                          "unknown character {char!r} at position {position}"),
    "tile.digits_alone": ("从第 {n} 个字符起的数字缺少花色字母（m p s z）",
                          "digits at position {position} have no suffix (m p s z)"),
    # -- hand strings (rulesets/notation.py) ----------------------------------------------------------
    "notation.third_bar": ("多了一个“|”：手牌字符串的格式是 牌 | 风位与标志 | 花牌",
                           "a third '|': a hand string is tiles | winds and flags | flowers"),
    "notation.suffix_alone": ("花色字母 {suffix!r} 前面没有数字", "suffix {suffix!r} has no digits before it"),
    "notation.digits_before": ("数字 {digits!r} 在 {next!r} 之前缺少花色字母（m p s z）",
                               "digits {digits!r} have no suit letter (m p s z) before {next!r}"),
    "notation.digits_at_end": ("末尾的数字 {digits!r} 缺少花色字母（m p s z）",
                               "digits {digits!r} have no suit letter (m p s z) at the end"),
    "notation.unknown_char": (f"无法识别的字符 {{char!r}}（手牌字符串只用{_HINT_ZH}）",
                              f"unknown character {{char!r}} (a hand string uses {_HINT_EN})"),
    "notation.stray_close": ("多余的“]”：前面没有“[”", "']' closes no '['"),
    "notation.stray_comma": ("“,”只能写在副露括号里（GB-Mahjong 把副露数字写成 [555p,3]）",
                             "',' outside a pack (GB-Mahjong writes the pack digit as [555p,3])"),
    "notation.comma_digit": ("副露里的“,”后面要跟一个数字（如 [555p,3]）",
                             "',' in a pack must be followed by one digit (e.g. [555p,3])"),
    "notation.unclosed": ("括号没有闭合：这个“[”缺少“]”", "unclosed bracket: this '[' has no ']'"),
    "notation.flower_in_pack": ("{tile} 是花牌，不能放进副露", "{tile} is a flower and cannot be in a pack"),
    "notation.unexpected_in_pack": ("从第 {n} 个字符开始的副露里出现了 {char!r}",
                                    "unexpected {char!r} in the pack that starts at position {start}"),
    "notation.pack_digits": ("{pack}：副露的“]”前只能有一个数字", "{pack}: a pack takes one digit before ']'"),
    "notation.pack_size": ("{pack} 有 {n} 张：副露是顺子、刻子或杠（3 或 4 张）",
                           "{pack} holds {n} tiles: a pack is a chow, pung or kong (3 or 4 tiles)"),
    "notation.chow_digit": ("{pack}：吃的数字 {digit} 超出范围（吃的是第几张：1、2 或 3）",
                            "{pack}: chow digit {digit} is out of range (the claimed tile: 1, 2 or 3)"),
    "notation.not_a_set": ("{pack} 不是顺子、刻子或杠", "{pack} is not a chow, pung or kong"),
    "notation.pung_digit": ("{pack}：碰的数字 {digit} 超出范围（1 上家、2 对家、3 下家）",
                            "{pack}: pung digit {digit} is out of range (from 1 left, 2 across, 3 right)"),
    "notation.kong_digit": ("{pack}：杠的数字 {digit} 超出范围（1–3 明杠及来自哪家，5–7 加杠及原碰来自哪家 "
    "1–3，暗杠不写数字）",
                            "{pack}: kong digit {digit} is out of range (1-3 exposed from a seat, 5-7 added onto a "
                            "pung from seat 1-3, none for a concealed kong)"),
    "notation.context_winds": ("风位与标志要以两个风开头：先圈风，后门风（E S W N）",
                               "the context starts with two winds, round then seat (E S W N)"),
    "notation.flag_count": ("两个风之后是四个 0/1 标志（自摸、绝张、海底、杠），不是 {n} 个",
                            "after the winds come four 0/1 flags (self-drawn, 绝张, 海底, kong), not {n}"),
    "notation.bad_wind": ("风的字母 {char!r} 不对（E S W N：先圈风，后门风）",
                          "bad wind letter {char!r} (E S W N: round wind, then seat wind)"),
    "notation.bad_flag": ("标志 {char!r} 不对：四个标志都是 0 或 1（自摸、绝张、海底、杠）",
                          "bad flag {char!r}: the four flags are 0 or 1 (self-drawn, 绝张, 海底, kong)"),
    "notation.flower_count": ("花牌数超出范围：{n}（写张数 0–8，或字母 a–h）",
                              "flowers out of range: {n} (a count 0-8, or letters a-h)"),
    "notation.not_a_flower": ("{char!r} 不是花牌（字母 a–h 依次为梅兰竹菊春夏秋冬，或写张数 0–8）",
                              "{char!r} is not a flower (letters a-h = 梅兰竹菊春夏秋冬, or a count 0-8)"),
    "notation.no_tiles": ("没有牌", "no tiles"),
    "notation.flower_twice": ("花牌 {tile}（{name}）给了两次", "flower {tile} ({name}) is given twice"),
    "notation.not_text": ("手牌字符串必须是文字，而不是 {kind}", "a hand string must be text, not {kind}"),
    "notation.too_long": ("手牌字符串太长（{n} 个字符，最多 {max} 个）",
                          "hand string too long ({n} characters, at most {max})"),
    "notation.empty": ("手牌为空：请输入如 123m456p789s1122z 的牌",
                       "empty hand string: type tiles such as 123m456p789s1122z"),
    "notation.gb_seat": ("GB-Mahjong 字符串只能写东南西北四个风位，写不了 {seat} 位",
                         "GB-Mahjong strings name only the winds E S W N, not seat {seat}"),
    "notation.unknown_format": ("无法识别的手牌格式 {fmt!r}（可用：{known}）",
                                "unknown hand string format {fmt!r} (known: {known})"),
    "notation.cannot_write": ("写不出和牌张之外有 {n} 张立牌的手牌（应为 3n+1 张）",
                              "cannot write a hand with {n} standing tiles besides the winning tile (3n+1)"),
    "notation.red_five": ("{written} 是赤五（天凤等 mpsz 工具的写法）：本站没有赤宝牌番种，按普通的 {tile} 计",
                          "{written} is a red five (as mpsz tools such as Tenhou write it): no system here scores "
                          "red fives, so it counts as a plain {tile}"),
    # -- hands and melds (rulesets/hand.py) -----------------------------------------------------------
    "hand.fifth_copy": ("第 5 张 {tile}（{name}）：每种牌只有 4 张",
                        "a 5th copy of {tile} ({name}): a tile has only 4 copies"),
    "hand.copies": ("{tile}（{name}）有 {n} 张：每种牌只有 4 张",
                    "{n} copies of {tile} ({name}): a tile has only 4 copies"),
    "hand.flower_standing": ("{tile}（{name}）是花牌：花牌单独选择，不放在手牌里",
                             "{tile} ({name}) is a flower: list flowers separately, not among the standing tiles"),
    "hand.count_3n": ("张数不对：{n} 张（每组副露算 3 张）；和牌应为 3n+2 张（14、11、8…），听牌为 3n+1 "
    "张（13、10、7…）",
                      "wrong tile count: {n} tiles (each meld counted as 3); a winning hand has 3n+2 tiles "
                      "(14, 11, 8…) and a waiting hand 3n+1 (13, 10, 7…)"),
    "hand.count": ("张数不对：{n} 张（每组副露算 3 张），应为 {expected} 张",
                   "wrong tile count: {n} tiles (each meld counted as 3), expected {expected}"),
    "hand.count_waiting": ("张数不对：{n} 张（每组副露算 3 张），和牌前应为 {expected} 张",
                           "wrong tile count: {n} tiles (each meld counted as 3), expected {expected} before the "
                           "winning tile"),
    "hand.count_at_table": ("张数不对：{n} 张（每组副露算 3 张），{table}应为 {expected} 张",
                            "wrong tile count: {n} tiles (each meld counted as 3), expected {expected} at a {table} "
                            "table"),
    "hand.chow_from_left": ("吃 {pack}：只能吃上家的牌",
                            "chow {pack}: a chow is always claimed from the left player (上家)"),
    "hand.not_a_chow": ("{start}… 不是顺子：顺子是同一花色的三张连续数牌",
                        "{start}… is not a chow: a chow is three consecutive suited tiles"),
    "hand.chow_kong": ("顺子不能是杠", "a chow cannot be a kong"),
    "hand.flower_meld": ("{tile} 是花牌，不能组成副露", "{tile} is a flower and cannot be in a meld"),
    "hand.kong_kind": ("杠要写明是明杠、暗杠还是加杠，而且只有杠才有这一项",
                       "a kong needs its kind (exposed, concealed or added), and only a kong has one"),
    "hand.concealed_source": ("暗杠不是从别家得来的", "a concealed kong was not claimed from anyone"),
    "hand.claimed": ("只有吃才写明吃的是第几张（1、2 或 3）",
                     "only a chow names which of its tiles was claimed (1, 2 or 3)"),
    "hand.waiting_no_score": ("听牌（13 张）没有分数：加上和牌张，或查看听哪些牌",
                              "a waiting hand (13 tiles) has no score: add the winning tile, or ask for its waits"),
    "hand.waits_need_waiting": ("听牌查询要的是听牌的手牌：13 张，没有和牌张",
                                "waits needs a waiting hand: 13 tiles without a winning tile"),
    "hand.waiting_not_a_win": ("这是听牌（{n} 张，没有和牌张），不是和牌：请看听牌查询，每张牌值多少",
                               "a waiting hand ({n} tiles, no winning tile) is not a win: see the waits view for what "
                               "each tile is worth"),
    "hand.waiting_not_a_win_waits": ("这是听牌（{n} 张，没有和牌张），不是和牌：请看听牌查询，每张牌值多少",
                                     "a waiting hand ({n} tiles, no winning tile) is not a win: see the waits for "
                                     "what each tile is worth"),
    "hand.waiting_13": ("这是听牌（13 张），不是和牌：请看听牌查询",
                        "a waiting hand (13 tiles) is not a win: see its waits"),
    # -- the win context (rulesets/hand.py) -----------------------------------------------------------
    "context.self_drawn_discarder": ("自摸没有点炮者", "a self-drawn win has no discarder (from_seat)"),
    "context.own_discard": ("不能和自己打出的牌", "the winner cannot win on their own discard"),
    "context.replacement_self_drawn": ("杠上开花必须是自摸", "杠上开花 (kong replacement) needs a self-drawn win"),
    "context.rob_last_tile": ("抢杠和不能是海底：最后一张牌不能加杠",
                              "抢杠和 (robbing a kong) cannot be 海底: no kong may be added on the last tile"),
    "context.rob_last_copy": ("抢杠和与和绝张不能同时成立", "抢杠和 and 和绝张 exclude each other"),
    "context.after_kong_discard": ("杠上炮是和别人开杠后打出的牌", "杠上炮 is a win on a discard made after a kong"),
    "context.heavenly_earthly": ("不能既是天和又是地和", "a hand cannot be both 天和 and 地和"),
    "context.heavenly": ("天和是庄家（{dealer}）起手自摸和牌",
                         "天和 (heavenly hand) is the dealer ({dealer}) winning on the deal, self-drawn"),
    "context.earthly": ("地和是闲家和牌；庄家的是天和",
                        "地和 (earthly hand) is a non-dealer's win; the dealer's is 天和"),
    "context.first_turn": ("天和、地和发生在第一巡：没有杠，也不是最后一张牌",
                           "天和/地和 happen on the first turn: no kong and not the last tile"),
    "context.flower_once": ("每张花牌只有一张", "each flower exists once"),
    "context.flower_tiles": ("花牌必须是花牌（1f–8f）", "flowers must be flower tiles (1f..8f)"),
    "context.winner_already_won": ("和牌者不能同时在“已和”之列",
                                   "the winner is listed among the players who already won"),
    "context.already_won": ("{seat} 位已经和牌，不能再打牌或开杠",
                            "seat {seat} already won and cannot discard or kong"),
    "context.seat_at_table": ("{players} 人桌没有 {seat} 位", "seat {seat} is not at a {players}-player table"),
    "context.round_wind": ("圈风 {seat}：圈风只有东南西北", "round wind {seat}: the rounds are E S W N"),
    "context.not_another_player": ("{players} 人桌上 {seat} 位不是另一家",
                                   "seat {seat} is not another player at a {players}-player table"),
    "context.replacement_needs_kong": ("杠上开花需要和牌者手中有杠", "杠上开花 needs a kong in the winner's hand"),
    "context.rob_held": ("抢杠和 {tile}：手中已有这张牌，被抢的杠的第四张不可能与它的刻子同时存在",
                         "抢杠和 on {tile}: the hand already holds that tile, so the robbed kong's fourth copy could "
                         "not exist alongside its pung"),
    "context.last_copy_held": ("和绝张 {tile}：手中还有一张 {tile}，所以不是绝张",
                               "和绝张 on {tile}: the hand holds another {tile}, so it was not the last copy"),
    # -- context values (rulesets/engine.py, rulesets/context.py) ------------------------------------
    "context.not_a_seat": ("context.{name}：{value!r} 不是座位（E S W N，六人桌还有 X Y）",
                           "context.{name}: {value!r} is not a seat (E S W N, or X Y at six-player tables)"),
    "context.not_bool": ("context.{name}：{value!r} 不是 true/false", "context.{name}: {value!r} is not true/false"),
    "context.flowers_kind": ("context.flowers：写花牌张数 0–8，或列出花牌（1f–8f 或 a–h）",
                             "context.flowers: give a count 0-8 or a list of flowers (1f..8f or a..h)"),
    "context.flowers_count": ("context.flowers：{n} 张花牌（花牌只有 8 张）",
                              "context.flowers: {n} flowers (there are 8)"),
    "context.not_a_flower": ("context.flowers：{value!r} 不是花牌（1f–8f 或 a–h）",
                             "context.flowers: {value!r} is not a flower (1f..8f or a..h)"),
    "context.not_object": ("context 必须是 JSON 对象", "context must be a JSON object"),
    "context.unknown_field_known": ("未知的牌局字段 {key!r}（可用：{known}）",
                                    "unknown context field {key!r} (known: {known})"),
    "context.unknown_field": ("未知的牌局字段 {key!r}", "unknown context field {key!r}"),
    "context.not_win": ("context.{name}：{value!r} 不是 self_drawn、discard、rob_kong 之一",
                        "context.{name}: {value!r} is not one of self_drawn, discard, rob_kong"),
    "context.not_tile": ("context.{name}：{value!r} 不是牌", "context.{name}: {value!r} is not a tile"),
    "context.seat_list": ("context.{name}：请给出座位列表", "context.{name}: give a list of seats"),
    "context.kongs_list": ("context.kongs：请给出 {{seat, kind, fed_by}} 的列表",
                           "context.kongs: give a list of {{seat, kind, fed_by}}"),
    "context.kongs_object": ("context.kongs：每个杠是一个对象 {{seat, kind, fed_by}}",
                             "context.kongs: each kong is an object {{seat, kind, fed_by}}"),
    "context.kongs_kind": ("context.kongs：kind 是 exposed（明杠）、concealed（暗杠）、added（加杠）之一",
                           "context.kongs: kind is one of exposed, concealed, added"),
    "context.kongs_fed": ("context.kongs：明杠要写 fed_by（点杠的人）",
                          "context.kongs: an exposed kong needs fed_by (the discarder)"),
    "context.own_kong": ("不能给自己的杠点杠", "context.kongs: a player cannot feed their own kong"),
    "context.bad_value": ("context.{key}：{shown} 不是{what}", "context.{key}: {shown} is not {what}"),
    "context.no_such_kong": ("context.replacement_kong：手中没有 {tile} 的杠",
                             "context.replacement_kong: the hand has no kong of {tile}"),
    # what a context value should be (the {what} of context.bad_value)
    "what.bool": ("true/false", "true/false"),
    "what.int": ("整数", "a whole number"),
    "what.int_range": ("{what}（{low} 到 {high}）", "{what} from {low} to {high}"),
    "what.tile": ("牌（如 4p、5z）", "a tile (e.g. 4p, 5z)"),
    "what.wall_tile": ("牌墙里的牌（不是花牌）", "a tile of the wall (not a flower)"),
    "what.tiles_text": ("写作 3s9m 或列表 [\"3s\", \"9m\"] 的牌", "tiles written as 3s9m or a list [\"3s\", \"9m\"]"),
    "what.tile_list": ("牌的列表", "a list of tiles"),
    "what.at_most_tiles": ("最多 {n} 张牌", "at most {n} tiles"),
    "what.seat": ("座位（E S W N）", "a seat (E S W N)"),
    "what.seat_list": ("座位列表", "a list of seats"),
    "what.choice": ("{choices} 之一", "one of {choices}"),
    "what.per_seat_example": ("座位: 数目 的对象，如 {{\"E\": 2}}", "an object of seat: number, e.g. {{\"E\": 2}}"),
    "what.per_seat": ("座位: 数目 的对象", "an object of seat: number"),
    "what.per_seat_text": ("座位加数目，如 E2N4", "seats with numbers, e.g. E2N4"),
    "what.seat_once_list": ("每个座位只出现一次的列表", "a list with each seat once"),
    "what.seats_once": ("座位，每个只写一次（如 SW）", "seats, each once (e.g. SW)"),
    # -- rules and options (rulesets/registry.py, rulesets/scoring.py, rulesets/engine.py) -----------
    "rules.unknown": ("未知的规则 {name!r}（可用：{known}）", "unknown rules {name!r} (known: {known})"),
    "rules.not_names": ("规则必须是名称，而不是 {value!r}", "rules must be names, got {value!r}"),
    "rules.not_list": ("rules 必须是规则 id 的列表", "rules must be a list of ruleset ids"),
    "rules.options_object": ("options 必须是对象：{{规则: {{选项: 值}}}}",
                             "options must be an object: {{ruleset: {{option: value}}}}"),
    "rules.options_map": ("options 必须把规则 id 对应到它的选项", "options must map a ruleset id to its options"),
    "rules.options_not_chosen": ("给了 {name!r} 的选项，但没有选这个规则",
                                 "options given for {name!r}, which is not among the chosen rules"),
    "rules.options_per_rules": ("选了多个规则时，请按规则分别给出选项：{{规则: {{选项: 值}}}}",
                                "with several rules, give options per ruleset: {{ruleset: {{option: value}}}}"),
    "rules.unknown_preset": ("未知的预设 {name!r}（可用：{known}）", "unknown preset {name!r} (known: {known})"),
    "rules.unknown_option": ("未知的选项 {key!r}（可用：{known}）", "unknown option {key!r} (known: {known})"),
    "rules.option_bool": ("选项 {key}：{value!r} 不是 true/false", "option {key}: {value!r} is not true/false"),
    "rules.option_int": ("选项 {key}：{value!r} 不是整数", "option {key}: {value!r} is not a whole number"),
    "rules.option_range": ("选项 {key}：{value} 超出范围", "option {key}: {value} is out of range"),
    "rules.option_choice": ("选项 {key}：{value!r} 不是 {choices} 之一",
                            "option {key}: {value!r} is not one of {choices}"),
    "rules.option_negative": ("选项 {key}：{value} 是负数", "option {key}: {value} is negative"),
    "rules.settle_no_win": ("{rules}：这手牌不是和牌，没有结算",
                            "{rules}: the hand is not a win, so nothing is settled"),
    "rules.unknown_table": ("未知的四川牌桌 {name!r}（可用：{known}）",
                            "unknown Sichuan table {name!r} (known: {known})"),
    # -- reasons: why a hand is not a win (Score.reason, Score.reason_en) --------------------------------
    "reason.waiting": ("听牌（还没有和张）：和 {tiles}", "a waiting hand (no winning tile yet): wins on {tiles}"),
    "reason.not_ready": ("未听牌：没有能和的牌", "not ready: no tile completes a winning hand"),
    # -- share codes (rulesets/sharecode.py) ----------------------------------------------------------
    "code.id_unwritable": ("规则 id {id!r} 写不进分享码", "ruleset id {id!r} cannot be written in a share code"),
    "code.options_kind": ("{id!r} 的选项必须是它的选项值，或 选项: 值 的对象",
                          "options for {id!r} must be its options value or an object of option: value"),
    "code.option_unwritable": ("选项 {id}.{key} = {value!r} 写不进分享码",
                               "option {id}.{key} = {value!r} cannot be written in a share code"),
    "code.unknown_char": ("无法识别的字符 {char!r}（分享码只用字母、数字和 . - _ ~）",
                          "unknown character {char!r} (a share code uses letters, digits and . - _ ~)"),
    "code.empty": ("分享码为空（应以 v1. 开头）", "empty share code (it starts with v1.)"),
    "code.version": ("无法识别的分享码版本 {version!r}（本站读 {known}）",
                     "unknown share code version {version!r} (this site reads {known})"),
    "code.start": ("分享码以 v1. 开头", "a share code starts with v1."),
    "code.no_tiles": ("分享码在 v1. 之后没有牌", "the share code has no tiles after v1."),
    "code.one_dash": ("牌里只能有一个“-”（在和牌张之前）", "only one '-' (before the winning tile) in the tiles"),
    "code.one_winning": ("“-”之后恰好是一张和牌张（如 -5m）", "after '-' comes exactly one winning tile (e.g. -5m)"),
    "code.suit_here": ("{char!r} 在这里不是花色字母（{suits}）", "{char!r} is not a suit letter here ({suits})"),
    "code.suffix_alone": ("花色字母 {suffix!r} 前面没有数字", "suffix {suffix!r} has no digits before it"),
    "code.digits_alone": ("数字缺少花色字母（m p s z）", "digits have no suit letter (m p s z)"),
    "code.second_field": ("第二个 {name} 字段", "a second {name} field"),
    "code.empty_field": ("空字段（连续两个点）", "empty field (two dots in a row)"),
    "code.unknown_field": ("未知的字段 {text!r}", "unknown field {text!r}"),
    "code.bad_meld": ("副露写错了 {text!r}（如 C123m2、P555z3、M7777s、A1111m、K9999p2）",
                      "bad meld {text!r} (e.g. C123m2, P555z3, M7777s, A1111m, K9999p2)"),
    "code.in_meld": ("{text}：{message}", "{text}: {message}"),
    "code.meld_kind": ("{text} 不是{kind}（按从小到大写牌，如 {example}）",
                       "{text} is not a {kind} (write its tiles in ascending order, e.g. {example})"),
    "code.concealed_digit": ("{text}：暗杠不是从别家得来的，不写数字",
                             "{text}: a concealed kong was claimed from no one: no digit"),
    "code.meld_digit": ("{text}：数字 {digit} 超出范围（{what}：1、2 或 3）",
                        "{text}: digit {digit} is out of range ({what}: 1, 2 or 3)"),
    "code.bad_flowers": ("花牌字段写错了 {text!r}（数字 1–8 后加 f，如 15f）",
                         "bad flowers field {text!r} (digits 1-8 then f, e.g. 15f)"),
    "code.bad_winds": ("风位字段写错了 {text!r}（先圈风后门风，如 ES）",
                       "bad winds field {text!r} (round wind then seat wind, e.g. ES)"),
    "code.bad_win": ("和牌方式字段写错了 {text!r}（s、d 或 r，一个座位，然后是标志 {flags}）",
                     "bad win field {text!r} (s, d or r, a seat, then flags {flags})"),
    "code.unknown_flag": ("未知的标志 {letter!r}（标志：{flags}）", "unknown flag {letter!r} (flags: {flags})"),
    "code.flag_twice": ("标志 {letter!r} 给了两次", "flag {letter!r} is given twice"),
    "code.bad_wildcard": ("百搭字段写错了 {text!r}（w 加一张牌，如 w5z）",
                          "bad wildcard field {text!r} (w and a tile, e.g. w5z)"),
    "code.bad_already_won": ("已和字段写错了 {text!r}（o 加座位，如 oSW）",
                             "bad already-won field {text!r} (o and the seats, e.g. oSW)"),
    "code.seat_twice": ("{text}：座位重复", "{text}: a seat is listed twice"),
    "code.bad_kong": ("杠字段写错了 {text!r}（k、座位、m/a/k 表示明杠/暗杠/加杠、点杠的人）",
                      "bad kong field {text!r} (k, the seat, m/a/k for exposed/concealed/added, the feeder)"),
    "code.own_kong": ("{text}：不能给自己的杠点杠", "{text}: a player cannot feed their own kong"),
    "code.bad_rules_id": ("“~”后面的规则 id {id!r} 写错了", "bad ruleset id {id!r} after '~'"),
    "code.rules_twice": ("规则 {id!r} 给了两次", "ruleset {id!r} is given twice"),
    "code.option_twice": ("{id} 的选项 {key!r} 给了两次", "option {key!r} of {id} is given twice"),
    "code.bad_option": ("选项写错了 {text!r}（键-值，如 min_fan-8）",
                        "bad option {text!r} (key-value, e.g. min_fan-8)"),
    "code.bad_option_value": ("选项 {key!r} 的值 {text!r} 写错了（true、false、整数或一个词）",
                              "bad value {text!r} of option {key!r} (true, false, a whole number or a word)"),
    "code.not_text": ("分享码必须是文字，而不是 {kind}", "a share code must be text, not {kind}"),
    "code.too_long": ("分享码太长（{n} 个字符，最多 {max} 个）", "share code too long ({n} characters, at most {max})"),
})

# -- the systems' own checks --------------------------------------------------------------------------
register({
    "share.too_long": ("这手牌和它的本桌规则写成分享码有 {n} 个字符，超过链接能容纳的 {max} 个：请少改几项本桌规则",
                       "the share code of this hand and its house rules would be {n} characters long, more than "
                       "the {max} a link may hold: set fewer house rules away from the defaults"),
    # several wins on one discard (一炮多响, 通炮)
    "round.kong_needs_feeder": ("明杠（直杠）要写明是谁点的杠", "an exposed kong (直杠) needs the player who fed it"),
    "round.only_exposed_fed": ("只有明杠（直杠）是别家点的，{kind}不是",
                               "only an exposed kong (直杠) is fed by another player, not a {kind} kong"),
    "round.wall_end_once": ("流局时每家只列一次", "the wall's end names each player once"),
    "round.no_hands": ("请至少给出一手和牌", "give at least one winning hand"),
    "round.several_self_drawn": ("{name}是一张打出的牌上有几家和牌：不能有自摸的",
                                 "{name} is several wins on one discard: no hand may be self-drawn"),
    "round.one_discarder": ("同一张打出的牌的几家和牌，点炮者必须是同一家",
                            "the winners of one discard must all win on the same player's tile"),
    "round.distinct_winners": ("一张打出的牌的每个和牌者是不同的座位", "each winner of a discard is a different seat"),
    # a round that cannot have happened (rulesets.rounds.RoundError; {seats} names players, each caller its own way)
    "round.at_event": ("第 {n} 个事件：{message}", "event {n}: {message}"),
    "round.of_player": ("玩家 {player}：{message}", "player {player}: {message}"),
    "round.problem": ("{problem}", "{problem}"),
    "round.wall_end_last": ("流局必须是这一局的最后一个事件", "the wall's end is the round's last event"),
    "round.left": ("{what}：玩家 {seats} 本局已经和牌（血战：和牌后就离场了）",
                   "{what}: player {seats} has already won this round (血战: they left the hand)"),
    "round.no_pig": ("玩家 {seats}：本桌没有花猪（只有两门牌）", "player {seats}: this table has no 花猪 (two suits)"),
    "round.ready_tiles": ("玩家 {seats}：查大叫需要听牌玩家手中的 13 张牌",
                          "player {seats}: a ready player's 13 tiles are needed for 查大叫"),
    "round.wall_end_tiles": ("玩家 {seats}：请给出流局时手中的 13 张牌，不是和了的牌",
                             "player {seats}: give the 13 tiles held at the wall's end, not a finished hand"),
    "round.state_mismatch": ("玩家 {seats}：所给的牌是{actual}，不是{declared}",
                             "player {seats}: the tiles entered are {actual}, not {declared}"),
    "round.wall_end_missing": ("流局：请给出每个还在局中的玩家的状态：{seats}",
                               "wall end: give the state of every player still in: {seats}"),
    # 国标
    "guobiao.four_seats": ("{seat} 位：国标麻将是东南西北四家打的",
                           "seat {seat}: MCR is played by four players, E S W N"),
    "guobiao.four_rounds": ("圈风 {seat}：国标麻将的圈风是东南西北", "prevalent wind {seat}: MCR rounds are E S W N"),
    "guobiao.ignored_heavenly": ("天和不是国标番种，不计", "Heavenly hand (天和) is not an MCR fan: ignored"),
    "guobiao.ignored_earthly": ("地和不是国标番种，不计", "Earthly hand (地和) is not an MCR fan: ignored"),
    "guobiao.ignored_after_kong": ("杠上炮不是国标番种，按点和计",
                                   "Win after a kong's discard (杠上炮) is not an MCR fan: scored as an ordinary "
                                   "discard win"),
    "guobiao.ignored_wildcard": ("国标麻将没有百搭牌，忽略", "MCR has no wildcard tile: ignored"),
    "guobiao.not_a_winning_shape": ("不是和牌型", "not a winning shape"),
    "guobiao.below_minimum": ("{n}{fans}，不足{minimum}番起和", "{n} {fans}: below the {minimum}-fan minimum"),
    # 四川
    "sichuan.gen": ("{tile} {name}（{how}）", "{tile} ({how})"),
    "sichuan.dihu_not_met": ("地胡按本桌定义（{rule}）不成立，按普通和牌计",
                             "not 地胡 under this table's definition ({rule}): scored as an ordinary win"),
    "sichuan.tiandihu_off": ("本桌天地胡不另计", "天胡/地胡 are not special at this table"),
    "sichuan.robbed_kong": ("{seat} 的补杠被抢，不算杠、不收杠钱", "the robbed kong ({seat}) pays nothing"),
    # 呼叫转移 on a 杠上炮 that moves nothing (a hand: rulesets/sichuan/settle.py; a round: sichuan/round.py)
    "sichuan.hujiao_no_kong": ("杠上炮：点炮者本局没有杠，没有杠钱可转",
                               "杠上炮: no kong of the discarder in this round, nothing to transfer"),
    "sichuan.hujiao_not_listed": ("呼叫转移：context.kongs 中没有 {seat} 的杠，无可转移",
                                  "呼叫转移: no kong of the discarder ({seat}) is listed in context.kongs"),
    "sichuan.hujiao_not_multi": ("一炮多响的杠上炮不呼叫转移",
                                 "杠上炮 with 一炮多响: no 呼叫转移 when several win on the discard"),
    # 长沙
    "changsha.waiting": ("这是听牌（13 张），不是和牌：请看听牌查询；起手小胡请标 starting_hand",
                         "a waiting hand (13 tiles) is not a win: see its waits, or flag a dealt hand starting_hand "
                         "for 起手小胡"),
    "changsha.bird_tiles": ("context.birds：长沙麻将的鸟牌是万、筒、条（108 张，没有字牌）",
                            "context.birds: 长沙麻将 birds are 万/筒/条 tiles (108 tiles, no honours)"),
    "changsha.bird_count": ("context.birds：给了 {n} 只鸟，但本桌只抓 {bird_count} 只",
                            "context.birds: {n} birds, but this table draws {bird_count}"),
    "changsha.haidi_birds": ("海底胡：海底牌 {tile} 作每只鸟，所给的鸟牌不用",
                             "a 海底 win: the 海底 tile {tile} is every bird; the birds given are not used"),
    "changsha.haidi_bird": ("海底胡：海底牌 {tile} 作一只鸟，所给的鸟牌不用",
                            "a 海底 win: the 海底 tile {tile} is one bird; the birds given are not used"),
    "changsha.round_wins_only": ("长沙麻将的一局只有和牌：{kind}算在各手牌里",
                                 "a 长沙 round has only wins: {kind} events are settled in the hands"),
    "changsha.starting_no_birds": ("起手小胡不扎鸟（选项 qishou_birds）",
                                   "birds do not apply to starting wins: option qishou_birds"),
    # 陕西
    "shaanxi.robbed_kong": ("{seat} 的补杠被抢：这个杠作废，不收杠钱（抢杠时刮风下雨无效）",
                            "{seat}'s added kong was robbed: it is void and collects no kong money"),
    # 富阳
    "fuyang.assumed_tai": ("付法是假设（规则文章没有给出）：每家付 台×底分，放冲者一家付，自摸三家付",
                           "assumed payout, the article gives none: 台 × base from the discarder, or from each player "
                           "on a self-draw"),
    "fuyang.assumed_power": ("付法是假设（规则文章没有给出）：每家付 2^台×底分，放冲者一家付，自摸三家付",
                             "assumed payout, the article gives none: 2^台 × base from the discarder, or from each "
                             "player on a self-draw"),
    "fuyang.no_indicator": ("没有给翻牌（indicator）：本手没有财神，也没有杠花",
                            "no turned-up tile given: no 财神 and no 杠花"),
    "fuyang.caishen": ("财神 {wild}，杠花 {flower}", "财神 {wild}, 杠花 {flower}"),
    # 象山, 吉林, custom
    "xiangshan.no_flowers": ("文章倍数表不计花", "the article's table does not count flowers"),
    "jilin.bao_stands_for": ("摸宝：宝牌 {bao} 当作 {tile}", "the 宝 {bao} stands for {tile}"),
    "custom.definition": ("{problem}", "{problem}"),
    # 武汉
    "wuhan.red_indicator": ("context.indicator：本桌翻出红中要再翻一张（red_indicator=redraw）：请给出之后翻出的牌",
                            "context.indicator: at this table a 红中 turned up is turned again (red_indicator=redraw): "
                            "give the tile turned up after it"),
    "wuhan.red_never_laizi": ("context.wildcard：武汉麻将红中从来不是癞子（翻北和翻红中都是发作癞子）",
                              "context.wildcard: 红中 is never the 癞子 in 武汉 (北 and 红中 indicators give 发)"),
    "wuhan.wild_indicator": ("context.wildcard {given} 与翻牌 {indicator} 不符（癞子是 {derived}）",
                             "context.wildcard {given} does not follow the indicator {indicator} (the 癞子 is "
                             "{derived})"),
    "wuhan.replacement_needs_kong": ("杠上开花需要和牌者手中有杠，或和牌者打过红中杠或癞子杠（red_kongs、laizi_kongs）",
                                     "杠上开花 (kong_replacement) needs a kong in the winner's hand, or a 红中杠 or "
                                     "癞子杠 of the winner's (red_kongs, laizi_kongs)"),
    "wuhan.seat_outside": ("context.{key_name}：4 人桌没有 {seat} 位",
                           "context.{key_name}: seat {seat} is not at a 4-player table"),
    "wuhan.red_count": ("context.red_kongs：杠出了 {n} 张红中，但红中只有 4 张",
                        "context.red_kongs: {n} 红中 put out, but there are only 4"),
    "wuhan.laizi_needs_wild": ("context.laizi_kongs：癞子杠需要知道癞子（请给出 indicator 或 wildcard）",
                               "context.laizi_kongs: a 癞子杠 needs the 癞子 (give indicator or wildcard)"),
    "wuhan.laizi_count": ("context.laizi_kongs：杠出 {n} 张癞子（{wild}），手中还有 {held} 张：癞子只有 4 张",
                          "context.laizi_kongs: {n} 癞子 ({wild}) put out and {held} held: there are only 4"),
    "wuhan.indicator_held": ("context.indicator：手中已有全部 4 张 {indicator}，它不可能被翻出来",
                             "context.indicator: the hand holds all 4 of {indicator}, so it cannot be turned up"),
    "wuhan.openings": ("context.openings：和牌者（{seat}）手中有 {claimed} 次开口，不是 {given} 次",
                       "context.openings: the winner ({seat}) has {claimed} openings in the hand, not {given}"),
    "wuhan.own_kongs": ("context.kongs：和牌者的杠就是手中的副露；这里只列别家的杠",
                        "context.kongs: the winner's kongs are the hand's melds; list other players' kongs only"),
    "wuhan.own_opening": ("context.third_opening：和牌者不能自己供第三次开口",
                          "context.third_opening: the winner cannot supply their own opening"),
    "wuhan.three_openings": ("context.third_opening：和牌者只有 {claimed} 次开口，不是三次",
                             "context.third_opening: the winner has {claimed} openings, not three"),
    "wuhan.third_supplier": ("context.third_opening：{third} 没有供过和牌者的任何一组副露（副露来自 {from_seats}）",
                             "context.third_opening: {third} supplied none of the winner's melds (they came from "
                             "{from_seats})"),
    "wuhan.red_draw_self_drawn": ("context.red_kong_draw：杠后补的牌是自摸的",
                                  "context.red_kong_draw: a replacement tile is self-drawn"),
    "wuhan.red_draw_none": ("context.red_kong_draw：和牌者没有杠出红中或癞子（red_kongs、laizi_kongs）",
                            "context.red_kong_draw: the winner put out no 红中 or 癞子 (red_kongs, laizi_kongs)"),
    # 温州
    "wenzhou.wild_indicator": ("给出的财神是 {given}，但翻牌 {indicator} 按{rule}得出 "
    "{derived}：只给一个，或给出一致的两个",
                               "the wildcard (财神) is {given} but the indicator {indicator} gives {derived} ({rule}): "
                               "give one of them, or both agreeing"),
    "wenzhou.count": ("张数不对：{n} 张（每组副露算 3 张），温州麻将应为 {expected} 张（16 张加和牌张）",
                      "wrong tile count: {n} tiles (each meld counted as 3), expected {expected} at a 温州 table "
                      "(16 + the winning tile)"),
    "wenzhou.caishen_winner": ("context.caishen 列了和牌者（{seat}）：和牌者的财神从手牌里数",
                               "context.caishen lists the winner ({seat}): the winner's 财神 are counted from the "
                               "hand"),
    "wenzhou.caishen_unnamed": ("context.caishen 给了财神张数，但没有指明哪张是财神（wildcard 或 indicator）",
                                "context.caishen gives 财神 counts but no 财神 is named (wildcard or indicator)"),
    "wenzhou.caishen_count": ("context.caishen：各家的财神加起来超过了四张",
                              "context.caishen: the players hold more 财神 than the four copies"),
    # 杭州
    "hangzhou.chain_self_drawn": ("财飘和连杠都以自摸和牌结束（piao、chain_kongs 需要 win=self_drawn）",
                                  "财飘 and a chain of kongs end in a self-drawn win (piao/chain_kongs need "
                                  "win=self_drawn)"),
    "hangzhou.chain_follow": ("chain_kongs：连杠中前面的杠之后要跟财飘或杠上开花（请给出 piao 或 kong_replacement）",
                              "chain_kongs: an earlier kong of a chain is followed by a 财飘 or by a win on a kong "
                              "replacement (give piao or kong_replacement)"),
    "hangzhou.no_indicator": ("没有给翻牌（indicator）：本手没有财神，白板就是白板",
                              "no turned-up tile given: no 财神 this hand"),
    "hangzhou.white_caishen": ("白板即财神：不看翻牌",
                               "白板 are the 财神 at this table: the turned-up tile is ignored"),
    "hangzhou.piao_not_counted": ("财飘要在下轮暴头自摸才算：这手不是暴头，财飘不计",
                                  "财飘 counts only with a 暴头 self-draw: not counted"),
    "hangzhou.fanchengbao": ("反承包优先：由{seat}家一家承担", "反承包 first: {seat} alone pays"),
    "hangzhou.chain_kongs": ("连杠有 {kongs} 个杠，但手中只有 {shows} 个",
                             "the chain has {kongs} kong(s) but the hand shows {shows}"),
    "hangzhou.piao_copies": ("piao：财飘打出了 {count} 颗财神（{tile}），手上还有 {held} 张，共 {n} 张——这种牌只有4张",
                             "piao: {count} 财神 ({tile}) thrown in 财飘 and {held} in the hand make {n}: there are "
                             "only four of that tile"),
})
