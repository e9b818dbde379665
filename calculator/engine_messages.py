"""The engine's messages in the active language.

The engine (``rulesets/``) speaks English with the Chinese terms of the rule texts, and knows nothing
of Django. The pages show its messages as they are in English and translated in 中文: each pattern
below is one of the engine's messages with its variable parts written ``%(name)s``; a message that
matches a pattern is shown through the pattern's translation, any other message as the engine wrote it.
tests/calculator/test_engine_messages.py checks that every pattern still matches what the engine says.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

PATTERNS = (
    # the win context (rulesets/hand.py WinContext.check, Hand.validate)
    _("a self-drawn win has no discarder (from_seat)"),
    _("the winner cannot win on their own discard"),
    _("杠上开花 (kong replacement) needs a self-drawn win"),
    _("抢杠和 (robbing a kong) cannot be 海底: no kong may be added on the last tile"),
    _("抢杠和 and 和绝张 exclude each other"),
    _("杠上炮 is a win on a discard made after a kong"),
    _("a hand cannot be both 天和 and 地和"),
    _("天和 (heavenly hand) is the dealer (%(dealer)s) winning on the deal, self-drawn"),
    _("地和 (earthly hand) is a non-dealer's win; the dealer's is 天和"),
    _("天和/地和 happen on the first turn: no kong and not the last tile"),
    _("each flower exists once"),
    _("the winner is listed among the players who already won"),
    _("seat %(seat)s already won and cannot discard or kong"),
    _("seat %(seat)s is not at a %(players)s-player table"),
    _("杠上开花 needs a kong in the winner's hand"),
    _("抢杠和 on %(tile)s: the hand already holds that tile, so the robbed kong's fourth copy could not exist "
      "alongside its pung"),
    _("和绝张 on %(tile)s: the hand holds another %(same)s, so it was not the last copy"),
    _("context.kongs: a player cannot feed their own kong"),
    # the tiles (rulesets/hand.py, rulesets/notation.py)
    _("%(n)s copies of %(tile)s (%(name)s): a tile has only 4 copies"),
    _("a 5th copy of %(tile)s (%(name)s): a tile has only 4 copies"),
    _("%(tile)s (%(name)s) is a flower: list flowers separately, not among the standing tiles"),
    _("wrong tile count: %(n)s tiles (each meld counted as 3); a winning hand has 3n+2 tiles (14, 11, 8…) and a "
      "waiting hand 3n+1 (13, 10, 7…)"),
    _("wrong tile count: %(n)s tiles (each meld counted as 3), expected %(expected)s before the winning tile"),
    _("wrong tile count: %(n)s tiles (each meld counted as 3), expected %(expected)s"),
    _("suffix %(suffix)s has no digits before it"),
    _("digits %(digits)s have no suit letter (m p s z) before %(next)s"),
    _("digits %(digits)s have no suit letter (m p s z) at the end"),
    _("unknown character %(char)s (a hand string uses digits with m p s z f, honours E S W N C F P, [ ] , | and "
      "spaces)"),
    _("']' closes no '['"),
    _("unclosed bracket: this '[' has no ']'"),
    _("%(pack)s is not a chow, pung or kong"),
    _("%(pack)s holds %(n)s tiles: a pack is a chow, pung or kong (3 or 4 tiles)"),
    _("chow %(pack)s: a chow is always claimed from the left player (上家)"),
    _("hand string too long (%(n)s characters, at most %(max)s)"),
    _("empty hand string: type tiles such as 123m456p789s1122z"),
    _("no tiles"),
)

_POSITION = re.compile(r"^(?P<message>.*) at position (?P<position>\d+)$", re.S)


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    for pattern in PATTERNS:
        parts = re.split(r"%\((\w+)\)s", pattern)
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        )
        out.append((re.compile(f"^{regex}$", re.S), pattern))
    return tuple(out)


def translate(message: str) -> str:
    """``message`` from the engine in the active language (unchanged when no pattern matches it).

    A trailing " at position N" (the place in the hand string) is translated on its own.
    """
    where = _POSITION.match(message)
    body = where.group("message") if where else message
    text = _translate_body(body)
    if where:
        position = int(where.group("position"))
        return gettext("%(message)s (at character %(n)d)") % {"message": text, "n": position + 1}
    return text


def _translate_body(message: str) -> str:
    for regex, pattern in _compiled():
        match = regex.match(message)
        if match:
            return gettext(pattern) % match.groupdict()
    return message
