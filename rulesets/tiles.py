"""Tiles: 34 kinds (万 筒 条, winds, dragons) and 8 flowers.

A tile is a small immutable value with one canonical text form (mpsz-style):

>>> Tile.parse("5m")
Tile.parse('5m')
>>> str(Tile.parse("7z")), Tile.parse("7z").zh, Tile.parse("7z").en
('7z', '白', 'White Dragon')
>>> Tile.parse("1f").zh
'梅'

Honours use the Chinese order 1z..7z = 东 南 西 北 中 发 白 (not Tenhou's 白 发 中).
Flowers are 1f..8f = 梅 兰 竹 菊 春 夏 秋 冬.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import attrgetter

from .errors import NotationError
from .messages import Words, msg


class Suit(enum.Enum):
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    M = "m"  # 万 characters
    P = "p"  # 筒/饼 dots
    S = "s"  # 条/索 bamboo
    Z = "z"  # 字 honours
    F = "f"  # 花 flowers and seasons

    @property
    def is_suited(self) -> bool:
        return self in (Suit.M, Suit.P, Suit.S)

    @property
    def zh(self) -> str:
        return _SUIT_ZH[self]

    @property
    def en(self) -> str:
        return _SUIT_EN[self]


_SUIT_ZH = {Suit.M: "万", Suit.P: "筒", Suit.S: "条", Suit.Z: "字", Suit.F: "花"}
_SUIT_EN = {Suit.M: "Characters", Suit.P: "Dots", Suit.S: "Bamboo", Suit.Z: "Honours", Suit.F: "Flowers"}
_SUIT_BASE = {Suit.M: 0, Suit.P: 9, Suit.S: 18, Suit.Z: 27, Suit.F: 34}
_SUIT_SIZE = {Suit.M: 9, Suit.P: 9, Suit.S: 9, Suit.Z: 7, Suit.F: 8}

_SUIT_OF = tuple(s for s in _SUIT_BASE for _ in range(_SUIT_SIZE[s]))
_RANK_OF = tuple(r for s in _SUIT_BASE for r in range(1, _SUIT_SIZE[s] + 1))
_NUM_ZH = "一二三四五六七八九"
_HONOUR_ZH = "东南西北中发白"
_HONOUR_EN = ("East Wind", "South Wind", "West Wind", "North Wind", "Red Dragon", "Green Dragon", "White Dragon")
_HONOUR_LETTER = "ESWNCFP"  # ChineseOfficialMahjongHelper letters
_FLOWER_ZH = "梅兰竹菊春夏秋冬"
_FLOWER_EN = ("Plum", "Orchid", "Bamboo", "Chrysanthemum", "Spring", "Summer", "Autumn", "Winter")
_FLOWER_LETTER = "abcdefgh"  # GB-Mahjong flower letters
_SUITED_EN = {Suit.M: "Character", Suit.P: "Dot", Suit.S: "Bamboo"}

# Unicode Mahjong Tiles block (U+1F000..): winds E S W N, dragons 中 发 白, 万 1-9, 条 1-9, 筒 1-9,
# then plum orchid bamboo chrysanthemum, spring summer autumn winter.
_UNICODE_BASE = {Suit.M: 0x1F007, Suit.S: 0x1F010, Suit.P: 0x1F019}
_UNICODE_HONOUR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F004, 0x1F005, 0x1F006)
_UNICODE_FLOWER = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)
_UNICODE_OF = tuple(
    chr(_UNICODE_BASE[suit] + rank - 1 if suit in _UNICODE_BASE
        else _UNICODE_HONOUR[rank - 1] if suit is Suit.Z else _UNICODE_FLOWER[rank - 1])
    for suit, rank in zip(_SUIT_OF, _RANK_OF, strict=True)
)
"""Each tile's character by its index (:attr:`Tile.unicode`)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile kind. ``index`` orders the 34 playing tiles 0..33 (m, p, s, z) and flowers 34..41."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 42:
            raise ValueError(f"tile index {self.index} out of range 0..41")

    # -- construction -------------------------------------------------------------------------
    @staticmethod
    def of(suit: Suit, rank: int) -> Tile:
        if not 1 <= rank <= _SUIT_SIZE[suit]:
            raise NotationError(msg("tile.out_of_run", tile=f"{rank}{suit.value}", suit=Words(suit.zh, suit.en),
                                      size=_SUIT_SIZE[suit]))
        return TILES_BY_INDEX[_SUIT_BASE[suit] + rank - 1]

    @staticmethod
    def parse(text: str) -> Tile:
        """Parse one tile in mpsz form (``5m``, ``7z``, ``3f``) or an honour letter (``E``…``P``)."""
        text = text.strip()
        if len(text) == 1 and text in _HONOUR_LETTER:
            return Tile.of(Suit.Z, _HONOUR_LETTER.index(text) + 1)
        if len(text) != 2 or not text[0].isdigit():
            raise NotationError(msg("tile.not_a_tile", text=text), text=text)
        try:
            suit = Suit(text[1])
        except ValueError:
            raise NotationError(msg("tile.unknown_suit", text=text, suit=text[1]), text=text, position=1) from None
        return Tile.of(suit, int(text[0]))

    # -- properties ------------------------------------------------------------------------------
    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self.index]

    @property
    def rank(self) -> int:
        return _RANK_OF[self.index]

    @property
    def is_suited(self) -> bool:
        return self.index < 27

    @property
    def is_honour(self) -> bool:
        return 27 <= self.index < 34

    @property
    def is_flower(self) -> bool:
        return self.index >= 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self.index < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self.index < 34

    @property
    def is_terminal(self) -> bool:
        return self.is_suited and self.rank in (1, 9)

    @property
    def is_terminal_or_honour(self) -> bool:
        return self.is_terminal or self.is_honour

    @property
    def zh(self) -> str:
        if self.is_suited:
            return _NUM_ZH[self.rank - 1] + self.suit.zh
        if self.is_honour:
            return _HONOUR_ZH[self.rank - 1]
        return _FLOWER_ZH[self.rank - 1]

    @property
    def en(self) -> str:
        if self.is_suited:
            return f"{self.rank} {_SUITED_EN[self.suit]}"
        if self.is_honour:
            return _HONOUR_EN[self.rank - 1]
        return _FLOWER_EN[self.rank - 1]

    @property
    def unicode(self) -> str:
        """The tile's character in the Unicode Mahjong Tiles block: looked up, "copy as text" draws every tile."""
        return _UNICODE_OF[self.index]

    @property
    def letter(self) -> str:
        """The single-letter form of an honour (E S W N C F P) or flower (a..h)."""
        if self.is_honour:
            return _HONOUR_LETTER[self.rank - 1]
        if self.is_flower:
            return _FLOWER_LETTER[self.rank - 1]
        raise ValueError(f"{self} has no letter form")

    def shifted(self, delta: int) -> Tile | None:
        """The suited tile ``delta`` ranks away in the same suit, or None off the end."""
        if not self.is_suited:
            return None
        rank = self.rank + delta
        return Tile.of(self.suit, rank) if 1 <= rank <= 9 else None

    # -- hashing and order: by index, written out because tiles are hashed and sorted in every hot loop --
    def __hash__(self) -> int:
        return _TILE_HASH[self.index]  # the value a dataclass gives, hash((index,)), worked out once

    def __eq__(self, other: object) -> bool:
        # the dataclass's answer (NotImplemented for another class), without a tuple of each side's fields
        if other.__class__ is Tile:
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return _TILE_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


