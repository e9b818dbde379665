"""The frame of every page (templates/base.html): the site's navigation."""

import re

import pytest

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}


def nav(client, path, **headers):
    response = client.get(path, **headers)
    assert response.status_code == 200
    return re.search(r'<nav class="site-header__nav".*?</nav>', response.content.decode(), re.S).group(0)


@pytest.mark.parametrize("path", ["/", "/fans/", "/fans/guobiao/"])
def test_every_page_links_to_the_table_ledger_in_the_readers_language(client, path):
    assert '<a href="/t/new">Table ledger</a>' in nav(client, path, **EN)
    assert '<a href="/t/new">牌桌记分</a>' in nav(client, path, **ZH)


@pytest.mark.django_db
def test_on_the_ledger_the_link_is_marked_as_the_current_page(client):
    links = nav(client, "/t/new", **EN)  # the page that starts a table (docs/ledger.md)
    assert '<a href="/t/new" aria-current="page">Table ledger</a>' in links
    assert '<a href="/">Calculator</a>' in links  # the calculator is not the current page there

