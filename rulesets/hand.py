"""The hand: standing tiles, melds, the winning tile, and the context of the win.

Seats are named by seat wind (E is the dealer 庄). Turn order is E → S → W → N; the player before
you in turn order is your 上家 (left), the one after you your 下家 (right).

>>> from rulesets.tiles import tiles
>>> h = Hand(standing=tiles("123456789m1122p"), winning_tile=tiles("2p")[0])
>>> h.validate()
>>> len(h.concealed_tiles)
14
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from operator import eq
from typing import Any

from .errors import ContextError, HandError
from .messages import msg
from .tiles import BY_INDEX, TILES_BY_INDEX, Tile, counts34
from .values import plain_fields, quick


class Seat(enum.Enum):
    """A seat, named by its seat wind. Six-player games add X and Y after N."""

    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    E = "E"
    S = "S"
    W = "W"
    N = "N"
    X = "X"  # 5th seat (六人血战)
    Y = "Y"  # 6th seat (六人血战)

    @property
    def order(self) -> int:
        return _SEAT_ORDER.index(self)

    @property
    def zh(self) -> str:
        return "东南西北五六"[self.order]

    @property
    def en(self) -> str:
        return ("East", "South", "West", "North", "Fifth", "Sixth")[self.order]

    @property
    def wind_tile(self) -> Tile:
        if self.order >= 4:
            raise ValueError(f"seat {self.value} has no wind tile")
        return Tile(27 + self.order)

    def offset(self, steps: int, players: int = 4) -> Seat:
        """The seat ``steps`` places later in turn order at a table of ``players``."""
        return _SEAT_ORDER[(self.order + steps) % players]

    def source(self, rel: Relative, players: int = 4) -> Seat:
        """The seat a tile came from, given its position relative to this seat."""
        return self.offset(-int(rel.value), players)

    def relative_of(self, other: Seat, players: int = 4) -> Relative:
        """Where ``other`` sits relative to this seat (at a 4-player table)."""
        diff = (self.order - other.order) % players
        if diff not in (1, 2, 3):
            raise ContextError(msg("context.not_another_player", seat=other.value, players=players))
        return Relative(diff)


_SEAT_ORDER = (Seat.E, Seat.S, Seat.W, Seat.N, Seat.X, Seat.Y)
SEATS4 = _SEAT_ORDER[:4]


def seats(players: int) -> tuple[Seat, ...]:
    """The seats of a table of ``players`` (2, 3, 4 or 6)."""
    return _SEAT_ORDER[:players]


class Relative(enum.IntEnum):
    """Where a claimed tile came from, relative to the claimer (ChineseOfficialMahjongHelper digits)."""

    LEFT = 1  # 上家: the player before you in turn order
    ACROSS = 2  # 对家
    RIGHT = 3  # 下家

    @property
    def zh(self) -> str:
        return {1: "上家", 2: "对家", 3: "下家"}[self.value]


class MeldKind(enum.Enum):
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    CHOW = "chow"  # 吃
    PUNG = "pung"  # 碰
    KONG = "kong"  # 明杠 / 暗杠 / 加杠 (see KongKind)


class KongKind(enum.Enum):
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    EXPOSED = "exposed"  # 明杠 / 直杠: claimed on a discard
    CONCEALED = "concealed"  # 暗杠
    ADDED = "added"  # 加杠 / 补杠 / 巴杠: a claimed pung promoted with a drawn tile

    @property
    def zh(self) -> str:
        return {"exposed": "明杠", "concealed": "暗杠", "added": "加杠"}[self.value]


@plain_fields
@dataclass(frozen=True)
class Meld:
    """A fixed pack. ``tile`` is its lowest tile.

    ``source`` is the seat (relative to the hand's owner) the claimed tile came from: for a chow always
    the left player; for an added kong, the player who fed the original pung. ``claimed`` is, for a
    chow, which of its three tiles (1..3, low to high) was claimed.
    """

    kind: MeldKind
    tile: Tile
    kong: KongKind | None = None
    source: Relative | None = None
    claimed: int | None = None

    def __post_init__(self) -> None:
        if self.kind is MeldKind.CHOW:
            if not self.tile.is_suited or self.tile.rank > 7:
                raise HandError(msg("hand.not_a_chow", start=f"{self.tile}{_next(self.tile)}"))
            if self.kong is not None:
                raise HandError(msg("hand.chow_kong"))
        if self.tile.is_flower:
            raise HandError(msg("hand.flower_meld", tile=str(self.tile)))
        if (self.kind is MeldKind.KONG) != (self.kong is not None):
            raise HandError(msg("hand.kong_kind"))
        if self.kong is KongKind.CONCEALED and self.source is not None:
            raise HandError(msg("hand.concealed_source"))
        if self.claimed is not None and not (self.kind is MeldKind.CHOW and 1 <= self.claimed <= 3):
            raise HandError(msg("hand.claimed"))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is MeldKind.CHOW:
            i = self.tile.index
            return TILES_BY_INDEX[i : i + 3]
        return (self.tile,) * (4 if self.kind is MeldKind.KONG else 3)

    @property
    def is_concealed(self) -> bool:
        """Only a concealed kong is concealed; every other meld was claimed."""
        return self.kong is KongKind.CONCEALED

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    @property
    def zh(self) -> str:
        if self.kong is not None:
            return self.kong.zh
        return {"chow": "吃", "pung": "碰"}[self.kind.value]

    def __str__(self) -> str:
        found = _MELD_TEXT.get((self.kind, self.tile.index))  # every meld of a playing tile: written out once
        return found if found is not None else _meld_text(self.kind, self.tile)


def _meld_text(kind: MeldKind, tile: Tile) -> str:
    """A meld's text: the digits of its tiles and their suit letter (``123m``, ``555p``, ``1111z``)."""
    text = str(tile)  # the lowest tile's digit and suit letter
    rank, suit = text[0], text[1]
    if kind is MeldKind.CHOW:
        return f"{rank}{int(rank) + 1}{int(rank) + 2}{suit}"
    return rank * (4 if kind is MeldKind.KONG else 3) + suit


_MELD_TEXT: dict[tuple[MeldKind, int], str] = {
    (kind, t.index): _meld_text(kind, t) for kind in MeldKind for t in TILES_BY_INDEX[:34]
    if kind is not MeldKind.CHOW or (t.index < 27 and t.index % 9 <= 6)
}
"""Each meld's text by its kind and lowest tile (:meth:`Meld.__str__`), for the 34 playing tiles."""


def _next(t: Tile) -> str:
    n = t.shifted(1)
    return str(n) if n else "?"


_MELD_INDICES = {
    MeldKind.CHOW: tuple((i, i + 1, i + 2) for i in range(42)),
    MeldKind.PUNG: tuple((i,) * 3 for i in range(42)),
    MeldKind.KONG: tuple((i,) * 4 for i in range(42)),
}
"""The indices of a meld's tiles by its kind and lowest tile's index (:meth:`Hand.check_held` reads them without
building the meld's tiles)."""


class WinMethod(enum.Enum):
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    SELF_DRAWN = "self_drawn"  # 自摸
    DISCARD = "discard"  # 点和 / 点炮: on another player's discard
    ROB_KONG = "rob_kong"  # 抢杠和: on the tile another player adds to a pung


@dataclass(frozen=True)
class KongEvent:
    """A kong declared by another player during this hand (for kong money): who, which kind, fed by whom."""

    seat: Seat
    kind: KongKind
    fed_by: Seat | None = None  # the discarder of an exposed kong


@quick
@dataclass(frozen=True)
class WinContext:
    """Everything about the win that the tiles do not say.

    ``from_seat`` is the discarder (or the player whose kong was robbed); when it is not given, the
    winner's 上家 (the previous seat in turn order) is assumed.
    """

    win: WinMethod = WinMethod.DISCARD
    seat: Seat = Seat.E  # the winner's seat wind
    round_wind: Seat = Seat.E  # 圈风
    from_seat: Seat | None = None
    kong_replacement: bool = False  # 杠上开花: won on a kong's replacement tile
    after_kong: bool = False  # 杠上炮: won on the discard made right after the discarder's kong
    last_tile: bool = False  # 海底: the last tile of the wall (self-drawn) or its discard
    last_copy: bool = False  # 和绝张: the other three copies are already visible
    heavenly: bool = False  # 天和: the dealer wins on the initial deal
    earthly: bool = False  # 地和: a non-dealer wins on the dealer's first discard (or first draw)
    flowers: tuple[Tile, ...] = ()  # flower tiles by identity (1f..8f)
    wildcard: Tile | None = None  # the system's wildcard tile, when it has one
    already_won: frozenset[Seat] = frozenset()  # 血战: players who won earlier in this hand
    kongs: tuple[KongEvent, ...] = ()  # other players' kongs in this hand
    table: tuple[tuple[str, Any], ...] = ()  # system-declared context (rulesets.context), sorted, non-defaults only

    @property
    def dealer(self) -> Seat:
        """The dealer (庄): the declared ``dealer`` value, E when the table does not say."""
        from .context import DEALER

        return DEALER.of(self) or Seat.E

    @property
    def self_drawn(self) -> bool:
        return self.win is WinMethod.SELF_DRAWN

    def discarder(self, players: int = 4) -> Seat | None:
        """The seat that pays for a discard or robbed-kong win, or None when self-drawn."""
        if self.self_drawn:
            return None
        return self.from_seat or self.seat.offset(-1, players)

    def check(self, players: int = 4, *, winners_stay: bool = False) -> None:
        """Raise :class:`ContextError` for flags that cannot go together (the rules are :data:`CONTEXT_RULES`,
        and :data:`WINNERS_LEAVE_RULES` unless ``winners_stay``)."""
        table = seats(players)
        named: tuple[Seat | None, ...] = (self.seat, self.from_seat)
        if self.already_won or self.kongs:
            named += (*self.already_won, *(s for k in self.kongs for s in (k.seat, k.fed_by)))
        for seat in named:  # the seats the context names sit at this table (a kong by X at a table of four: no)
            if seat is not None and seat not in table:
                raise ContextError(msg("context.seat_at_table", seat=seat.value, players=players))
        if self.calm:
            if self.from_seat is None:  # quiet: no rule can break
                return
            rules = _DISCARDER_RULES
        else:
            rules = CONTEXT_RULES if winners_stay else _EVERY_CONTEXT_RULE
        for broken, key in rules:
            if broken(self):
                raise ContextError(msg(key, **_rule_params(key, self)))

    @property
    def quiet(self) -> bool:
        """No flag a rule of :data:`CONTEXT_RULES` or :data:`WINNERS_LEAVE_RULES` reads is set (a win on a
        discard or self-drawn, no discarder named, no flower, nobody out yet): none of them can be broken.
        Each rule needs one of these to break, so the rules need not be asked one by one."""
        return self.from_seat is None and self.calm

    @property
    def calm(self) -> bool:
        """:attr:`quiet` but for the discarder: no flag the rules read is set but, perhaps, ``from_seat`` (a win on
        a discard with its discarder named, the everyday case). Then only :data:`_DISCARDER_RULES` can break."""
        return not (self.seat is None or self.kong_replacement or self.after_kong or self.heavenly or self.earthly
                    or self.flowers or self.already_won or self.win is WinMethod.ROB_KONG)

    def replace(self, **changes: object) -> WinContext:
        return replace(self, **changes)  # type: ignore[arg-type]


CONTEXT_RULES: tuple[tuple[Callable[[WinContext], bool], str], ...] = (
    (lambda c: c.from_seat is not None and c.self_drawn, "context.self_drawn_discarder"),
    (lambda c: c.from_seat == c.seat, "context.own_discard"),
    (lambda c: c.kong_replacement and not c.self_drawn, "context.replacement_self_drawn"),
    (lambda c: c.win is WinMethod.ROB_KONG and c.last_tile, "context.rob_last_tile"),
    (lambda c: c.win is WinMethod.ROB_KONG and c.last_copy, "context.rob_last_copy"),
    (lambda c: c.after_kong and c.win is not WinMethod.DISCARD, "context.after_kong_discard"),
    (lambda c: c.heavenly and c.earthly, "context.heavenly_earthly"),
    (lambda c: c.heavenly and (c.seat is not c.dealer or not c.self_drawn), "context.heavenly"),
    (lambda c: c.earthly and c.seat is c.dealer, "context.earthly"),
    (lambda c: (c.heavenly or c.earthly) and (c.kong_replacement or c.after_kong or c.last_tile), "context.first_turn"),
    (lambda c: bool(c.flowers) and len(set(c.flowers)) != len(c.flowers), "context.flower_once"),
    (lambda c: bool(c.flowers) and any(not f.is_flower for f in c.flowers), "context.flower_tiles"),
)
"""Context flags that cannot go together: (the combination, the key of what to say). Checked in this order."""

WINNERS_LEAVE_RULES: tuple[tuple[Callable[[WinContext], bool], str], ...] = (
    (lambda c: c.seat in c.already_won, "context.winner_already_won"),
    (lambda c: c.from_seat is not None and c.from_seat in c.already_won, "context.already_won"),
)
"""Where a player who won leaves the hand (血战到底), they can neither win again nor discard.
Systems where winners stay in (血流成河) skip these (``winners_stay=True``)."""
_EVERY_CONTEXT_RULE = CONTEXT_RULES + WINNERS_LEAVE_RULES
_DISCARDER_RULES = CONTEXT_RULES[:2]
"""The rules that can break when the only flag :attr:`WinContext.quiet` reads is the discarder (a discard win
with its discarder named, the everyday case): a discarder on a self-drawn win, or the winner's own discard.
Every other rule needs another of those flags."""


def _rule_params(key: str, c: WinContext) -> dict[str, str]:
    """The parameters of a broken context rule's message."""
    if key == "context.heavenly":
        return {"dealer": c.dealer.value}
    if key == "context.already_won":
        return {"seat": c.from_seat.value if c.from_seat else ""}
    return {}


@quick
@dataclass(frozen=True)
class Hand:
    """A hand: fixed melds, the standing (concealed) tiles, and the winning tile.

    ``standing`` does not include ``winning_tile``. A hand with ``winning_tile=None`` is a waiting hand
    (13 tiles with melds counted as three), used for waits.
    """

    standing: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    context: WinContext = field(default_factory=WinContext)

    @property
    def concealed_tiles(self) -> tuple[Tile, ...]:
        """Standing tiles plus the winning tile, sorted."""
        extra = (self.winning_tile,) if self.winning_tile is not None else ()
        return tuple(sorted(self.standing + extra, key=BY_INDEX))

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand, melds (kongs as four) included."""
        extra = (self.winning_tile,) if self.winning_tile is not None else ()
        return tuple(sorted(self.standing + extra + tuple(t for m in self.melds for t in m.tiles), key=BY_INDEX))

    @property
    def is_complete(self) -> bool:
        return self.winning_tile is not None

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.is_kong)

    @property
    def is_concealed(self) -> bool:
        """No claimed meld (concealed kongs allowed). Says nothing of how the last tile came."""
        return all(m.is_concealed for m in self.melds)

    def counts(self) -> list[int]:
        """34-slot counts of every tile in the hand."""
        return counts34(self.all_tiles)

    def size(self) -> int:
        """Tiles counted with each meld as three: 14 for a complete standard hand, 13 when waiting."""
        return len(self.standing) + 3 * len(self.melds) + (1 if self.winning_tile is not None else 0)

    def with_winning_tile(self, tile: Tile) -> Hand:
        return replace(self, winning_tile=tile)

    def with_context(self, context: WinContext) -> Hand:
        return replace(self, context=context)

    def validate(self, *, hand_size: int = 14, players: int = 4, winners_stay: bool = False,
                 skip_checks: frozenset[str] = frozenset()) -> None:
        """Raise :class:`HandError`/:class:`ContextError` if this hand cannot exist. ``skip_checks`` names the
        checks of :data:`SYSTEM_CHECKS` the system makes its own way (``Ruleset.skip_checks``)."""
        self.check_tiles(hand_size=hand_size)
        self.check_context(players=players, winners_stay=winners_stay, skip_checks=skip_checks)

    def check_tiles(self, *, hand_size: int = 14) -> None:
        """The checks of :meth:`validate` that read the tiles alone (their number, then :meth:`check_held`): raise
        :class:`HandError`. They hold or fail for every context of the same tiles."""
        won = self.winning_tile
        have = self.size()
        expected = hand_size if won is not None else hand_size - 1
        if have != expected:
            key = "hand.count" if won is not None else "hand.count_waiting"
            raise HandError(msg(key, n=have, expected=expected))
        self.check_held()

    def check_held(self) -> None:
        """The checks of :meth:`check_tiles` that hold at any number of tiles: no flower standing, no tile held more
        than four times (packs included); raise :class:`HandError`."""
        won = self.winning_tile
        indices = list(map(BY_INDEX, self.standing))  # the tiles by index, in C: no loop of Python over the tiles
        if won is not None:
            indices.append(won.index)
        if indices and max(indices) >= 34:  # a flower (Tile.is_flower), the first one standing
            held = self.standing + ((won,) if won is not None else ())
            t = next(t for t in held if t.index >= 34)
            raise HandError(msg("hand.flower_standing", tile=str(t), name=t.zh))
        for m in self.melds:  # a meld's tiles by index, without building them (Meld.tiles)
            indices += _MELD_INDICES[m.kind][m.tile.index]
        indices.sort()
        if any(map(eq, indices, indices[4:])):  # some tile held more than four times: the first one, by index
            i = next(i for i, j in zip(indices, indices[4:], strict=False) if i == j)
            t = TILES_BY_INDEX[i]
            raise HandError(msg("hand.copies", n=indices.count(i), tile=str(t), name=t.zh))

    def check_context(self, *, players: int = 4, winners_stay: bool = False,
                      skip_checks: frozenset[str] = frozenset()) -> None:
        """The checks of :meth:`validate` that read the context (alone and against the tiles): raise
        :class:`ContextError`."""
        self.context.check(players, winners_stay=winners_stay)
        self._check_context_against_tiles(skip_checks)

    def _check_context_against_tiles(self, skip_checks: frozenset[str]) -> None:
        ctx = self.context
        if ctx.kong_replacement and not self.kongs and REPLACEMENT_NEEDS_KONG not in skip_checks:
            raise ContextError(msg(REPLACEMENT_NEEDS_KONG))
        if self.winning_tile is None:
            return
        if ctx.win is WinMethod.ROB_KONG:
            held = self.standing.count(self.winning_tile) + sum(m.tiles.count(self.winning_tile) for m in self.melds)
            if held:
                raise ContextError(msg("context.rob_held", tile=str(self.winning_tile)))
        if ctx.last_copy and self.winning_tile in self.standing:
            raise ContextError(msg("context.last_copy_held", tile=str(self.winning_tile)))


REPLACEMENT_NEEDS_KONG = "context.replacement_needs_kong"
SYSTEM_CHECKS: frozenset[str] = frozenset({REPLACEMENT_NEEDS_KONG})
"""The checks of :meth:`Hand.validate` a system may make its own way (``Ruleset.skip_checks``), by the key
of their message: 杠上开花 needs a kong in the winner's hand, except where a tile put out as a kong (武汉's
红中杠, 癞子杠) gives a replacement draw too. A share code naming only such systems is read without them."""


def count_tiles(tile_seq: Iterable[Tile]) -> Counter[Tile]:
    return Counter(tile_seq)
