"""A seeded generator of legal MCR (国标) hands, grouped in families.

Every family is a small function ``make(rng) -> Hand | None`` that builds one hand of a kind (a
shape, a fan family, a context corner); :func:`generate` draws ``count`` hands from it with a seed
of its own, so a family's hands are the same on every run and do not shift when another family
changes. Hands that cannot exist (five copies of a tile, flags that contradict the tiles) are
dropped by :meth:`Hand.validate` and redrawn.

Tiles are handled as indices 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z = 东南西北中发白); a set is
``(kind, first index, may_be_claimed)``.

>>> hands = generate("random_standard", seed=1, count=3)
>>> len(hands), all(h.winning_tile is not None for h in hands)
(3, True)
>>> [str(h.winning_tile) for h in hands] == [str(h.winning_tile) for h in generate("random_standard", seed=1, count=3)]
True
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rulesets.errors import MahjongError
from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from rulesets.tiles import FLOWERS, TILES_BY_INDEX, Tile

CHOW, PUNG, KONG = "chow", "pung", "kong"
SetSpec = tuple[str, int, bool]  # (kind, first tile index, may be claimed)
Blueprint = tuple[list[SetSpec], int]  # four sets (or fewer with 组合龙) and the pair
Maker = Callable[[random.Random], "Hand | None"]

SUITS = (0, 9, 18)  # first index of 万, 筒, 条
HONOURS = tuple(range(27, 34))
WINDS = tuple(range(27, 31))
DRAGONS = tuple(range(31, 34))
SUITED = tuple(range(27))
TERMINALS = tuple(b + r for b in SUITS for r in (0, 8))
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 发
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33)  # 1234589p 245689s 白
KNITTED_RANKS = ((1, 4, 7), (2, 5, 8), (3, 6, 9))
ALL_CHOW_STARTS = tuple(b + r for b in SUITS for r in range(7))


def rank(index: int) -> int:
    return index % 9 + 1


def chow(suit: int, start: int, claimable: bool = True) -> SetSpec:
    return (CHOW, suit + start - 1, claimable)


def pung(index: int, claimable: bool = True) -> SetSpec:
    return (PUNG, index, claimable)


def set_tiles(spec: SetSpec) -> tuple[int, ...]:
    kind, i, _ = spec
    if kind == CHOW:
        return (i, i + 1, i + 2)
    return (i,) * (4 if kind == KONG else 3)


def random_set(rng: random.Random, ok: Callable[[int], bool] = lambda i: True, chow_share: float = 0.5) -> SetSpec:
    """A chow or pung whose tiles all pass ``ok`` (a pung when no chow fits)."""
    chows = [i for i in ALL_CHOW_STARTS if ok(i) and ok(i + 1) and ok(i + 2)]
    pungs = [i for i in range(34) if ok(i)]
    if chows and (not pungs or rng.random() < chow_share):
        return (CHOW, rng.choice(chows), True)
    return pung(rng.choice(pungs))


def random_pair(rng: random.Random, ok: Callable[[int], bool] = lambda i: True) -> int:
    return rng.choice([i for i in range(34) if ok(i)])


def fill(
    rng: random.Random,
    sets: list[SetSpec],
    ok: Callable[[int], bool] = lambda i: True,
    chow_share: float = 0.5,
    total: int = 4,
) -> list[SetSpec]:
    """Complete ``sets`` to ``total`` sets with random sets whose tiles pass ``ok``."""
    return sets + [random_set(rng, ok, chow_share) for _ in range(total - len(sets))]


# --- turning a blueprint into a Hand ----------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How a blueprint is dressed: which sets are claimed, which pungs become kongs, the context."""

    meld_rate: float = 0.3
    kong_rate: float = 0.06
    kong_kinds: tuple[KongKind, ...] = tuple(KongKind)
    context: Callable[[random.Random, Hand], WinContext | None] | None = None


def _meld(rng: random.Random, spec: SetSpec, style: Style) -> Meld | None:
    """The fixed meld a set becomes, or None when it stays among the standing tiles."""
    kind, i, claimable = spec
    t = TILES_BY_INDEX[i]
    if kind == KONG:
        kinds = style.kong_kinds if claimable else (KongKind.CONCEALED,)
        return _kong(rng, t, rng.choice(kinds))
    if not claimable or rng.random() >= style.meld_rate:
        return None
    if kind == CHOW:
        return Meld(MeldKind.CHOW, t, source=Relative.LEFT, claimed=rng.randint(1, 3))
    return Meld(MeldKind.PUNG, t, source=rng.choice(tuple(Relative)))


