"""PyMahjongGB (the summerinsects C++ fan calculator) as a test oracle for the 国标 ruleset.

- :func:`reference_score` turns our :class:`Hand` into a ``MahjongGB.MahjongFanCalculator`` call
  (mcr.md §10) and returns what it says: a win or not, each fan with its count, the total.
- :func:`compare` scores the same hand with our ruleset and with the reference and says whether they
  agree, disagree, or disagree in a way that docs/guobiao-reference.md documents as the reference's
  mistake (:data:`KNOWN_REFERENCE_BUGS`).

The reference accepts impossible input (five copies of a tile, contradictory flags); callers validate
the hand first (:meth:`Hand.validate`), as :func:`compare` does.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from MahjongGB import MahjongFanCalculator

from rulesets.hand import Hand, KongKind, Meld, MeldKind, WinMethod
from rulesets.notation import format_hand
from rulesets.scoring import Fan, Ruleset, Score
from rulesets.tiles import Tile

REFERENCE = "PyMahjongGB 1.4.0"
MINIMUM = 8  # the 8-fan minimum, flowers not counted (mcr.md §2.2)
FLOWER_ZH = "花牌"

# --- the call -------------------------------------------------------------------------------------

_SUIT_CODE = {"m": "W", "p": "B", "s": "T"}
_HONOUR_CODE = ("F1", "F2", "F3", "F4", "J1", "J2", "J3")  # 东南西北 中发白


def tile_code(t: Tile) -> str:
    """The reference's tile code: W/B/T + rank for 万/饼/条, F1..F4 winds, J1..J3 中发白."""
    if t.is_suited:
        return f"{_SUIT_CODE[t.suit.value]}{t.rank}"
    return _HONOUR_CODE[t.rank - 1]


def pack(meld: Meld) -> tuple[str, str, int]:
    """A fixed meld as the reference's ``(kind, tile, offer)``: a chow names its middle tile and which
    tile was claimed (1..3); a pung or melded kong the seat it came from (1..3); a concealed kong 0."""
    if meld.kind is MeldKind.CHOW:
        return ("CHI", tile_code(meld.tiles[1]), meld.claimed or 1)
    offer = 0 if meld.kong is KongKind.CONCEALED else int(meld.source or 1)
    return ("GANG" if meld.is_kong else "PENG", tile_code(meld.tile), offer)


def reference_arguments(hand: Hand) -> dict[str, Any]:
    """The keyword arguments of ``MahjongFanCalculator`` for ``hand`` (which must be complete)."""
    assert hand.winning_tile is not None, "the reference scores complete hands only"
    ctx = hand.context
    return {
        "pack": tuple(pack(m) for m in hand.melds),
        "hand": tuple(tile_code(t) for t in hand.standing),
        "winTile": tile_code(hand.winning_tile),
        "flowerCount": len(ctx.flowers),
        "isSelfDrawn": ctx.win is WinMethod.SELF_DRAWN,
        "is4thTile": ctx.last_copy,
        # one flag for both kong wins: with a self-draw it is 杠上开花, with a discard 抢杠和
        "isAboutKong": ctx.kong_replacement or ctx.win is WinMethod.ROB_KONG,
        "isWallLast": ctx.last_tile,
        "seatWind": ctx.seat.order,
        "prevalentWind": ctx.round_wind.order,
    }


@dataclass(frozen=True)
class ReferenceResult:
    """What the reference said. ``fans`` maps (中文, English) names to counts; ``values`` their values."""

    is_win: bool
    fans: Counter[tuple[str, str]] = field(default_factory=Counter)
    values: dict[tuple[str, str], int] = field(default_factory=dict)
    error: str | None = None

    @property
    def total(self) -> int:
        """Σ value × count, flowers included (as the reference reports it)."""
        return sum(self.values[k] * n for k, n in self.fans.items())

    @property
    def flowers(self) -> int:
        return sum(n for (zh, _), n in self.fans.items() if zh == FLOWER_ZH)

    @property
    def valid(self) -> bool:
        """A legal win: a winning shape worth at least 8 without flowers (the reference does not check)."""
        return self.is_win and self.total - self.flowers >= MINIMUM


def reference_score(hand: Hand) -> ReferenceResult:
    """Score ``hand`` with the reference. A shape that is not a win gives ``is_win=False``."""
    try:
        rows = MahjongFanCalculator(**reference_arguments(hand), verbose=True)
    except TypeError as exc:  # the reference reports every input problem as a TypeError
        message = str(exc)
        if message == "ERROR_NOT_WIN":
            return ReferenceResult(is_win=False, error=message)
        raise ReferenceInputError(f"{message} for {hand_text(hand)}") from exc
    fans: Counter[tuple[str, str]] = Counter()
    values: dict[tuple[str, str], int] = {}
    for value, count, zh, en in rows:
        fans[(zh, en)] += count
        values[(zh, en)] = value
    return ReferenceResult(is_win=True, fans=fans, values=values)


class ReferenceInputError(ValueError):
    """The reference refused a hand we consider legal (wrong tile count, five copies, bad offer)."""


# --- fan names: the reference's rows → our fan ids ---------------------------------------------------

# Names the reference spells differently from the 2006 official names (mcr.md §7 fans 77–79).
_ZH_ALIASES = {
    "独听・边张": ("边张",),
    "独听・嵌张": ("坎张", "嵌张"),
    "独听・单钓": ("单钓将", "单钓"),
}
_REFERENCE_ZH = {name: ref for ref, names in _ZH_ALIASES.items() for name in names}  # 坎张 → 独听・嵌张


