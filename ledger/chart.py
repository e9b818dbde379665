"""The chart of the evening's running totals, drawn on the server as SVG (no script, no inline style)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

COLOURS = ("#17694f", "#b3261e", "#1f5fbf", "#c77700", "#6a3fa0", "#555555")
WIDTH, HEIGHT, PAD, LEGEND = 420, 240, 30, 24


def svg(players: Sequence[str], series: Sequence[Sequence[int]]) -> str:
    """One line per player over the entries (x: entry number, y: total), with a zero line and a legend.

    >>> svg(["A", "B"], [[0, 4], [0, -4]]).count("<polyline")
    2
    """
    points = max((len(s) for s in series), default=1)
    values = [v for s in series for v in s] or [0]
    top, bottom = max(max(values), 1), min(min(values), -1)
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD - LEGEND

    def x(i: int) -> float:
        return PAD + (inner_w * i / (points - 1) if points > 1 else 0)

    def y(v: int) -> float:
        return PAD + inner_h * (top - v) / (top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="running totals" font-family="sans-serif" font-size="13">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fffdf8"/>',
           f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#999" '
           'stroke-dasharray="4 3"/>',
           f'<text x="4" y="{y(top) + 4:.1f}" fill="#555">{top}</text>',
           f'<text x="4" y="{y(bottom) + 4:.1f}" fill="#555">{bottom}</text>',
           f'<text x="4" y="{y(0) + 4:.1f}" fill="#555">0</text>']
    for i, (name, s) in enumerate(zip(players, series, strict=False)):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{x(j):.1f},{y(v):.1f}" for j, v in enumerate(s))
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{path}"/>')
        if s:
            out.append(f'<circle cx="{x(len(s) - 1):.1f}" cy="{y(s[-1]):.1f}" r="3.5" fill="{colour}"/>')
        lx = PAD + i * (inner_w / max(len(players), 1))
        out.append(f'<rect x="{lx:.1f}" y="{HEIGHT - LEGEND}" width="12" height="12" fill="{colour}"/>')
        last = s[-1] if s else 0
        out.append(f'<text x="{lx + 16:.1f}" y="{HEIGHT - LEGEND + 11}" fill="#1f2a2e">{escape(name)} {last:+d}</text>')
    out.append("</svg>")
    return "".join(out)
