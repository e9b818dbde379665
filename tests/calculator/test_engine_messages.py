"""The engine's messages in 中文: each pattern of calculator/engine_messages.py matches a message the
engine really raises (so a reworded engine message is noticed), and the page shows its translation."""

import pytest
from django.utils import translation

from calculator.engine_messages import PATTERNS, _compiled, translate
from rulesets.engine import context_from_mapping
from rulesets.errors import MahjongError
from rulesets.hand import Hand, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
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
    return caught.value.message


@pytest.mark.parametrize("name", TRIGGERS)
def test_the_engines_message_matches_a_pattern(name):
    message = raised(TRIGGERS[name]).rsplit(" at position", 1)[0]
    assert any(regex.match(message) for regex, _ in _compiled()), message


def test_every_pattern_is_still_said_by_the_engine():
    said = [raised(t).rsplit(" at position", 1)[0] for t in TRIGGERS.values()]
    unused = [p for regex, p in _compiled() if not any(regex.match(m) for m in said)]
    assert unused == []
    assert len(PATTERNS) == len(_compiled())


@pytest.mark.parametrize("name", TRIGGERS)
def test_each_message_is_shown_in_chinese(name):
    message = raised(TRIGGERS[name])
    with translation.override("zh-hans"):
        shown = translate(message)
    assert shown != message
    assert not any(word in shown for word in ("tile", "hand", "kong", "copy"))


def test_in_english_the_message_is_the_engines_with_the_place_counted_from_one():
    message = raised(TRIGGERS["an unknown character"])
    with translation.override("en"):
        assert translate(message) == message.replace(" at position 5", " (at character 6)")


def test_an_unknown_message_is_shown_as_it_is():
    with translation.override("zh-hans"):
        assert translate("something new") == "something new"