def fan_for(ruleset: Ruleset, zh: str, en: str = "") -> Fan:
    """Our fan row for a reference row: by 中文 name (or its aliases), else by English name."""
    by_zh = {f.zh: f for f in ruleset.fans}
    for name in (zh, *_ZH_ALIASES.get(zh, ()), *_ZH_ALIASES.get(_REFERENCE_ZH.get(zh, ""), ())):
        if name in by_zh:
            return by_zh[name]
    if not en:
        raise KeyError(f"no fan in {ruleset.id} called {zh}")
    wanted = _plain(en)
    for f in ruleset.fans:
        if _plain(f.en) == wanted or f.id == _snake(en):
            return f
    raise KeyError(f"no fan in {ruleset.id} for the reference's {zh} / {en}")


def _plain(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _snake(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def reference_fan_ids(ruleset: Ruleset, result: ReferenceResult) -> Counter[str]:
    out: Counter[str] = Counter()
    for (zh, en), n in result.fans.items():
        out[fan_for(ruleset, zh, en).id] += n
    return out


def our_fan_ids(score: Score) -> Counter[str]:
    out: Counter[str] = Counter()
    for item in score.items:
        out[item.fan.id] += item.count
    return out


# --- hand text ------------------------------------------------------------------------------------


def hand_text(hand: Hand) -> str:
    """``hand`` as a GB-Mahjong string (DESIGN §4.1): packs, standing tiles, the winning tile last,
    then winds, flags and flowers after ``|`` (left out when they are the defaults)."""
    return format_hand(hand, "gb")


# --- comparing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One hand scored both ways. ``status`` is "agree", "disagree" or "excused" (a known reference bug)."""

    hand: Hand
    status: str
    ours: Score
    reference: ReferenceResult
    our_fans: Counter[str]
    reference_fans: Counter[str]
    excused_by: str | None = None

    def describe(self, ruleset: Ruleset) -> str:
        only_ours, only_reference = self.our_fans - self.reference_fans, self.reference_fans - self.our_fans
        ours = f"{'valid' if self.ours.valid else 'invalid'}, {self.ours.total}"
        text = (
            f"{hand_text(self.hand)}\n"
            f"  ours      ({ours}): {_fan_list(ruleset, self.our_fans)}\n"
            f"  reference ({_ref_state(self.reference)}): {_fan_list(ruleset, self.reference_fans)}"
        )
        if only_ours or only_reference:
            text += (
                f"\n  only ours: {_fan_list(ruleset, only_ours)};"
                f" only the reference: {_fan_list(ruleset, only_reference)}"
            )
        return text


def _ref_state(r: ReferenceResult) -> str:
    if not r.is_win:
        return "not a win"
    return f"{'valid' if r.valid else 'below 8'}, {r.total}"


def _fan_list(ruleset: Ruleset, fans: Counter[str]) -> str:
    if not fans:
        return "—"
    rows = sorted(fans.items(), key=lambda kv: (-ruleset.fan(kv[0]).value, kv[0]))
    return " + ".join(f"{ruleset.fan(k).zh}{'×' + str(n) if n > 1 else ''} {ruleset.fan(k).value * n}" for k, n in rows)


def agrees(ours: Score, our_fans: Counter[str], ref: ReferenceResult, ref_fans: Counter[str]) -> bool:
    """Same legality; for a winning shape (legal or below the minimum) the same fans with the same
    counts and the same total. A shape that is not a win has nothing more to compare."""
    if ours.valid != ref.valid:
        return False
    return not ref.is_win or (our_fans == ref_fans and ours.total == ref.total)


def compare(hand: Hand, ruleset: Ruleset, options: Any = None) -> Outcome:
    hand.validate()
    options = ruleset.parse_options({}) if options is None else options
    ours = ruleset.score(hand, options)
    ref = reference_score(hand)
    our_fans, ref_fans = our_fan_ids(ours), reference_fan_ids(ruleset, ref)
    if agrees(ours, our_fans, ref, ref_fans):
        return Outcome(hand, "agree", ours, ref, our_fans, ref_fans)
    for bug in KNOWN_REFERENCE_BUGS:
        if bug.applies(hand, ours, ref):
            return Outcome(hand, "excused", ours, ref, our_fans, ref_fans, bug.id)
    return Outcome(hand, "disagree", ours, ref, our_fans, ref_fans)


# --- documented reference mistakes ---------------------------------------------------------------


@dataclass(frozen=True)
class KnownReferenceBug:
    """A narrow, documented class of hands where the reference is wrong by the rule text.

    ``applies`` looks at the hand and both results (never at a specific hand); each entry has a
    section in docs/guobiao-reference.md quoting the rule (mcr.md) that the reference breaks.
    """

    id: str
    doc: str  # the heading in docs/guobiao-reference.md
    rule: str  # the rule text (mcr.md) the reference breaks
    applies: Callable[[Hand, Score, ReferenceResult], bool]


KNOWN_REFERENCE_BUGS: tuple[KnownReferenceBug, ...] = ()

STATS: dict[str, Counter[str]] = {}
"""Per generator family: how many hands agreed, disagreed, or were excused (by bug id). Filled by
test_reference.py and printed at the end of the run (test_reference.CountsReport)."""
