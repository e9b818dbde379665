"""A result card says what each wild tile stood for ("癞子 5p 作 3s"), in the reader's language."""

import re
from urllib.parse import urlencode

# 武汉 W-B (rules/regional.md §1): indicator 5s, so 6s is the 癞子; it completes 13m (as 2m) or 34p.
QUERY = {"hand": "[888p3][9999m]1355m34p6s2m", "seat": "E", "from_seat": "W", "rules_shown": "1",
         "rules": "wuhan", "ctx-indicator": "5s"}


def card(client, lang):
    html = client.get("/?" + urlencode(QUERY), headers={"Accept-Language": lang}).content.decode()
    return re.search(r'<article id="r-wuhan".*?</article>', html, re.S).group(0)


def test_the_card_says_in_chinese_what_the_wild_played(client):
    wilds = re.search(r'<p class="card__wilds">(.*?)</p>', card(client, "zh-CN"), re.S).group(1)
    assert re.search(r"六条 6s 作 \S+ \d[mps]", wilds)


def test_the_card_says_in_english_what_the_wild_played(client):
    wilds = re.search(r'<p class="card__wilds">(.*?)</p>', card(client, "en"), re.S).group(1)
    assert re.search(r"6s as \S+ \d[mps]", wilds) and "作" not in wilds


def test_a_hand_without_wilds_has_no_such_line(client):
    query = {**QUERY, "ctx-indicator": "5z"}  # 中 → 发 is the 癞子: none in this hand
    html = client.get("/?" + urlencode(query), headers={"Accept-Language": "en"}).content.decode()
    assert 'class="card__wilds"' not in html
