"""Learning curves as an SVG, written by hand (standard library only): payoff by environment steps and by CPU time.

Two panels side by side; in each, one line per bot measured against, with
its ± one standard error as a band, and a dashed line at payoff 0 (as good
as the bot). Several runs share the panels, told apart by their dashes.

>>> curve = {"algorithm": "MaskablePPO", "config": {"opponents": ["heuristic"]}, "points": [
...     {"steps": 0, "cpu_s": 0, "vs": {"random": {"payoff": -1.0, "payoff_se": 0.5}}},
...     {"steps": 1000, "cpu_s": 9, "vs": {"random": {"payoff": 2.0, "payoff_se": 0.4}}}]}
>>> svg = curve_svg([curve])
>>> svg.startswith("<svg") and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from .config import BaselineError

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
WIDTH, HEIGHT = 920, 420
PANEL_W, PANEL_H = 360, 260
MARGIN_L, MARGIN_T = 70, 60


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low`` to ``high``.

    >>> nice_ticks(0, 10)
    [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.floor(low / step) * step
    ticks = []
    t = first
    while t <= high + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < high:
        ticks.append(round(t, 10))
    return [float(x) for x in ticks]


def _legend(entries: list[tuple[str, str, str]], y: float) -> list[str]:
    """One row of legend entries (text, colour, dashes) at height ``y``."""
    out, x = [], float(MARGIN_L)
    for text, colour, dash in entries:
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{x}" x2="{x + 24}" y1="{y - 4}" y2="{y - 4}" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        out.append(f'<text x="{x + 30}" y="{y}">{escape(text)}</text>')
        x += 50 + 7 * len(text)
    return out


def _label(x: float) -> str:
    if abs(x) >= 1e6:
        return f"{x / 1e6:g}M"
    if abs(x) >= 1e3:
        return f"{x / 1e3:g}k"
    return f"{x:g}"


def _run_name(curve: dict[str, Any]) -> str:
    config = curve.get("config", {})
    opponents = ",".join(dict.fromkeys(config.get("opponents", ["?"])))
    return f"{curve.get('algorithm', 'policy')} trained against {opponents}"


def curve_svg(curves: Sequence[dict[str, Any]], title: str | None = None) -> str:
    """The SVG text of ``curves`` (each a ``curve.json`` object)."""
    if not curves or any(not c.get("points") for c in curves):
        raise BaselineError("a curve has no points to draw")
    bots = list(dict.fromkeys(b for c in curves for p in c["points"] for b in p["vs"]))
    colour = {b: COLOURS[i % len(COLOURS)] for i, b in enumerate(bots)}
    ys = [
        v
        for c in curves
        for p in c["points"]
        for r in p["vs"].values()
        for v in (r["payoff"] - (r["payoff_se"] or 0), r["payoff"] + (r["payoff_se"] or 0))
    ]
    yticks = nice_ticks(min(0.0, *ys), max(0.0, *ys))
    y0, y1 = yticks[0], yticks[-1]
    title = title or "; ".join(dict.fromkeys(_run_name(c) for c in curves))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="24" text-anchor="middle" font-size="15">{escape(title)}</text>',
    ]
    panels = (("steps", "environment steps (learner decisions)", 1.0), ("cpu_s", "training CPU time (minutes)", 1 / 60))
    for k, (key, xlabel, scale) in enumerate(panels):
        left = MARGIN_L + k * (PANEL_W + 90)
        xs = [p[key] * scale for c in curves for p in c["points"]]
        xticks = nice_ticks(0.0, max(xs))
        if xticks[-1] > max(xs) * 1.05 and len(xticks) > 2:  # 1,001,472 steps: end the axis there, not at 1.25M
            xticks = [t for t in xticks if t <= max(xs)]
        x1 = max(xticks[-1], max(xs))

        def px(x: float, left: int = left, x1: float = x1) -> float:
            return left + PANEL_W * x / x1

        def py(y: float) -> float:
            return MARGIN_T + PANEL_H * (y1 - y) / (y1 - y0)

        out.append('<g stroke="#ddd">')
        out += [f'<line x1="{left}" x2="{left + PANEL_W}" y1="{py(t):.1f}" y2="{py(t):.1f}"/>' for t in yticks]
        out += [f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{MARGIN_T}" y2="{MARGIN_T + PANEL_H}"/>' for t in xticks]
        out.append("</g>")
        out.append(f'<line x1="{left}" x2="{left + PANEL_W}" y1="{py(0):.1f}" y2="{py(0):.1f}" stroke="#555" stroke-dasharray="4 3"/>')
        out.append(f'<rect x="{left}" y="{MARGIN_T}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#333"/>')
        out += [f'<text x="{left - 6}" y="{py(t) + 4:.1f}" text-anchor="end">{_label(t)}</text>' for t in yticks]
        out += [f'<text x="{px(t):.1f}" y="{MARGIN_T + PANEL_H + 16}" text-anchor="middle">{_label(t)}</text>' for t in xticks]
        out.append(f'<text x="{left + PANEL_W / 2}" y="{MARGIN_T + PANEL_H + 36}" text-anchor="middle">{xlabel}</text>')
        mid, ylabel = MARGIN_T + PANEL_H / 2, "payoff per hand (points)"
        out.append(f'<text x="{left - 44}" y="{mid}" text-anchor="middle" transform="rotate(-90 {left - 44} {mid})">{ylabel}</text>')
        for r, curve in enumerate(curves):
            for bot in bots:
                pts = [(p[key] * scale, p["vs"][bot]) for p in curve["points"] if bot in p["vs"]]
                if not pts:
                    continue
                upper = [f"{px(x):.1f},{py(v['payoff'] + (v['payoff_se'] or 0)):.1f}" for x, v in pts]
                lower = [f"{px(x):.1f},{py(v['payoff'] - (v['payoff_se'] or 0)):.1f}" for x, v in reversed(pts)]
                out.append(f'<polygon points="{" ".join(upper + lower)}" fill="{colour[bot]}" fill-opacity="0.15" stroke="none"/>')
                line = " ".join(f"{px(x):.1f},{py(v['payoff']):.1f}" for x, v in pts)
                dash = DASHES[r % len(DASHES)]
                dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
                out.append(f'<polyline points="{line}" fill="none" stroke="{colour[bot]}" stroke-width="2"{dash_attr}/>')
                out += [f'<circle cx="{px(x):.1f}" cy="{py(v["payoff"]):.1f}" r="2.5" fill="{colour[bot]}"/>' for x, v in pts]
    out += _legend([(f"against {bot}", colour[bot], "") for bot in bots], HEIGHT - 38 if len(curves) > 1 else HEIGHT - 14)
    if len(curves) > 1:
        out += _legend([(_run_name(c), "#333", DASHES[r % len(DASHES)]) for r, c in enumerate(curves)], HEIGHT - 14)
    out.append("</svg>")
    return "\n".join(out) + "\n"
