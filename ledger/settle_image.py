"""The settle-up image: a table's transfers drawn as a PNG to share (Pillow), in the share preview's font and
colours (calculator/preview.py: the shipped Noto Sans CJK subset, so it looks the same on every server).

1080 px wide, as tall as the transfers need: the table's name and system on the green band, then one big
line per transfer ("丙 → 甲 18"), each player's total, and the site's name. A name longer than its room is
cut with "…". Characters the shipped font subset lacks (a rare hanzi in a player's name) are drawn as its
empty box: tools/build_font.py lists what the subset holds.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageDraw

from calculator.preview import CREAM, FELT, GOLD, INK, MARGIN, MUTED, OK, PANEL, RED, _fit, font

from . import settle_up

if TYPE_CHECKING:
    from .settle_views import Settlement

WIDTH = 1080
BAND = 150
LINE = 84
MAX_LINES = 15  # a table of six players settles in at most five; room to spare


def _signed(value: object) -> str:
    text = settle_up._shown(value)  # type: ignore[arg-type]
    return f"+{text}" if not text.startswith("-") and text != "0" else text.replace("-", "−")


def draw(settled: Settlement, title: str, system: str) -> bytes:
    lines = settled.transfers[:MAX_LINES]
    body = max(len(lines), 1) * LINE
    height = BAND + 90 + body + 40 + 46 * ((len(settled.names) + 2) // 3) + 70
    canvas = Image.new("RGB", (WIDTH, height), PANEL)
    pen = ImageDraw.Draw(canvas)
    room = WIDTH - 2 * MARGIN

    pen.rectangle((0, 0, WIDTH, BAND), fill=FELT)
    pen.rectangle((0, BAND, WIDTH, BAND + 4), fill=GOLD)
    big, small = font(46), font(28)
    pen.text((MARGIN, 28), _fit(pen, title, big, room), fill=CREAM, font=big)
    pen.text((MARGIN, 92), _fit(pen, system, small, room), fill=CREAM, font=small)

    y = BAND + 28
    heading = font(34)
    count = ngettext("%(n)d transfer settles the evening", "%(n)d transfers settle the evening",
                     len(settled.transfers)) % {"n": len(settled.transfers)}
    label = f"{_('Settle up')} · {count}" if settled.zero_sum else _("Settle up")
    if settled.rate is not None:
        label += " · " + _("%(rate)s a point") % {"rate": settled.rate}
    pen.text((MARGIN, y), _fit(pen, label, heading, room), fill=MUTED, font=heading)
    y += 62

    line_font, amount_font = font(54), font(58)
    if not settled.zero_sum:
        note = _("The totals do not add up to zero (points, not payments): nothing to settle.")
        pen.text((MARGIN, y + 14), _fit(pen, note, font(30), room), fill=RED, font=font(30))
    elif not lines:
        pen.text((MARGIN, y + 10), _("Nobody owes anything."), fill=OK, font=line_font)
    for t in lines:
        amount = settle_up._shown(t.amount)
        amount_width = pen.textlength(amount, font=amount_font)
        arrow = "  →  "
        names_room = (room - amount_width - 40 - pen.textlength(arrow, font=line_font)) / 2
        payer = _fit(pen, settled.names[t.payer], line_font, names_room)
        payee = _fit(pen, settled.names[t.payee], line_font, names_room)
        pen.text((MARGIN, y), f"{payer}{arrow}{payee}", fill=INK, font=line_font)
        pen.text((WIDTH - MARGIN - amount_width, y - 2), amount, fill=OK, font=amount_font)
        y += LINE

    y += 30
    pen.line((MARGIN, y - 14, WIDTH - MARGIN, y - 14), fill=MUTED, width=1)
    total_font = font(30)
    column = room / 3
    for i, (name, total) in enumerate(zip(settled.names, settled.totals, strict=True)):
        x = MARGIN + (i % 3) * column
        row_y = y + (i // 3) * 46
        value = _signed(total)
        shown = _fit(pen, name, total_font, column - pen.textlength(f"  {value}", font=total_font) - 12)
        pen.text((x, row_y), shown, fill=INK, font=total_font)
        pen.text((x + pen.textlength(shown + "  ", font=total_font), row_y), value, fill=MUTED, font=total_font)

    footer = font(24)
    hands = ngettext("%(n)d entry", "%(n)d entries", settled.hands) % {"n": settled.hands}
    pen.text((MARGIN, height - 52), _fit(pen, f"{settings.SITE_NAME} · {hands}", footer, room), fill=MUTED,
             font=footer)
    out = io.BytesIO()
    # a few colours of text: 64 of them keep every edge smooth in about a third of the bytes of full colour
    canvas.quantize(colors=64, method=Image.Quantize.MEDIANCUT).save(out, format="PNG", optimize=True)
    return out.getvalue()