def _kong(rng: random.Random, t: Tile, kind: KongKind) -> Meld:
    source = None if kind is KongKind.CONCEALED else rng.choice(tuple(Relative))
    return Meld(MeldKind.KONG, t, kong=kind, source=source)


def _promote(rng: random.Random, sets: list[SetSpec], style: Style) -> list[SetSpec]:
    """Turn some pungs into kongs (a claimable pung may become any kong, a concealed one only 暗杠)."""
    return [(KONG, i, c) if k == PUNG and rng.random() < style.kong_rate else (k, i, c) for k, i, c in sets]


def realise(rng: random.Random, blueprint: Blueprint, style: Style = Style()) -> Hand | None:
    sets, pair = blueprint
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for spec in _promote(rng, sets, style):
        meld = _meld(rng, spec, style)
        if meld is None:
            concealed.extend(set_tiles(spec))  # a kong is always a meld, so this is a chow or pung
        else:
            melds.append(meld)
    return finish(rng, concealed, melds, style)


def finish(
    rng: random.Random, concealed: Sequence[int], melds: Sequence[Meld] = (), style: Style = Style()
) -> Hand | None:
    """Pick the winning tile among the concealed tiles, add a context, and keep the hand if it is legal."""
    counts = Counter(concealed)
    for m in melds:
        counts.update(t.index for t in m.tiles)
    if max(counts.values()) > 4:
        return None
    win = rng.choice(list(concealed))
    standing = sorted(concealed)
    standing.remove(win)
    hand = Hand(tuple(TILES_BY_INDEX[i] for i in standing), tuple(melds), TILES_BY_INDEX[win])
    context = (style.context or random_context)(rng, hand)
    if context is None:
        return None
    hand = hand.with_context(context)
    try:
        hand.validate()
    except MahjongError:
        return None
    return hand


# --- contexts -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContextOdds:
    self_drawn: float = 0.45
    rob_kong: float = 0.08  # only when the hand holds no other copy of the winning tile
    kong_replacement: float = 0.3  # only self-drawn with a kong
    last_tile: float = 0.1
    last_copy: float = 0.12  # only when the standing tiles hold no copy of the winning tile
    flowers: float = 0.4
    foreign: float = 0.0  # context MCR has no fan for (杠上炮, 天和, 地和): scored as if absent


def random_context(rng: random.Random, hand: Hand, odds: ContextOdds = ContextOdds()) -> WinContext:
    win_tile = hand.winning_tile
    assert win_tile is not None
    alone = hand.all_tiles.count(win_tile) == 1
    roll = rng.random()
    if roll < odds.self_drawn:
        method = WinMethod.SELF_DRAWN
    elif alone and roll < odds.self_drawn + odds.rob_kong:
        method = WinMethod.ROB_KONG
    else:
        method = WinMethod.DISCARD
    self_drawn = method is WinMethod.SELF_DRAWN
    robbed = method is WinMethod.ROB_KONG
    ctx = WinContext(
        win=method,
        seat=rng.choice(SEATS),
        round_wind=rng.choice(SEATS),
        kong_replacement=self_drawn and bool(hand.kongs) and rng.random() < odds.kong_replacement,
        last_tile=not robbed and rng.random() < odds.last_tile,
        last_copy=not robbed and win_tile not in hand.standing and rng.random() < odds.last_copy,
        flowers=random_flowers(rng, odds.flowers),
    )
    return foreign_context(ctx) if rng.random() < odds.foreign else ctx


def foreign_context(ctx: WinContext) -> WinContext:
    """Add the context of other systems that fits: 杠上炮 on a discard, 天和/地和 on a first-turn self-draw."""
    if ctx.win is WinMethod.DISCARD:
        return ctx.replace(after_kong=True)
    if ctx.self_drawn and not (ctx.kong_replacement or ctx.last_tile):
        return ctx.replace(heavenly=True) if ctx.seat is Seat.E else ctx.replace(earthly=True)
    return ctx


SEATS = (Seat.E, Seat.S, Seat.W, Seat.N)


def random_flowers(rng: random.Random, share: float) -> tuple[Tile, ...]:
    if rng.random() >= share:
        return ()
    return tuple(sorted(rng.sample(FLOWERS, rng.randint(1, 8))))


FLAG_HEAVY = ContextOdds(
    self_drawn=0.5, rob_kong=0.3, kong_replacement=0.6, last_tile=0.4, last_copy=0.4, flowers=0.6, foreign=0.15
)


def flag_context(rng: random.Random, hand: Hand) -> WinContext:
    return random_context(rng, hand, FLAG_HEAVY)


