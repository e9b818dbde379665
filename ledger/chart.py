"""The chart of the evening's running totals, drawn on the server as SVG (no script, no inline style)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

COLOURS = ("#17694f", "#b3261e", "#1f5fbf", "#c77700", "#6a3fa0", "#555555")
WIDTH, HEIGHT, PAD, LEGEND = 420, 240, 30, 24


@dataclass(frozen=True)
class Plot:
    """Where a chart of running figures draws: ``points`` values across the width less a ``pad`` each side,
    from ``bottom`` to ``top`` over ``inner_h`` pixels (the zero line always inside: top ≥ 1, bottom ≤ −1)."""

    points: int
    top: int
    bottom: int
    width: int
    pad: int
    inner_h: float

    @classmethod
    def of(cls, series: Sequence[Sequence[int]], width: int, pad: int, inner_h: float) -> Plot:
        values = [v for s in series for v in s] or [0]
        return cls(max((len(s) for s in series), default=1), max(max(values), 1), min(min(values), -1), width, pad,
                   inner_h)

    def x(self, i: int) -> float:
        return self.pad + ((self.width - 2 * self.pad) * i / (self.points - 1) if self.points > 1 else 0)

    def y(self, v: float) -> float:
        return self.pad + self.inner_h * (self.top - v) / (self.top - self.bottom)

    def frame(self, height: int, label: str, font_size: int, text_x: int) -> list[str]:
        """The opening of the SVG: its background, the dashed zero line and the top, bottom and zero values."""
        y = self.y
        return [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {height}" role="img" '
                f'aria-label="{escape(label)}" font-family="sans-serif" font-size="{font_size}">',
                f'<rect width="{self.width}" height="{height}" fill="#fffdf8"/>',
                f'<line x1="{self.pad}" x2="{self.width - self.pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#999" '
                'stroke-dasharray="4 3"/>',
                f'<text x="{text_x}" y="{y(self.top) + 4:.1f}" fill="#555">{self.top}</text>',
                f'<text x="{text_x}" y="{y(self.bottom) + 4:.1f}" fill="#555">{self.bottom}</text>',
                f'<text x="{text_x}" y="{y(0) + 4:.1f}" fill="#555">0</text>']

    def line(self, colour: str, series: Sequence[int]) -> list[str]:
        """One player's line, with a dot on its last value."""
        path = " ".join(f"{self.x(j):.1f},{self.y(v):.1f}" for j, v in enumerate(series))
        out = [f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{path}"/>']
        if series:
            out.append(f'<circle cx="{self.x(len(series) - 1):.1f}" cy="{self.y(series[-1]):.1f}" r="3.5" '
                       f'fill="{colour}"/>')
        return out


def svg(players: Sequence[str], series: Sequence[Sequence[int]]) -> str:
    """One line per player over the entries (x: entry number, y: total), with a zero line and a legend.

    >>> svg(["A", "B"], [[0, 4], [0, -4]]).count("<polyline")
    2
    """
    inner_w = WIDTH - 2 * PAD
    plot = Plot.of(series, WIDTH, PAD, HEIGHT - 2 * PAD - LEGEND)
    out = plot.frame(HEIGHT, "running totals", 13, 4)
    for i, (name, s) in enumerate(zip(players, series, strict=False)):
        colour = COLOURS[i % len(COLOURS)]
        out += plot.line(colour, s)
        lx = PAD + i * (inner_w / max(len(players), 1))
        out.append(f'<rect x="{lx:.1f}" y="{HEIGHT - LEGEND}" width="12" height="12" fill="{colour}"/>')
        last = s[-1] if s else 0
        out.append(f'<text x="{lx + 16:.1f}" y="{HEIGHT - LEGEND + 11}" fill="#1f2a2e">{escape(name)} {last:+d}</text>')
    out.append("</svg>")
    return "".join(out)
