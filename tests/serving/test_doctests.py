"""The examples in the plumbing's docstrings run (pytest collects doctests only under tests/ and rulesets/)."""

import doctest

import pytest

from serving import bytecache, jsonbody, keptbytes, memo, staticfiles, visible

MODULES = [bytecache, jsonbody, keptbytes, memo, staticfiles, visible]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