def discard_context(rng: random.Random, hand: Hand) -> WinContext:
    """A plain discard win, no flags, no flowers half the time: the setting where small fans decide legality."""
    ctx = random_context(rng, hand, ContextOdds(self_drawn=0.0, rob_kong=0.0, last_tile=0.0, last_copy=0.0))
    return ctx


# --- broad families -------------------------------------------------------------------------------


def random_standard(rng: random.Random) -> Hand | None:
    """Four random sets and a pair, random melds and context."""
    bp = (fill(rng, []), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=rng.choice((0.0, 0.2, 0.5, 0.8)), kong_rate=0.08))


def concealed_standard(rng: random.Random) -> Hand | None:
    """No claimed set (concealed kongs allowed): 门前清/不求人, concealed pungs, waits."""
    bp = (fill(rng, [], chow_share=0.6), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=0.0, kong_rate=0.05, kong_kinds=(KongKind.CONCEALED,)))


def one_suit(rng: random.Random) -> Hand | None:
    """Everything in one suit (清一色), optionally with honours (混一色): many readings and waits."""
    suit = rng.choice(SUITS)
    with_honours = rng.random() < 0.35

    def ok(i: int) -> bool:
        return suit <= i < suit + 9 or (with_honours and i >= 27)

    bp = (fill(rng, [], ok, chow_share=0.65), random_pair(rng, ok))
    return realise(rng, bp, Style(meld_rate=rng.choice((0.0, 0.0, 0.25)), kong_rate=0.04))


def two_suits(rng: random.Random) -> Hand | None:
    """Two suits only (缺一门), chows mostly: 喜相逢/连六/老少副/一般高 and account-once."""
    a, b = rng.sample(SUITS, 2)
    bp = (fill(rng, [], lambda i: a <= i < a + 9 or b <= i < b + 9, chow_share=0.8), random_pair(rng, lambda i: i < 27))
    return realise(rng, bp, Style(meld_rate=rng.choice((0.0, 0.3)), kong_rate=0.03))


def chow_heavy(rng: random.Random) -> Hand | None:
    """Four chows with clustered starts: the 1-fan chow pairs and the account-once principle."""
    starts = rng.sample(range(1, 8), rng.randint(1, 3))
    suits = rng.sample(SUITS, rng.randint(1, 3))
    sets = [chow(rng.choice(suits), rng.choice(starts)) for _ in range(4)]
    bp = (sets, random_pair(rng, lambda i: i < 27) if rng.random() < 0.8 else rng.choice(HONOURS))
    return realise(rng, bp, Style(meld_rate=rng.choice((0.0, 0.25, 0.5)), kong_rate=0.0))


def pung_heavy(rng: random.Random) -> Hand | None:
    """Mostly pungs, honours likely: wind/dragon pungs, 双同刻, concealed-pung series."""
    bp = (fill(rng, [], chow_share=0.15), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=rng.choice((0.0, 0.3, 0.6)), kong_rate=0.1))


def honour_pungs(rng: random.Random) -> Hand | None:
    """Two or three honour pungs plus anything: 箭刻, 圈风刻, 门风刻, 幺九刻, 双箭刻."""
    honours = rng.sample(HONOURS, rng.randint(2, 3))
    bp = (fill(rng, [pung(i) for i in honours]), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=0.4, kong_rate=0.1))


def kongs(rng: random.Random) -> Hand | None:
    """One to four kongs of every kind, next to concealed and claimed pungs: the kong series (§5.2)."""
    n = rng.choice((1, 1, 2, 2, 2, 3, 4))
    kong_sets = [(KONG, i, True) for i in rng.sample(range(34), n)]
    bp = (fill(rng, kong_sets, chow_share=0.4), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=rng.choice((0.0, 0.3)), kong_rate=0.15))


def melded_hand(rng: random.Random) -> Hand | None:
    """Four claimed sets: 全求人 on a discard, 自摸 only when self-drawn."""
    bp = (fill(rng, []), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=1.0, kong_rate=0.1, kong_kinds=(KongKind.EXPOSED, KongKind.ADDED)))


def context_flags(rng: random.Random) -> Hand | None:
    """Random hands with the win-context flags on often: 妙手回春, 海底捞月, 杠上开花, 抢杠和, 和绝张."""
    bp = (fill(rng, []), random_pair(rng))
    return realise(rng, bp, Style(meld_rate=0.3, kong_rate=0.2, context=flag_context))


