"""The hand editor behind the tile palette: read, edit and write the hand box's text.

The palette, the meld buttons and "tap a placed tile to remove it" all edit one hand string, written
in the editor form below. It is the ChineseOfficialMahjongHelper bracket format (DESIGN §4.1), which
``rulesets.notation.parse_hand`` reads, so whatever the editor writes can be scored as it stands:

- packs first, in brackets: chow ``[123m2]`` (which tile was claimed), pung ``[555p3]`` and exposed
  kong ``[7777s1]`` (the seat it came from: 1 上家, 2 对家, 3 下家), concealed kong ``[7777s]``, added
  kong ``[7777s5]`` (4 + the seat of the original pung);
- then the standing tiles in mpsz runs, sorted but for the last one tapped, which stays last: when
  the count is full, the last one is the winning tile (so a pack entered after it leaves it the
  winning tile), and :func:`make_winning` moves another standing tile there.

The grammar is the engine's: :func:`read` is ``rulesets.notation.read_tiles`` (the reader of
``parse_hand``, not held to a hand's count or to 4 copies), so it takes a hand in any format at any
stage of entry (3 tiles, 13 tiles…) and the page can draw what has been tapped so far; :func:`write`
is the engine's writer (``format_pack``, ``tile_runs``). This module keeps only the editor's model
of what has been placed (:class:`Pack`, :class:`EditorHand`) and its edits. ``static/js/calculator.js``
mirrors the edits for instant editing in the browser; without JavaScript, the form's buttons run them here.

>>> hand = read("[555p3]123m")
>>> write(add(hand, tile("9s")))
'[555p3]123m9s'
>>> write(add(read("11m"), tile("4z"), "pung", 2))
'[444z2]11m'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from rulesets.errors import MahjongError
from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative
from rulesets.notation import format_pack, parse_hand, read_tiles, tile_runs
from rulesets.tiles import BY_INDEX, Suit, Tile, counts34, tile
from rulesets.values import keep, quick

FULL = 14
"""Tiles in a complete hand, each pack counted as three, unless the table's system says otherwise (温州 17,
the six-player 四川 table 8): :attr:`EditorHand.full`."""

MODES = ("standing", "chow", "pung", "exposed_kong", "concealed_kong", "added_kong")
"""What a tap on the palette adds: a standing tile, or a pack of this kind."""

@quick  # made the quick way (rulesets.values.quick): a page makes a hand's packs at every tap
@dataclass(frozen=True)
class Pack:
    """A fixed pack as the editor writes it: kind (one of MODES but standing), lowest tile, digit."""

    kind: str
    tile: Tile
    digit: int | None = None  # chow: claimed tile 1-3; pung/kongs: seat 1-3; concealed kong: None

    @cached_property
    def meld(self) -> Meld:
        """The engine's meld: a chow's claimed tile, the seat a pung or kong came from (made once: the page
        asks a pack for its tiles and its text several times)."""
        if self.kind == "chow":
            return Meld(MeldKind.CHOW, self.tile, source=Relative.LEFT, claimed=self.digit or 1)
        if self.kind == "pung":
            return Meld(MeldKind.PUNG, self.tile, source=Relative(self.digit or 1))
        if self.kind == "concealed_kong":
            return Meld(MeldKind.KONG, self.tile, kong=KongKind.CONCEALED)
        kong = KongKind.ADDED if self.kind == "added_kong" else KongKind.EXPOSED
        return Meld(MeldKind.KONG, self.tile, kong=kong, source=Relative(self.digit or 1))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self._written()[0]

    def text(self) -> str:
        return self._written()[1]

    def _written(self) -> tuple[tuple[Tile, ...], str]:
        """The pack's tiles and its text, kept per pack (kind, lowest tile, digit: a few hundred in all): the
        packs of a hand are new at every tap, and each would otherwise build its meld to be counted and written."""
        key = (self.kind, self.tile.index, self.digit)
        found = _WRITTEN.get(key)
        if found is None:
            meld = self.meld
            found = keep(_WRITTEN, key, (meld.tiles, format_pack(meld, "mpsz")), 1024)
        return found


_WRITTEN: dict[tuple[str, int, int | None], tuple[tuple[Tile, ...], str]] = {}
"""Each pack's tiles and text (:meth:`Pack._written`), by its kind, its lowest tile's index and its digit."""


@quick  # made the quick way, as the engine makes its values: a page makes a hand or two at every tap
@dataclass(frozen=True)
class EditorHand:
    """What has been entered so far: packs, and standing tiles in order (the last is the win when full)."""

    packs: tuple[Pack, ...] = ()
    standing: tuple[Tile, ...] = ()
    full: int = FULL  # the tiles of a complete hand at this table

    @property
    def size(self) -> int:
        return len(self.standing) + 3 * len(self.packs)

    @property
    def winning_tile(self) -> Tile | None:
        return self.standing[-1] if self.size == self.full and self.standing else None

    @property
    def held(self) -> tuple[Tile, ...]:
        """The standing tiles without the winning tile, sorted."""
        if self.winning_tile is not None:
            return self.ordered[:-1]
        return tuple(sorted(self.standing, key=BY_INDEX))

    @cached_property
    def ordered(self) -> tuple[Tile, ...]:
        """The standing tiles as written: sorted, the last one tapped (the winning tile when full) last (worked
        out once: a page writes the hand and its tokens from it)."""
        return (*sorted(self.standing[:-1], key=BY_INDEX), *self.standing[-1:])

    def counts(self) -> list[int]:
        return counts34(list(self.standing) + [t for p in self.packs for t in p.tiles])


def write(hand: EditorHand) -> str:
    """The editor form of ``hand``: packs, the sorted standing tiles, the last one tapped (the winning tile) last."""
    return "".join([p.text() for p in hand.packs]) + tile_runs(hand.ordered, letters=False)


def read(text: str, full: int = FULL) -> EditorHand | None:
    """Read the hand box at any stage of entry, in any format ``parse_hand`` reads (a share code's hand
    too), for a table whose hands have ``full`` tiles; None if it cannot be read."""
    if not text.strip():
        return EditorHand(full=full)
    try:
        melds, standing = read_tiles(text)
    except MahjongError:
        try:
            return from_hand(parse_hand(text), full)  # a share code
        except MahjongError:
            return None
    return EditorHand(tuple(_pack_of(m) for m in melds), standing, full)


def from_hand(hand: Hand, full: int = FULL) -> EditorHand:
    """The editor's view of a parsed hand (any input format)."""
    packs = tuple(_pack_of(m) for m in hand.melds)
    standing = tuple(sorted(hand.standing)) + ((hand.winning_tile,) if hand.winning_tile else ())
    return EditorHand(packs, standing, len(standing) + 3 * len(packs) if hand.winning_tile else full)


