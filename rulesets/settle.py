"""The settlement of one scored hand, the second function of every ruleset (DESIGN §2):
``Ruleset.settle(score, table, options) -> Settlement``.

``score`` is a valid :class:`~rulesets.scoring.Score` of the system; ``table`` is the hand that was scored,
with the context to settle it under (who won, who discarded, the dealer and the system's declared table
fields: streak, birds, cannons …); ``options`` is the system's options value. The settlement is worked out
from what the Score records — its total, its scoring reading (``Score.shape``), its items, and where a system
needs more its typed details (``Score.details``: 武汉 ``big``/``hard``, 温州 ``caishen_held``, 长沙
``units``) — so the
same Score settles again under other payout options (another base, payout mode, who pays, cap, dealer
factor) or at another table (another dealer, discarder, streak, birds) without a new shape search.

What the hand is *worth* stays the Score's: where a change of table changes the value itself (a fan that
depends on how the hand was won, 富阳's 门风 counted from the dealer, 武汉's reading chosen by what the winner
collects there), score the hand again; each system's ``settle_score`` says which changes those are. Options
that change the fans (not the payout) likewise need a new score.

Each system's ``score`` produces its own settlement by calling the same function on the Score it has just
made (:func:`settled`): one path, so ``r.settle(score, hand, options) == score.settlement`` for every hand
(tests/rulesets/test_settle.py checks it on every golden case).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .hand import Hand
from .scoring import Score, Settlement

if TYPE_CHECKING:
    from .scoring import Ruleset

type Settle[O] = Callable[[Score, Hand, O], Settlement]
"""A system's ``settle(score, table, options) -> Settlement`` (``O``: its options dataclass)."""

__all__ = ["Settle", "by_scoring", "settled"]


def settled[O](score: Score, settle: Settle[O], table: Hand, options: O) -> Score:
    """``score`` with the settlement ``settle`` gives it at ``table``: how a system's ``score`` ends.

    ``score`` is the Score the system has just made (no one else holds it yet), valid and without a
    settlement; its settlement is filled in place (a frozen value, finished before it is handed out), which
    spares a second copy of every Score."""
    object.__setattr__(score, "settlement", settle(score, table, options))
    return score


def by_scoring[O](ruleset: Ruleset[O], score: Score, table: Hand, options: O) -> Settlement:
    """The settle of a ruleset that gives none of its own: score ``table`` again (a new shape search) and take
    that settlement (an empty one where the table's hand is no win). Every registered system gives its own."""
    again = ruleset.score(table, options)
    return again.settlement if again.settlement is not None else Settlement((), ruleset.players_seats)
