"""Facts of the whole hand and the wait reading of one decomposition."""

from __future__ import annotations

import pytest

from rulesets._mcr.principles import has_unique_wait
from rulesets._mcr.view import facts_of, wait_reading
from rulesets.hand import Hand
from rulesets.shapes import decompose, waits

from .hands import spec


@pytest.mark.parametrize(
    ("text", "reading"),
    [("[123m][456m] 12p789s66p +3p", "edge"), ("[123m][456m] 13p789s66p +2p", "closed"),
     ("[123m][456p] 789s111z5z +5z", "single"), ("[123m][456m] 45p789s11z +6p", None),
     ("[123m][456m] 1233p789s +3p", "edge")],
)
def test_the_winning_tile_reads_as_the_best_wait_it_can(text: str, reading: str | None) -> None:
    order = ("", "single", "closed", "edge")
    best = max((wait_reading(s) or "" for s in decompose(spec(text))), key=order.index)
    assert best == (reading or "")


def test_nine_gates_needs_exactly_the_nine_gates_standing_tiles() -> None:
    assert facts_of(spec("1112345678999m +5m")).nine_gates
    assert not facts_of(spec("1113456789999m +2m")).nine_gates


def test_three_copies_in_the_winners_melds_make_the_last_copy() -> None:
    assert facts_of(spec("[999s][123m] 456p78s55z +9s")).last_copy
    assert not facts_of(spec("[789s][123m] 456p78s55z +9s")).last_copy


@pytest.mark.parametrize(
    "text",
    [
        "14m25p36s1234567z +7m",  # 七星不靠 waiting on 7m, 8p and 9s
        "19m19p19s123456z7z +7z",  # 十三幺
        "19m19p19s1234567z +1m",  # thirteen-sided wait
        "1112345678999m +5m",
        "[123m][456p] 4444567s +7s",
        "[444z] 78889m11888p +8m",
        "147m25p36s123456z +8p",  # 全不靠 waiting on 8p, 9s and 7z
        "14m258p369s123s55z +7m",  # 组合龙 waiting on a far 7m alone
    ],
)
def test_the_unique_wait_search_agrees_with_the_full_list_of_waits(text: str) -> None:
    hand = spec(text)
    waiting = Hand(hand.standing, hand.melds)
    assert has_unique_wait(hand) == (len(waits(waiting)) == 1)