def as_typed(hand: Hand, full: int = FULL) -> EditorHand:
    """The editor's view of ``hand`` read from a hand string (not a share code) by ``parse_hand``: what
    :func:`read` gives for that string, without reading it again. The reader keeps the packs and the
    standing tiles in the order written, the winning tile being the last one written, as :func:`read` does."""
    standing = hand.standing + (hand.winning_tile,) if hand.winning_tile is not None else hand.standing
    return EditorHand(tuple(_pack_of(m) for m in hand.melds), standing, full)


def _pack_of(meld: Meld) -> Pack:
    source = int(meld.source) if meld.source is not None else 1
    if meld.kind is MeldKind.CHOW:
        return Pack("chow", meld.tile, meld.claimed or 1)
    if meld.kind is MeldKind.PUNG:
        return Pack("pung", meld.tile, source)
    return Pack(_KONG_MODES[meld.kong], meld.tile, None if meld.kong is KongKind.CONCEALED else source)  # type: ignore[index]


_KONG_MODES = {KongKind.EXPOSED: "exposed_kong", KongKind.CONCEALED: "concealed_kong", KongKind.ADDED: "added_kong"}
"""The palette's mode of each kind of kong."""


class EditError(ValueError):
    """An edit the hand cannot take (a fifth copy, a full hand, a chow off the end of a suit)."""


def add(hand: EditorHand, t: Tile, mode: str = "standing", digit: int = 1) -> EditorHand:
    """Add a standing tile, or a pack of kind ``mode`` on tile ``t``.

    For a chow, ``t`` is the claimed tile and ``digit`` its place (1 lowest … 3 highest); for a pung or
    kong, ``digit`` is the seat it came from. A pack takes its tiles from the standing tiles when they
    are there; an added kong promotes the hand's pung of that tile.
    """
    if t.is_flower:
        raise EditError(f"{t} ({t.zh}) is a flower: flowers are chosen in the flower row, not put in the hand")
    if mode == "standing":
        return _add_standing(hand, t)
    if mode not in MODES:
        raise EditError(f"unknown mode {mode!r}")
    if mode == "added_kong":
        promoted = _promote(hand, t)
        if promoted is not None:
            return promoted
    pack = _new_pack(t, mode, digit)
    held = list(hand.standing)
    for x in pack.tiles:
        _take(held, x)
    return _checked(EditorHand(hand.packs + (pack,), EditorHand(standing=tuple(held)).ordered, hand.full))


