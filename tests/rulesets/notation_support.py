"""Support for the notation and share-code tests: a seeded generator of hands that can exist, and
the check every fuzzed error must pass.

The hands are not winning shapes: the notation only promises what every hand satisfies (3n+1 standing tiles besides
the winning tile, at most 4 copies, a context that agrees with itself and the tiles). Melds of every
kind and source, waiting and complete hands, sizes 8/11/14/17, every context field, flowers.
Draws that :func:`check_hand` refuses are drawn again.

>>> import random
>>> h = random_hand(random.Random(1))
>>> check_hand(h)
>>> random_hand(random.Random(1)) == h
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, settings

from rulesets.errors import MahjongError
from rulesets.hand import SEATS4, Hand, KongEvent, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from rulesets.notation import check_hand
from rulesets.tiles import ALL_TILES, FLOWERS, TILES_BY_INDEX, Tile

ALL_SEATS = tuple(Seat)


def fuzz(examples: int) -> settings:
    """Hypothesis settings for the parser fuzz tests: ``examples`` inputs, no per-example deadline."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_or_clean_error[T](read: Callable[[str], T], text: str) -> T | None:
    """``read(text)``; or None when it raised a :class:`MahjongError` that says something and points at
    a character of the text (or nowhere). Any other exception fails the test."""
    try:
        return read(text)
    except MahjongError as exc:
        assert exc.message, text
        if exc.position is not None:
            assert 0 <= exc.position < len(text), (text, exc.position)
        return None


KONG_KINDS = tuple(KongKind)
FLAGS = ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")


def random_hand(rng: random.Random, *, full_context: bool = True, six_seats: bool = True) -> Hand:
    """A hand that passes :func:`check_hand`. ``full_context=False`` keeps to what GB strings say."""
    for _ in range(10_000):
        hand = _draw(rng, full_context, six_seats)
        if hand is None:
            continue
        try:
            check_hand(hand)
        except MahjongError:
            continue
        return hand
    raise AssertionError("no legal hand drawn in 10000 tries")


def _draw(rng: random.Random, full_context: bool, six_seats: bool) -> Hand | None:
    pool = {t: 4 for t in ALL_TILES}
    size = rng.choice((14, 14, 14, 11, 8, 17))
    melds = []
    for _ in range(rng.randint(0, (size - 2) // 3)):
        meld = _meld(rng)
        if not _take(pool, meld.tiles):
            return None
        melds.append(meld)
    complete = rng.random() < 0.8
    count = size - 3 * len(melds) - (0 if complete else 1)
    standing = []
    for _ in range(count):
        t = rng.choice([t for t, n in pool.items() if n])
        pool[t] -= 1
        standing.append(t)
    winning = standing.pop() if complete else None
    ctx = _context(rng, full_context, six_seats)
    return Hand(standing=tuple(standing), melds=tuple(melds), winning_tile=winning, context=ctx)


def _take(pool: dict[Tile, int], tiles: tuple[Tile, ...]) -> bool:
    for t in tiles:
        if pool[t] == 0:
            return False
        pool[t] -= 1
    return True


def _meld(rng: random.Random) -> Meld:
    kind = rng.choice(("chow", "pung", "exposed", "concealed", "added"))
    source = rng.choice(tuple(Relative))
    if kind == "chow":
        start = rng.choice([t for t in ALL_TILES if t.is_suited and t.rank <= 7])
        return Meld(MeldKind.CHOW, start, source=Relative.LEFT, claimed=rng.randint(1, 3))
    t = rng.choice(ALL_TILES)
    if kind == "pung":
        return Meld(MeldKind.PUNG, t, source=source)
    if kind == "concealed":
        return Meld(MeldKind.KONG, t, kong=KongKind.CONCEALED)
    return Meld(MeldKind.KONG, t, kong=KongKind(kind), source=source)


def _context(rng: random.Random, full: bool, six_seats: bool) -> WinContext:
    seats = ALL_SEATS if six_seats else SEATS4
    win = rng.choice(tuple(WinMethod))
    fields: dict[str, object] = {
        "win": win,
        "seat": rng.choice(seats),
        "round_wind": rng.choice(seats),
        "last_tile": rng.random() < 0.15,
        "last_copy": rng.random() < 0.15,
        "kong_replacement": win is WinMethod.SELF_DRAWN and rng.random() < 0.3,
        "flowers": tuple(sorted(rng.sample(FLOWERS, rng.randint(0, 8)))) if rng.random() < 0.5 else (),
    }
    if full:
        fields.update(_full_context(rng, seats, win))
    return WinContext(**fields)  # type: ignore[arg-type]


def _full_context(rng: random.Random, seats: tuple[Seat, ...], win: WinMethod) -> dict[str, object]:
    out: dict[str, object] = {
        "after_kong": win is WinMethod.DISCARD and rng.random() < 0.2,
        "heavenly": rng.random() < 0.05,
        "earthly": rng.random() < 0.05,
    }
    if win is not WinMethod.SELF_DRAWN and rng.random() < 0.5:
        out["from_seat"] = rng.choice(seats)
    if rng.random() < 0.3:
        out["wildcard"] = rng.choice(TILES_BY_INDEX)
    if rng.random() < 0.3:
        out["already_won"] = frozenset(rng.sample(seats, rng.randint(1, 2)))
    if rng.random() < 0.4:
        out["kongs"] = tuple(_kong_event(rng, seats) for _ in range(rng.randint(1, 3)))
    return out


def _kong_event(rng: random.Random, seats: tuple[Seat, ...]) -> KongEvent:
    seat = rng.choice(seats)
    kind = rng.choice(KONG_KINDS)
    fed_by = rng.choice([s for s in seats if s is not seat]) if kind is KongKind.EXPOSED or rng.random() < 0.3 else None
    return KongEvent(seat, kind, fed_by)
