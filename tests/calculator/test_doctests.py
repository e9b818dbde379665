"""The examples in the page modules' docstrings run (pytest collects doctests only under tests/ and rulesets/)."""

import doctest

import pytest

from calculator import markup, tiles_view


@pytest.mark.parametrize("module", [markup, tiles_view], ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
