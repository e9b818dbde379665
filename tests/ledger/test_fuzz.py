"""No input crashes the ledger: random form posts and API bodies get 4xx with a message, never a 500."""

from __future__ import annotations

import json
import random

import pytest

from ledger import service

pytestmark = pytest.mark.django_db

ATOMS = [None, True, False, 0, 1, -1, 3, 99, 2**40, 1.5, "", "0", "1", "x", "discard", "self_drawn", "rob_kong",
         "kong", "win", "multi", "wall_end", "ready", "pig", "not_ready", "exposed", "added", "concealed",
         "11m234m567m789m55p5p", "11m234m567m789m55p", "1m" * 30, "[123m1]", "v1.", [], {}, "👀", "\x00"]
KEYS = ["kind", "data", "version", "hand", "player", "win", "from", "events", "type", "kind", "fed_by", "wins",
        "players", "state", "racks", "out", "after_kong", "heavenly", "settings", "options", "system", "name"]


def junk(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.45:
        return rng.choice(ATOMS)
    if roll < 0.7:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(KEYS): junk(rng, depth + 1) for _ in range(rng.randint(0, 5))}


@pytest.mark.parametrize("seed", range(12))
def test_random_api_bodies_get_a_4xx_with_a_message(client, seed):
    rng = random.Random(seed)
    table = service.create_table({"system": rng.choice(["sichuan", "guobiao", "sichuan-xueliu"]),
                                  "players": ["a", "b", "c", "d"]})
    token = table.edit_token
    for _ in range(25):
        body = junk(rng)
        if isinstance(body, dict) and rng.random() < 0.5:
            body["kind"] = rng.choice(["hand", "round", "draw", "rummikub"])
        url = rng.choice([f"/api/v1/tables/{token}/entries", "/api/v1/tables", f"/api/v1/tables/{token}/undo",
                          f"/api/v1/tables/{token}/entries/1"])
        method = client.put if url.endswith("/1") and rng.random() < 0.5 else client.post
        response = method(url, data=json.dumps(body), content_type="application/json")
        assert response.status_code < 500, (url, body, response.content[:300])
        if response.status_code >= 400:
            assert response.json()["error"]["message"]


FIELDS = ["action", "kind", "version", "position", "hand", "player", "win", "from", "ks", "ak", "out", "rack0",
          "rack1", *[f"e{i}_{k}" for i in range(4) for k in ("t", "p", "f", "k", "h", "m", "ak")]]
VALUES = ["", "0", "1", "2", "3", "9", "-1", "x", "add", "edit", "delete", "undo", "hand", "round", "draw",
          "rummikub", "kong", "self_drawn", "discard", "rob_kong", "ready", "not_ready", "pig", "exposed", "added",
          "11m234m567m789m55p5p", "11m234m567m789m55p", "5 7 J", "=9", "on", "1m" * 300]


@pytest.mark.parametrize("seed", range(5))
def test_random_form_posts_get_a_page_with_a_message(client, seed):
    rng = random.Random(seed)
    table = service.create_table({"system": "sichuan", "players": ["a", "b", "c", "d"]})
    for _ in range(15):
        data = {rng.choice(FIELDS): rng.choice(VALUES) for _ in range(rng.randint(1, 14))}
        response = client.post(f"/t/{table.edit_token}/change", data)
        assert response.status_code in (302, 400, 409), (data, response.status_code)
        if response.status_code != 302:
            assert "alert--error" in response.content.decode()
