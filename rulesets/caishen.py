"""What the 财神 systems of Zhejiang (杭州, 富阳) share: the 财神 from the turned-up tile, the tiles a claim may
not take, who fed a claim, the checks of a 136-tile table, and payments by 底分 (each loser's share, the
discarder's, or one player paying for all).

Both systems take the turned-up tile from the shared ``indicator`` field; each says how the 财神 follows
from it (杭州: the tile itself, 白板 playing its face; 富阳: the tile itself or the one before it, by the
option on how it was turned up).

>>> from rulesets.tiles import tile
>>> str(predecessor(tile("1m"))), str(predecessor(tile("1z"))), str(predecessor(tile("5z")))
('9m', '4z', '7z')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from .errors import HandError
from .hand import Hand, Meld, MeldKind, Relative, Seat, WinMethod
from .messages import msg
from .pairwise import payers
from .scoring import Factor, Op, Payment, paid
from .tiles import Tile
from .wild import STANDARD_HONOURS, WildRule, successor

__all__ = [
    "Problem", "claimed_wild", "feeder", "liable_shares", "predecessor", "spelled", "successor", "table_problem",
    "times", "validate",
]

Problem = tuple[str, str]
"""Why a hand is not a legal win: (中文, English)."""

_BEFORE: Mapping[Tile, Tile] = {after: before for before, after in STANDARD_HONOURS.items()}


def predecessor(tile: Tile) -> Tile:
    """The tile before ``tile``: suits 1→9 wrap; honours 东←南←西←北←东, 中←发←白←中 (the usual order reversed)."""
    if tile.is_suited:
        return Tile.of(tile.suit, (tile.rank - 2) % 9 + 1)
    return _BEFORE[tile]


def validate(hand: Hand) -> None:
    """Raise :class:`HandError`/:class:`ContextError` for a hand that cannot exist at a four-player table of
    14-tile hands (a waiting hand is scored by its waits)."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    hand.validate(hand_size=14, players=4)


def table_problem(hand: Hand, zh: str, en: str) -> Problem | None:
    """136 tiles and no flowers (杭州, 富阳)."""
    if hand.context.flowers:
        return f"{zh}用136张牌，没有花牌", f"{en} is played with 136 tiles and no flowers"
    return None


def _claimed_tile(meld: Meld) -> Tile | None:
    """The tile a claimed meld took from a discard (None for a concealed kong, or a chow that does not say)."""
    if meld.is_concealed:
        return None
    if meld.kind is MeldKind.CHOW:
        return meld.tiles[meld.claimed - 1] if meld.claimed else None
    return meld.tile


def claimed_wild(hand: Hand, rule: WildRule | None) -> Meld | None:
    """A meld whose claimed tile is a 财神: a 财神 may be discarded, never claimed."""
    if rule is None:
        return None
    return next((m for m in hand.melds if _claimed_tile(m) in rule.wilds), None)


def feeder(hand: Hand, meld: Meld) -> Seat | None:
    """The seat that fed a claimed meld (a chow always comes from the 上家); None for a concealed kong."""
    if meld.is_concealed:
        return None
    return hand.context.seat.source(meld.source or Relative.LEFT, 4)


def liable_shares(
    hand: Hand,
    base: int,
    factors: Callable[[Seat], list[Factor]],
    why: tuple[str, str],
    liable: Seat,
    liable_factor: Factor | None = None,
) -> list[Payment]:
    """One player pays every loser's share of a win (承包; a discarder who pays for all): one line per share,
    each saying whose share it is, ``factors(seat)`` being the arithmetic of seat's share and ``liable_factor``
    (反承包 ×2) added to each. Ordinary payments, each loser paying their own, are
    :func:`rulesets.pairwise.settle_pairs`."""
    winner = hand.context.seat
    out = []
    for seat in payers(hand.context.replace(win=WinMethod.SELF_DRAWN, from_seat=None), 4):
        line = factors(seat) + ([liable_factor] if liable_factor is not None else [])
        zh, en = spelled(why, line)
        if seat is not liable:
            zh, en = f"{zh}（代{seat.zh}家付）", f"{en} (for {seat.en})"
        out.append(paid(liable, winner, base, line, zh, en))
    return out


def spelled(why: tuple[str, str], factors: Iterable[Factor]) -> tuple[str, str]:
    """A payment's why with its factors written out, for a reader of the text alone (the CLI):
    ``("自摸", "self-drawn")`` → ``("自摸：暴头×2 庄闲×8", "self-drawn: 暴头 ×2, dealer ×8")``."""
    factors = list(factors)
    if not factors:
        return why
    return (f"{why[0]}：" + " ".join(f.zh for f in factors), f"{why[1]}: " + ", ".join(f.en for f in factors))


def times(fid: str, zh: str, en: str, value: int, seat: Seat | None = None) -> Factor:
    """A ×value factor."""
    return Factor(fid, zh, en, Op.TIMES, value, seat)
