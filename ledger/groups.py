"""Groups: the tables of several evenings kept together, each player's figures across them.

A group, like a table, is found only by its two unguessable tokens (edit and read); nothing identifies a
person. It holds tables (any number of evenings, each a table of the ledger) and ``aliases``: renames.

**Players are matched by name** within the group: a name is trimmed, its inner spaces made one, read in
Unicode's compatibility form (NFKC: full-width ``Ａｎｎ`` is ``Ann``) and case-folded (``ann`` is ``Ann``;
a 汉字 name has no case and is matched as written) — :func:`fold`. A rename maps a name to the name it
is shown as (``aliases``: folded name → shown name); renaming one player to another's name merges them
into one. Two players who sat at one table are never made one (a rename that would is refused, and so is
a table whose seats would be one player in the group).

**The figures are computed from each table's own sheet** (``ledger/service.py sheet_of``), whatever its
entries' kinds: per player, the evenings played, the hands (the entries counted at their tables), the
wins (the entry's winners as its settlement names them), the deal-ins (wins on the player's discard or
robbing their kong: each event of the entry, or each win of a quick entry, that says ``from`` the player
with a win that is not self-drawn, or a 一炮多响 on their discard), the net (the sum of their final totals),
the average win (their change on the entries they won, per win) and, for 国标 tables, the 标准分: each table
is a session scored 4/2/1/0 by rank, ties sharing the tied places (rules/mcr.md §2.4, 1998 rules 第十条 二:
``ledger/sheet.py standard_scores``), summed over the sessions — the overall ranking of 第十一条, ties
broken by the larger sum of 比赛分 (the net). A group of 国标 tables only is ranked so; any other group by
the net.

Writes (create, add a table, remove one, rename) are each one transaction that first takes the group's
row lock, and take an idempotency key as a table's writes do (ledger/receipts.py): the answer is kept
with the write as a :class:`~ledger.models.GroupReceipt`, and the same key again gets it without writing.
"""

from __future__ import annotations

import json
import re
import unicodedata
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any
from xml.sax.saxutils import escape

from django.db import IntegrityError
from django.utils import timezone

from . import receipts, service, sheet
from .chart import Plot
from .entries import MAX_NAME
from .models import MAX_ALIASES, MAX_GROUP_TABLES, Group, GroupReceipt, GroupTable, Table
from .service import LedgerError, NotFound, Stale
from .words import said

# ---- names ------------------------------------------------------------------------------------------------


def clean(name: str) -> str:
    """A name as it is shown: trimmed, inner runs of spaces made one.

    >>> clean("  Ann   Lee ")
    'Ann Lee'
    """
    return " ".join(name.split())


def fold(name: str) -> str:
    """A name as the group matches it: :func:`clean`, NFKC, case-folded.

    >>> fold(" ANN ") == fold("ann") == fold("Ａｎｎ")
    True
    >>> fold("小明") == fold(" 小明"), fold("小明") == fold("小鸣")
    (True, False)
    """
    return clean(unicodedata.normalize("NFKC", name)).casefold()


def shown(name: str, aliases: Mapping[str, str]) -> str:
    """The name ``name`` is shown as in a group with ``aliases`` (itself when it was never renamed)."""
    return aliases.get(fold(name), clean(name))


