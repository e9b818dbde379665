"""Settling up in the fewest transfers (ledger/settle_up.py), checked against a brute force.

The brute force knows nothing of zero-sum groups: it tries every set of k payer–payee pairs, k = 0, 1, 2 …,
and keeps the first k for which amounts exist. Amounts on a set of pairs exist exactly when every connected
part of its graph sums to zero (a forest carries any zero-sum balances, one way each edge; a cycle adds
nothing), which union–find checks.
"""

from __future__ import annotations

import itertools
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from ledger import settle_up


def _root(parent, p):
    while parent[p] != p:
        parent[p] = parent[parent[p]]
        p = parent[p]
    return p


def brute_force_count(balances):
    people = [i for i, b in enumerate(balances) if b != 0]
    pairs = list(itertools.combinations(people, 2))
    for k in range(len(people) + 1):
        for chosen in itertools.combinations(pairs, k):
            parent = {p: p for p in people}
            for a, b in chosen:
                parent[_root(parent, a)] = _root(parent, b)
            sums = {}
            for p in people:
                top = _root(parent, p)
                sums[top] = sums.get(top, 0) + balances[p]
            if all(s == 0 for s in sums.values()):
                return k
    raise AssertionError("unreachable: n - 1 pairs along a chain always settle")


def random_balances(rng, n, spread):
    values = [rng.randint(-spread, spread) for _ in range(n - 1)]
    return [*values, -sum(values)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_fewest_against_brute_force(n):
    rng = random.Random(2100 + n)
    checked = 0
    for _ in range(250 if n <= 5 else 60):
        # small spreads make zero-sum subgroups common (the case a greedy settlement gets wrong)
        balances = random_balances(rng, n, rng.choice([3, 6, 40]))
        paid = settle_up.transfers(balances)
        assert settle_up.settles(balances, paid), (balances, paid)
        assert len(paid) == brute_force_count(balances), balances
        checked += 1
    assert checked


def test_eight_players_exact():
    rng = random.Random(8)
    for _ in range(6):
        balances = random_balances(rng, 8, 4)
        paid = settle_up.transfers(balances)
        assert settle_up.settles(balances, paid)
        assert len(paid) == brute_force_count(balances), balances


def test_greedy_would_take_more():
    """Largest debtor to largest creditor over everyone at once takes 5 transfers here; the split into the
    zero-sum groups {7, −7} and {−9, −2, 5, 6} takes 4."""
    balances = [-9, 7, -2, 5, 6, -7]
    paid = settle_up.transfers(balances)
    assert len(paid) == brute_force_count(balances) == 4
    assert len(settle_up._settle_group(balances, list(range(6)))) == 5


def test_the_example_of_the_sheet():
    # 甲 +18, 乙 0, 丙 −18, 丁 0: one transfer, 丙 → 甲 18
    paid = settle_up.transfers([18, 0, -18, 0])
    assert [(t.payer, t.payee, t.amount) for t in paid] == [(2, 0, 18)]
    assert settle_up.as_text(["甲", "乙", "丙", "丁"], paid) == "丙 → 甲 18"


def test_nothing_to_settle():
    assert settle_up.transfers([0, 0, 0, 0]) == []
    assert settle_up.transfers([]) == []


def test_amounts_stay_exact():
    balances = [Decimal("12.5"), Decimal("-0.1"), Decimal("-12.4")]
    paid = settle_up.transfers(balances)
    assert settle_up.settles(balances, paid) and len(paid) == 2
    assert {t.amount for t in paid} == {Decimal("12.4"), Decimal("0.1")}
    thirds = [Fraction(2, 3), Fraction(-1, 3), Fraction(-1, 3)]
    paid = settle_up.transfers(thirds)
    assert [t.amount for t in paid] == [Fraction(1, 3), Fraction(1, 3)]
    assert [t.as_dict()["amount"] for t in paid] == ["1/3", "1/3"]


def test_rate_scales_exactly():
    money = settle_up.scaled([18, 0, -18, 0], Decimal("0.5"))
    paid = settle_up.transfers(money)
    assert paid[0].amount == Decimal("9.0") and paid[0].as_dict()["amount"] == 9
    assert settle_up.scaled([3, -3], Decimal("0.25"))[0] == Decimal("0.75")


def test_not_zero_sum_is_refused():
    with pytest.raises(ValueError):
        settle_up.transfers([5, -3])


def test_same_totals_same_transfers():
    balances = [6, 6, -6, -6]
    first = settle_up.transfers(balances)
    assert first == settle_up.transfers(list(balances))
    # ties by seat: the first debtor pays the first creditor
    assert [(t.payer, t.payee) for t in first] == [(2, 0), (3, 1)]


def test_many_players_fall_back_and_still_settle():
    rng = random.Random(9)
    balances = random_balances(rng, 12, 50)
    paid = settle_up.transfers(balances)
    assert settle_up.settles(balances, paid)
    assert len(paid) <= len([b for b in balances if b]) - 1


def test_the_docstring_examples_hold():
    import doctest

    failures, tried = doctest.testmod(settle_up)
    assert tried > 0 and failures == 0
