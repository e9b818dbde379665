"""武汉 on the site: the fan reference, a share page with its itemised card, the API."""

from __future__ import annotations

import pytest

from rulesets.engine import evaluate

W_A = "[234m1][777s1]2678m123p2m"
W_A_CONTEXT = {"win": "self_drawn", "seat": "S", "indicator": "4p", "kongs": [{"seat": "E", "kind": "exposed",
               "fed_by": "W"}], "red_kongs": {"W": 1}, "laizi_kongs": {"N": 1}}


@pytest.mark.django_db
def test_the_share_page_itemises_every_double(client):
    code = evaluate(W_A, "wuhan", W_A_CONTEXT)["hand"]
    html = client.get(f"/h/{code}", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "东付南 64 = 1 × 2^(开口 + 自摸 + 硬胡 + 开口 + 明杠 + 庄)" in html


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/fans/wuhan/", "/fans/wuhan/pihu/", "/fans/wuhan/fengyise/",
                                 f"/?hand={W_A}&rules=wuhan"])
def test_the_pages_of_wuhan_render(client, url):
    assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_the_api_scores_with_the_declared_context(client):
    response = client.post("/api/v1/score", {"hand": W_A, "rules": ["wuhan"], "context": W_A_CONTEXT},
                           content_type="application/json")
    assert response.status_code == 200
    assert response.json()["results"][0]["payouts"] == {"E": -64, "S": 112, "W": -16, "N": -32}
