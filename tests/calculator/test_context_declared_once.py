"""The shared win context is declared once (rulesets.context.SHARED): a new flag is one declaration, and the
calculator's form and labels, the share code, the ledger's forms, flags and rounds, and both OpenAPI documents
grow with it. A place that lists the flags by hand does not, and fails here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter: a flag is added to the declaration before anything else reads it, then every
# place that lists the flags is asked what it lists.
_PROBE = r'''
import json, sys
from rulesets import context as declared

moon = declared._flag("moon", "月上", "Won by the moon", "月上", ("月上（月亮底下和牌）", "Won under the moon (月上)"),
                      "m", "mo", in_rounds=True, of_discard=True)
declared.SHARED = (*declared.SHARED, moon)
declared.SHARED_BY_KEY["moon"] = moon
declared.SHARED_KEYS = frozenset(declared.SHARED_BY_KEY)
declared.SHARED_FLAGS = (*declared.SHARED_FLAGS, moon)
declared.FLAGS = (*declared.FLAGS, "moon")

import django
django.setup()
from django.http import QueryDict
from django.template import Context, Template
from django.utils import translation

from calculator import controls, forms as calculator_forms, wording
from calculator.openapi import openapi_document
from ledger import entries, forms as ledger_forms, openapi as ledger_openapi, rounds
from rulesets import engine, sharecode

schemas = openapi_document()["components"]["schemas"]
with translation.override("zh-hans"):
    label = wording.flag_label("moon", True)
    hand_form = Template("{% load ledger_words %}{% hand_flags form as flags %}{% for f in flags %}{{ f.name }}="
                         "{{ f.label }}{% if f.checked %}*{% endif %} {% endfor %}"
                         ).render(Context({"form": {"moon": True}}))
    round_form = Template("{% load ledger_words %}{% round_flags row as flags %}{% for f in flags %}{{ f.name }} "
                          "{% endfor %}").render(Context({"row": {"i": 3}}))
with translation.override("en"):
    control_label = controls._control_label("moon")
multi = entries._multi({"from": 0, "moon": True, "wins": [{"player": 1, "hand": "x"}, {"player": 2, "hand": "y"}]},
                       4, "entry")
print(json.dumps({
    "engine": "moon" in engine.CONTEXT_FIELDS,
    "form": "moon" in calculator_forms.CalculatorForm.base_fields,
    "form_flags": "moon" in calculator_forms.FLAGS and "moon" in controls.FLAGS,
    "label": label,
    "control_label": control_label,
    "share_code": sharecode._FLAGS.get("m"),
    "ledger_hand": ledger_forms.hand_from_post(QueryDict("hand=x&player=0&mo=1")).get("moon"),
    "ledger_round": "mo" in ledger_forms.rows_from_post(QueryDict("e0_t=discard&e0_mo=1"))[0],
    "ledger_multi": multi.get("moon"),
    "ledger_flags": "moon" in rounds.WIN_FLAGS and "moon" in rounds.DISCARD_FLAGS,
    "hand_form": hand_form,
    "round_form": round_form,
    "calculator_openapi": "moon" in schemas["Context"]["properties"],
    "ledger_openapi": json.dumps(ledger_openapi.schemas(), ensure_ascii=False).count('"moon"'),
}, ensure_ascii=False))
'''


@pytest.fixture(scope="module")
def grown() -> dict[str, object]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "calculator.test_settings", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_engine_and_the_share_code_read_a_new_shared_flag(grown):
    assert grown["engine"] is True
    assert grown["share_code"] == "moon"


def test_the_calculator_form_asks_for_a_new_shared_flag_in_the_declared_words(grown):
    assert grown["form"] is True and grown["form_flags"] is True
    assert grown["label"] == "月上（月亮底下胡牌）"  # 胡's words for a regional table
    assert grown["control_label"] == "Won under the moon (月上)"


def test_the_ledger_reads_and_draws_a_new_shared_flag(grown):
    assert grown["ledger_hand"] is True and grown["ledger_round"] is True
    assert grown["ledger_multi"] is True and grown["ledger_flags"] is True
    assert "mo=月上*" in grown["hand_form"] and "ks=杠上开花 " in grown["hand_form"]
    assert "e3_mo" in grown["round_form"] and "e3_ks" in grown["round_form"]


def test_both_openapi_documents_describe_a_new_shared_flag(grown):
    assert grown["calculator_openapi"] is True
    assert grown["ledger_openapi"] == 2  # a hand's flag, and a multi event's flag of the discard