def low_value(rng: random.Random) -> Hand | None:
    """Claimed chows, mixed suits, discard wins: 无番和 and hands below the 8-fan minimum."""
    sets = [random_set(rng, lambda i: i < 27, chow_share=0.85) for _ in range(4)]
    bp = (sets, random_pair(rng))
    return realise(rng, bp, Style(meld_rate=0.6, kong_rate=0.0, context=discard_context))


def chicken_hand(rng: random.Random) -> Hand | None:
    """Built to score nothing: a chow in each suit, a fourth simple set, an honour pair, claimed sets,
    a discard (无番和 and its near misses)."""
    suits = list(SUITS)
    rng.shuffle(suits)
    sets = [chow(s, rng.randint(1, 7)) for s in suits]
    sets.append(random_set(rng, lambda i: i < 27 and 2 <= rank(i) <= 8, chow_share=0.7))
    return realise(rng, (sets, rng.choice(HONOURS)), Style(meld_rate=0.7, kong_rate=0.0, context=discard_context))


def all_types(rng: random.Random) -> Hand | None:
    """One set in each suit plus an honour set and honour pair: 五门齐."""
    suits = list(SUITS)
    rng.shuffle(suits)
    sets = [random_set(rng, lambda i, b=b: b <= i < b + 9) for b in suits]
    winds_first = rng.random() < 0.5
    sets.append(pung(rng.choice(WINDS if winds_first else DRAGONS)))
    return realise(rng, (sets, rng.choice(DRAGONS if winds_first else WINDS)), Style(meld_rate=0.3))


def outside_hand(rng: random.Random) -> Hand | None:
    """Every set and the pair hold a terminal or honour: 全带幺."""
    sets = []
    for _ in range(4):
        if rng.random() < 0.5:
            sets.append(chow(rng.choice(SUITS), rng.choice((1, 7))))
        else:
            sets.append(pung(rng.choice(TERMINALS + HONOURS)))
    return realise(rng, (sets, rng.choice(TERMINALS + HONOURS)), Style(meld_rate=0.3))


# --- special shapes -------------------------------------------------------------------------------


def concealed_only(rng: random.Random, tiles14: Sequence[int], style: Style = Style()) -> Hand | None:
    return finish(rng, tiles14, (), style)


def seven_pairs(rng: random.Random) -> Hand | None:
    """Seven random pairs (a tile may give two pairs: 四归一)."""
    pool = list(range(34)) if rng.random() < 0.6 else [i for i in range(34) if rng.random() < 0.4] or [0, 1, 2, 3]
    pairs = [rng.choice(pool) for _ in range(7)]
    return concealed_only(rng, [i for p in pairs for i in (p, p)])


def seven_shifted_pairs(rng: random.Random) -> Hand | None:
    """连七对: seven consecutive pairs of one suit."""
    suit, start = rng.choice(SUITS), rng.randint(1, 3)
    return concealed_only(rng, [suit + start - 1 + k for k in range(7) for _ in (0, 1)])


def thirteen_orphans(rng: random.Random) -> Hand | None:
    """十三幺 with a random duplicate."""
    orphans = list(TERMINALS + HONOURS)
    return concealed_only(rng, orphans + [rng.choice(orphans)])


def knitted_pattern(rng: random.Random) -> list[int]:
    """The nine tiles of a random 组合龙 (147/258/369, one pattern per suit)."""
    suits = list(SUITS)
    rng.shuffle(suits)
    return [s + r - 1 for s, ranks in zip(suits, KNITTED_RANKS, strict=True) for r in ranks]


def honors_knitted(rng: random.Random) -> Hand | None:
    """全不靠 / 七星不靠: 14 distinct tiles, knitted suited tiles (7–9) plus honours (5–7)."""
    knitted = knitted_pattern(rng)
    n_suited = rng.choice((7, 8, 9)) if rng.random() < 0.7 else 7
    tiles14 = rng.sample(knitted, n_suited) + rng.sample(HONOURS, 14 - n_suited)
    return concealed_only(rng, tiles14)


def greater_honors_knitted(rng: random.Random) -> Hand | None:
    """七星不靠: all seven honours plus seven knitted tiles."""
    return concealed_only(rng, rng.sample(knitted_pattern(rng), 7) + list(HONOURS))


def knitted_straight(rng: random.Random) -> Hand | None:
    """组合龙 + one set + a pair; the set may be claimed (the only meld)."""
    knitted = knitted_pattern(rng)
    spec = random_set(rng, chow_share=0.5)
    if rng.random() < 0.1 and spec[0] == PUNG:
        spec = (KONG, spec[1], True)
    pair = random_pair(rng)
    style = Style(meld_rate=0.35, kong_rate=0.0)
    meld = _meld(rng, spec, style)
    concealed = knitted + [pair, pair] + (list(set_tiles(spec)) if meld is None else [])
    return finish(rng, concealed, [meld] if meld else [], style)


