"""Which win-context fields each system reads (Ruleset.context_fields)."""

from __future__ import annotations

import pytest

from rulesets.engine import CONTEXT_FIELDS
from rulesets.guobiao import context as guobiao_context
from rulesets.registry import all_rulesets
from rulesets.scoring import ALL_CONTEXT_FIELDS

RULESETS = all_rulesets()


def test_the_scoring_field_names_agree_with_the_engine_context_keys() -> None:
    assert ALL_CONTEXT_FIELDS == frozenset(CONTEXT_FIELDS)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_each_system_reads_only_known_context_fields(ruleset) -> None:
    assert ruleset.context_fields <= ALL_CONTEXT_FIELDS
    assert "win" in ruleset.context_fields


def _get(rule_id: str):
    return next(r for r in RULESETS if r.id == rule_id)


def test_guobiao_does_not_read_heavenly_hand() -> None:
    assert "heavenly" not in _get("guobiao").context_fields


def test_guobiao_reads_none_of_the_fields_its_context_notes_as_ignored() -> None:
    ignored = {name for name, _zh, _en in guobiao_context._IGNORED}
    assert not ignored & _get("guobiao").context_fields


def test_guobiao_reads_the_winds_flowers_and_last_copy() -> None:
    assert {"seat", "round_wind", "flowers", "last_copy"} <= _get("guobiao").context_fields


@pytest.mark.parametrize("rule_id", ["sichuan", "sichuan-xueliu", "sichuan-3p", "sichuan-2p", "sichuan-6p"])
def test_every_sichuan_table_reads_heavenly_kongs_and_already_won_but_not_winds_or_flowers(rule_id: str) -> None:
    fields = _get(rule_id).context_fields
    assert {"heavenly", "earthly", "after_kong", "kongs", "already_won"} <= fields
    assert not {"round_wind", "flowers", "wildcard", "last_copy"} & fields


def test_each_declared_field_says_when_a_player_meets_it() -> None:
    from rulesets.context import BIRDS, CANNONS, DEALER, INDICATOR, STREAK, Stage, known

    assert [f.stage for f in (DEALER, STREAK, CANNONS, INDICATOR, BIRDS)] == [
        Stage.SETUP, Stage.SETUP, Stage.SETUP, Stage.DEAL, Stage.END]
    assert all(f.as_dict()["stage"] == f.stage.value for f in known().values())
