"""The examples in the ledger's docstrings run (pytest collects doctests only under tests/ and rulesets/)."""

import doctest

import pytest

from ledger import chart, groups, round_draft, rummikub, sheet, words


@pytest.mark.parametrize("module", [chart, groups, round_draft, rummikub, sheet, words], ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