def nine_gates(rng: random.Random) -> Hand | None:
    """1112345678999 of a suit plus any tile of it; a third of them the 14 tiles of a near miss."""
    suit = rng.choice(SUITS)
    gates = [suit + r - 1 for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    extra = suit + rng.randint(0, 8)
    if rng.random() < 0.67:
        hand = Hand(tuple(TILES_BY_INDEX[i] for i in gates), (), TILES_BY_INDEX[extra])
        context = random_context(rng, hand)
        hand = hand.with_context(context)
        try:
            hand.validate()
        except MahjongError:
            return None
        return hand
    return concealed_only(rng, gates + [extra])  # same 14 tiles, the winning tile drawn at random


# --- hands built for one fan ----------------------------------------------------------------------


def _in_ranks(*ranks: int) -> Callable[[int], bool]:
    return lambda i: i < 27 and rank(i) in ranks


def _suit_of(rng: random.Random) -> int:
    return rng.choice(SUITS)


def bp_big_four_winds(rng: random.Random) -> Blueprint:
    return [pung(w) for w in WINDS], random_pair(rng)


def bp_big_three_dragons(rng: random.Random) -> Blueprint:
    return fill(rng, [pung(d) for d in DRAGONS]), random_pair(rng)


def bp_all_green(rng: random.Random) -> Blueprint:
    def green_set() -> SetSpec:
        return chow(18, 2) if rng.random() < 0.4 else pung(rng.choice(GREEN))

    return [green_set() for _ in range(4)], rng.choice(GREEN)


def bp_four_kongs(rng: random.Random) -> Blueprint:
    return [(KONG, i, True) for i in rng.sample(range(34), 4)], random_pair(rng)


def bp_three_kongs(rng: random.Random) -> Blueprint:
    return fill(rng, [(KONG, i, True) for i in rng.sample(range(34), 3)]), random_pair(rng)


def bp_all_terminals(rng: random.Random) -> Blueprint:
    return [pung(i) for i in rng.sample(TERMINALS, 4)], rng.choice(TERMINALS)


def bp_little_four_winds(rng: random.Random) -> Blueprint:
    winds = list(WINDS)
    rng.shuffle(winds)
    return fill(rng, [pung(w) for w in winds[:3]]), winds[3]


def bp_little_three_dragons(rng: random.Random) -> Blueprint:
    dragons = list(DRAGONS)
    rng.shuffle(dragons)
    return fill(rng, [pung(d) for d in dragons[:2]]), dragons[2]


def bp_all_honours(rng: random.Random) -> Blueprint:
    return [pung(i) for i in rng.sample(HONOURS, 4)], rng.choice(HONOURS)


def bp_four_concealed_pungs(rng: random.Random) -> Blueprint:
    return [pung(i, claimable=False) for i in rng.sample(range(34), 4)], random_pair(rng)


def bp_pure_terminal_chows(rng: random.Random) -> Blueprint:
    s = _suit_of(rng)
    return [chow(s, 1), chow(s, 1), chow(s, 7), chow(s, 7)], s + 4


def bp_quadruple_chow(rng: random.Random) -> Blueprint:
    s, start = _suit_of(rng), rng.randint(1, 7)
    return [chow(s, start)] * 4, random_pair(rng)


def bp_four_shifted_pungs(rng: random.Random) -> Blueprint:
    s, start = _suit_of(rng), rng.randint(1, 6)
    return [pung(s + start - 1 + k) for k in range(4)], random_pair(rng)


def bp_four_shifted_chows(rng: random.Random) -> Blueprint:
    s = _suit_of(rng)
    step = rng.choice((1, 2))
    start = rng.randint(1, 4) if step == 1 else 1
    return [chow(s, start + step * k) for k in range(4)], random_pair(rng)


def bp_terminals_and_honours(rng: random.Random) -> Blueprint:
    pool = TERMINALS + HONOURS
    return [pung(i) for i in rng.sample(pool, 4)], rng.choice(pool)


def bp_all_even_pungs(rng: random.Random) -> Blueprint:
    evens = [i for i in SUITED if rank(i) % 2 == 0]
    return [pung(i) for i in rng.sample(evens, 4)], rng.choice(evens)


def bp_pure_triple_chow(rng: random.Random) -> Blueprint:
    s, start = _suit_of(rng), rng.randint(1, 7)
    return fill(rng, [chow(s, start)] * 3), random_pair(rng)


def bp_pure_shifted_pungs(rng: random.Random) -> Blueprint:
    s, start = _suit_of(rng), rng.randint(1, 7)
    return fill(rng, [pung(s + start - 1 + k) for k in range(3)]), random_pair(rng)


def _ranked(lo: int, hi: int) -> Callable[[random.Random], Blueprint]:
    """All tiles suited with ranks lo..hi (全大/全中/全小/大于五/小于五)."""
    ok = _in_ranks(*range(lo, hi + 1))
    return lambda rng: (fill(rng, [], ok), random_pair(rng, ok))


def bp_pure_straight(rng: random.Random) -> Blueprint:
    s = _suit_of(rng)
    return fill(rng, [chow(s, 1), chow(s, 4), chow(s, 7)]), random_pair(rng)


def bp_three_suited_terminal_chows(rng: random.Random) -> Blueprint:
    a, b, c = rng.sample(SUITS, 3)
    return [chow(a, 1), chow(a, 7), chow(b, 1), chow(b, 7)], c + 4


def bp_pure_shifted_chows(rng: random.Random) -> Blueprint:
    s, step = _suit_of(rng), rng.choice((1, 2))
    start = rng.randint(1, 7 - 2 * step)
    return fill(rng, [chow(s, start + step * k) for k in range(3)]), random_pair(rng)


def bp_all_fives(rng: random.Random) -> Blueprint:
    def five_set() -> SetSpec:
        s = rng.choice(SUITS)
        return pung(s + 4) if rng.random() < 0.25 else chow(s, rng.randint(3, 5))

    return [five_set() for _ in range(4)], rng.choice(SUITS) + 4


def bp_triple_pung(rng: random.Random) -> Blueprint:
    r = rng.randint(0, 8)
    return fill(rng, [pung(s + r) for s in SUITS]), random_pair(rng)


def bp_three_concealed_pungs(rng: random.Random) -> Blueprint:
    return fill(rng, [pung(i, claimable=False) for i in rng.sample(range(34), 3)]), random_pair(rng)


def bp_big_three_winds(rng: random.Random) -> Blueprint:
    winds = rng.sample(WINDS, 3)
    return fill(rng, [pung(w) for w in winds], lambda i: i not in WINDS), random_pair(rng, lambda i: i not in WINDS)


def bp_mixed_straight(rng: random.Random) -> Blueprint:
    suits = list(SUITS)
    rng.shuffle(suits)
    return fill(rng, [chow(s, start) for s, start in zip(suits, (1, 4, 7), strict=True)]), random_pair(rng)


def bp_reversible(rng: random.Random) -> Blueprint:
    ok = REVERSIBLE.__contains__
    return fill(rng, [], ok), random_pair(rng, ok)


def bp_mixed_triple_chow(rng: random.Random) -> Blueprint:
    start = rng.randint(1, 7)
    return fill(rng, [chow(s, start) for s in SUITS]), random_pair(rng)


def bp_mixed_shifted_pungs(rng: random.Random) -> Blueprint:
    suits = list(SUITS)
    rng.shuffle(suits)
    r = rng.randint(0, 6)
    return fill(rng, [pung(s + r + k) for k, s in enumerate(suits)]), random_pair(rng)


def bp_mixed_shifted_chows(rng: random.Random) -> Blueprint:
    suits = list(SUITS)
    rng.shuffle(suits)
    start = rng.randint(1, 5)
    return fill(rng, [chow(s, start + k) for k, s in enumerate(suits)]), random_pair(rng)


def bp_double_pungs(rng: random.Random) -> Blueprint:
    r = rng.randint(0, 8)
    a, b = rng.sample(SUITS, 2)
    return fill(rng, [pung(a + r), pung(b + r)], chow_share=0.4), random_pair(rng)


def from_blueprint(make_bp: Callable[[random.Random], Blueprint], style: Style | None = None) -> Maker:
    """A family maker: a blueprint, dressed with random melds/kongs/context."""

    def make(rng: random.Random) -> Hand | None:
        chosen = style or Style(meld_rate=rng.choice((0.0, 0.2, 0.5)), kong_rate=0.08)
        return realise(rng, make_bp(rng), chosen)

    make.__doc__ = make_bp.__doc__
    return make


def green_pairs(rng: random.Random) -> Hand | None:
    """绿一色 as seven pairs."""
    return concealed_only(rng, [i for _ in range(7) for i in [rng.choice(GREEN)] * 2])


def terminal_pairs(rng: random.Random) -> Hand | None:
    """清幺九 / 混幺九 / 字一色 as seven pairs."""
    pool = rng.choice((TERMINALS, TERMINALS + HONOURS, HONOURS))
    return concealed_only(rng, [i for _ in range(7) for i in [rng.choice(pool)] * 2])


def ranged_pairs(rng: random.Random) -> Hand | None:
    """Seven pairs inside a rank range or of reversible tiles (全大/全中/全小/大于五/小于五/推不倒)."""
    pools = [[i for i in SUITED if lo <= rank(i) <= hi] for lo, hi in ((7, 9), (4, 6), (1, 3), (6, 9), (1, 4))]
    pool = rng.choice(pools + [list(REVERSIBLE)])
    return concealed_only(rng, [i for _ in range(7) for i in [rng.choice(pool)] * 2])


# --- tiles drawn at random -------------------------------------------------------------------------


def _sets_fit(counts: list[int]) -> bool:
    """Whether ``counts`` splits into pungs and chows (a generator-side check, independent of the engine)."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        fits = _sets_fit(counts)
        counts[i] += 3
        if fits:
            return True
    if i < 27 and rank(i) <= 7 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        fits = _sets_fit(counts)
        for k in (i, i + 1, i + 2):
            counts[k] += 1
        return fits
    return False


def _is_win(tiles_: Sequence[int]) -> bool:
    """Sets and a pair, or seven pairs."""
    counts = [0] * 34
    for i in tiles_:
        counts[i] += 1
    if len(tiles_) == 14 and all(n % 2 == 0 for n in counts):
        return True
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            fits = _sets_fit(counts)
            counts[p] += 2
            if fits:
                return True
    return False


def dense_random(rng: random.Random) -> Hand | None:
    """Concealed tiles drawn at random from one suit (sometimes with one honour, sometimes next to a
    claimed set), kept when they form a win: many overlapping readings and waits."""
    suit = rng.choice(SUITS)
    pool = [suit + k for k in range(9) for _ in range(4)] + [rng.choice(HONOURS)] * rng.choice((0, 0, 3))
    melds: list[Meld] = []
    if rng.random() < 0.3:
        meld = _meld(rng, random_set(rng, lambda i: suit <= i < suit + 9), Style(meld_rate=1.0))
        assert meld is not None
        melds.append(meld)
        for t in meld.tiles:
            pool.remove(t.index)
    concealed = rng.sample(pool, 14 - 3 * len(melds))
    if not _is_win(concealed):
        return None
    return finish(rng, concealed, melds)


# --- hands that are not (legal) wins -----------------------------------------------------------------


def not_a_win(rng: random.Random) -> Hand | None:
    """A random hand with one concealed tile swapped for another: mostly not a winning shape."""
    base = random_standard(rng) if rng.random() < 0.7 else seven_pairs(rng)
    if base is None or base.winning_tile is None:
        return None
    standing = list(base.standing)
    standing[rng.randrange(len(standing))] = TILES_BY_INDEX[rng.randrange(34)]
    hand = Hand(tuple(sorted(standing)), base.melds, base.winning_tile, base.context)
    try:
        hand.validate()
    except MahjongError:
        return None
    return hand


# --- the registry -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Family:
    name: str
    count: int  # hands per test run
    make: Maker
    about: str


def _family(name: str, count: int, make: Maker, about: str = "") -> Family:
    return Family(name, count, make, about or " ".join((make.__doc__ or name).strip().split("\n\n")[0].split()))


_TARGETS: tuple[tuple[str, Callable[[random.Random], Blueprint], str], ...] = (
    ("big_four_winds", bp_big_four_winds, "大四喜"),
    ("big_three_dragons", bp_big_three_dragons, "大三元"),
    ("all_green", bp_all_green, "绿一色"),
    ("four_kongs", bp_four_kongs, "四杠"),
    ("all_terminals", bp_all_terminals, "清幺九"),
    ("little_four_winds", bp_little_four_winds, "小四喜"),
    ("little_three_dragons", bp_little_three_dragons, "小三元"),
    ("all_honours", bp_all_honours, "字一色"),
    ("pure_terminal_chows", bp_pure_terminal_chows, "一色双龙会"),
    ("quadruple_chow", bp_quadruple_chow, "一色四同顺"),
    ("four_pure_shifted_pungs", bp_four_shifted_pungs, "一色四节高"),
    ("four_pure_shifted_chows", bp_four_shifted_chows, "一色四步高"),
    ("three_kongs", bp_three_kongs, "三杠"),
    ("all_terminals_and_honours", bp_terminals_and_honours, "混幺九"),
    ("all_even_pungs", bp_all_even_pungs, "全双刻"),
    ("pure_triple_chow", bp_pure_triple_chow, "一色三同顺"),
    ("pure_shifted_pungs", bp_pure_shifted_pungs, "一色三节高"),
    ("upper_tiles", _ranked(7, 9), "全大"),
    ("middle_tiles", _ranked(4, 6), "全中"),
    ("lower_tiles", _ranked(1, 3), "全小"),
    ("upper_four", _ranked(6, 9), "大于五"),
    ("lower_four", _ranked(1, 4), "小于五"),
    ("pure_straight", bp_pure_straight, "清龙"),
    ("three_suited_terminal_chows", bp_three_suited_terminal_chows, "三色双龙会"),
    ("pure_shifted_chows", bp_pure_shifted_chows, "一色三步高"),
    ("all_fives", bp_all_fives, "全带五"),
    ("triple_pung", bp_triple_pung, "三同刻"),
    ("big_three_winds", bp_big_three_winds, "三风刻"),
    ("mixed_straight", bp_mixed_straight, "花龙"),
    ("reversible_tiles", bp_reversible, "推不倒"),
    ("mixed_triple_chow", bp_mixed_triple_chow, "三色三同顺"),
    ("mixed_shifted_pungs", bp_mixed_shifted_pungs, "三色三节高"),
    ("mixed_shifted_chows", bp_mixed_shifted_chows, "三色三步高"),
    ("double_pung", bp_double_pungs, "双同刻"),
)

_CONCEALED_TARGETS: tuple[tuple[str, Callable[[random.Random], Blueprint], str], ...] = (
    ("four_concealed_pungs", bp_four_concealed_pungs, "四暗刻"),
    ("three_concealed_pungs", bp_three_concealed_pungs, "三暗刻"),
)

FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        _family("random_standard", 700, random_standard),
        _family("concealed_standard", 400, concealed_standard),
        _family("one_suit", 450, one_suit),
        _family("two_suits", 250, two_suits),
        _family("chow_heavy", 350, chow_heavy),
        _family("pung_heavy", 250, pung_heavy),
        _family("honour_pungs", 150, honour_pungs),
        _family("kongs", 300, kongs),
        _family("melded_hand", 120, melded_hand),
        _family("context_flags", 300, context_flags),
        _family("low_value", 250, low_value),
        _family("chicken_hand", 150, chicken_hand),
        _family("dense_random", 400, dense_random),
        _family("all_types", 80, all_types),
        _family("outside_hand", 100, outside_hand),
        _family("seven_pairs", 200, seven_pairs),
        _family("seven_shifted_pairs", 40, seven_shifted_pairs),
        _family("thirteen_orphans", 60, thirteen_orphans),
        _family("honors_knitted", 120, honors_knitted),
        _family("greater_honors_knitted", 40, greater_honors_knitted),
        _family("knitted_straight", 180, knitted_straight),
        _family("nine_gates", 90, nine_gates),
        _family("green_pairs", 25, green_pairs),
        _family("terminal_pairs", 40, terminal_pairs),
        _family("ranged_pairs", 60, ranged_pairs),
        _family("not_a_win", 200, not_a_win),
        *(_family(name, 50, from_blueprint(bp), f"hands built for {zh}") for name, bp, zh in _TARGETS),
        *(
            _family(name, 50, from_blueprint(bp, Style(meld_rate=0.0, kong_rate=0.1)), f"hands built for {zh}")
            for name, bp, zh in _CONCEALED_TARGETS
        ),
    )
}


def family_seed(name: str, seed: int) -> int:
    """A per-family seed that is stable across runs and Python processes (no hash randomisation)."""
    return zlib.crc32(f"{seed}:{name}".encode())


def generate(name: str, seed: int = 2024, count: int | None = None) -> list[Hand]:
    """``count`` hands (default: the family's count) of family ``name``, the same for the same seed."""
    family = FAMILIES[name]
    want = family.count if count is None else count
    rng = random.Random(family_seed(name, seed))
    out: list[Hand] = []
    attempts = 0
    while len(out) < want:
        attempts += 1
        if attempts > 200 * want + 1000:
            raise RuntimeError(f"family {name}: only {len(out)} of {want} hands after {attempts} attempts")
        hand = family.make(rng)
        if hand is not None:
            out.append(hand)
    return out


def generate_all(seed: int = 2024, scale: float = 1.0) -> dict[str, list[Hand]]:
    """Every family's hands; ``scale`` multiplies the per-family counts (the benchmark uses 2)."""
    return {name: generate(name, seed, max(1, round(f.count * scale))) for name, f in FAMILIES.items()}
