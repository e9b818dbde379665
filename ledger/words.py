"""The ledger's own words for a reader: each message a stable key and an English template, said in 中文 too.

The English template is the message's gettext msgid (``%(name)s`` parameters); its 中文 is the entry of
``locale/zh_Hans/LC_MESSAGES/django.po``. A :class:`Said` is a key and its parameters; it renders in
either language whatever language is active, so one error carries both: the pages show the reader's
(``message_zh`` on a 中文 page), the API gives ``message`` (English), ``message_zh`` and ``key``.
The engine's words (a hand's or a round's error) come from its own catalog, ``rulesets/messages.py``.

>>> said("ledger.entry.limit", max=500).en
'a table keeps at most 500 entries'

A parameter that can say itself in each language (a :class:`Said`, an engine message or error, a
:class:`Worded` error, a :class:`~rulesets.messages.Words`) is said in the message's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.utils.translation import gettext, gettext_noop, override, pgettext, pgettext_lazy

from calculator.wording import HU  # the message context of a text's 胡 spelling (its plain msgid: the 和 one)
from rulesets.errors import MahjongError
from rulesets.messages import SCRIPTS, Message, Words

WORDS: dict[str, str] = {
    # -- entries (ledger/entries.py): a field and what it should hold -----------------------------------------
    "ledger.player.missing": gettext_noop("%(what)s: give a player (0–%(last)s)"),
    "ledger.player.not_a_player": gettext_noop("%(what)s: %(value)s is not a player (0–%(last)s)"),
    "ledger.player.not_at_table": gettext_noop(
        "%(what)s: no player %(p)s at a table of %(n)s (players are 0–%(last)s)"),
    "ledger.hand.missing": gettext_noop("%(what)s: give a hand string or share code"),
    "ledger.text.too_long": gettext_noop("%(what)s: longer than %(limit)s characters"),
    "ledger.choice": gettext_noop("%(what)s: %(value)s is not one of %(choices)s"),
    "ledger.flag": gettext_noop("%(what)s: true or false"),
    "ledger.object": gettext_noop("%(what)s: an object"),
    "ledger.own_discard": gettext_noop("%(what)s: a player cannot win on their own discard"),
    "ledger.event.object": gettext_noop("%(what)s: an object with a type"),
    "ledger.multi.wins": gettext_noop("%(what)s: two or more winners on one discard"),
    "ledger.multi.each_once": gettext_noop("%(what)s: each winner once"),
    "ledger.wall_end.players": gettext_noop("%(what)s: the state of each player still in"),
    "ledger.wall_end.row": gettext_noop("%(what)s: an object {player, state, hand}"),
    "ledger.wall_end.each_once": gettext_noop("%(what)s: each player once"),
    "ledger.rummikub.only": gettext_noop("a Rummikub table keeps Rummikub rounds"),
    "ledger.no_rounds": gettext_noop("this system has no rounds of several events; enter its hands one by one"),
    "ledger.events": gettext_noop("%(what)s: a list of 1–%(max)s events"),
    "ledger.racks.count": gettext_noop("%(what)s: one rack (tiles or a total) per player, %(n)s in all"),
    "ledger.racks.each": gettext_noop("%(what)s: each rack is its tiles (\"5 7 J\") or a total (42)"),
    "ledger.players.list": gettext_noop("%(what)s: a list of names"),
    "ledger.players.count": gettext_noop("%(what)s: this table seats %(count)s players, %(given)s names given"),
    "ledger.players.blank": gettext_noop("%(what)s: every player needs a name"),
    "ledger.players.same": gettext_noop("%(what)s: two players with one name"),
    # -- tables and changes (ledger/service.py, ledger/sheet.py) -----------------------------------------------
    "ledger.field": gettext_noop("%(what)s: %(problem)s"),
    "ledger.table.object": gettext_noop("the table: an object"),
    "ledger.table.kind": gettext_noop("kind: mahjong or rummikub"),
    "ledger.table.options": gettext_noop("options: an object {option: value}"),
    "ledger.table.name": gettext_noop("name: text"),
    "ledger.rummikub.players": gettext_noop("players: Rummikub is for 2–4 players"),
    "ledger.rummikub.numbers": gettext_noop("first_meld and target are numbers"),
    "ledger.rummikub.range": gettext_noop("first_meld is 30 or 50; target 0 (none) to 10000"),
    "ledger.not_found": gettext_noop("no table with this link"),
    "ledger.stale": gettext_noop("someone else changed this table meanwhile: here is the table as it is now; "
                                 "make your change again if it is still needed"),
    "ledger.merged": gettext_noop("someone else changed the table meanwhile; your entry was added at the end"),
    "ledger.entry.which": gettext_noop("which entry? give its number"),
    "ledger.entry.none": gettext_noop("there is no entry %(n)s"),
    "ledger.entry.object": gettext_noop("entry: an object {kind, data}"),
    "ledger.entry.limit": gettext_noop("a table keeps at most %(max)s entries"),
    "ledger.entry.unknown_kind": gettext_noop("unknown entry kind %(kind)s"),
    "ledger.undo.nothing": gettext_noop("nothing to undo"),
    "ledger.change.unknown": gettext_noop("unknown change %(action)s"),
    "ledger.version": gettext_noop("version: a number"),
    # -- the API (ledger/api.py) ------------------------------------------------------------------------------
    "ledger.body.too_large": gettext_noop("the body is too large"),
    "ledger.body.not_json": gettext_noop("the body is not JSON"),
    "ledger.body.not_object": gettext_noop("the body must be a JSON object"),
    "ledger.entry.numbered": gettext_noop("no entry %(n)s: entries are numbered from 1"),
    "ledger.method": gettext_noop("%(method)s is not allowed here (allowed: %(allowed)s)"),
    "ledger.rate_limited": gettext_noop("too many new tables from this address; try again later"),
    "ledger.key.invalid": gettext_noop(
        "the idempotency key must be 8–128 visible ASCII characters (a random UUID, say), the same in the "
        "header and the field"),
    "ledger.key.reused": gettext_noop(
        "this idempotency key was used for another request: each write needs a key of its own"),
    # -- the pages' forms (ledger/forms.py) -------------------------------------------------------------------
    "ledger.form.not_a_player": gettext_noop("%(value)s is not a player"),
    "ledger.form.not_an_event": gettext_noop("row %(n)s: %(kind)s is not an event"),
    "ledger.form.wall_end_last": gettext_noop(
        "row %(n)s: the wall's end comes last; put the players' states after every win and kong"),
    "ledger.form.no_events": gettext_noop("the round has no events: fill in at least one row"),
    "ledger.form.same_needs_win": gettext_noop("row %(n)s: \"same discard\" needs a win on a discard in the row above"),
    "ledger.form.same_player": gettext_noop(
        "row %(n)s: \"same discard\": the row above must be a win on the same player's discard"),
    "ledger.form.same_other": gettext_noop(
        "row %(n)s: \"same discard\": the rows above are on another player's discard"),
    "ledger.form.house_rule": gettext_noop("house rules: %(line)s is not key=value"),
    "ledger.form.round_too_long": gettext_noop(
        "this round is too long to carry to the calculator: type the hand in its row, or enter the round in two parts"),
    # -- a round's events as the ledger reads them (ledger/rounds.py) -----------------------------------------
    "ledger.round.needs_discarder": gettext_noop(
        "a win on a discard or robbing a kong needs the player who paid into it"),
    "ledger.round.multi_needs": gettext_noop("一炮多响 needs the discarder and at least two winners"),
    "ledger.round.own_discard": gettext_noop("the discarder cannot win on their own discard"),
    "ledger.round.unknown_event": gettext_noop("unknown event type %(kind)s"),
    "ledger.round.sichuan_only": gettext_noop(
        "%(kind)s is settled only at 四川 tables; enter kong money in the hands (the system's own rules) and a "
        "荒庄 as a drawn game"),
    "ledger.round.no_rounds": gettext_noop("%(system)s has no rounds of several events: enter its hands one by one"),
    "ledger.round.not_a_win": gettext_noop("not a winning hand"),
    "ledger.options.unreadable": gettext_noop("a house rule's value cannot be read (%(error)s)"),
    # -- Rummikub (ledger/rummikub.py) ------------------------------------------------------------------------
    "ledger.rack.tile": gettext_noop(
        "%(token)s is not a tile: write 1–13 (with a colour letter r/b/o/k if you like) or J"),
    "ledger.rack.too_many": gettext_noop("more tiles than a Rummikub set has (106)"),
    "ledger.rack.kind": gettext_noop("a rack is its tiles or a total"),
    "ledger.rack.total": gettext_noop("%(text)s is not a rack total (0–1000)"),
    "ledger.rack.after_equals": gettext_noop("%(text)s: after = give a total 0–1000"),
    "ledger.rack.out_missing": gettext_noop("the player who went out is not at the table"),
    "ledger.rack.out_empty": gettext_noop("the player who went out has an empty rack"),
    "ledger.meld.sets": gettext_noop("give the sets of the first meld, separated by |"),
    "ledger.meld.not_a_set": gettext_noop(
        "%(set)s is neither a group (3–4 of a number, different colours) nor a run (3+ in a row, one colour)"),
    # -- groups of tables (ledger/groups.py) ------------------------------------------------------------------
    "ledger.group.not_found": gettext_noop("no group with this link"),
    "ledger.group.object": gettext_noop("the group: an object"),
    "ledger.group.tables": gettext_noop("tables: a list of table links"),
    "ledger.group.table_link": gettext_noop("give a table's link (its read link or its edit link)"),
    "ledger.group.link": gettext_noop("give the group's edit link"),
    "ledger.group.full": gettext_noop("a group keeps at most %(max)s tables"),
    "ledger.group.not_in": gettext_noop("this table is not in the group"),
    "ledger.group.one_name": gettext_noop(
        "%(a)s and %(b)s played at this table, and the group would take them for one player"),
    "ledger.group.same_table": gettext_noop(
        "%(a)s and %(b)s played at the same table: they are two players, and cannot be made one"),
    "ledger.group.no_player": gettext_noop("no player %(name)s in this group"),
    "ledger.group.new_name": gettext_noop("the new name: 1–%(max)s characters"),
    "ledger.group.aliases": gettext_noop("a group keeps at most %(max)s renamed names"),
    # -- quick entries and adjustments (ledger/quick.py) ------------------------------------------------------
    "ledger.quick.none": gettext_noop("this system has no quick entry"),
    "ledger.quick.wins": gettext_noop("%(what)s: a list of 1–%(max)s wins"),
    "ledger.quick.number": gettext_noop("%(what)s: a whole number"),
    "ledger.quick.per_player": gettext_noop("%(what)s: one whole number per player, %(n)s in all"),
    "ledger.quick.players": gettext_noop("%(what)s: a list of players"),
    "ledger.quick.text": gettext_noop("%(what)s: a short text"),
    "ledger.quick.field": gettext_noop("%(what)s: this system's quick entry has no field %(key)s (it has: %(known)s)"),
    "ledger.quick.together": gettext_noop(
        "%(what)s: \"same discard\" needs a win on a discard right before it, on the same player's discard"),
    "ledger.quick.one_hand": gettext_noop(
        "%(what)s: at this table a quick entry is one hand: one win, or several on one discard"),
    "ledger.adjust.amounts": gettext_noop("%(what)s: one whole amount per player, %(n)s in all"),
    "ledger.adjust.note": gettext_noop("%(what)s: a note of at most %(limit)s characters"),
    "ledger.adjust.nothing": gettext_noop("%(what)s: every amount is 0"),
    "ledger.adjust.zero_sum": gettext_noop(
        "the amounts add up to %(total)s, not 0: correct them, or tick \"not zero-sum\" and say why in the note"),
    "ledger.adjust.note_needed": gettext_noop("%(what)s: say why the amounts do not add up to 0"),
    # -- settling up (ledger/settle_views.py) ----------------------------------------------------------------
    "ledger.settle.rate": gettext_noop("rate: %(value)s is not an amount per point (a number above 0, e.g. 0.5)"),
}
"""Every message of the ledger: key → English template (the msgid of its 中文 in the .po file)."""


# The messages spelt with 胡 at a table that writes it (the plain msgid's 中文 is the 和 one); for makemessages, which
# cannot see the context given by a variable.
_HU_SPELLINGS = (
    pgettext_lazy("regional systems: 胡", "%(what)s: a player cannot win on their own discard"),
    pgettext_lazy("regional systems: 胡", "%(what)s: two or more winners on one discard"),
    pgettext_lazy("regional systems: 胡", "%(what)s: each winner once"),
    pgettext_lazy("regional systems: 胡",
                  "row %(n)s: the wall's end comes last; put the players' states after every win and kong"),
    pgettext_lazy("regional systems: 胡", "row %(n)s: \"same discard\" needs a win on a discard in the row above"),
    pgettext_lazy("regional systems: 胡",
                  "row %(n)s: \"same discard\": the row above must be a win on the same player's discard"),
    pgettext_lazy("regional systems: 胡",
                  "row %(n)s: \"same discard\": the rows above are on another player's discard"),
    pgettext_lazy("regional systems: 胡", "a win on a discard or robbing a kong needs the player who paid into it"),
    pgettext_lazy("regional systems: 胡", "一炮多响 needs the discarder and at least two winners"),
    pgettext_lazy("regional systems: 胡", "the discarder cannot win on their own discard"),
    pgettext_lazy("regional systems: 胡", "not a winning hand"),
    pgettext_lazy("regional systems: 胡", "%(what)s: a list of 1–%(max)s wins"),
    pgettext_lazy("regional systems: 胡",
                  "%(what)s: at this table a quick entry is one hand: one win, or several on one discard"),
    pgettext_lazy("regional systems: 胡", "%(what)s: \"same discard\" needs a win on a discard right before it, "
                  "on the same player's discard"),
)

_FIELDS = re.compile(r"%\((\w+)\)s")

_HU: ContextVar[bool | None] = ContextVar("ledger_writes_hu", default=None)
"""Whether the table being spoken of writes 胡; None outside a request that speaks of a table (:func:`speaking`)."""


@contextmanager
def spelt_hu(hu: bool) -> Iterator[None]:
    """Within it, the ledger's messages are said in the words of a table that writes 胡 (when ``hu``): a message
    with a 胡 spelling in the catalog (context ``calculator.wording.HU``) takes it, the others are as they are."""
    token = _HU.set(hu)
    try:
        yield
    finally:
        _HU.reset(token)


def speaking[**P, R](view: Callable[P, R]) -> Callable[P, R]:
    """A view whose messages speak of the table it finds: :func:`speak_hu` (called where the table is read,
    ledger/service.py) holds until the view returns."""

    @wraps(view)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
        with spelt_hu(False):
            return view(*args, **kwargs)

    return wrapped


def speak_hu(hu: bool) -> None:
    """The table the current view (:func:`speaking`) speaks of writes 胡 (``hu``); nothing outside such a view."""
    if _HU.get() is not None:
        _HU.set(hu)


def spoken_hu() -> bool:
    """Whether the table being spoken of writes 胡: the engine's messages are then rendered in its words
    (``rulesets.messages.render(…, hu=True)``: 和牌 → 胡牌, 抢杠和 → 抢杠胡, never the conjunction 和)."""
    return bool(_HU.get())


def _template(key: str) -> str:
    """The 中文 template of ``key`` in the active catalog, in the words of the table being spoken of."""
    template = WORDS[key]
    if _HU.get():
        hu = pgettext(HU, template)
        if hu != template:
            return hu
    return gettext(template)


def _zh(lang: str) -> bool:
    return lang.lower().startswith("zh")


def _catalog(lang: str) -> str:
    """The catalog a 中文 reader of ``lang`` reads: 繁體 (``zh-hant``) or 简体."""
    return "zh-hant" if lang.lower() in SCRIPTS else "zh-hans"


def _shown(value: Any, lang: str) -> Any:
    if isinstance(value, Words):
        return value.en if not _zh(lang) else SCRIPTS[lang.lower()](value.zh) if lang.lower() in SCRIPTS else value.zh
    if isinstance(value, (Message, MahjongError, Worded)):  # a Said, an engine message or error, a Worded error
        return value.render(lang, hu=spoken_hu())
    return value


@dataclass(frozen=True, eq=True)
class Said(Message):
    """A ledger message: its key (of :data:`WORDS`) and parameters, rendered in 中文 or English (:attr:`zh`,
    :attr:`en`) like an engine :class:`~rulesets.messages.Message`, from the site's translation catalog."""

    def render(self, lang: str, hu: bool = False) -> str:
        """The message for a reader of ``lang`` (``"zh…"`` for 中文, anything else English), in the words of the
        table being spoken of (:func:`spelt_hu`; ``hu`` is the engine's way of asking and is not needed here)."""
        template = WORDS[self.key]
        if _zh(lang):
            with override(_catalog(lang)):
                template = _template(self.key)
        return template % {k: _shown(v, lang) for k, v in self.params.items()}


