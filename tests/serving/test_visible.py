"""Control and bidi characters a client sent are shown as \\uXXXX, never echoed raw (serving/visible.py)."""

import re

import pytest

from serving.visible import visible

RLO = "\u202e"


def test_control_and_format_characters_are_written_as_escapes():
    assert visible(f"12{RLO}3m\x00\u2066") == "12\\u202e3m\\u0000\\u2066"
    assert visible("国标 123m [555p3]") == "国标 123m [555p3]"


@pytest.mark.django_db
def test_the_calculator_shows_the_bad_character_escaped_where_it_points_at_it(client):
    page = client.get("/", {"hand": f"{RLO}123x"}).content.decode()
    echo = re.search(r'<p class="echo">(.*?)</p>', page, re.S)
    assert echo is not None, "the page points at the bad character"
    assert RLO not in echo.group(1) and "\\u202e" in echo.group(1)


def test_a_share_link_that_cannot_be_read_is_quoted_escaped(client):
    page = client.get(f"/h/{RLO}123x").content.decode()
    assert "\\u202e123x" in page
    assert RLO not in page
