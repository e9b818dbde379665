"""The API's answer: its result object with the readings' groups kept on them, written with each best reading
once, is the same JSON as the result object made afresh and written whole."""

import copy
import itertools
import sys
from pathlib import Path

import pytest

from rulesets.engine import evaluate
from rulesets.errors import MahjongError
from rulesets.registry import all_rulesets
from serving.jsonbody import json_bytes, result_bytes

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import snapshot  # noqa: E402


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_a_result_object_is_written_as_json_bytes_writes_it(ruleset):
    """Every system's answers to the snapshot's inputs (wins and waits, contexts, house rules), asked of that
    system and of every system, with options and without."""
    written = read = 0
    for _, case in itertools.islice(snapshot.cases(ruleset, winning=40, waiting=10), 50):
        for rules, options in (([ruleset.id], case["options"]), (None, None)):
            try:
                result = evaluate(case["hand"], rules, case["context"], options)
            except MahjongError:
                continue
            shared = evaluate(case["hand"], rules, case["context"], options, shared=True)
            assert shared == result, case  # the groups kept on them are the groups made again
            assert result_bytes(shared) == json_bytes(result), case
            written += 1
            read += sum(answer["shape"] is not None for answer in result["results"])
    assert written and read  # some answers show a reading: written once


def test_what_orjson_refuses_is_written_by_the_standard_encoder():
    result = evaluate("123456789m11122z", "guobiao")
    result["results"][0]["shape"]["fans"].append({"stake": 2 ** 70})  # beyond 64 bits: orjson refuses it
    assert result_bytes(result) == json_bytes(result)
    assert b"1180591620717411303424" in result_bytes(result)


def test_an_answer_without_a_reading_is_written_as_it_is():
    result = evaluate("123456789m1112z", "guobiao")  # waiting: no reading
    assert result["results"][0]["shape"] is None
    assert result_bytes(result) == json_bytes(result)


def test_a_result_object_made_afresh_shares_no_group_with_the_kept_ones():
    """A caller may change the result object it is given: the groups kept for the API's writer are not in it."""
    kept = evaluate("[123m1]456p789s11z222z", "guobiao", shared=True)["results"][0]["shape"]["groups"]
    fresh = evaluate("[123m1]456p789s11z222z", "guobiao")["results"][0]["shape"]["groups"]
    assert fresh == kept
    assert not any(f is k for f in fresh for k in kept)
    as_kept = copy.deepcopy(kept)
    fresh[0]["tiles"].append("9z")
    assert evaluate("[123m1]456p789s11z222z", "guobiao", shared=True)["results"][0]["shape"]["groups"] == as_kept