def said(key: str, /, **params: Any) -> Said:
    """The message ``key`` with ``params``; an unknown key or a missing parameter is a bug, raised at once."""
    missing = set(_FIELDS.findall(WORDS[key])) - params.keys()
    if missing:
        raise KeyError(f"ledger message {key}: missing parameters {', '.join(sorted(missing))}")
    return Said(key, params)


class Worded(ValueError):
    """An error in the reader's words: ``str()`` in English, :attr:`message_zh` in 中文, :meth:`render` in
    either, and :attr:`key`, the stable key of what is wrong (a ledger key of :data:`WORDS` or an engine
    key of ``rulesets/messages.py``; None for a text that has none).

    Made from a :class:`Said` or an engine :class:`~rulesets.messages.Message` (both languages and the key
    from it), or from plain texts (English, and 中文 where known). ``key`` given apart names the cause of a
    message said *of* something ("system: …", "event 3: …"): the key of what is wrong there.
    """

    def __init__(self, message: Message | str = "", message_zh: str | None = None, *,
                 key: str | None = None) -> None:
        self.said = message if isinstance(message, Message) else None
        self._zh = message_zh
        self.key = key if key is not None or self.said is None else self.said.key
        super().__init__(message.en if isinstance(message, Message) else message)

    @property
    def message(self) -> str:
        return str(self)

    @property
    def message_zh(self) -> str:
        if self.said is not None:
            return self.said.render("zh", hu=spoken_hu())
        return self._zh or str(self)

    def render(self, lang: str, hu: bool = False) -> str:
        """The error in ``lang``; an engine message in the table's own words (胡 when ``hu`` or the table being
        spoken of writes it); a text given as it is."""
        if self.said is not None:
            return self.said.render(lang, hu=hu or spoken_hu())
        if _zh(lang) and lang.lower() in SCRIPTS:
            return SCRIPTS[lang.lower()](self.message_zh)
        return self.message_zh if _zh(lang) else str(self)
