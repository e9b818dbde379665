"""What a result card says besides the fan rows, in the player's words (calculator/presenters.py uses it).

- :func:`speaks_hu` / :func:`word`: each system in its own rule text's words: 国标 writes 和 (和牌, 点和,
  抢杠和), 四川 and most regional systems write 胡 (胡牌, 点炮, 抢杠胡), on badges, roles and controls alike.
  Which one a system writes is read from its own fan table (碰碰和, 平和… or 对对胡, 平胡…).
- :func:`facts`: the numbers a system adds to its score (``Score.extra``) that matter to a player,
  labelled (倍数 ×64 · 未封顶); internal keys are never shown, and a key with no label here is left out.
- :func:`notes`: the engine's notes (``extra["notes"]``: why a context flag did not count…) in the
  reader's language.
- :func:`split_sets`: where one fan is counted for one set and not for another (幺九刻 on 1111m counted,
  on 中中中 not: it is implied by 箭刻), which set is which — the engine gives the counts, the shape gives
  the sets, and a small table here says which sets each excluding fan takes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_noop as _

from rulesets.context import SHARED_BY_KEY
from rulesets.hand import WinContext
from rulesets.messages import Message, spelt_hu
from rulesets.scoring import Exclusion, Item, Ruleset
from rulesets.shapes import Group, GroupKind, Shape
from rulesets.tiles import Tile

from .citations import strip_references
from .engine_messages import render
from .engine_messages import spelt_hu as spelt
from .lang import is_hant, is_zh, own_words, pick, script, zh
from .tiles_view import HandView

MCR_SYSTEMS = frozenset({"guobiao"})
"""Systems that write 和 whatever their table says (the 1998/2006 MCR texts)."""


def writes_hu(r: Ruleset) -> bool:
    """Whether ``r``'s rule text writes 胡 rather than 和: its fan names use 胡 more (对对胡, 平胡, 天胡) than
    和 (碰碰和, 平和, 天和); a table with neither is a regional one (胡). MCR always writes 和."""
    if r.id in MCR_SYSTEMS:
        return False
    kept = _WRITES_HU.get(r.id)
    if kept is not None and kept[0] is r.fans:  # the same system's table: read once per process
        return kept[1]
    names = "".join(f.zh for f in r.fans)
    hu = names.count("胡") >= names.count("和")
    _WRITES_HU[r.id] = (r.fans, hu)
    return hu


_WRITES_HU: dict[str, tuple[tuple[Any, ...], bool]] = {}
"""By system id: its fan table (compared by identity: a table built afresh is read afresh) and whether it writes 胡."""


def speaks_hu(rulesets: Iterable[Ruleset]) -> bool:
    """True when the words to use are 胡's: every one of ``rulesets`` writes 胡 (a page asks it a few times a
    request, most often of one system: a loop, not a generator made each time)."""
    hu = False
    for r in rulesets:
        if not writes_hu(r):
            return False
        hu = True
    return hu


HU = "regional systems: 胡"
"""The message context of the 胡 spelling of a text whose plain msgid is the 和 (MCR) one."""


def word(text: str, hu: bool) -> str:
    """``text`` (a msgid of the catalog) in the active language, spelt with 胡 when ``hu``; on a 繁體 page
    in the words of the system being drawn (香港's 糊牌: ``lang.own_words``). Each is looked up once per
    language and system's words (``lang.script``): a card and its controls say a dozen of them."""
    return _word(text, hu, script())


@lru_cache(maxsize=4096)  # the catalog's texts × spellings × languages: a few hundred
def _word(text: str, hu: bool, script: str) -> str:
    """:func:`word` in ``script``, the active language and system's words."""
    return own_words(pgettext(HU, text) if hu else gettext(text))


# The texts spelt both ways: the plain msgid is the 和 (MCR) spelling, the one in context HU the 胡 one.
_MCR_SPELLING = (
    _("Legal win"),
    _("Not a legal win"),
    _("winner"),
    _("not a win"),
    _("On a discard"),
    _("Self-drawn"),
    _("Robbing a kong"),
    _("How it was won"),
    _("Won"),
    _("Special wins"),
    _("won on"),
    _("win?"),
    _("“win?” under a tile makes it the winning tile."),
    _("Make %(tile)s the winning tile"),
    _("winning tile"),
    _("Remove the winning tile %(tile)s"),
)
_HU_SPELLING = (
    pgettext_lazy("regional systems: 胡", "Legal win"),
    pgettext_lazy("regional systems: 胡", "Not a legal win"),
    pgettext_lazy("regional systems: 胡", "winner"),
    pgettext_lazy("regional systems: 胡", "not a win"),
    pgettext_lazy("regional systems: 胡", "On a discard"),
    pgettext_lazy("regional systems: 胡", "Self-drawn"),
    pgettext_lazy("regional systems: 胡", "Robbing a kong"),
    pgettext_lazy("regional systems: 胡", "How it was won"),
    pgettext_lazy("regional systems: 胡", "Won"),
    pgettext_lazy("regional systems: 胡", "Special wins"),
    pgettext_lazy("regional systems: 胡", "won on"),
    pgettext_lazy("regional systems: 胡", "win?"),
    pgettext_lazy("regional systems: 胡", "“win?” under a tile makes it the winning tile."),
    pgettext_lazy("regional systems: 胡", "Make %(tile)s the winning tile"),
    pgettext_lazy("regional systems: 胡", "winning tile"),
    pgettext_lazy("regional systems: 胡", "Remove the winning tile %(tile)s"),
)

def hu_spelling(text: str) -> str:
    """A 中文 text in 和's words (MCR's: 和绝张, 天和) spelt with 胡 (the regional texts': 胡绝张, 天胡).

    >>> hu_spelling("和绝张（和的是最后一张）")
    '胡绝张（胡的是最后一张）'
    """
    return text.replace("和", "胡")


def short_flag(key: str, hu: bool) -> str:
    """The flag's name in the rule texts (rulesets.context declares it in 和's words), used in both languages in
    one-line summaries, in traditional characters on a 繁體 page (槓上開花)."""
    name = SHARED_BY_KEY[key].zh
    return zh(hu_spelling(name) if hu else name)


def flag_label(key: str, hu: bool) -> str:
    """The label of a flag's control, as rulesets.context declares it, in the active language and the system's words
    (胡 or 和; 香港's 糊 on a 繁體 page)."""
    f = SHARED_BY_KEY[key]
    return own_words(pick(hu_spelling(f.label_zh) if hu else f.label_zh, f.label_en))


def hand_in_words(view: HandView, hu: bool) -> HandView:
    """A drawn hand whose winning tile is captioned 胡牌 for a system that writes 胡 (tiles_view says 和牌)."""
    if not hu or not any(g.zh == "和牌" for g in view.groups):
        return view
    return replace(view, groups=tuple(replace(g, zh="胡牌") if g.zh == "和牌" else g for g in view.groups))


# -- the numbers a system adds ------------------------------------------------------------------------

def _multiplier(extra: Mapping[str, Any]) -> str | None:
    return gettext("multiplier ×%(n)s") % {"n": extra["multiplier"]}


def _cap(extra: Mapping[str, Any]) -> str | None:
    if extra.get("capped"):
        raw = extra.get("multiplier_uncapped")
        if raw is not None:
            return gettext("capped (×%(raw)s before the cap)") % {"raw": raw}
        return gettext("capped")
    return gettext("not capped")


def _points(extra: Mapping[str, Any]) -> str | None:
    return gettext("each payer pays %(n)s for the hand") % {"n": extra["points"]}


FACTS: tuple[tuple[str, Callable[[Mapping[str, Any]], str | None]], ...] = (
    ("multiplier", _multiplier), ("capped", _cap), ("points", _points),
)
"""The keys of ``Score.extra`` shown on a card, each with its label, in this order. The others (fan_e0,
fan_e1, fan_uncapped, multiplier_uncapped, payers, provisional, notes, waits) are shown elsewhere on the
card (the total, the payout table, the provisional warning, the notes) or not at all."""


def facts(extra: Mapping[str, Any]) -> list[str]:
    """The labelled numbers of ``extra`` a player needs (倍数 ×64, 未封顶, 每家付 64)."""
    return [text for key, label in FACTS if key in extra and (text := label(extra))]


# -- the engine's notes -----------------------------------------------------------------------------

_PAIRED = re.compile(r"^(?P<zh>.*[\u3400-\u9fff].*?)\s*\((?P<en>[^()]*(?:\([^()]*\)[^()]*)*)\)\s*$", re.S)


def note_text(note: object) -> str:
    """One engine note in the active language: a ``{"zh", "en"}`` dict, a message object with ``zh``/``en``,
    or a string written "中文 (English)" (the 四川 tables); any other string as the engine's messages are."""
    keyed = note if isinstance(note, Message) else getattr(note, "message", None)
    if isinstance(keyed, Message):  # rendered from its template and parameters, in the reader's script
        return render(keyed)
    if isinstance(note, Mapping):
        zh_text, en = note.get("zh"), note.get("en")
    else:
        zh_text, en = getattr(note, "zh", None), getattr(note, "en", None)
    if isinstance(zh_text, str) or isinstance(en, str):
        return pick(zh_text if isinstance(zh_text, str) else None, en if isinstance(en, str) else None)
    text = str(note)
    paired = _PAIRED.match(text)
    if paired:  # a note with no key, written in both languages: shown in one, and warned like any unkeyed text
        render(text)
        return zh(paired.group("zh").strip()) if is_zh() else paired.group("en").strip()
    return render(text)


def engine_text(zh_text: str | None, en: str | None) -> str:
    """An engine text given in both languages (a reason) in the active language; on a 繁體 page a keyed one
    (``rulesets.messages.Text``) is rendered from its message, so its 繁體 is its template's."""
    keyed = getattr(zh_text, "message", None)
    if is_hant() and isinstance(keyed, Message):
        return render(keyed)
    return pick(zh_text, en)


def is_bilingual(text: str) -> bool:
    """Whether ``text`` is written "中文 (English)"."""
    return bool(_PAIRED.match(text))


def notes(extra: Mapping[str, Any]) -> list[str]:
    found = extra.get("notes") or ()
    if isinstance(found, (str, Mapping)):
        found = (found,)
    return [text for n in found if (text := note_text(n))]


def player_notes(extra: Mapping[str, Any], ruleset: Ruleset) -> list[str]:
    """:func:`notes`, each in the player's words (:func:`player_text`) and in the system's (胡 or 和)."""
    if not extra.get("notes"):
        return []  # most hands have none
    with spelt(writes_hu(ruleset)):
        return [player_text(n, ruleset) for n in notes(extra)]


def player_text(text: str, ruleset: Ruleset | None = None) -> str:
    """An engine text with its references to the project's documents dropped ("…; seed 001)" → "…)"),
    and the name of a context field or house rule of ``ruleset`` shown as the control's label
    ("count 中 in dragon_flowers" → "count 中 in “中发白 taken as flowers”")."""
    text = strip_references(text)
    if ruleset is not None and "_" in text:
        labels = _labels(ruleset)
        text = re.sub(r"\b[a-z]+(?:_[a-z0-9]+)+\b", lambda m: labels.get(m.group(0), m.group(0)), text)
    if ruleset is not None and "和" in text and writes_hu(ruleset):  # a text given with no message: its terms
        text = spelt_hu(text)
    return text


def _labels(ruleset: Ruleset) -> dict[str, str]:
    """The labels, in the active language, of ``ruleset``'s declared context fields and house rules, and
    of the house rules' named choices (地胡 ``first_draw`` → “闲家第一次摸牌自摸”)."""
    named = [(f.key, f.zh, f.en) for f in getattr(ruleset, "context", ())]
    for info in ruleset.option_infos():
        named.append((info.key, info.zh, info.en))
        named += [(str(getattr(c, "value", c)), getattr(c, "zh", ""), getattr(c, "en", ""))
                  for c in info.choices or () if isinstance(getattr(c, "zh", None), str)]
    return {key: f"“{pick(z, e) or key}”" for key, z, e in named}


# -- which set a fan was counted for ------------------------------------------------------------------

SET_FANS: dict[str, Callable[[Group], bool]] = {
    "pung_of_terminals_or_honors": lambda g: g.kind in (GroupKind.PUNG, GroupKind.KONG)
    and g.tile.is_terminal_or_honour,
}
"""Fans counted once per set, with the sets they are counted for."""


def _dragon(g: Group, ctx: WinContext) -> bool:
    return g.tile.is_dragon


def _wind(g: Group, ctx: WinContext) -> bool:
    return g.tile.is_wind


def _is_wind_of(g: Group, seat: Any) -> bool:
    try:
        return bool(g.tile == seat.wind_tile)
    except ValueError:  # a fifth or sixth seat has no wind
        return False


TAKES: dict[str, Callable[[Group, WinContext], bool]] = {
    "dragon_pung": _dragon, "two_dragons_pungs": _dragon, "little_three_dragons": _dragon,
    "big_three_dragons": _dragon, "big_three_winds": _wind, "little_four_winds": _wind, "big_four_winds": _wind,
    "prevalent_wind": lambda g, ctx: _is_wind_of(g, ctx.round_wind),
    "seat_wind": lambda g, ctx: _is_wind_of(g, ctx.seat),
}
"""For a fan that excludes a per-set fan: the sets whose copies it takes (箭刻 takes a dragon pung's 幺九刻)."""


def set_text(g: Group) -> str:
    """A set as players write it: 1111m, 中中中 (English: 1m ×4, Red ×3)."""
    t: Tile = g.tile
    n = len(g.tiles)
    if t.is_honour:
        return zh(t.zh) * n if is_zh() else f"{t.en} ×{n}"
    return f"{t.rank}" * n + t.suit.value if is_zh() else f"{t} ×{n}"


def split_sets(shape: Shape | None, items: Iterable[Item], excluded: Iterable[Exclusion],
               ctx: WinContext) -> tuple[dict[str, str], dict[int, str]]:
    """The sets of each per-set fan that is both counted and not counted in ``shape``: ``(counted, dropped)``
    — the counted fan's sets by fan id, and each exclusion's sets by its position in ``excluded``. A fan
    whose sets cannot be told apart from the counts is left out (no guess is shown)."""
    items, excluded = list(items), list(excluded)
    counted_ids = {i.fan.id: i.count for i in items}
    out_counted: dict[str, str] = {}
    out_dropped: dict[int, str] = {}
    if shape is None or not excluded:  # no fan both counted and not counted
        return out_counted, out_dropped
    for fan_id, qualifies in SET_FANS.items():
        drops = [(k, e) for k, e in enumerate(excluded) if e.fan.id == fan_id]
        if fan_id not in counted_ids or not drops:
            continue
        free = [g for g in shape.groups if qualifies(g)]
        if len(free) != counted_ids[fan_id] + sum(e.count for _k, e in drops):
            continue
        taken: dict[int, list[Group]] = {}
        for k, e in drops:
            takes = TAKES.get(e.by)
            mine = [g for g in free if takes is not None and takes(g, ctx)][: e.count]
            if len(mine) != e.count:
                break
            taken[k] = mine
            free = [g for g in free if not any(g is m for m in mine)]
        else:
            out_counted[fan_id] = " ".join(set_text(g) for g in free)
            out_dropped.update({k: " ".join(set_text(g) for g in gs) for k, gs in taken.items()})
    return out_counted, out_dropped
