"""Each fan counted on a result card links to its definition in the fan reference, and the link answers."""

from __future__ import annotations

import re

import pytest


@pytest.mark.parametrize("hand", ["[555z2]123m56p789s22z4p", "11123456789991m", "11223344556677m",
                                  "[123m1][345m1]56s678p33z7s"])
def test_every_fan_on_a_card_links_to_its_definition(client, hand):
    page = client.get("/", {"hand": hand, "flowers": "1f"}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    links = set(re.findall(r'class="fans__def" href="([^"]+)"', page))
    assert links
    for url in links:
        assert client.get(url).status_code == 200, url
