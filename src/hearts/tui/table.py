"""The table drawn as text: the seats around the trick, each seat's card in front of it.

Pure drawing, no widgets: :func:`draw_table` lays out :class:`SeatBox` values
on a grid of cells (3×3 up to 8 players, 5×3 above) whose border cells are
the seats, the human at the bottom middle and the others clockwise in the
order of play (the next seat on the human's left); the inner cells hold the
trick's summary. Each seat's card line faces the middle.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from hearts.i18n import _

#: styles of a card in the trick by its state: live, winning, cancelled, and a card of the last trick (dim)
CARD_STYLES = {
    "live": "{ink} on grey93",
    "win": "bold {ink} on yellow",
    "cancelled": "strike grey50 on grey23",
    "last": "{dim}",
    "took": "bold {dim}",
}
#: the ink of each suit (on a light card, then on the dark table), two colours or four
INKS = {False: {"♣": "black", "♦": "red3", "♥": "red3", "♠": "black"}, True: {"♣": "green4", "♦": "blue3", "♥": "red3", "♠": "black"}}
DIM_INKS = {False: {"♣": "grey70", "♦": "indian_red", "♥": "indian_red", "♠": "grey70"}}
DIM_INKS[True] = {"♣": "green3", "♦": "dodger_blue2", "♥": "indian_red", "♠": "grey70"}


def card_style(card: str, state: str, four_colour: bool = False) -> str:
    """The Rich style of a card (``"Q♠"``) of the trick in ``state``."""
    suit = card[-1]
    return CARD_STYLES[state].format(ink=INKS[four_colour][suit], dim=DIM_INKS[four_colour][suit])


@dataclass(frozen=True)
class SeatBox:
    """What one seat shows: its name, a few facts, and its card of the trick with its marks."""

    name: str
    info: tuple[str, ...] = ()
    card: str | None = None
    marks: str = ""
    state: str = "live"  # a key of CARD_STYLES
    to_move: bool = False
    you: bool = False
    led: bool = False


@dataclass
class Canvas:
    """A grid of characters with a style each, turned into one Rich ``Text``."""

    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    styles: list[list[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]

    def put(self, y: int, x: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            start = 0
            row, styles = self.chars[y], self.styles[y]
            for x in range(1, self.width + 1):
                if x == self.width or styles[x] != styles[start]:
                    out.append("".join(row[start:x]), Style.parse(styles[start]) if styles[start] else None)
                    start = x
            if y < self.height - 1:
                out.append("\n")
        return out


def grid_size(players: int) -> tuple[int, int]:
    """Columns and rows of cells: 3×3 (8 border cells) up to 8 players, 5×3 (12) above."""
    return (3, 3) if players <= 8 else (5, 3)


def perimeter(cols: int, rows: int) -> list[tuple[int, int]]:
    """The border cells (row, column) clockwise from the bottom middle, going left first."""
    mid = cols // 2
    bottom = rows - 1
    cells = [(bottom, c) for c in range(mid, -1, -1)]
    cells += [(r, 0) for r in range(bottom - 1, 0, -1)]
    cells += [(0, c) for c in range(cols)]
    cells += [(r, cols - 1) for r in range(1, bottom)]
    cells += [(bottom, c) for c in range(cols - 1, mid, -1)]
    return cells


def places(players: int) -> list[tuple[int, int]]:
    """The cell of each seat in table order (the human first), spread evenly round the border."""
    cells = perimeter(*grid_size(players))
    return [cells[int(i * len(cells) / players + 0.5) % len(cells)] for i in range(players)]


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells (with an ellipsis when cut)."""
    if cell_len(text) <= width:
        return text
    return text[: max(0, width - 1)] + "…"


def wrap_lines(lines: list[str], width: int) -> list[tuple[str, bool]]:
    """The middle's lines wrapped at word breaks to ``width`` (a name is never cut), each with whether it is bold (the first line's)."""
    out: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        out += [(part, i == 0) for part in (textwrap.wrap(line, max(1, width)) or [""])]
    return out


