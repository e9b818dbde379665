"""The engine's messages in the reader's language: each error the engine really raises carries a key of
the catalog (rulesets/messages.py), the page renders it from the key in 中文 and in English, malformed
hand strings typed into the 中文 calculator are answered in Chinese, and no engine message reaches a page
without a key (calculator/engine_messages.py warns UnkeyedMessage, made an error here)."""

import re
import warnings
from urllib.parse import urlencode

import pytest
from django.utils import translation

from calculator.engine_messages import UnkeyedMessage, render
from rulesets.engine import context_from_mapping
from rulesets.errors import MahjongError
from rulesets.hand import Hand, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from rulesets.messages import CATALOG, msg
from rulesets.notation import filled_meld, parse_hand
from rulesets.tiles import FLOWERS, tile, tiles

SELF, ROB = WinMethod.SELF_DRAWN, WinMethod.ROB_KONG
WITH_FLOWER = tiles("1234567899m12p") + FLOWERS[:1]
OWN_KONG = {"seat": "S", "kind": "exposed", "fed_by": "S"}


def ctx(**fields):
    return lambda: WinContext(**fields).check(4)


def hand(text, **fields):
    def make():
        h = parse_hand(text)
        h.with_context(WinContext(**fields)).validate(hand_size=h.size(), players=4)
    return make


TRIGGERS = {
    "self-drawn with a discarder": ctx(win=SELF, from_seat=Seat.S),
    "own discard": ctx(from_seat=Seat.E),
    "杠上开花 on a discard": ctx(kong_replacement=True),
    "抢杠和 on the last tile": ctx(win=ROB, last_tile=True),
    "抢杠和 and 和绝张": ctx(win=ROB, last_copy=True),
    "杠上炮 self-drawn": ctx(win=SELF, after_kong=True),
    "天和 and 地和": ctx(win=SELF, heavenly=True, earthly=True),
    "天和 on a discard": ctx(heavenly=True),
    "地和 by the dealer": ctx(earthly=True),
    "天和 with a kong": ctx(win=SELF, heavenly=True, kong_replacement=True),
    "a flower twice": ctx(flowers=(FLOWERS[0], FLOWERS[0])),
    "the winner already won": ctx(already_won=frozenset({Seat.E})),
    "the discarder already won": ctx(from_seat=Seat.S, already_won=frozenset({Seat.S})),
    "a fifth seat": ctx(seat=Seat.X),
    "杠上开花 without a kong": hand("123m456p789s345m22z", win=SELF, kong_replacement=True),
    "抢杠和 on a held tile": hand("123m456p789s345m22z", win=ROB),
    "和绝张 on a held tile": hand("123m456p789s345m22z", last_copy=True),
    "a kong fed by its owner": lambda: context_from_mapping({"kongs": [OWN_KONG]}),
    "five copies": lambda: Hand(standing=tiles("1111m234567899p"), winning_tile=tile("1m")).validate(),
    "a fifth copy in a string": lambda: parse_hand("11111m234p"),
    "a flower standing": lambda: Hand(standing=WITH_FLOWER, winning_tile=tile("2p")).validate(),
    "3n tiles": lambda: parse_hand("123m"),
    "a complete hand too small": lambda: Hand(standing=tiles("1234m"), winning_tile=tile("5m")).validate(),
    "a waiting hand too small": lambda: Hand(standing=tiles("1234m")).validate(),
    "a suffix first": lambda: parse_hand("m123"),
    "digits then a bracket": lambda: parse_hand("123[456m]"),
    "digits at the end": lambda: parse_hand("123m45"),
    "an unknown character": lambda: parse_hand("123m4x"),
    "a stray ]": lambda: parse_hand("123m]"),
    "an unclosed [": lambda: parse_hand("[123m"),
    "not a set": lambda: parse_hand("[124m]123m"),
    "two tiles in brackets": lambda: parse_hand("[12m]123m"),
    "a chow from the right": lambda: filled_meld(Meld(MeldKind.CHOW, tile("1m"), source=Relative.RIGHT)),
    "too long": lambda: parse_hand("1m" * 600),
    "empty": lambda: parse_hand(" "),
    "context only": lambda: parse_hand("|EE0000"),
}


def raised(trigger):
    with pytest.raises(MahjongError) as caught:
        trigger()
    return caught.value


CJK = re.compile(r"[\u3400-\u9fff]")
CJK_RUN = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]+")
ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{2,}\b(?: +[A-Za-z]+\b){2,}")
"""Three English words in a row: a sentence (tile codes, single letters and field names are not)."""


def is_chinese(text):
    """Chinese: it has CJK and no English sentence."""
    return bool(CJK.search(text)) and not ENGLISH_WORDS.search(text)


def is_english(text):
    """English: English words, and CJK only as the rule texts' terms (杠上开花, 和绝张 — no Chinese sentence)."""
    runs = CJK_RUN.findall(text)
    return len(re.findall(r"[A-Za-z]{2,}", text)) >= 2 and all(len(r) <= 8 and "，" not in r and "：" not in r
                                                                for r in runs)


@pytest.mark.parametrize("name", TRIGGERS)
def test_the_engines_error_carries_a_key_of_the_catalog(name):
    exc = raised(TRIGGERS[name])
    assert exc.key in CATALOG, exc.message
    assert exc.msg is not None and exc.msg.en == CATALOG[exc.key].en.format_map(dict(exc.msg.params)) or exc.params


@pytest.mark.parametrize("name", TRIGGERS)
def test_the_api_message_is_the_english_rendering_with_its_position(name):
    exc = raised(TRIGGERS[name])
    assert exc.msg is not None
    where = f" at position {exc.position}" if exc.located else ""
    assert exc.message == exc.msg.en + where
    assert exc.as_dict()["key"] == exc.key and exc.as_dict()["message_zh"] == exc.message_zh


