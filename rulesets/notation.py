"""Hand strings: read and write the established formats, with precise errors (DESIGN §4.1).

:func:`parse_hand` reads, and tells apart, three formats and the project's share code:

- ChineseOfficialMahjongHelper: ``[789s1][5555p]23m456pWW1m`` (honours ``E S W N C F P``);
- GB-Mahjong: the same with ``[555p,3]`` plus ``|`` winds and four flags ``|`` flowers;
- mpsz: ``123m456p789s1155z`` with ``z`` honours in the Chinese order 1z..7z = 东 南 西 北 中 发 白;
- a share code ``v1.…`` (see :mod:`rulesets.sharecode`).

The grammar, defaults and examples are in docs/notation.md.

>>> h = parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae")
>>> str(h.winning_tile), h.context.seat.value, h.context.self_drawn, [f.zh for f in h.context.flowers]
('9s', 'S', True, ['梅', '春'])
>>> format_hand(h, "mpsz")
'[555z2][1111m]456p78s22z9s 15f'
>>> parse_hand(format_hand(h, "gb")) == h
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple, NoReturn

from .errors import ContextError, HandError, MahjongError, NotationError
from .hand import SEATS4, Hand, KongEvent, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from .messages import Message, msg
from .tiles import BY_INDEX, FLOWERS, TILES_BY_INDEX, Suit, Tile
from .values import keep

__all__ = [
    "FORMATS", "MAX_LENGTH", "canonical_hand", "check_hand", "format_hand", "hand_to_text", "parse_hand", "read_hand",
    "format_pack", "read_tiles",
]

FORMATS = ("helper", "gb", "mpsz")
MAX_LENGTH = 1000
"""Longest text the parsers read: a full hand with context and house rules is well under this."""

_DIGITS = "0123456789"
_SUFFIXES = "mpszf"
_HONOUR_LETTERS = "ESWNCFP"  # 东 南 西 北 中 发 白
_GB_WINDS = "ESWN"
_GB_FLOWER_LETTERS = "abcdefgh"  # 梅 兰 竹 菊 春 夏 秋 冬
_BRACKETS = {"【": "[", "】": "]", "〔": "[", "〕": "]", "〖": "[", "〗": "]", "、": ","}
_RED_FIVE_SUITS = "mps"
_IGNORED = "\ufe0e\ufe0f"  # variation selectors that follow Unicode tiles such as 🀄︎
_LETTER_TILES = {letter: Tile(27 + i) for i, letter in enumerate(_HONOUR_LETTERS)}
_UNICODE_TILES = {t.unicode: t for t in TILES_BY_INDEX}
_VS15 = "\ufe0e"  # text presentation, so 🀄 is drawn like the other tiles and not as an emoji
_RUN_TILES = {suit: {str(t.rank): t for t in TILES_BY_INDEX if t.suit.value == suit} for suit in "mpsz"}
"""Each suit letter's tiles by their digit: a run such as ``123m`` reads ``_RUN_TILES["m"][digit]`` for each."""
_NO_CONTEXT = WinContext()
"""The context of a hand string that says none (one value: a context is never changed in place)."""
_PLAIN = re.compile(r"(?:[1-9]+[mps]|[1-7]+z|[ESWNCFP]"
                    r"|\[(?:[1-9]{3,4}[mps]|[1-7]{3,4}z|[ESWNCFP]{3,4})(?:,?[0-9])?\])+")
"""A plain hand string: runs of tiles, honour letters and packs of one run each, with their digit; no space,
no context, no flower, no red five. Most hands are written so; :meth:`_Reader.read_plain` reads them whole."""
_PLAIN_PACK = re.compile(r"\[([1-9]+[mpsz]|[ESWNCFP]+),?([0-9]?)\]")
"""A pack of a plain string: its tiles' text and its digit."""
_PLAIN_TILE = re.compile(r"([1-9])(?=[1-9]*([mpsz]))|([ESWNCFP])")
"""Each standing tile of a plain string without its packs, in order: a digit and its run's suit letter, or an
honour letter (a key of :data:`_PLAIN_TILES`)."""
_PLAIN_TILES = {
    **{(digit, suit, ""): t for suit, by_digit in _RUN_TILES.items() for digit, t in by_digit.items()},
    **{("", "", letter): t for letter, t in _LETTER_TILES.items()},
}
"""The tile of each match of :data:`_PLAIN_TILE`, so a string's tiles are looked up in one pass of C."""
_PLAIN_MELDS: dict[tuple[str, int | None], Meld] = {}
_PLAIN_MELDS_MAX = 4096
"""The meld of each pack of a plain string, by its text and digit (``("123m", 2)``), made the first time it is
read; at most this many kept (the packs written in play are a few hundred)."""
_RELATIVE = (None, Relative.LEFT, Relative.ACROSS, Relative.RIGHT)
"""Each claim digit's :class:`Relative` (1 to 3), looked up: ``Relative(digit)`` is a Python call of the enum's."""
_WRITTEN = {f"{t.rank}{t.suit.value}": ("flower" if t.is_flower else "tile", t) for t in TILES_BY_INDEX}
"""Each tile as a digit and its suit letter reads (``5m``, ``7z``, ``3f``): its token kind and the tile. A red
five (``0m``) and a digit its suit does not have are read the long way (a note, an error)."""


