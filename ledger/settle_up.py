"""Settling up: the fewest transfers that bring every player's total back to zero.

The totals of a money table add up to zero (every payment line moves an amount from one player to another).
A set of transfers settles them exactly when, in the graph of who pays whom, every connected part sums to
zero; a part of *k* players needs at least *k* − 1 transfers (it is connected), and *k* − 1 suffice (pay
along a chain). So the fewest transfers for *n* players who are owed or owe something is *n* minus the
largest number of disjoint groups, each summing to zero, that the players can be split into. Finding that
split is NP-hard in general (it holds subset sum), so it is searched exactly — every way of splitting off
zero-sum groups, 3ⁿ steps — for up to :data:`EXACT_UP_TO` players who owe or are owed, more than any
table seats; a larger list (never from a table) is settled greedily, largest debtor to largest creditor.

Inside each group the largest debtor pays the largest creditor as much as settles one of them, in turn:
a group with no zero-sum part inside takes exactly *k* − 1 transfers so. Amounts stay exact: whatever
numbers the totals are (integers, :class:`~decimal.Decimal`, :class:`~fractions.Fraction`), transfers are
their differences, never floats. Ties are broken by seat order, so the same totals always settle the same way.

>>> [(t.payer, t.payee, t.amount) for t in transfers([18, 0, -18, 0])]
[(2, 0, 18)]
>>> len(transfers([5, 5, -5, -5]))  # two pairs, not a chain of three
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache

Amount = int | Decimal | Fraction

EXACT_UP_TO = 8
"""The most players owing or owed whose split into zero-sum groups is searched exactly (3⁸ = 6,561 steps)."""


@dataclass(frozen=True)
class Transfer:
    """One payment that settles: ``payer`` (a seat, 0-based) pays ``payee`` ``amount`` (> 0)."""

    payer: int
    payee: int
    amount: Amount

    def as_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": _plain(self.amount)}


def _plain(amount: Amount) -> object:
    """An amount as JSON writes it: an integer as an integer, a whole Decimal/Fraction too, else a string
    (exact: "12.5", "1/3")."""
    if isinstance(amount, int):
        return amount
    if amount == int(amount):
        return int(amount)
    return str(amount)


def zero_sum_groups(balances: Sequence[Amount]) -> list[list[int]]:
    """The players owing or owed (seats with a balance other than zero) split into the most groups that each
    sum to zero. The balances must add up to zero. Exact for up to :data:`EXACT_UP_TO` such players.

    >>> zero_sum_groups([3, -3, 2, -2, 0])
    [[0, 1], [2, 3]]
    """
    if sum(balances) != 0:
        raise ValueError("the balances do not add up to zero")
    seats = [i for i, b in enumerate(balances) if b != 0]
    if len(seats) > EXACT_UP_TO:
        return [seats]  # one group: settled greedily
    values = tuple(balances[i] for i in seats)
    groups = _best_split(values, (1 << len(values)) - 1)[1]
    return [[seats[j] for j in range(len(values)) if mask >> j & 1] for mask in groups]


def _best_split(values: tuple[Amount, ...], mask: int) -> tuple[int, tuple[int, ...]]:
    return _split(values)(mask)


@lru_cache(maxsize=64)
def _split(values: tuple[Amount, ...]):  # noqa: ANN202 - a memoised search over one list of balances
    n = len(values)
    sums: dict[int, Amount] = {}

    def total(mask: int) -> Amount:
        if mask not in sums:
            sums[mask] = sum((values[j] for j in range(n) if mask >> j & 1), start=0)
        return sums[mask]

    @cache
    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        """The most zero-sum groups ``mask`` (a zero-sum set) splits into, and those groups (bit masks). The
        group holding the lowest member is tried in every way; the rest is split the same way."""
        if mask == 0:
            return 0, ()
        low = mask & -mask
        rest = mask ^ low
        found: tuple[int, tuple[int, ...]] = (1, (mask,))
        sub = 0
        while True:  # every subset of the others joins the lowest member, smallest first (ties: by seat)
            group = sub | low
            if group != mask and total(group) == 0:
                count, groups = best(mask ^ group)
                if count + 1 > found[0]:
                    found = (count + 1, (group, *groups))
            sub = (sub - rest) & rest
            if sub == 0:
                break
        return found

    return best


def _settle_group(balances: Sequence[Amount], seats: list[int]) -> list[Transfer]:
    """The transfers inside one zero-sum group: the largest debtor pays the largest creditor as much as
    settles one of them, until nobody owes (ties by seat)."""
    left = {i: balances[i] for i in seats}
    out = []
    while True:
        debtors = [i for i in seats if left[i] < 0]
        creditors = [i for i in seats if left[i] > 0]
        if not debtors or not creditors:
            return out
        payer = min(debtors, key=lambda i: (left[i], i))
        payee = max(creditors, key=lambda i: (left[i], -i))
        amount = min(-left[payer], left[payee])
        out.append(Transfer(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount


def transfers(balances: Sequence[Amount]) -> list[Transfer]:
    """The fewest transfers that settle ``balances`` (each player's total, adding up to zero: positive is
    owed to them), largest first within each group; the groups in seat order."""
    out: list[Transfer] = []
    for group in zero_sum_groups(balances):
        out += _settle_group(balances, group)
    return out


def settles(balances: Sequence[Amount], paid: Sequence[Transfer]) -> bool:
    """Whether ``paid`` brings every balance to zero (each amount positive)."""
    left = list(balances)
    for t in paid:
        if t.amount <= 0 or t.payer == t.payee:
            return False
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return all(b == 0 for b in left)


def scaled(balances: Sequence[Amount], rate: Decimal | None) -> list[Amount]:
    """The balances in money: each times ``rate`` (a Decimal, exact), or as they are without one."""
    if rate is None or rate == 1:
        return list(balances)
    return [Decimal(b) * rate if not isinstance(b, Fraction) else b * Fraction(rate) for b in balances]


def as_text(names: Sequence[str], paid: Sequence[Transfer], unit: str = "") -> str:
    """The transfers one a line, "丙 → 甲 18" (the unit after the amount when given)."""
    tail = f" {unit}" if unit else ""
    return "\n".join(f"{names[t.payer]} → {names[t.payee]} {_shown(t.amount)}{tail}" for t in paid)


def _shown(amount: Amount) -> str:
    plain = _plain(amount)
    return str(plain)