@pytest.mark.parametrize("name", TRIGGERS)
def test_each_message_is_shown_in_chinese(name):
    exc = raised(TRIGGERS[name])
    with translation.override("zh-hans"):
        shown = render(exc)
    assert shown != exc.message
    assert is_chinese(shown), shown
    assert not any(word in shown for word in ("tile", "hand", "kong", "copy"))


@pytest.mark.parametrize("name", TRIGGERS)
def test_each_message_is_shown_in_english(name):
    exc = raised(TRIGGERS[name])
    with translation.override("en"):
        shown = render(exc)
    assert shown.startswith(exc.msg.en)
    assert is_english(shown), shown


def test_in_english_the_message_is_the_engines_with_the_place_counted_from_one():
    exc = raised(TRIGGERS["an unknown character"])
    assert exc.message == "unknown character 'x' (a hand string uses digits with m p s z f, honours E S W N C F P, " \
        "[ ] , | and spaces) at position 5"
    with translation.override("en"):
        assert render(exc) == exc.message.replace(" at position 5", " (at character 6)")
    with translation.override("zh-hans"):
        assert render(exc).endswith("（第 6 个字符）")


def test_a_message_without_a_key_is_shown_as_it_is_and_warned():
    with translation.override("zh-hans"), pytest.warns(UnkeyedMessage):
        assert render("something new") == "something new"
    with translation.override("zh-hans"), pytest.warns(UnkeyedMessage):
        assert render(MahjongError("plain text")) == "plain text"


def test_a_message_in_its_json_form_is_rendered_from_its_key():
    note = msg("hand.copies", n=5, tile="1m", name="一万").as_dict()
    with translation.override("zh-hans"):
        assert render(note) == "1m（一万）有 5 张：每种牌只有 4 张"
    with translation.override("en"):
        assert render(note) == "5 copies of 1m (一万): a tile has only 4 copies"


MALFORMED = (
    "0z123m456p789s11z", "[123m4]456p789s11z", "8z", "123m456p789s11x", "[124m]456p789s11z",
    "123m]456p789s11z", "[123m456p789s11z", "m123", "123m45", "11111m234p789s11z", "[12m]123m456p789s11z",
    "123m456p|EX1000", "123m456p789s11z1z|EE1200", "[555p4]123m456s78s9s", "123m456p789s11z|EE1000|9",
    "123m456p789s11z|EE1000|a a", "1m" * 600, "[7777s9]123m456p11z", "v9.123m", "123m456p789s11z9f",
)
"""Malformed hand strings a player types or pastes: every one is answered in the reader's language."""


def problem(html):
    found = re.search(r'<div class="alert alert--error" role="alert">\s*<p>(.*?)</p>', html, re.S)
    assert found, "no error shown"
    return found.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize("lang, reads", [("zh-hans", is_chinese), ("en", is_english)])
@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_hand_is_answered_in_the_readers_language(client, text, lang, reads):
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnkeyedMessage)
        html = client.get("/?" + urlencode({"hand": text}), headers={"Accept-Language": lang}).content.decode()
    shown = problem(html)
    assert reads(shown), shown


@pytest.mark.django_db
@pytest.mark.parametrize("lang, reads", [("zh-hans", is_chinese), ("en", is_english)])
def test_a_red_five_from_an_mpsz_tool_is_read_as_a_five_with_a_note(client, lang, reads):
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnkeyedMessage)
        html = client.get("/?" + urlencode({"hand": "340m456p789s11z22z"}), headers={"Accept-Language": lang})
    html = html.content.decode()
    note = re.search(r'<p class="alert alert--notice" role="status">(.*?)</p>', html, re.S)
    assert note and reads(note.group(1)) and "0m" in note.group(1) and "5m" in note.group(1), note
    assert 'class="alert alert--error"' not in html


def _golden_hands():
    from pathlib import Path

    from tests.rulesets.test_messages import PENDING_SYSTEMS

    out = []
    for path in sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json")):
        data = __import__("json").loads(path.read_text(encoding="utf-8"))
        if "rules" in data and data["rules"] not in PENDING_SYSTEMS:
            out += [(data["rules"], case) for case in data["cases"]]
    return out


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_no_engine_message_reaches_a_result_card_without_its_key(lang):
    """Every golden case of every system (but those still being written), drawn as a result card: an engine
    text with no key (an error, a reason, a note, a 根 line) is an error here."""
    from calculator.results import result_row, score_each
    from rulesets.engine import build_request

    drawn = 0
    with translation.override(lang), warnings.catch_warnings():
        warnings.simplefilter("error", UnkeyedMessage)
        for rules, case in _golden_hands():
            try:
                request = build_request(case["hand"], case.get("rules", rules), case.get("context"),
                                        case.get("options"))
            except MahjongError as exc:
                render(exc)
                continue
            for outcome in score_each(request):
                result_row(outcome, request.hand)
                drawn += 1
    assert drawn > 300


@pytest.mark.django_db
@pytest.mark.parametrize("lang, reads", [("zh-hans", is_chinese), ("en", is_english)])
@pytest.mark.parametrize("code", ["v1.123x", "v1.123m456p789s11z22z-1z.Q9"])
def test_a_share_code_that_does_not_open_says_why_in_the_readers_language(client, code, lang, reads):
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnkeyedMessage)
        response = client.get(f"/h/{code}", headers={"Accept-Language": lang})
    assert response.status_code == 404
    detail = re.search(r'<p class="share__detail" role="alert">(.*?)</p>', response.content.decode(), re.S)
    assert detail, "no reason shown"
    assert reads(detail.group(1).split(":", 1)[-1].split("：", 1)[-1]), detail.group(1)
