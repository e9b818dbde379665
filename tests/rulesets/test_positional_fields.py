"""The engine's values made by position on the scoring path (a call naming many keywords costs more than the value):
their fields, and the defaults those calls write out, in the order the calls rely on. A field added, moved or given
another default fails here, naming the calls to change with it."""

from __future__ import annotations

import dataclasses

import pytest

from rulesets._mcr.view import Facts, View
from rulesets.hand import Hand
from rulesets.scoring import Item, Score

CALLS = {
    Facts: ("rulesets/_mcr/view.py: facts_of",
            ("counts", "kong_tiles", "win_tile", "self_drawn", "rob_kong", "last_tile", "kong_replacement",
             "last_copy", "seat_wind", "round_wind", "claimed", "melded_kongs", "concealed_kongs", "nine_gates",
             "flowers", "present", "mask", "suits", "has_honours", "rank_mask", "tile_hogs", "context")),
    View: ("rulesets/_mcr/view.py: reading_view",
           ("kind", "chows", "pungs", "pair", "knitted", "concealed_pungs", "wait", "facts", "shape")),
    Score: ("rulesets/pipeline.py: _result",
            ("rules", "valid", "unit", "total", "items", "excluded", "reason", "reason_en", "shape", "shapes",
             "settlement", "options", "extra", "details")),
    Hand: ("rulesets/notation.py: canonical_hand, _Reader", ("standing", "melds", "winning_tile", "context")),
    Item: ("rulesets/scoring.py: apply_exclusions; rulesets/_mcr/principles.py: account_once",
           ("fan", "count", "note", "value_override", "about", "tiles")),
}


@pytest.mark.parametrize("kind", list(CALLS), ids=lambda kind: kind.__name__)
def test_the_fields_made_by_position_are_in_the_order_the_calls_write_them(kind):
    where, names = CALLS[kind]
    fields = [f.name for f in dataclasses.fields(kind) if f.init]
    assert fields[:len(names)] == list(names), f"{kind.__name__}'s fields moved: change {where} with them"
    assert all(f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
               for f in dataclasses.fields(kind)[len(names):] if f.init), where


def test_a_refused_scores_written_defaults_are_scores_own():
    # pipeline._result writes a refused Score's total, items, excluded, shape and settlement as their defaults
    defaults = {f.name: f.default for f in dataclasses.fields(Score)}
    assert (defaults["total"], defaults["items"], defaults["excluded"], defaults["shape"], defaults["settlement"]) \
        == (0, (), (), None, None)
