"""Text for the commands that answer at once (``score``, ``parse``, ``shanten``, ``waits``,
``discard``): words in bold, dim or colour on a terminal, tables whose columns line up
on screen (a Chinese character takes two cells), and error messages. Standard library
only: importing Rich for this costs about 40 ms, a quarter of such a command's time.

Styles are drawn only on a terminal, and never with ``NO_COLOR`` set (``FORCE_COLOR``
draws them anywhere), as Rich decides.

>>> print("\\n".join(table(["fan", "points"], [["Mixed Straight 花龙", "8"]], right={1})))
fan                  points
Mixed Straight 花龙       8
>>> width("花龙 8"), width(styled("total", "bold", on=True)), styled("total", "bold", on=False)
(6, 5, 'total')
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Collection, Sequence

_CODES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33"}
_STYLE = re.compile("\x1b\\[[0-9;]*m")


def styling() -> bool:
    """Whether styles are drawn: on a terminal unless ``NO_COLOR``; anywhere with
    ``FORCE_COLOR``."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def styled(text: str, *styles: str, on: bool | None = None) -> str:
    """``text`` in ``styles`` (bold, dim, red, green, yellow) where styles are drawn
    (``on``: decided by `styling` when None)."""
    if not styles or not text or not (styling() if on is None else on):
        return text
    return f"\x1b[{';'.join(_CODES[s] for s in styles)}m{text}\x1b[0m"


def fail(message: str) -> SystemExit:
    """Print ``error: message`` on stderr and return the exit to raise (code 2): the
    answer of every command to bad input."""
    print(f"error: {message}", file=sys.stderr)
    return SystemExit(2)


def width(text: str) -> int:
    """The cells ``text`` takes on screen: two for wide (East Asian) characters, none for
    combining marks and styles, one for the rest."""
    cells = 0
    for ch in _STYLE.sub("", text):
        if unicodedata.combining(ch):
            continue
        cells += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return cells


def table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Collection[int] = (),
    row_styles: Sequence[Sequence[str]] | None = None,
) -> list[str]:
    """The lines of a table: the header (bold) then the rows, columns two spaces apart,
    each as wide as its widest cell, those in ``right`` aligned right; ``row_styles``
    gives each row's styles. Trailing spaces are left out."""
    cells = [list(header), *(list(r) for r in rows)]
    widths = [max(width(row[c]) for row in cells) for c in range(len(header))]
    on = styling()
    lines = []
    for n, row in enumerate(cells):
        padded = []
        for c, cell in enumerate(row):
            gap = " " * (widths[c] - width(cell))
            padded.append(gap + cell if c in right else cell + gap)
        line = "  ".join(padded).rstrip()
        styles = ("bold",) if n == 0 else (row_styles[n - 1] if row_styles else ())
        lines.append(styled(line, *styles, on=on))
    return lines


__all__ = ["fail", "styled", "styling", "table", "width"]