def rename(aliases: Mapping[str, str], old: str, new: str, known: Mapping[str, str],
           seated: Sequence[Sequence[str]] = ()) -> dict[str, str]:
    """The aliases after renaming the player ``old`` (any name they are known by) to ``new``.

    ``known``: the group's players, folded name → shown name; ``seated``: each table's names (as
    written there), so two players of one table are never merged. ``new`` that is another player's name
    (as shown, or as written at a table before a rename) merges the two under that player's shown name;
    ``new`` that is the player's own name in other letters only changes how it is shown.

    >>> rename({}, "bo", "Bob", {"bo": "bo", "ann": "Ann"})
    {'bo': 'Bob', 'bob': 'Bob'}
    >>> rename({"bo": "Bob"}, "Ann", "bob", {"bob": "Bob", "ann": "Ann"})
    {'bo': 'Bob', 'ann': 'Bob', 'bob': 'Bob'}
    """
    src = fold(shown(old, aliases))
    if src not in known:
        raise LedgerError(said("ledger.group.no_player", name=clean(old)[:MAX_NAME * 2]))
    target = clean(new)
    if not 1 <= len(target) <= MAX_NAME:
        raise LedgerError(said("ledger.group.new_name", max=MAX_NAME))
    target = aliases.get(fold(target), target)  # a name already renamed: merge into who it names
    dst = fold(target)
    if dst != src and dst in known:  # another player: merged under the name they are shown as
        target = known[dst]
    if dst != src:
        for names in seated:
            folded = {fold(shown(n, aliases)): n for n in names}
            if src in folded and dst in folded:
                raise LedgerError(said("ledger.group.same_table", a=folded[src], b=folded[dst]))
    out = {k: (target if fold(v) in (src, dst) else v) for k, v in aliases.items()}
    out[src] = target
    out[fold(old)] = target
    out[dst] = target
    if len(out) > MAX_ALIASES:
        raise LedgerError(said("ledger.group.aliases", max=MAX_ALIASES))
    return out


# ---- figures ----------------------------------------------------------------------------------------------


@dataclass
class Evening:
    """One table of the group as its figures read it: its players as written, its sheet, a label."""

    players: list[str]
    sheet: sheet.Sheet
    label: str = ""
    day: date | None = None
    session: bool = False  # a table that 标准分 ranks (sheet.is_session), even before its first hand
    table: Table | None = None


@dataclass
class Player:
    """One player's figures across the group's evenings."""

    name: str
    evenings: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    net: int = 0
    won: int = 0  # their change on the entries they won, summed
    standard: float | None = None  # 国标 标准分, summed over the 国标 sessions played
    sessions: int = 0  # 国标 sessions played
    series: list[int] = field(default_factory=list)  # net after each evening of the group, from 0

    @property
    def average(self) -> float | None:
        """The average win: their change on the entries they won, per win (None without a win)."""
        return round(self.won / self.wins, 1) if self.wins else None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "evenings": self.evenings, "hands": self.hands, "wins": self.wins,
                "deal_ins": self.deal_ins, "net": self.net, "average_win": self.average,
                "standard": self.standard, "sessions": self.sessions, "series": self.series}


@dataclass
class Figures:
    evenings: list[Evening]
    players: list[Player]  # in the group's ranking order
    ranked_by_standard: bool  # every evening a 国标 session: 标准分 first, then the net (第十一条)
    any_standard: bool


def deal_ins(data: Mapping[str, Any]) -> list[int]:
    """Who dealt in, once per win on their discard (or robbing their kong): the entry itself when it is one
    win, else each of its events, or each win of a quick entry (a 一炮多响 is one discard: a quick win
    ``together`` with the one above is not counted again).

    >>> deal_ins({"player": 1, "win": "discard", "from": 2})
    [2]
    >>> deal_ins({"events": [{"type": "win", "win": "self_drawn", "player": 0},
    ...                      {"type": "multi", "from": 3, "wins": [{"player": 1}, {"player": 2}]},
    ...                      {"type": "win", "win": "rob_kong", "player": 0, "from": 1}]})
    [3, 1]
    >>> deal_ins({"wins": [{"player": 0, "win": "discard", "from": 3, "value": 1},
    ...                    {"player": 1, "win": "discard", "from": 3, "value": 2, "together": True},
    ...                    {"player": 2, "win": "self_drawn", "value": 1},
    ...                    {"player": 0, "win": "rob_kong", "from": 1, "value": 1}]})
    [3, 1]
    """
    quick = [w for w in data.get("wins") or [] if isinstance(w, Mapping) and not w.get("together")]
    out = []
    for event in [data, *(e for e in data.get("events") or [] if isinstance(e, Mapping)), *quick]:
        discarder = event.get("from")
        if not isinstance(discarder, int) or isinstance(discarder, bool):
            continue
        if event.get("type") == "multi" or event.get("win") in ("discard", "rob_kong"):
            out.append(discarder)
    return out