# --- errors --------------------------------------------------------------------------------------


def fail(message: Message | str, text: str | None, position: int | None,
         cls: type[MahjongError] = NotationError) -> NoReturn:
    """Raise ``cls`` with ``message`` + where it happened (0-based character position in ``text``)."""
    if position is not None and text:
        position = max(0, min(position, len(text) - 1))  # always a character of the text
    raise cls(message, text=text, position=position, located=True) from None  # the message says it all


def bare_message(exc: MahjongError) -> Message | str:
    """The message of a caught error without its place (it is raised again at a place of its own)."""
    return exc.msg if exc.msg is not None else exc.message


# --- the hand's normal form and its size-independent checks ------------------------------------------


def filled_meld(meld: Meld) -> Meld:
    """``meld`` with the parser's defaults filled in: claimed from the left, a chow's first tile claimed.

    Raises :class:`HandError` for a chow claimed from anyone but the left player (上家).
    """
    if meld.kind is MeldKind.CHOW:
        if meld.source not in (None, Relative.LEFT):
            raise HandError(msg("hand.chow_from_left", pack=str(meld)))
        return meld if meld.source is Relative.LEFT and meld.claimed else \
            replace(meld, source=Relative.LEFT, claimed=meld.claimed or 1)
    if meld.kong is KongKind.CONCEALED or meld.source is not None:
        return meld
    return replace(meld, source=Relative.LEFT)


_KIND_ORDER = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}
_KONG_ORDER = {None: 0, KongKind.EXPOSED: 1, KongKind.CONCEALED: 2, KongKind.ADDED: 3}


def meld_order(meld: Meld) -> tuple[int, ...]:
    """Sort key of the canonical meld order: lowest tile, then chow, pung, exposed, concealed, added kong."""
    source = meld.source._value_ if meld.source else 0  # the member's value, without the enum's property
    return (meld.tile.index, _KIND_ORDER[meld.kind], _KONG_ORDER[meld.kong], source, meld.claimed or 0)


def kong_event_order(event: KongEvent) -> tuple[int, int, int]:
    """Sort key of the canonical order of other players' kongs: seat, kind, feeder."""
    return (event.seat.order, _KONG_ORDER[event.kind], event.fed_by.order if event.fed_by else -1)


def canonical_hand(hand: Hand) -> Hand:
    """The one normal form of ``hand`` that the share code writes.

    Standing tiles sorted; melds with their defaults filled in and in canonical order; flowers sorted;
    other players' kongs in canonical order. Nothing else changes.

    >>> h = parse_hand("[789s][555p3]99m1m23m8m 7m")
    >>> [str(t) for t in canonical_hand(h).standing], [str(m) for m in canonical_hand(h).melds]
    (['1m', '2m', '3m', '7m', '8m', '9m', '9m'], ['555p', '789s'])
    """
    ctx = hand.context
    if ctx.flowers or ctx.kongs:
        flowers, kongs = tuple(sorted(ctx.flowers)), tuple(sorted(ctx.kongs, key=kong_event_order))
        if flowers != ctx.flowers or kongs != ctx.kongs:
            ctx = replace(ctx, flowers=flowers, kongs=kongs)
    melds = hand.melds
    if len(melds) > 1:
        melds = tuple(sorted(map(filled_meld, melds), key=meld_order))
    elif melds:  # one meld: nothing to order
        melds = (filled_meld(melds[0]),)
    return Hand(tuple(sorted(hand.standing, key=BY_INDEX)), melds, hand.winning_tile, ctx)  # standing, melds, won, ctx