def box_lines(box: SeatBox, height: int) -> list[tuple[str, str]]:
    """The lines of a seat (text, style), its card line last; merged when the cell is low."""
    name_style = "bold reverse" if box.to_move else "bold green" if box.you else "bold"
    name = ("▶ " if box.to_move else "") + box.name
    info = list(box.info)
    if len(info) + 2 > height and info:
        info = [" · ".join(info)]
    if len(info) + 2 > height:
        info = []
    lines = [(name, name_style)] + [(i, "") for i in info]
    return lines + [("", "card")]


def draw_card(canvas: Canvas, y: int, x: int, width: int, box: SeatBox, align: str, four_colour: bool = False) -> None:
    """The card line of a seat: the card (styled by its state) and its marks, aligned in the cell."""
    if box.card is None:
        text = fit(box.marks, width)
        canvas.put(y, _aligned(x, width, text, align), text, "grey50")
        return
    face = f" {box.card} "
    marks = fit(box.marks, max(0, width - cell_len(face) - 1))
    total = cell_len(face) + (1 + cell_len(marks) if marks else 0)
    start = _aligned(x, width, " " * total, align)
    canvas.put(y, start, face, card_style(box.card, box.state, four_colour))
    if marks:
        canvas.put(y, start + cell_len(face) + 1, marks, "bold yellow" if box.state == "win" else "")


def _aligned(x: int, width: int, text: str, align: str) -> int:
    room = max(0, width - cell_len(text))
    return x + (0 if align == "left" else room if align == "right" else room // 2)


def geometry(players: int, width: int, height: int) -> tuple[int, int, int, int] | None:
    """The cells' width and height and the grid's left and top in a ``width`` × ``height`` area (None: too small)."""
    cols, rows = grid_size(players)
    cw = min(width // cols, 36)
    ch = min(height // rows, 9)
    if cw < 4 or ch < 2:
        return None
    return cw, ch, (width - cw * cols) // 2, (height - ch * rows) // 2


def cell_rect(players: int, width: int, height: int, index: int) -> tuple[int, int, int, int] | None:
    """The cell (left, top, width, height) of the seat ``index`` places after the human, in table order."""
    geo = geometry(players, width, height)
    if geo is None:
        return None
    cw, ch, x0, y0 = geo
    r, c = places(players)[index]
    return x0 + c * cw, y0 + r * ch, cw, ch


def draw_table(boxes: list[SeatBox], centre: list[str], width: int, height: int, four_colour: bool = False) -> Text:
    """The table in ``width`` × ``height`` cells: ``boxes`` in table order (the human first), ``centre`` in the middle."""
    canvas = Canvas(max(1, width), max(1, height))
    cols, rows = grid_size(len(boxes))
    geo = geometry(len(boxes), width, height)
    if geo is None:
        canvas.put(0, 0, fit(_("The window is too small for the table."), width), "bold red")
        return canvas.text()
    cw, ch, x0, y0 = geo
    for box, (r, c) in zip(boxes, places(len(boxes)), strict=True):
        lines = box_lines(box, ch)
        if r == rows - 1:  # the bottom row: the card faces up, towards the middle
            lines = lines[-1:] + lines[:-1]
            top = 0
        elif r == 0:
            top = ch - len(lines)
        else:
            top = (ch - len(lines)) // 2
        align = "left" if c == 0 else "right" if c == cols - 1 else "centre"
        x = x0 + c * cw + (1 if align == "left" else 0)
        inner = cw - 1
        for i, (text, style) in enumerate(lines):
            y = y0 + r * ch + top + i
            if style == "card":
                draw_card(canvas, y, x, inner, box, align, four_colour)
            else:
                t = fit(text, inner)
                canvas.put(y, _aligned(x, inner, t, align), t, style)
    # the middle: the inner cells
    mx, mw = x0 + cw, cw * (cols - 2)
    my, mh = y0 + ch, ch * (rows - 2)
    shown = wrap_lines(centre, mw - 2)[:mh]
    for i, (line, bold) in enumerate(shown):
        t = fit(line, mw - 2)
        canvas.put(my + (mh - len(shown)) // 2 + i, _aligned(mx + 1, mw - 2, t, "centre"), t, "bold" if bold else "")
    return canvas.text()