def _sorted(players: list[Player], by_standard: bool) -> list[Player]:
    if by_standard:
        return sorted(players, key=lambda p: (-(p.standard or 0), -p.net, p.name))
    return sorted(players, key=lambda p: (-p.net, p.name))


def _count(row: sheet.Row, seats: Sequence[Player]) -> None:
    """One entry of an evening: a hand for each player, a win for each winner, a deal-in for each discarder."""
    if row.error:  # not counted at its table either
        return
    for p in seats:
        p.hands += 1
    winners = [w for w in row.snapshot.get("winners") or [] if isinstance(w, int) and 0 <= w < len(seats)]
    for w in winners:  # 血流: a player may win more than once in a round
        seats[w].wins += 1
    for w in set(winners):  # their change on the entry, once
        seats[w].won += row.deltas[w]
    for d in deal_ins(row.data):
        if 0 <= d < len(seats):
            seats[d].deal_ins += 1


def figures(evenings: Sequence[Evening], aliases: Mapping[str, str]) -> Figures:
    """Every player's figures over ``evenings`` (in order), names matched and renamed by ``aliases``."""
    players: dict[str, Player] = {}
    for n, evening in enumerate(evenings):
        built = evening.sheet
        seats = []
        for name in evening.players:
            key = fold(shown(name, aliases))
            if key not in players:
                players[key] = Player(shown(name, aliases), series=[0] * (n + 1))
            seats.append(players[key])
        for p in players.values():  # the net before this evening, carried on
            p.series.append(p.series[-1])
        for seat, p in enumerate(seats):
            p.evenings += 1
            p.net += built.totals[seat]
            p.series[-1] = p.net
            if built.standard is not None:
                p.standard = (p.standard or 0) + built.standard[seat]
                p.sessions += 1
        for row in built.rows:
            _count(row, seats)
    for p in players.values():
        if p.standard is not None and p.standard != int(p.standard):
            p.standard = round(p.standard, 4)
    scored = any(e.sheet.standard is not None for e in evenings)
    # every table a 国标 session (one without an entry yet has no 标准分 and changes no rank)
    by_standard = scored and all(e.session or e.sheet.standard is not None for e in evenings)
    return Figures(list(evenings), _sorted(list(players.values()), by_standard), by_standard, scored)


# ---- the chart --------------------------------------------------------------------------------------------

COLOURS = ("#17694f", "#b3261e", "#1f5fbf", "#a35f00", "#6a3fa0", "#555555", "#0f6e7a", "#8a3b62")
WIDTH, PAD, PLOT_H, LINE_H = 420, 34, 170, 18


PER_ROW = 3  # legend entries per row


