"""A scored hand in words: how it was won in one line, each system's verdict, and "copy as text".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import attrgetter
from typing import Any, NamedTuple

from django.utils.translation import gettext, pgettext

from rulesets.context import known as known_context
from rulesets.errors import MahjongError
from rulesets.hand import Hand, Seat, WinContext
from rulesets.notation import hand_to_text
from rulesets.scoring import Ruleset
from rulesets.tiles import FLOWERS, Tile

from . import wording
from .forms import FLAGS
from .lang import is_zh, language, pick, script, seat_name, zh


def _labelled(label: str, value: object) -> str:
    """"国标麻将：14 番" / "Chinese Official (MCR): 14 fan" (the colon of the active language)."""
    return _templates(language()).labelled % {"label": label, "value": value}


def _bracketed(text: str) -> str:
    """" (self-drawn: …)" / "（自摸：…）"."""
    return _templates(language()).bracketed % {"what": text}


class _Templates(NamedTuple):
    labelled: str
    bracketed: str
    payment: str
    total: str


@lru_cache(maxsize=16)
def _templates(language: str) -> _Templates:
    """The templates of the text's lines in ``language`` (the active one), looked up once: a text has a
    dozen lines."""
    return _Templates(pgettext("a label and its value", "%(label)s: %(value)s"), pgettext("in brackets", " (%(what)s)"),
                      gettext("%(payer)s → %(payee)s %(amount)s"), gettext("Total"))


def verdict(row: dict[str, Any]) -> str:
    if row["valid"]:
        return _labelled(row["name"], f"{row['total']} {row['unit']}")
    return _labelled(row["name"], row.get("not_a_win") or gettext("not a win"))


def share_text(hand: Hand, results: list[dict[str, Any]], context: str = "", verdicts: list[str] | None = None) -> str:
    """"Copy as text", what a group chat needs to settle the hand (the page puts the link first): the hand
    string and the hand in Unicode tiles, how it was won, then per system its total, one line per fan with
    its value, what was not counted, and who pays whom. ``verdicts``: each result's :func:`verdict`, when the
    caller has them already."""
    try:
        text = hand_to_text(hand)
    except MahjongError:
        text = ""
    lines = [text, context]
    templates = _templates(language())
    for k, r in enumerate(results):
        said = verdict(r) if verdicts is None else verdicts[k]
        lines += ["", said + (f" — {r['reason']}" if r["reason"] else "")]
        for f in r["fans"]:  # "幺九刻 1111m 1", "花牌 1×2 = 2"
            sets, count, note = f["sets"], f["count"], f["note"]
            line = f"  {f['name']} {sets} " if sets else f"  {f['name']} "
            line += f"{f['value']}×{count} = {f['total']}" if count > 1 else f"{f['total']}"
            lines.append(line + _bracketed(note) if note else line)
        lines += [f"  {e['name']}{' ' + e['sets'] if e['sets'] else ''} — {e['why']}" for e in r["excluded"]]
        if r["valid"]:
            lines.append("  " + _labelled(templates.total, f"{r['total']} {r['unit']}"))
        lines += [f"  {_payment_line(p, templates)}" for p in r["payments"]]
    return "\n".join([line for line in lines if line is not None]).strip()


def _payment_line(p: dict[str, Any], templates: _Templates | None = None) -> str:
    """"西 → 南 22（自摸：底分8+14番）" / "West → South 22 (self-drawn: …)"; ``templates``: :func:`_templates` of the
    active language, when the caller has them already."""
    templates = _templates(language()) if templates is None else templates
    text = templates.payment % {"payer": p["from"], "payee": p["to"], "amount": p["amount"]}
    return text + _bracketed(p["why"]) if p["why"] else text


def context_line(ctx: WinContext, rulesets: Iterable[Ruleset] = (), discarder_always: bool = True,
                 won: bool = True) -> str:
    """How the hand was won, in one line, in the words of ``rulesets`` (和 or 胡): round wind, seat wind,
    self-drawn or whose discard, the flags, the flowers — 东风圈 · 南风位 · 点和 · 北家点炮 · 和绝张 · 2 花（梅 菊）.
    ``discarder_always``: name the discarder when it is the default one (上家) too. A hand not ``won`` yet
    (waiting) has only its winds, flags and flowers."""
    rulesets = tuple(rulesets)
    hu = wording.speaks_hu(rulesets)
    words = _line_words(script(), hu)
    players = max([r.players for r in rulesets], default=4)
    if rulesets and not any([r.reads("round_wind") for r in rulesets]):
        parts = [words.seat[ctx.seat]]  # none of these systems has a round wind
    else:
        parts = [words.round[ctx.round_wind], words.seat[ctx.seat]]
    if won:
        parts.append(words.win[ctx.win._value_])  # the member's value, without the enum's property (a Python call)
        if not ctx.self_drawn:
            discarder = ctx.discarder(players) if discarder_always else ctx.from_seat
            if discarder is not None:
                parts.append(words.discarder[discarder])
    values = _FLAG_VALUES(ctx)
    if any(values):
        parts += compress(words.flags, values)
    if ctx.flowers:
        names = " ".join(words.flowers[f] for f in sorted(ctx.flowers))
        parts.append(gettext("%(n)d flowers") % {"n": len(ctx.flowers)} + _bracketed(names))
    if ctx.table:
        parts += declared_context_parts(ctx, rulesets)
    return " · ".join(parts)


@dataclass(frozen=True)
class _LineWords:
    """The words of :func:`context_line` in one language and system's words (``lang.script``) and spelling."""

    round: dict[Seat, str]
    seat: dict[Seat, str]
    discarder: dict[Seat, str]
    win: dict[str, str]
    flags: tuple[str, ...]  # each flag's short name, in the order of :data:`_FLAG_VALUES`
    flowers: dict[Tile, str]


