"""结账 on the pages, as an image and in the API (ledger/settle_views.py), and the read link's QR code."""

from __future__ import annotations

import io
import json

import pytest
from django.utils import translation
from PIL import Image

from tests.ledger.test_exports import WIN, post  # a hand added through the pages, as the exports' tests add it

pytestmark = pytest.mark.django_db


def win(client, table, player, discarder, times=1):
    for _ in range(times):
        post(client, table, action="add", kind="hand", hand=WIN, player=str(player), win="discard",
             **{"from": str(discarder)})


@pytest.fixture
def evening(client, new_table):
    """Ann +3, Bo +2, Cy −3, Di −2: written out, 3 + 2 − 3 − 2 = 0; the fewest transfers are Cy → Ann 3 and
    Di → Bo 2 (two pairs that each add up to zero), not three along a chain."""
    table = new_table(names=("Ann", "Bo", "Cy", "Di"))
    win(client, table, 0, 2, times=3)
    win(client, table, 1, 3, times=2)
    return table


def test_the_api_gives_the_fewest_transfers(client, evening):
    for token in (evening.read_token, evening.edit_token):
        response = client.get(f"/api/v1/tables/{token}/settle")
        assert response.status_code == 200
        data = response.json()
        assert data["totals"] == [3, 2, -3, -2] and data["zero_sum"] is True
        assert data["transfers"] == [{"from": 2, "to": 0, "amount": 3, "from_name": "Cy", "to_name": "Ann"},
                                     {"from": 3, "to": 1, "amount": 2, "from_name": "Di", "to_name": "Bo"}]
        assert data["text"] == "Cy → Ann 3\nDi → Bo 2" and data["count"] == 2 and data["entries"] == 5


def test_a_rate_multiplies_exactly(client, evening):
    data = client.get(f"/api/v1/tables/{evening.read_token}/settle", {"rate": "0.1"}).json()
    assert data["rate"] == "0.1" and data["totals"] == ["0.3", "0.2", "-0.3", "-0.2"]
    assert [t["amount"] for t in data["transfers"]] == ["0.3", "0.2"]  # 0.1 × 3 exactly, no 0.30000000000000004
    for bad in ("x", "-1", "0", "1e9", "NaN", "Infinity", "0.0000001"):
        response = client.get(f"/api/v1/tables/{evening.read_token}/settle", {"rate": bad})
        assert response.status_code == 400, bad
        assert response.json()["error"]["key"] == "ledger.settle.rate"


def test_unknown_table_and_wrong_method(client):
    assert client.get("/api/v1/tables/nope/settle").status_code == 404
    response = client.post("/api/v1/tables/nope/settle")
    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"


def test_the_page_shows_the_transfers_as_text_to_copy(client, evening):
    for url in (f"/t/r/{evening.read_token}/settle", f"/t/{evening.edit_token}/settle"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        html = page.content.decode()
        assert page.status_code == 200
        assert '<textarea id="settle-text" class="ledger-settle-text" readonly rows="2">Cy → Ann 3\nDi → Bo 2' in html
        assert 'data-copy="settle-text"' in html and "js/share.js" in html
        assert "<svg" in html and "ledger-qr" in html  # the read link's QR code, inline
    # the read page's 结账 does not give the edit link away
    assert evening.edit_token not in client.get(f"/t/r/{evening.read_token}/settle").content.decode()


def test_the_page_in_chinese(client, evening):
    with translation.override("zh-hans"):
        html = client.get(f"/t/r/{evening.read_token}/settle", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "结账" in html and "2 笔转账" in html


def test_both_pages_link_to_settle_up_and_show_the_qr_code(client, evening):
    edit = client.get(f"/t/{evening.edit_token}/").content.decode()
    read = client.get(f"/t/r/{evening.read_token}/").content.decode()
    assert f"/t/{evening.edit_token}/settle" in edit
    assert f"/t/r/{evening.read_token}/settle" in read and evening.edit_token not in read
    for html in (edit, read):
        assert '<svg xmlns="http://www.w3.org/2000/svg"' in html
        assert f"<title>http://testserver/t/r/{evening.read_token}/</title>" in html


def test_the_qr_code_reads_back_the_link():
    import segno

    from ledger.settle_views import qr_svg

    url = "http://testserver/t/r/abc/"
    svg = qr_svg(url)
    expected = io.BytesIO()
    segno.make(url, error="m").save(expected, kind="svg", scale=4, border=2, xmldecl=False, title=url,
                                    svgclass="ledger-qr", lineclass=None, omitsize=True)
    assert svg == expected.getvalue().decode() and svg.startswith("<svg")
    assert 'viewBox="0 0 ' in svg and "width=" not in svg  # sized by the page's CSS, scaled whole


def test_the_image_is_a_png_of_the_transfers(client, evening):
    response = client.get(f"/t/r/{evening.read_token}/settle.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.width == 1080 and 400 < image.height < 1000
    rate = client.get(f"/t/r/{evening.read_token}/settle.png", {"rate": "0.5"})
    assert rate.status_code == 200 and rate.content != response.content
    assert client.get(f"/t/r/{evening.read_token}/settle.png", {"rate": "bad"}).status_code == 400
    assert client.get(f"/t/r/{evening.edit_token}/settle.png").status_code == 404  # the read token only


def test_an_empty_table_owes_nothing(client, new_table):
    table = new_table()
    data = client.get(f"/api/v1/tables/{table.read_token}/settle").json()
    assert data["transfers"] == [] and data["text"] == "" and data["zero_sum"] is True
    html = client.get(f"/t/r/{table.read_token}/settle", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Nobody owes anything." in html
    assert client.get(f"/t/r/{table.read_token}/settle.png").status_code == 200


def test_a_rummikub_table_with_points_not_payments_is_not_settled(client):
    response = client.post("/api/v1/tables", json.dumps({"kind": "rummikub", "players": ["A", "B", "C"]}),
                           content_type="application/json")
    links = response.json()["links"]
    body = json.dumps({"kind": "rummikub", "data": {"racks": ["9", "9", "20"], "out": None}})
    assert client.post(f"/api/v1/tables/{links['edit_token']}/entries", body,
                       content_type="application/json").status_code == 201
    data = client.get(f"/api/v1/tables/{links['read_token']}/settle").json()
    assert data["zero_sum"] is False and data["transfers"] == []
    html = client.get(f"/t/r/{links['read_token']}/settle", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "do not add up to zero" in html


def test_database_trouble_is_a_503_on_every_settle_route(monkeypatch):
    from django.db import OperationalError
    from django.test import Client

    from ledger import service

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(service, "table_by", down)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    token = "a" * 24
    api = client.get(f"/api/v1/tables/{token}/settle")
    assert api.status_code == 503 and api.json()["error"]["code"] == "unavailable" and api["Retry-After"].isdigit()
    for url in (f"/t/{token}/settle", f"/t/r/{token}/settle", f"/t/r/{token}/settle.png"):
        response = client.get(url)
        assert response.status_code == 503 and response["Retry-After"].isdigit(), url
