"""Text that flows into a column like words into a paragraph, each piece remembering the
spot it shows, and columns set side by side: the card table's layout, free of widgets so
that any width can be tried."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

GAP = 2  # columns between two pieces on a line
_CONSOLE = Console(width=400, no_color=True)  # only measures and wraps text


@dataclass(frozen=True, slots=True)
class Piece:
    text: Text
    spot: int | None = None
    alone: bool = False  # starts a line of its own


@dataclass(frozen=True, slots=True)
class Placed:
    x: int
    text: Text
    spot: int | None


Line = list[Placed]


def flow(pieces: list[Piece], width: int, indent: int = 0) -> list[Line]:
    """Pieces left to right, a new line when the next does not fit, indented by ``indent``;
    a piece ``alone`` starts a line of its own at the left edge, and a piece wider than
    the room is wrapped onto lines of its own, its later lines indented."""
    width = max(width, indent + 8)
    lines: list[Line] = []
    x = 0
    for piece in pieces:
        size = piece.text.cell_len
        if lines and not piece.alone and x + GAP + size <= width:
            lines[-1].append(Placed(x + GAP, piece.text, piece.spot))
            x += GAP + size
            continue
        start = indent if lines and not piece.alone else 0
        if size <= width - start:
            lines.append([Placed(start, piece.text, piece.spot)])
            x = start + size
            continue
        for i, part in enumerate(piece.text.wrap(_CONSOLE, width - indent)):
            part.rstrip()
            lines.append([Placed(start if i == 0 else indent, part, piece.spot)])
        x = width  # the next piece starts a new line
    return lines


def beside(columns: list[tuple[int, list[Line]]]) -> list[Line]:
    """Columns side by side: each (its left edge, its lines), padded to the longest."""
    height = max((len(lines) for _, lines in columns), default=0)
    merged: list[Line] = []
    for row in range(height):
        line: Line = []
        for left, lines in columns:
            if row < len(lines):
                line += [Placed(left + p.x, p.text, p.spot) for p in lines[row]]
        merged.append(line)
    return merged


def plain(lines: list[Line]) -> str:
    """The lines as plain text, every piece at its column (tests and `fractal show`)."""
    out = []
    for line in lines:
        text = ""
        for p in line:
            text = text.ljust(p.x) + p.text.plain
        out.append(text.rstrip())
    return "\n".join(out)
