"""Pages for a hand that is complete with no winning tile, and for a hand that is no win but still costs money:
a win on the flowers (香港's 八仙過海, declared ``flower_win``: ``ContextField.complete``) is scored on the calculator
and the share page, not listed as a waiting hand; a false win (詐糊) shows what the declarer pays
(``Pipeline.penalty``); and a hand shown as held (thirteen standing tiles in a row) fits a phone's width."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from tests.calculator import test_e2e as e2e

async_unsafe, browser, phone = e2e.async_unsafe, e2e.browser, e2e.phone  # fixtures: pytest finds them here

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FLOWERS = "v1.123m456p789s1122z.12345678f.ES.s.flower_win-1~hongkong"  # S: all eight flowers, 13 tiles held
FALSE = "v1.123m456p23789s11z-5s.ES.dW.declared_win-1~hongkong"  # S declares a win on a hand with no shape


@pytest.mark.django_db
def test_a_win_on_the_flowers_opens_scored_on_its_share_page(client):
    response = client.get(f"/h/{FLOWERS}", **EN)
    assert response.status_code == 200 and "waiting" not in response.context
    (row,) = response.context["results"]
    assert row["valid"] and row["total"] == 10 and row["net"] == {"E": -128, "S": 384, "W": -128, "N": -128}


@pytest.mark.django_db
def test_a_win_on_the_flowers_is_scored_in_the_calculator(client):
    response = client.get("/?" + urlencode({"hand": FLOWERS, "rules": "hongkong", "rules_shown": "1"}), **EN)
    assert response.status_code == 200 and response.context["mode_result"] == "scores"
    (row,) = response.context["results"]
    assert row["valid"] and row["gain"] == 384


@pytest.mark.django_db
def test_a_false_win_shows_what_the_declarer_pays_and_names_no_winner(client):
    response = client.get(f"/h/{FALSE}", **EN)
    (row,) = response.context["results"]
    assert not row["valid"] and row["winner"] is None and row["gain"] is None
    assert row["net"] == {"E": 128, "S": -384, "W": 128, "N": 128}
    assert [s["role"] for s in row["seats"]] == ["", "", "", ""]
    assert "False win" in response.content.decode()


@pytest.mark.parametrize("code", [FLOWERS, FALSE], ids=["flowers", "false-win"])
def test_a_hand_shown_as_held_fits_a_phone(phone, code):  # in Chromium at 360 px, 中文 and English
    phone.goto(f"/h/{code}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


for mark in e2e.pytestmark:  # needs Chromium and a live server's database, as tests/calculator/test_e2e.py
    test_a_hand_shown_as_held_fits_a_phone = mark(test_a_hand_shown_as_held_fits_a_phone)