def check_copies(placed: Iterable[tuple[Tile, int]], text: str) -> None:
    """Raise :class:`HandError` at the 5th copy of a tile; ``placed`` pairs each tile with its position."""
    seen = [0] * len(TILES_BY_INDEX)
    for t, pos in sorted(placed, key=lambda item: item[1]):
        seen[t.index] += 1
        if seen[t.index] > 4:
            fail(msg("hand.fifth_copy", tile=str(t), name=t.zh), text, pos, HandError)


def check_hand(hand: Hand, skip_checks: frozenset[str] = frozenset()) -> None:
    """The checks every hand string gets, whatever the system: everything but the hand size.

    A hand has 3n+1 standing tiles besides its winning tile (each meld counts as 3), at most 4 copies
    of a tile, and a context that does not contradict itself or the tiles. The exact size (14 tiles,
    8 in six-player Sichuan, 13 while waiting) is the ruleset's to check, and so are ``skip_checks``
    (a share code naming only systems that make those checks their own way: ``Ruleset.skip_checks``).
    """
    if len(hand.standing) % 3 != 1:
        have = hand.size()
        raise HandError(msg("hand.count_3n", n=have))
    # Hand.validate at the hand's own size (its count always matches), every seat allowed, and winners may stay in
    # (血流成河): the ruleset checks its own table
    hand.check_held()
    hand.check_context(players=6, winners_stay=True, skip_checks=skip_checks)


# --- reading -------------------------------------------------------------------------------------


class _Token(NamedTuple):
    kind: str  # "tile", "flower", "[", "]", ",", "digits" (pending digits just before "]" or ",")
    pos: int
    tile: Tile | None = None
    digits: tuple[int, ...] = ()  # positions of the digits of a "digits" token


@dataclass
class _Body:
    standing: list[_Token] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    placed: list[_Token] = field(default_factory=list)  # every tile in a pack or standing, in text order
    flowers: list[_Token] = field(default_factory=list)


