"""Win context: the fans it gives, and the combinations MCR refuses (mcr.md §5.4)."""

from __future__ import annotations

import pytest

from rulesets.errors import ContextError
from rulesets.hand import Seat

from .conftest import fans, score_of

CHICKEN = "[123m][345m] 56s678p33z +7s"


def test_the_last_wall_tile_self_drawn_is_last_tile_draw_and_replaces_self_drawn() -> None:
    s = score_of(CHICKEN, win="self_drawn", last_tile=True)
    assert fans(s) == {"last_tile_draw": 1}
    assert {e.fan.id: e.by for e in s.excluded}["self_drawn"] == "last_tile_draw"


def test_the_last_discard_is_last_tile_claim_and_stacks_with_last_tile() -> None:
    assert fans(score_of(CHICKEN, last_tile=True, last_copy=True)) == {"last_tile_claim": 1, "last_tile": 1}


def test_a_kong_replacement_on_the_last_tile_gives_both_fans() -> None:
    s = score_of("[123m][9999p] 56s678p33z +7s", win="self_drawn", kong_replacement=True, last_tile=True)
    assert fans(s) == {
        "last_tile_draw": 1, "out_with_replacement_tile": 1, "pung_of_terminals_or_honors": 1, "melded_kong": 1,
    }
    assert s.total == 18


def test_robbing_a_kong_is_a_discard_type_win() -> None:
    s = score_of(CHICKEN, win="rob_kong")
    assert fans(s) == {"robbing_the_kong": 1}
    assert s.settlement is not None and s.settlement.net[Seat.N] == -16


def test_three_copies_in_the_winners_own_melds_make_the_last_tile() -> None:
    s = score_of("[999s][123m] 456p78s55z +9s", last_copy=False)
    assert fans(s) == {"mixed_straight": 1, "last_tile": 1, "tile_hog": 1, "pung_of_terminals_or_honors": 1}


def test_melded_hand_needs_a_discard() -> None:
    text = "[123m][456p][789s][111z] 5z +5z"
    assert fans(score_of(text))["melded_hand"] == 1
    s = score_of(text, win="self_drawn")
    assert "melded_hand" not in fans(s) and fans(s)["self_drawn"] == 1 and fans(s)["single_wait"] == 1


@pytest.mark.parametrize(
    ("text", "context", "message"),
    [
        (CHICKEN, {"win": "self_drawn", "kong_replacement": True}, "needs a kong"),
        (CHICKEN, {"kong_replacement": True}, "self-drawn"),
        (CHICKEN, {"win": "rob_kong", "last_tile": True}, "海底"),
        (CHICKEN, {"win": "rob_kong", "last_copy": True}, "和绝张"),
        ("[123m][345m] 567s678p3z +3z", {"last_copy": True}, "holds another"),
        ("[123m][345m] 56s678p77s +7s", {"win": "rob_kong"}, "already holds"),
        (CHICKEN, {"round_wind": "X"}, "prevalent wind"),
        (CHICKEN, {"seat": "X"}, "seat X"),
    ],
    ids=["kong-flower-without-kong", "kong-flower-on-a-discard", "rob-kong-on-last-tile", "rob-kong-and-last-copy",
         "last-copy-of-a-held-tile", "rob-kong-of-a-held-tile", "fifth-round-wind", "fifth-seat"],
)
def test_impossible_context_is_refused_with_a_message(text: str, context: dict, message: str) -> None:
    with pytest.raises(ContextError, match=message):
        score_of(text, **context)


def test_heavenly_and_earthly_hands_are_not_mcr_fans_and_are_noted() -> None:
    s = score_of(CHICKEN, win="self_drawn", heavenly=True)
    assert "heavenly" not in str(fans(s))
    assert s.extra["notes"][0]["zh"] == "天和不是国标番种，不计"
    assert score_of(CHICKEN, seat="S", earthly=True).extra["notes"][0]["en"].startswith("Earthly hand")
    assert "notes" not in score_of(CHICKEN).extra