def _take(standing: list[Tile], t: Tile) -> bool:
    """Take the first ``t`` out of ``standing``: the last tile (the last one tapped) only when it is the only copy."""
    if t not in standing:
        return False
    standing.remove(t)
    return True


def _promote(hand: EditorHand, t: Tile) -> EditorHand | None:
    """Turn the hand's pung of ``t`` into an added kong; its fourth tile leaves the standing tiles if there."""
    for i, p in enumerate(hand.packs):
        if p.kind == "pung" and p.tile == t:
            held = list(hand.standing)
            _take(held, t)
            packs = hand.packs[:i] + (replace(p, kind="added_kong"),) + hand.packs[i + 1 :]
            return _checked(EditorHand(packs, EditorHand(standing=tuple(held)).ordered, hand.full))
    return None


def _new_pack(t: Tile, mode: str, digit: int) -> Pack:
    if not 1 <= digit <= 3:
        raise EditError("the seat (or the claimed tile's place) is 1, 2 or 3")
    if mode == "chow":
        low = t.shifted(1 - digit)
        if low is None or low.rank > 7:
            raise EditError(f"no chow has {t} ({t.zh}) in place {digit}: a chow is three tiles in a row of one suit")
        return Pack("chow", low, digit)
    return Pack(mode, t, None if mode == "concealed_kong" else digit)


def _add_standing(hand: EditorHand, t: Tile) -> EditorHand:
    if hand.size >= hand.full:
        raise EditError("the hand is full: remove a tile first")
    return _checked(EditorHand(hand.packs, tuple(sorted(hand.standing)) + (t,), hand.full))


def _checked(hand: EditorHand) -> EditorHand:
    counts = hand.counts()
    for index, n in enumerate(counts):
        if n > 4:
            t = Tile(index)
            raise EditError(f"{n} copies of {t} ({t.zh}): a tile has only 4 copies")
    if hand.size > hand.full:
        raise EditError(f"{hand.size} tiles (each pack counted as 3): a hand has {hand.full}")
    return hand


def remove(hand: EditorHand, token: str) -> EditorHand:
    """Remove what a placed tile stands for: ``w`` the winning tile, ``t:5m`` a standing 5m, ``p:0`` pack 0."""
    kind, _, arg = token.partition(":")
    if kind == "w" and hand.winning_tile is not None:
        return EditorHand(hand.packs, hand.held, hand.full)
    if kind == "t":
        held = list(hand.ordered)
        try:
            if not _take(held, tile(arg)):
                raise ValueError(arg)
        except ValueError:
            raise EditError(f"there is no standing {arg} to remove") from None
        return EditorHand(hand.packs, EditorHand(standing=tuple(held)).ordered, hand.full)
    if kind == "p" and arg.isdigit() and int(arg) < len(hand.packs):
        i = int(arg)
        return EditorHand(hand.packs[:i] + hand.packs[i + 1 :], hand.ordered, hand.full)
    raise EditError(f"nothing to remove at {token!r}")


def make_winning(hand: EditorHand, text: str) -> EditorHand:
    """Make a standing ``text`` (``5m``) the winning tile of a full hand: it moves to the end.

    >>> write(make_winning(read("[555z2]123m456p789s22z"), "4p"))
    '[555z2]123m56p789s22z4p'
    """
    held = list(hand.ordered)
    try:
        found = tile(text) in held[:-1] and _take(held, tile(text))
    except ValueError:
        found = False
    if hand.winning_tile is None or not found:
        raise EditError(f"there is no standing {text} to make the winning tile")
    return EditorHand(hand.packs, tuple(sorted(held)) + (tile(text),), hand.full)


def tiles_left(hand: EditorHand | None) -> list[int]:
    """Copies of each of the 34 tiles not yet in the hand (4 minus those placed)."""
    counts = hand.counts() if hand else [0] * 34
    return [4 - n if n < 4 else 0 for n in counts]


SUIT_ROWS = (Suit.M, Suit.P, Suit.S, Suit.Z)
