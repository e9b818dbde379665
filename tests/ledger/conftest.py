"""Shared helpers of the ledger tests: a table made through the pages, and reading its sheet back."""

from __future__ import annotations

import re

import pytest

from ledger.models import Table


@pytest.fixture(autouse=True)
def roomy_rate_limit(settings):
    """The tests make many tables from one address; the rate limit's own test sets a small limit."""
    settings.LEDGER_CREATE_LIMIT = 10_000


@pytest.fixture
def new_table(client):
    def make(system="sichuan", names=("Ann", "Bo", "Cy", "Di"), **extra):
        data = {"kind": "mahjong", "system": system, **{f"player{i}": n for i, n in enumerate(names)}, **extra}
        response = client.post("/t/new", data)
        assert response.status_code == 302, response.content.decode()[:2000]
        token = re.match(r"^/t/([^/]+)/", response["Location"]).group(1)
        return Table.objects.get(edit_token=token)

    return make
