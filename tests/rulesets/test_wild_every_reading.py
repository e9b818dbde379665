"""rulesets.wild.decompose_wild with ``key=None``: every reading, not one per value."""

from rulesets.hand import Hand
from rulesets.tiles import tiles
from rulesets.wild import WildRule, decompose_wild


def test_every_reading_of_a_hand_with_several_wilds_is_listed() -> None:
    t = tiles("777s5p5p5p5p1234569s")
    hand = Hand(t[:-1], winning_tile=t[-1])
    rule = WildRule(frozenset(tiles("5p")))
    every = decompose_wild(hand, rule, key=None)
    by_value = decompose_wild(hand, rule)
    assert len(every) >= len(by_value) > 0
