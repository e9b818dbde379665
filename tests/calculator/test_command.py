"""``manage.py score`` (DESIGN §4.2): people's breakdown, --json, --batch, options and context."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

CHICKEN = "[123m1][345m1]56s678p33z7s"


def run(*args, stdin=None, monkeypatch=None):
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    call_command("score", *args, stdout=out)
    return out.getvalue()


def test_it_prints_the_breakdown_for_people():
    text = run(CHICKEN, "--rules", "gb")
    assert "guobiao: 8 番" in text
    assert "无番和 Chicken Hand: 8" in text
    assert "N → E: 16" in text


def test_json_prints_the_result_object():
    data = json.loads(run(CHICKEN, "--rules", "gb", "--json"))
    assert data["results"][0]["total"] == 8


def test_context_and_options_are_passed_through():
    data = json.loads(
        run(CHICKEN, "--rules", "gb", "--json", "--context", '{"flowers": 3}', "--option", "base_points=10")
    )
    result = data["results"][0]
    assert result["total"] == 11
    assert result["options"]["base_points"] == 10
    assert result["payouts"] == {"E": 10 + 11 + 10 + 10, "S": -10, "W": -10, "N": -21}


def test_options_can_name_their_ruleset_when_several_are_chosen():
    data = json.loads(run("123m456m789m123p55p", "--rules", "gb,sichuan", "--json", "--option", "gb.base_points=8"))
    assert [r["rules"] for r in data["results"]] == ["guobiao", "sichuan"]


def test_bad_input_is_a_command_error_with_the_engine_message():
    with pytest.raises(CommandError, match="unknown character"):
        run("123x")
    with pytest.raises(CommandError, match="--context is not valid JSON"):
        run(CHICKEN, "--context", "{")
    with pytest.raises(CommandError, match="KEY=VALUE"):
        run(CHICKEN, "--option", "novalue")
    with pytest.raises(CommandError, match="give a HAND"):
        run()


def test_batch_writes_one_result_per_line_in_order_and_errors_as_lines(monkeypatch):
    lines = "\n".join(
        [
            CHICKEN,
            "123x",
            json.dumps({"hand": CHICKEN, "rules": ["gb"], "context": {"flowers": 1}}),
            "{not json",
            json.dumps({"nohand": 1}),
            "",
        ]
    )
    out = [
        json.loads(line) for line in run("--batch", "--rules", "gb", stdin=lines, monkeypatch=monkeypatch).splitlines()
    ]
    assert len(out) == 5
    assert out[0]["results"][0]["total"] == 8
    assert out[1]["error"]["code"] == "notation" and out[1]["input"] == "123x"
    assert out[2]["results"][0]["total"] == 9
    assert out[3]["error"]["code"] == "json"
    assert "hand" in out[4]["error"]["message"]


def test_a_waiting_hand_prints_its_waits_with_values():
    text = run("1112345678999m", "--rules", "gb")
    assert "waits: 1m 106番  2m 92番  3m 89番" in text  # mcr.md §6.7: 九莲宝灯 by winning tile


@pytest.mark.parametrize(
    "bad",
    [
        '{"hand": "123m456m789m123p55p", "rules": 5}',
        '{"hand": "123m456m789m123p55p", "n": ' + "1" * 4301 + "}",
        '{"hand": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"hand": "123m456m789m123p55p", "context": {"flowers": {"a": [1]}}}',
        '{"hand": "123m456m789m123p55p", "options": {"guobiao": 7}}',
        "\u202e[123m1]\x00\ufeff",
    ],
    ids=["rules-a-number", "4301-digit-integer", "deep-nesting", "odd-context", "odd-options", "control-chars"],
)
def test_a_batch_never_stops_on_a_bad_line(monkeypatch, bad):
    out = run("--batch", "--rules", "gb", "--json", stdin=f"{CHICKEN}\n{bad}\n{CHICKEN}\n", monkeypatch=monkeypatch)
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    assert lines[0]["results"][0]["total"] == 8 and lines[2]["results"][0]["total"] == 8
    assert set(lines[1]) == {"error", "input"}
    assert lines[1]["error"]["message"]
