"""A Sichuan table: players, tiles, hand size and which rules of the four-player game apply."""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Seat, seats
from ..shapes import ShapeKind
from ..tiles import Suit
from .options import Mode, SichuanOptions


@dataclass(frozen=True)
class Variant:
    """What differs between 血战 tables beyond the house rules."""

    id: str
    zh: str
    en: str
    players: int
    options_type: type[SichuanOptions]
    hand_size: int = 14
    two_suits: bool = False  # 两房: 72 tiles, the suits chosen by the option ``suits``
    void_rule: bool = True  # 缺一门: a hand holding three suits cannot win
    flower_pig: bool = True  # 花猪 at the end of the hand
    shape_kinds: frozenset[ShapeKind] = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
    provisional: bool = False
    in_comparisons: bool = True  # read by "all systems"; variants of the same table are asked for by name
    aliases: tuple[str, ...] = ()
    description_zh: str = ""
    description_en: str = ""

    @property
    def seats(self) -> tuple[Seat, ...]:
        return seats(self.players)

    def suits(self, options: SichuanOptions) -> frozenset[Suit]:
        """The suits in play: all three, or the two of a 两房 table."""
        if not self.two_suits:
            return frozenset({Suit.M, Suit.P, Suit.S})
        return frozenset(Suit(c) for c in options.suits.value)  # type: ignore[attr-defined]

    def still_in(self, already_won: frozenset[Seat], options: SichuanOptions) -> tuple[Seat, ...]:
        """Players who still pay and are paid: in 血流成河 everyone; in 血战到底 those who have not won."""
        if options.mode is Mode.XUELIU:
            return self.seats
        return tuple(s for s in self.seats if s not in already_won)