class _Reader:
    """One pass over one hand string. ``raw`` is quoted in errors; ``text`` is its half-width form."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.text = _half_width(raw)
        self.notes: list[Message] = []  # what the reader took to mean something else (a red five 0m: 5m)

    def fail(self, message: Message | str, position: int | None, cls: type[MahjongError] = NotationError) -> NoReturn:
        fail(message, self.raw, position, cls)

    # -- top level ---------------------------------------------------------------------------------
    def read(self) -> Hand:
        if "|" not in self.text and _PLAIN.fullmatch(self.text):
            plain = self.read_plain()
            if plain is not None:
                return plain
        bars = [i for i, ch in enumerate(self.text) if ch == "|"]
        if len(bars) > 2:
            self.fail(msg("notation.third_bar"), bars[2])
        ends = [*bars, len(self.text)]
        body = self.read_body(self.tokens(0, ends[0]))
        context = self.read_context(ends[0] + 1, ends[1]) if bars else WinContext()
        flowers = body.flowers + (self.read_flowers(ends[1] + 1, ends[2]) if len(bars) == 2 else [])
        return self.build(body, context, flowers, bars[0] if bars else None)

    def read_plain(self) -> Hand | None:
        """The hand of a plain string (:data:`_PLAIN`: tiles and packs only, nothing to note), or None when it
        breaks a rule: :meth:`read` then reads it token by token, to say where."""
        text = self.text
        try:
            packs = _PLAIN_PACK.findall(text) if "[" in text else ()
            melds = [self.plain_meld(pack, int(number) if number else None) for pack, number in packs]
            tiles = _PLAIN_TILE.findall(_PLAIN_PACK.sub("", text) if packs else text)
            standing = list(map(_PLAIN_TILES.__getitem__, tiles))
            winning = standing.pop() if len(standing) % 3 == 2 else None
            if len(standing) % 3 != 1:
                return None
            hand = Hand(tuple(standing), tuple(melds), winning, _NO_CONTEXT)  # the fields by position: a cheaper call
            # check_hand's checks: with no context and no flower (the grammar has none), only a fifth copy can fail
            hand.check_held()
        except MahjongError:
            return None
        return hand

    def plain_meld(self, pack: str, number: int | None) -> Meld:
        """The meld of a pack written as one run of one suit (``123m``, ``CCC``) and its digit (a meld is a value:
        each pack's is made once, :data:`_PLAIN_MELDS`)."""
        meld = _PLAIN_MELDS.get((pack, number))
        if meld is None:
            meld = keep(_PLAIN_MELDS, (pack, number), self.new_plain_meld(pack, number), _PLAIN_MELDS_MAX)
        return meld

    def new_plain_meld(self, pack: str, number: int | None) -> Meld:
        if pack[-1] in _RUN_TILES:
            kinds = list(map(_RUN_TILES[pack[-1]].__getitem__, pack[:-1]))
        else:
            kinds = [_LETTER_TILES[ch] for ch in pack]
        if len(set(kinds)) == 1:
            return self.same_tile_meld(kinds[0], len(kinds), number, pack, None)
        if len(kinds) == 3 and _is_chow(kinds) and (number is None or 1 <= number <= 3):
            return _chow(kinds, number)
        self.fail(msg("notation.not_a_set", pack=pack), None)

    # -- tokens ------------------------------------------------------------------------------------
    def tokens(self, start: int, end: int) -> list[_Token]:
        out: list[_Token] = []
        pending: list[int] = []  # digits still waiting for their suit letter
        for i in range(start, end):
            ch = self.text[i]
            if ch in _DIGITS:
                pending.append(i)
            elif ch.isspace() or ch in _IGNORED:
                continue
            elif ch in _SUFFIXES:
                out.extend(self.suited(pending, ch, i))
                pending = []
            elif ch in "],":
                if pending:
                    out.append(_Token("digits", pending[0], digits=tuple(pending)))
                    pending = []
                out.append(_Token(ch, i))
            else:
                tok = self.single(ch, i)  # an unknown character is the first thing to say
                self.no_pending(pending, i)
                out.append(tok)
        if pending and _open_pack(out):
            out.append(_Token("digits", pending[0], digits=tuple(pending)))  # "[123m2": say the bracket is open
        else:
            self.no_pending(pending, end)
        return out

    def suited(self, pending: list[int], suffix: str, pos: int) -> list[_Token]:
        if not pending:
            self.fail(msg("notation.suffix_alone", suffix=suffix), pos)
        out = []
        for p in pending:
            found = _WRITTEN.get(self.text[p] + suffix)
            if found is not None:
                out.append(_Token(found[0], p, found[1]))
                continue
            rank = int(self.text[p])
            if rank == 0 and suffix in _RED_FIVE_SUITS:  # mpsz tools write a red five (赤五) as 0m 0p 0s
                rank = 5
                self.red_five(suffix)
            try:
                t = Tile.of(Suit(suffix), rank)
            except NotationError as exc:
                self.fail(bare_message(exc), p)
            out.append(_Token("flower" if t.is_flower else "tile", p, t))
        return out

    def red_five(self, suffix: str) -> None:
        note = msg("notation.red_five", written=f"0{suffix}", tile=f"5{suffix}")
        if note not in self.notes:
            self.notes.append(note)

    def no_pending(self, pending: list[int], pos: int) -> None:
        if not pending:
            return
        digits = "".join(self.text[p] for p in pending)
        if pos < len(self.text):
            self.fail(msg("notation.digits_before", digits=digits, next=self.text[pos]), pending[0])
        self.fail(msg("notation.digits_at_end", digits=digits), pending[0])

    def single(self, ch: str, pos: int) -> _Token:
        if ch == "[":
            return _Token("[", pos)
        t = _LETTER_TILES.get(ch) or _UNICODE_TILES.get(ch)
        if t is None:
            self.fail(msg("notation.unknown_char", char=ch), pos)
        return _Token("flower" if t.is_flower else "tile", pos, t)

    # -- tiles and packs ---------------------------------------------------------------------------
    def read_body(self, tokens: list[_Token]) -> _Body:
        body = _Body()
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok.kind == "[":
                i = self.read_pack(tokens, i, body)
                continue
            if tok.kind == "tile":
                body.standing.append(tok)
                body.placed.append(tok)
            elif tok.kind == "flower":
                body.flowers.append(tok)
            elif tok.kind == "]":
                self.fail(msg("notation.stray_close"), tok.pos)
            elif tok.kind == ",":
                self.fail(msg("notation.stray_comma"), tok.pos)
            else:
                self.no_pending(list(tok.digits), tokens[i + 1].pos if i + 1 < len(tokens) else len(self.text))
            i += 1
        return body

    def read_pack(self, tokens: list[_Token], i: int, body: _Body) -> int:
        """Read the pack opened by ``tokens[i]``; return the index after its ``]``."""
        start = tokens[i].pos
        j = i + 1
        tiles: list[_Token] = []
        while j < len(tokens) and tokens[j].kind == "tile":
            tiles.append(tokens[j])
            j += 1
        comma = j < len(tokens) and tokens[j].kind == ","
        j += comma
        digit = tokens[j] if j < len(tokens) and tokens[j].kind == "digits" else None
        j += digit is not None
        if j >= len(tokens) or tokens[j].kind != "]":
            self.pack_not_closed(start, tokens[j] if j < len(tokens) else None)
        if comma and digit is None:
            self.fail(msg("notation.comma_digit"), tokens[j - 1].pos)
        if not tiles and digit is not None:
            self.no_pending(list(digit.digits), tokens[j].pos)
        body.melds.append(self.make_meld(tiles, digit, start, tokens[j].pos))
        body.placed.extend(tiles)
        return j + 1

    def pack_not_closed(self, start: int, tok: _Token | None) -> NoReturn:
        if tok is None or tok.kind == "[":
            self.fail(msg("notation.unclosed"), start)
        if tok.kind == "flower":
            self.fail(msg("notation.flower_in_pack", tile=str(tok.tile)), tok.pos)
        self.fail(msg("notation.unexpected_in_pack", char=self.text[tok.pos], start=start, n=start + 1), tok.pos)

    def make_meld(self, tiles: list[_Token], digit: _Token | None, start: int, end: int) -> Meld:
        written = self.raw[start : end + 1]
        if digit is not None and len(digit.digits) > 1:
            self.fail(msg("notation.pack_digits", pack=written), digit.digits[1])
        number = int(self.text[digit.pos]) if digit else None
        kinds = [t.tile for t in tiles if t.tile is not None]
        if len(kinds) not in (3, 4):
            self.fail(msg("notation.pack_size", pack=written, n=len(kinds)), start)
        if len(set(kinds)) == 1:
            return self.same_tile_meld(kinds[0], len(kinds), number, written, digit)
        if len(kinds) == 3 and _is_chow(kinds):
            if digit is not None and not 1 <= (number or 0) <= 3:
                self.fail(msg("notation.chow_digit", pack=written, digit=number), digit.pos)
            return _chow(kinds, number)
        self.fail(msg("notation.not_a_set", pack=written), start)

    def same_tile_meld(self, t: Tile, n: int, number: int | None, written: str, digit: _Token | None) -> Meld:
        pos = digit.pos if digit else 0
        if n == 3:
            if number is not None and not 1 <= number <= 3:
                self.fail(msg("notation.pung_digit", pack=written, digit=number), pos)
            return Meld(MeldKind.PUNG, t, source=_RELATIVE[number or 1])
        if number is None:
            return Meld(MeldKind.KONG, t, kong=KongKind.CONCEALED)
        if 1 <= number <= 3:
            return Meld(MeldKind.KONG, t, kong=KongKind.EXPOSED, source=_RELATIVE[number])
        if 5 <= number <= 7:
            return Meld(MeldKind.KONG, t, kong=KongKind.ADDED, source=_RELATIVE[number - 4])
        self.fail(msg("notation.kong_digit", pack=written, digit=number), pos)

    # -- the GB-Mahjong tail -------------------------------------------------------------------------
    def visible(self, start: int, end: int) -> list[tuple[int, str]]:
        return [(i, self.text[i]) for i in range(start, end) if not self.text[i].isspace()]

    def read_context(self, start: int, end: int) -> WinContext:
        chars = self.visible(start, end)
        if not chars:
            return WinContext()
        if len(chars) < 2:
            self.fail(msg("notation.context_winds"), chars[0][0])
        round_wind, seat = (self.wind(i, ch) for i, ch in chars[:2])
        flags = chars[2:]
        if len(flags) not in (0, 4):
            where = flags[min(len(flags), 4) - 1][0]
            self.fail(msg("notation.flag_count", n=len(flags)), where)
        drawn, last_copy, last_tile, kong = (self.flag(i, ch) for i, ch in flags) if flags else (False,) * 4
        win = WinMethod.SELF_DRAWN if drawn else WinMethod.ROB_KONG if kong else WinMethod.DISCARD
        return WinContext(
            win=win, seat=seat, round_wind=round_wind, last_copy=last_copy, last_tile=last_tile,
            kong_replacement=drawn and kong,
        )

    def wind(self, pos: int, ch: str) -> Seat:
        if ch not in _GB_WINDS:
            self.fail(msg("notation.bad_wind", char=ch), pos)
        return Seat(ch)

    def flag(self, pos: int, ch: str) -> bool:
        if ch not in "01":
            self.fail(msg("notation.bad_flag", char=ch), pos)
        return ch == "1"

    def read_flowers(self, start: int, end: int) -> list[_Token]:
        chars = self.visible(start, end)
        if chars and all(ch in _DIGITS for _, ch in chars):
            count = int("".join(ch for _, ch in chars)[:3])
            if len(chars) > 1 or count > 8:
                self.fail(msg("notation.flower_count", n=count), chars[0][0])
            return [_Token("flower", chars[0][0], f) for f in FLOWERS[:count]]
        out = []
        for pos, ch in chars:
            if ch not in _GB_FLOWER_LETTERS:
                self.fail(msg("notation.not_a_flower", char=ch), pos)
            out.append(_Token("flower", pos, FLOWERS[_GB_FLOWER_LETTERS.index(ch)]))
        return out

    # -- the hand ------------------------------------------------------------------------------------
    def build(self, body: _Body, context: WinContext, flowers: list[_Token], context_pos: int | None) -> Hand:
        if not body.standing and not body.melds:
            self.fail(msg("notation.no_tiles"), len(self.text) - 1 if self.text else None)
        self.check_copies(body.placed)
        standing = [t.tile for t in body.standing if t.tile is not None]
        last = body.standing[-1].pos if body.standing else 0
        winning = standing.pop() if len(standing) % 3 == 2 else None
        distinct = self.distinct_flowers(flowers)
        hand = Hand(
            standing=tuple(standing), melds=tuple(body.melds), winning_tile=winning,
            context=context if distinct == context.flowers else replace(context, flowers=distinct),
        )
        try:
            check_hand(hand)
        except HandError as exc:
            self.fail(bare_message(exc), last, HandError)
        except ContextError as exc:
            self.fail(msg("where.context_flags", message=bare_message(exc)), context_pos, ContextError)
        return hand

    def check_copies(self, placed: list[_Token]) -> None:
        check_copies(((t.tile, t.pos) for t in placed if t.tile is not None), self.raw)

    def distinct_flowers(self, flowers: list[_Token]) -> tuple[Tile, ...]:
        seen: set[Tile] = set()
        for tok in flowers:
            assert tok.tile is not None
            if tok.tile in seen:
                self.fail(msg("notation.flower_twice", tile=str(tok.tile), name=tok.tile.zh), tok.pos)
            seen.add(tok.tile)
        return tuple(sorted(seen))


def _half_width(text: str) -> str:
    """Full-width and Chinese punctuation to ASCII, one character for one, so positions stay put."""
    return text if text.isascii() else "".join(_ascii_twin(ch) for ch in text)


@lru_cache(maxsize=512)
def _ascii_twin(ch: str) -> str:
    if ch in _BRACKETS:
        return _BRACKETS[ch]
    folded = unicodedata.normalize("NFKC", ch)
    return folded if len(folded) == 1 and folded.isascii() else ch


def _open_pack(tokens: list[_Token]) -> bool:
    brackets = [t.kind for t in tokens if t.kind in "[]"]
    return bool(brackets) and brackets[-1] == "["


def _chow(kinds: Sequence[Tile], number: int | None) -> Meld:
    """The chow of three tiles in a row, its ``number``-th tile (the first by default) claimed from the left."""
    claimed = kinds[(number or 1) - 1]
    low = min(kinds)
    return Meld(MeldKind.CHOW, low, source=Relative.LEFT, claimed=claimed.rank - low.rank + 1)


def _is_chow(kinds: Sequence[Tile]) -> bool:
    low = min(kinds)
    return low.is_suited and low.rank <= 7 and sorted(kinds) == [low, Tile(low.index + 1), Tile(low.index + 2)]


def is_share_code(text: str) -> bool:
    """Whether :func:`parse_hand` reads ``text`` as a share code (or a share link) rather than a hand string."""
    stripped = text.strip()
    return stripped.startswith("v") or "/h/" in stripped


def parse_hand(text: str) -> Hand:
    """Read a hand string in any of the accepted formats, or a share code (whose hand is returned).

    The tile count is not held to 14: waiting hands (3n+1 tiles) and smaller or larger hands
    (six-player Sichuan has 8 tiles) are read too. What every hand must satisfy is checked:
    at most 4 copies of a tile, and a context that does not contradict itself or the tiles.
    Errors are :class:`NotationError` (or :class:`HandError`/:class:`ContextError`) with a position.

    >>> h = parse_hand("[123m2]456p789s1122z1z")
    >>> h.melds[0].claimed, str(h.winning_tile), len(h.standing)
    (2, '1z', 10)
    >>> parse_hand("123m[124m]")
    Traceback (most recent call last):
    ...
    rulesets.errors.NotationError: [124m] is not a chow, pung or kong at position 4
    """
    return read_hand(text)[0]


def read_hand(text: str) -> tuple[Hand, tuple[Message, ...]]:
    """:func:`parse_hand`, with the reader's notes on what it took to mean something else.

    mpsz tools write a red five (赤五) as ``0m``/``0p``/``0s``. No system here scores red fives, so each
    is read as a plain five, and a note says so.

    >>> h, notes = read_hand("340m406p789s11z")
    >>> [str(t) for t in h.standing if t.rank == 5], [n.en[:16] for n in notes]
    (['5m', '5p'], ['0m is a red five', '0p is a red five'])
    """
    if not isinstance(text, str) or len(text) > MAX_LENGTH or not text.strip() or is_share_code(text):
        return _parse_hand(text), ()
    reader = _Reader(text)
    return reader.read(), tuple(reader.notes)


def _parse_hand(text: str) -> Hand:
    if not isinstance(text, str):
        raise NotationError(msg("notation.not_text", kind=type(text).__name__))
    if len(text) > MAX_LENGTH:
        fail(msg("notation.too_long", n=len(text), max=MAX_LENGTH), text, MAX_LENGTH)
    if not text.strip():
        raise NotationError(msg("notation.empty"), text=text)
    if is_share_code(text):
        from .sharecode import parse_share_code

        return parse_share_code(text).hand
    return _Reader(text).read()


def read_tiles(text: str) -> tuple[tuple[Meld, ...], tuple[Tile, ...]]:
    """The packs and the standing tiles of a hand string, each in the order written, at any stage of entry.

    The part before any ``|`` is read by :func:`parse_hand`'s own grammar, but not held to a hand's
    count or to 4 copies of a tile (an editor checks those edit by edit: the calculator's palette);
    flowers are left out. Raises :class:`NotationError`; a share code is :func:`parse_hand`'s to read.

    >>> melds, standing = read_tiles("[555p3]31m")
    >>> [str(m.tile) for m in melds], [str(t) for t in standing]
    (['5p'], ['3m', '1m'])
    """
    if not isinstance(text, str):
        raise NotationError(msg("notation.not_text", kind=type(text).__name__))
    if len(text) > MAX_LENGTH:
        fail(msg("notation.too_long", n=len(text), max=MAX_LENGTH), text, MAX_LENGTH)
    reader = _Reader(text)
    bar = reader.text.find("|")
    body = reader.read_body(reader.tokens(0, len(reader.text) if bar < 0 else bar))
    return tuple(body.melds), tuple(t.tile for t in body.standing if t.tile is not None)


# --- writing -------------------------------------------------------------------------------------


def tile_runs(seq: Iterable[Tile], letters: bool) -> str:
    """``123m45p`` runs; with ``letters`` honours are written E S W N C F P instead of 1z..7z.

    >>> from rulesets.tiles import tiles
    >>> tile_runs(tiles("123m45p5p1z22z"), False), tile_runs(tiles("123m45p5p1z22z"), True)
    ('123m455p122z', '123m455pESS')
    """
    digits, suits = _LETTER_RUNS if letters else _DIGIT_RUNS
    out: list[str] = []
    last = ""  # the suit letter of the run being written, written after its last tile ("" after a letter)
    for t in seq:
        index = t.index
        suit = suits[index]
        if suit != last:
            if last:
                out.append(last)
            last = suit
        out.append(digits[index])
    if last:
        out.append(last)
    return "".join(out)


_DIGIT_RUNS = (tuple(str(t)[:-1] for t in TILES_BY_INDEX), tuple(str(t)[-1] for t in TILES_BY_INDEX))
"""Each tile's digit and its suit's letter (m p s z, f for a flower), by index: a run writes the letter once."""
_LETTER_RUNS = (tuple(t.letter if t.is_honour else str(t)[:-1] for t in TILES_BY_INDEX),
                tuple("" if t.is_honour else str(t)[-1] for t in TILES_BY_INDEX))
"""The same with the honours as letters (E S W N C F P), each a run of its own with no suit letter after it."""


def _meld_digit(meld: Meld) -> int | None:
    """The digit before ``]`` (ChineseOfficialMahjongHelper's code), None for a concealed kong."""
    meld = filled_meld(meld)
    if meld.kind is MeldKind.CHOW:
        return meld.claimed
    if meld.kong is KongKind.CONCEALED:
        return None
    assert meld.source is not None
    return meld.source._value_ + (4 if meld.kong is KongKind.ADDED else 0)  # the member's value, not the property


def _pack(meld: Meld, fmt: str) -> str:
    digit = _meld_digit(meld)
    tail = "" if digit is None else ("," if fmt == "gb" else "") + str(digit)
    return f"[{tile_runs(meld.tiles, letters=fmt != 'mpsz')}{tail}]"


def format_pack(meld: Meld, fmt: str = "helper") -> str:
    """One pack as ``fmt`` writes it (see :func:`format_hand`): ``[555p3]``, ``[555p,3]``, ``[555z2]`` (mpsz).

    >>> format_pack(Meld(MeldKind.PUNG, Tile.parse("5z"), source=Relative.ACROSS), "mpsz")
    '[555z2]'
    """
    return _pack(meld, fmt)


def _gb_tail(hand: Hand) -> str:
    ctx = hand.context
    for seat in (ctx.round_wind, ctx.seat):
        if seat not in SEATS4:
            raise NotationError(msg("notation.gb_seat", seat=seat.value))
    drawn = ctx.self_drawn
    kong = ctx.kong_replacement if drawn else ctx.win is WinMethod.ROB_KONG
    flags = "".join(["1" if f else "0" for f in (drawn, ctx.last_copy, ctx.last_tile, kong)])
    winds = f"|{ctx.round_wind._value_}{ctx.seat._value_}{flags}"  # the members' values, not the enum's property
    if ctx.flowers:
        return f"{winds}|{''.join([f.letter for f in sorted(ctx.flowers)])}"
    return "" if winds == "|EE0000" else winds


def format_hand(hand: Hand, fmt: str = "helper") -> str:
    """Write ``hand`` as a ``helper``, ``gb`` or ``mpsz`` hand string (packs first, winning tile last).

    Each format writes what it can say and leaves out the rest: ``helper`` writes tiles and packs
    only; ``mpsz`` adds the flowers (``15f``); ``gb`` adds the winds, its four flags and the
    flowers. The share code (:func:`share_code`) carries everything. Standing tiles keep their order.

    >>> h = parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae")
    >>> format_hand(h)
    '[CCC2][1111m]456p78sSS9s'
    >>> format_hand(h, "gb")
    '[CCC,2][1111m]456p78sSS9s|ES1000|ae'
    """
    if fmt not in FORMATS:
        raise NotationError(msg("notation.unknown_format", fmt=fmt, known=", ".join(FORMATS)))
    if len(hand.standing) % 3 != 1:
        raise HandError(msg("notation.cannot_write", n=len(hand.standing)))
    tiles = hand.standing + ((hand.winning_tile,) if hand.winning_tile is not None else ())
    text = "".join(_pack(m, fmt) for m in hand.melds) + tile_runs(tiles, letters=fmt != "mpsz")
    if fmt == "gb":
        return text + _gb_tail(hand)
    if fmt == "mpsz" and hand.context.flowers:
        return f"{text} {tile_runs(sorted(hand.context.flowers), letters=False)}"
    return text


def _unicode(seq: Iterable[Tile]) -> str:
    return "".join([_UNICODE_TEXT[t.index] for t in seq])


_UNICODE_TEXT = tuple(t.unicode + (_VS15 if t.index == 31 else "") for t in TILES_BY_INDEX)
"""Each tile drawn in Unicode, by index (🀄 with its text presentation selector)."""


def hand_to_text(hand: Hand) -> str:
    """"Copy as text": the GB-Mahjong string (or the helper string when a seat has no wind letter),
    then the hand drawn in Unicode tiles: packs, standing tiles, the winning tile, flowers.

    >>> print(hand_to_text(parse_hand("[555p3]123m456s789sE E")))
    [555p,3]123m456789sEE
    🀝🀝🀝 🀇🀈🀉🀓🀔🀕🀖🀗🀘🀀 🀀
    """
    ctx = hand.context
    fmt = "gb" if ctx.seat in SEATS4 and ctx.round_wind in SEATS4 else "helper"
    groups = [_unicode(m.tiles) for m in hand.melds] + [_unicode(hand.standing)]
    if hand.winning_tile is not None:
        groups.append(_unicode([hand.winning_tile]))
    if ctx.flowers:
        groups.append(_unicode(sorted(ctx.flowers)))
    return format_hand(hand, fmt) + "\n" + " ".join(g for g in groups if g)