@lru_cache(maxsize=64)
def _line_words(script: str, hu: bool) -> _LineWords:
    """Built once per language, system's words and spelling (``script`` keys what they are written in): a
    page says its context line twice, each a dozen translations."""
    seats = tuple(Seat)
    return _LineWords(
        round={s: gettext("%(wind)s round") % {"wind": seat_name(s)} for s in seats},
        seat={s: gettext("%(wind)s seat") % {"wind": seat_name(s)} for s in seats},
        discarder={s: gettext("from %(seat)s") % {"seat": seat_name(s)} for s in seats},
        win={value: win_label(value, hu) for value in WIN_MSGIDS},
        flags=tuple(wording.short_flag(k, hu) for k in FLAGS),
        flowers={f: pick(f.zh, f.en) for f in FLOWERS},
    )


def declared_context_parts(ctx: WinContext, rulesets: Iterable[Ruleset]) -> list[str]:
    """The table context the systems declare and the hand sets, as "label value" (翻牌（指示牌） 4p · 下炮子 东2 北4),
    only for fields one of ``rulesets`` reads (every set field when no system is named)."""
    read = {f.key for r in rulesets for f in r.context}
    out = []
    for key, value in ctx.table:
        f = known_context().get(key)
        if f is None or (read and key not in read):
            continue
        out.append(f"{pick(f.zh, f.en)} {_declared_text(value, f)}")
    return out


def _declared_text(value: Any, f: Any = None) -> str:
    if isinstance(value, str) and f is not None and f.choice_names:
        return pick(*f.choice_name(value))
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, Seat):
        return seat_name(value)
    if isinstance(value, Tile):
        return f"{zh(value.zh)} {value}" if is_zh() else str(value)
    if isinstance(value, (frozenset, set)):
        return " ".join(seat_name(s) for s in sorted(value, key=lambda s: s.order))
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return ", ".join(f"{seat_name(s)} {n}" for s, n in value)
    if isinstance(value, tuple):
        return " ".join(str(t) for t in value)
    return str(value)


_FLAG_VALUES = attrgetter(*FLAGS)
"""A context's value of each flag (:data:`forms.FLAGS`), in their order: read at once."""


WIN_MSGIDS = {"discard": "On a discard", "self_drawn": "Self-drawn", "rob_kong": "Robbing a kong"}
"""The msgids of forms.WIN_CHOICES, to spell them with 和 or 胡."""


def win_label(value: str, hu: bool) -> str:
    return wording.word(WIN_MSGIDS[value], hu)