_TILE_HASH: tuple[int, ...] = tuple(hash((i,)) for i in range(42))
_TILE_TEXT: tuple[str, ...] = tuple(f"{_RANK_OF[i]}{_SUIT_OF[i].value}" for i in range(42))
"""Each tile's text (``5m``, ``7z``, ``3f``), by index."""
TILES_BY_INDEX: tuple[Tile, ...] = tuple(Tile(i) for i in range(42))
BY_INDEX: Callable[[Tile], int] = attrgetter("index")
"""A tile's index, as a sort key (the order of ``Tile.__lt__`` without a call of Python per comparison) or
mapped over tiles in C."""
ALL_TILES: tuple[Tile, ...] = TILES_BY_INDEX[:34]
"""The 34 playing tile kinds in order 1m..9m, 1p..9p, 1s..9s, 1z..7z."""
SUITED_TILES: tuple[Tile, ...] = TILES_BY_INDEX[:27]
HONOURS: tuple[Tile, ...] = TILES_BY_INDEX[27:34]
WINDS: tuple[Tile, ...] = TILES_BY_INDEX[27:31]
DRAGONS: tuple[Tile, ...] = TILES_BY_INDEX[31:34]
FLOWERS: tuple[Tile, ...] = TILES_BY_INDEX[34:42]
TERMINALS_AND_HONOURS: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t.is_terminal_or_honour)


def tile(text: str) -> Tile:
    """Shorthand for :meth:`Tile.parse`."""
    return Tile.parse(text)


def tiles(text: str) -> tuple[Tile, ...]:
    """Parse a run of mpsz tiles without melds: ``tiles("123m55z")``.

    >>> [str(t) for t in tiles("19m1z")]
    ['1m', '9m', '1z']
    """
    out: list[Tile] = []
    digits: list[tuple[int, str]] = []
    for pos, ch in enumerate(text):
        if ch.isdigit():
            digits.append((pos, ch))
        elif ch in "mpszf":
            if not digits:
                where = msg("tile.suffix_alone", suffix=ch, position=pos, n=pos + 1)
                raise NotationError(where, text=text, position=pos)
            for dpos, d in digits:
                try:
                    out.append(Tile.of(Suit(ch), int(d)))
                except NotationError as exc:
                    raise NotationError(exc.msg or exc.message, text=text, position=dpos) from None
            digits = []
        elif ch.isspace():
            continue
        else:
            raise NotationError(msg("tile.unknown_char", char=ch, position=pos, n=pos + 1), text=text,
                                position=pos)
    if digits:
        first = digits[0][0]
        raise NotationError(msg("tile.digits_alone", position=first, n=first + 1), text=text, position=first)
    return tuple(out)


def counts34(tile_seq: Iterable[Tile]) -> list[int]:
    """A 34-slot count array of the playing tiles in ``tile_seq`` (flowers ignored)."""
    c = [0] * 34
    for t in tile_seq:
        if t.index < 34:
            c[t.index] += 1
    return c
