"""The fault suite's server (tests/calculator/faultkit.py), started once for the session when a test asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.calculator.faultkit import Site, start_site


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with start_site(tmp_path_factory.mktemp("faults")) as started:
        yield started
