"""/api/v1/score (DESIGN §4.3): the result object for good input, a 400 with a message for bad input."""

import json

import pytest

CHICKEN = "[123m1][345m1]56s678p33z7s"  # mcr.md §5.7: 无番和 8 on a discard


def post(client, body, **extra):
    return client.post("/api/v1/score", data=json.dumps(body), content_type="application/json", **extra)


def test_it_scores_a_hand_and_returns_the_result_object(client):
    response = post(client, {"hand": CHICKEN, "rules": ["gb"]})
    assert response.status_code == 200
    data = response.json()
    assert data["hand"].startswith("v1.")
    (result,) = data["results"]
    assert result["rules"] == "guobiao"
    assert result["valid"] is True and result["reason"] is None
    assert result["unit"] == "番" and result["total"] == 8
    assert [(f["zh"], f["value"], f["count"]) for f in result["fans"]] == [("无番和", 8, 1)]
    # on a discard from the default discarder (the winner's 上家, N): N pays 8+8, the others 8
    assert result["payouts"] == {"E": 32, "S": -8, "W": -8, "N": -16}
    assert sum(result["payouts"].values()) == 0
    assert {p["from"] for p in result["payments"]} == {"S", "W", "N"}
    for key in ("excluded", "shape", "shapes", "options"):
        assert key in result


@pytest.mark.parametrize("hand", [CHICKEN, "[777m3]4p3s5p3p3p5m3s3s4p5p5m", "7s6s3s6s2p6s9s5s8s5s2p5s2p3s"])
def test_the_answer_is_the_result_object_in_utf8_json(client, hand):
    from rulesets.engine import evaluate

    response = post(client, {"hand": hand})
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    # the same JSON as the standard encoder's (orjson leaves out its spaces), the names written as UTF-8
    assert json.loads(response.content) == json.loads(json.dumps(evaluate(hand)))
    assert "番".encode() in response.content and b"\\u" not in response.content


def test_the_get_form_serves_simple_cases(client):
    response = client.get("/api/v1/score", {"hand": CHICKEN, "rules": "gb", "win": "discard", "seat": "S"})
    assert response.status_code == 200
    assert response.json()["results"][0]["payouts"]["S"] == 32


def test_context_and_options_are_applied_and_echoed(client):
    response = post(
        client, {"hand": CHICKEN, "rules": ["gb"], "context": {"flowers": 2, "seat": "W", "from_seat": "E"}}
    )
    result = response.json()["results"][0]
    assert result["total"] == 10  # flowers count in the total but not toward the minimum
    assert result["payouts"]["E"] == -18 and result["payouts"]["W"] == 8 + 18 + 8


def test_all_rules_is_the_default_and_skips_systems_that_cannot_read_the_hand(client):
    honours = post(client, {"hand": CHICKEN}).json()
    assert [r["rules"] for r in honours["results"]] == ["guobiao"]  # 四川 has no honour tiles
    suited = post(client, {"hand": "123m456m789m123p55p"}).json()
    assert {"guobiao", "sichuan"} <= {r["rules"] for r in suited["results"]}


def test_an_invalid_but_possible_hand_is_valid_false_with_a_reason(client):
    result = post(client, {"hand": "123m456m789m123p4p6s", "rules": ["gb"]}).json()["results"][0]
    assert result["valid"] is False and result["reason"]


@pytest.mark.parametrize(
    "body, code, fragment",
    [
        ({"hand": "11111m23456789p"}, "hand", "only 4 copies"),
        ({"hand": "123x"}, "notation", "unknown character"),
        ({"hand": CHICKEN, "rules": ["nosuch"]}, "rules", "unknown rules"),
        ({"hand": CHICKEN, "rules": ["gb"], "options": {"nosuch": 1}}, "rules", "unknown option"),
        ({"hand": CHICKEN, "context": {"win": "teleport"}}, "context", "win"),
        ({"hand": CHICKEN, "context": {"colour": 1}}, "context", "unknown context field"),
        ({"hand": CHICKEN, "context": {"kong_replacement": True, "win": "self_drawn"}}, "context", "kong"),
        ({"hand": ""}, "hand", "required"),
        ({"hand": 5}, "hand", "required"),
        ({"hand": CHICKEN, "rules": 5}, "rules", "rules must be"),
        ({"hand": CHICKEN, "context": []}, "context", "object"),
        ({"hand": CHICKEN, "extra": 1}, "field", "unknown field"),
        ({"hand": "1m" * 501}, "hand", "limit"),  # over MAX_HAND_STRING (1000)
    ],
)
def test_bad_input_is_a_400_with_a_message(client, body, code, fragment):
    response = post(client, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert fragment in error["message"]
    assert set(error) == {"code", "message", "position", "message_zh", "key"}


def test_an_engine_error_carries_its_key_and_its_chinese_text(client):
    error = post(client, {"hand": "11111m23456789p"}).json()["error"]
    assert error["key"] == "hand.fifth_copy"
    assert error["message"] == "a 5th copy of 1m (一万): a tile has only 4 copies at position 4"
    assert error["message_zh"] == "第 5 张 1m（一万）：每种牌只有 4 张（第 5 个字符）"


def test_an_error_of_the_request_itself_has_no_key(client):
    error = post(client, {"hand": ""}).json()["error"]
    assert error["key"] is None and error["message_zh"] is None


def test_a_notation_error_says_where(client):
    error = post(client, {"hand": "123m45x"}).json()["error"]
    assert error["position"] == 6


@pytest.mark.parametrize("raw", ["{", "[]", '"hand"', "null", "\xff"])
def test_a_body_that_is_not_a_json_object_is_a_400(client, raw):
    response = client.post("/api/v1/score", data=raw.encode("latin-1"), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "json"


def test_other_methods_are_refused(client):
    assert client.put("/api/v1/score").status_code == 405


def test_the_rules_endpoint_lists_systems_with_options_and_fans(client):
    rules = {r["id"]: r for r in client.get("/api/v1/rules").json()["rules"]}
    assert {"guobiao", "sichuan"} <= set(rules)
    assert len(rules["guobiao"]["fans"]) >= 81
    assert all({"key", "default", "zh", "en", "source"} <= set(o) for o in rules["guobiao"]["options"])


def test_the_openapi_document_describes_the_api(client):
    doc = client.get("/api/v1/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert {"get", "post"} <= set(doc["paths"]["/api/v1/score"])
    assert "Result" in doc["components"]["schemas"]