def chart_height(players: int) -> int:
    """The chart's height: the plot, the evenings' numbers, and a legend row per three players."""
    return PAD + PLOT_H + 22 + -(-players // PER_ROW) * LINE_H + 8


def chart(players: Sequence[Player], labels: Sequence[str], label: str = "net over the evenings") -> str:
    """Each player's net after each evening, one line each (x: the evenings, from 0 before the first), with
    a zero line, the evenings numbered under the axis and a legend of as many rows as it needs. SVG drawn
    on the server: no script, no inline style.

    >>> chart([Player("A", series=[0, 4, 6]), Player("B", series=[0, -4, -6])], ["1", "2"]).count("<polyline")
    2
    """
    height = chart_height(len(players))
    inner_w = WIDTH - 2 * PAD
    plot = Plot.of([p.series for p in players], WIDTH, PAD, PLOT_H)
    points = plot.points
    out = plot.frame(height, label, 12, 2)
    for i, text in enumerate(labels, start=1):
        if points <= 12 or i % -(-points // 12) == 0:
            out.append(f'<text x="{plot.x(i):.1f}" y="{PAD + PLOT_H + 16}" fill="#555" text-anchor="middle">'
                       f'{escape(text)}</text>')
    for i, p in enumerate(players):
        colour = COLOURS[i % len(COLOURS)]
        out += plot.line(colour, p.series)
        lx = PAD + (i % PER_ROW) * (inner_w / PER_ROW)
        ly = PAD + PLOT_H + 22 + (i // PER_ROW) * LINE_H
        out.append(f'<rect x="{lx:.1f}" y="{ly}" width="11" height="11" fill="{colour}"/>')
        out.append(f'<text x="{lx + 15:.1f}" y="{ly + 10}" fill="#1f2a2e">{escape(p.name[:14])} '
                   f'{p.net:+d}</text>')
    out.append("</svg>")
    return "".join(out)


# ---- links ------------------------------------------------------------------------------------------------

_TOKEN = r"[A-Za-z0-9_-]{8,64}"
_TABLE_LINK = re.compile(rf"/t/(?:(r)/)?({_TOKEN})(?:/|$|[?#])")
_GROUP_LINK = re.compile(rf"/g/(?:(r)/)?({_TOKEN})(?:/|$|[?#])")
_BARE = re.compile(rf"^{_TOKEN}$")


def _token(link: Any, pattern: re.Pattern[str], error: str) -> tuple[str, bool | None]:
    """The token in a link (or a bare token), and whether it is a read link (None: a bare token)."""
    if not isinstance(link, str) or not link.strip() or len(link) > 400:
        raise LedgerError(said(error))
    text = link.strip()
    if _BARE.match(text):
        return text, None
    found = pattern.search(text)
    if found is None:
        raise LedgerError(said(error))
    return found.group(2), bool(found.group(1))


def table_of(link: Any, using: str = "default") -> Table:
    """The table a link names: its read link, its edit link or either token."""
    token, read = _token(link, _TABLE_LINK, "ledger.group.table_link")
    tables = Table.objects.using(using)
    if read:
        found = tables.filter(read_token=token).first()
    elif read is False:
        found = tables.filter(edit_token=token).first()
    else:
        found = tables.filter(edit_token=token).first() or tables.filter(read_token=token).first()
    if found is None:
        raise NotFound(said("ledger.not_found"))
    return found


def group_token(link: Any) -> str:
    """The group's edit token in its edit link (or the bare token)."""
    token, read = _token(link, _GROUP_LINK, "ledger.group.link")
    if read:
        raise LedgerError(said("ledger.group.link"))
    return token


def group_by(token: Any, which: str = "edit", using: str = "default") -> Group:
    """The group with this edit token (``which="read"``: read token; ``"either"``: either)."""
    if not isinstance(token, str) or len(token) > 64:
        raise NotFound(said("ledger.group.not_found"))
    groups = Group.objects.using(using)
    found = None
    if which in ("edit", "either"):
        found = groups.filter(edit_token=token).first()
    if found is None and which in ("read", "either"):
        found = groups.filter(read_token=token).first()
    if found is None:
        raise NotFound(said("ledger.group.not_found"))
    return found


def tables_of(group: Group) -> list[Table]:
    """The group's tables, evening by evening (the order they were made in)."""
    using = group._state.db or "default"
    return list(Table.objects.using(using).filter(group_members__group=group).order_by("created", "pk"))


def evenings_of(group: Group) -> list[Evening]:
    out = []
    for table in tables_of(group):
        built = service.sheet_of(table, results=False)
        session = sheet.is_session({"kind": table.kind, "system": table.system, "players": table.players})
        out.append(Evening(list(table.players), built, table.name, timezone.localdate(table.created), session,
                           table))
    return out


def figures_of(group: Group) -> Figures:
    return figures(evenings_of(group), group.aliases)


# ---- writes -----------------------------------------------------------------------------------------------

NEW_SCOPE = "new-group"


def scope_of(group: Group | None) -> str:
    return NEW_SCOPE if group is None else f"group:{group.pk}"


def find(scope: str, ask: receipts.Ask, using: str = "default") -> receipts.Kept | None:
    """The answer kept under ``ask``'s key (as receipts.find, for a group's writes)."""
    receipt = GroupReceipt.objects.using(using).filter(scope=scope, key=ask.key).only(
        "request", "status", "answer").first()
    if receipt is None:
        return None
    if receipt.request != ask.request:
        raise receipts.Reused(said("ledger.key.reused"))
    return receipts.Kept(receipt.status, json.loads(zlib.decompress(bytes(receipt.answer))))


def keep(scope: str, group: Group, ask: receipts.Ask, kept: receipts.Kept, using: str = "default") -> None:
    kept_for = timezone.now() - timedelta(seconds=receipts.KEPT_SECONDS)
    stored = GroupReceipt.objects.using(using)
    stored.filter(scope=scope, created__lt=kept_for).delete()
    stored.create(scope=scope, key=ask.key, group=group, request=ask.request, status=kept.status,
                  answer=zlib.compress(json.dumps(kept.answer, ensure_ascii=False).encode(), 1))


@dataclass
class Written:
    """What a group's write committed (``group``), or the answer kept from its first time (``kept``);
    ``changed``: False when the write changed nothing (a table added again)."""

    group: Group | None
    kept: receipts.Kept | None = None
    changed: bool = True


Answer = Callable[[Written], receipts.Kept]


def _seats_apart(table: Table, aliases: Mapping[str, str]) -> None:
    seen: dict[str, str] = {}
    for name in table.players:
        key = fold(shown(name, aliases))
        if key in seen:
            raise LedgerError(said("ledger.group.one_name", a=seen[key], b=name))
        seen[key] = name


def _add(group: Group, table: Table, using: str) -> bool:
    members = GroupTable.objects.using(using)
    if members.filter(group=group, table=table).exists():
        return False
    if members.filter(group=group).count() >= MAX_GROUP_TABLES:
        raise LedgerError(said("ledger.group.full", max=MAX_GROUP_TABLES))
    _seats_apart(table, group.aliases)
    members.create(group=group, table=table)
    return True


def open_group(data: Any, using: str = "default", *, ask: receipts.Ask | None = None,
               answer: Answer | None = None) -> Written:
    """A new group from ``{"name", "tables": [table links]}``, once per idempotency key."""
    if not isinstance(data, Mapping):
        raise LedgerError(said("ledger.group.object"))
    name = data.get("name") or ""
    if not isinstance(name, str):
        raise LedgerError(said("ledger.table.name"))
    links = data.get("tables") or []
    if not isinstance(links, list) or len(links) > MAX_GROUP_TABLES:
        raise LedgerError(said("ledger.group.tables"))
    if ask is not None:
        kept = find(NEW_SCOPE, ask, using)
        if kept is not None:
            return Written(None, kept=kept)
    tables = [table_of(link, using) for link in links]

    def save() -> Written:
        group = Group(name=clean(name)[:80])
        group.save(using=using)
        for table in tables:
            _add(group, table, using)
        written = Written(group)
        if ask is not None and answer is not None:
            keep(NEW_SCOPE, group, ask, answer(written), using)
        return written

    try:
        return service._committed(save, using)
    except IntegrityError:
        kept = find(NEW_SCOPE, ask, using) if ask is not None else None
        if kept is None:
            raise
        return Written(None, kept=kept)


ACTIONS = ("add", "remove", "rename")


def _apply(group: Group, action: str, table: Table | None, old: Any, new: Any, using: str) -> bool:
    """The change itself, under the group's lock; False when it changed nothing (a table added again)."""
    if action == "add":
        assert table is not None
        return _add(group, table, using)
    if action == "remove":
        assert table is not None
        if not GroupTable.objects.using(using).filter(group=group, table=table).delete()[0]:
            raise NotFound(said("ledger.group.not_in"))
        return True
    tables = tables_of(group)
    known: dict[str, str] = {}
    for name in (n for t in tables for n in t.players):
        known.setdefault(fold(shown(name, group.aliases)), shown(name, group.aliases))
    group.aliases = rename(group.aliases, old, new, known, [t.players for t in tables])
    return True


def _version(version: Any) -> int | None:
    try:
        return None if version in (None, "") else int(version)
    except (TypeError, ValueError, OverflowError):
        raise LedgerError(said("ledger.version")) from None


def change(token: Any, action: str, *, table: Any = None, old: Any = None, new: Any = None, version: Any = None,
           using: str = "default", ask: receipts.Ask | None = None, answer: Answer | None = None) -> Written:
    """One change of a group: ``add`` a table (``table``: its link), ``remove`` one (its link, or its read
    token as the group shows it), ``rename`` a player (``old`` → ``new``). ``version``, when given, must be
    the group's (409 otherwise) — but adding a table goes in whatever changed meanwhile."""
    asked = _version(version)
    if action not in ACTIONS:
        raise LedgerError(said("ledger.change.unknown", action=repr(action)[:40]))
    group = group_by(token, using=using)
    scope = scope_of(group)
    kept = find(scope, ask, using) if ask is not None else None
    if kept is not None:
        return Written(None, kept=kept)
    if action == "rename" and not (isinstance(old, str) and isinstance(new, str)):
        raise LedgerError(said("ledger.group.new_name", max=MAX_NAME))
    found = table_of(table, using) if action in ("add", "remove") else None

    def apply() -> Written:
        locked = Group.objects.using(using).filter(pk=group.pk)
        if not locked.update(updated=timezone.now()):
            raise NotFound(said("ledger.group.not_found"))
        current = locked.get()
        if action != "add" and asked is not None and asked != current.version:
            raise Stale(said("ledger.stale"))
        changed = _apply(current, action, found, old, new, using)
        if changed:
            current.version += 1
            current.save(using=using, update_fields=["version", "aliases", "updated"])
        written = Written(current, changed=changed)
        if ask is not None and answer is not None:
            keep(scope, current, ask, answer(written), using)
        return written

    try:
        return service._committed(apply, using)
    except IntegrityError:  # the same key sent twice at once, or the same table added twice at once
        kept = find(scope, ask, using) if ask is not None else None
        if kept is not None:
            return Written(None, kept=kept)
        if action == "add":
            return Written(group_by(token, using=using), changed=False)
        raise


# ---- as JSON ----------------------------------------------------------------------------------------------


def export(group: Group, facts: Figures, links: Mapping[str, Any], table_url: Callable[[Table], str]
           ) -> dict[str, Any]:
    """The group as the API gives it: its evenings, each player's figures, the renames, its links."""
    evenings = []
    for n, e in enumerate(facts.evenings, start=1):
        assert e.table is not None
        t = e.table
        evenings.append({"n": n, "name": t.name, "kind": t.kind, "system": t.system,
                         "date": e.day.isoformat() if e.day else None, "read_token": t.read_token,
                         "read_url": table_url(t), "players": [shown(p, group.aliases) for p in t.players],
                         "hands": len(e.sheet.rows), "totals": e.sheet.totals,
                         "standard_scores": e.sheet.standard})
    return {"group": {"name": group.name, "version": group.version, "created": group.created.isoformat(),
                      "read_token": group.read_token},
            "evenings": evenings, "players": [p.as_dict() for p in facts.players],
            "ranked_by": "standard" if facts.ranked_by_standard else "net",
            "aliases": dict(group.aliases), "links": dict(links), "version": group.version}
