"""Printable PDF sheets of a tournament event: a round's seating and result sheet (one
box per table to write the scores in), and the standings.

Drawn with fpdf2 (the ``pdf`` extra: pure Python, from PyPI, no system package). A sheet
whose text is all Latin uses the PDF core font (nothing embedded: small and quick);
names in Chinese need a font that has them: ``$MAHJONGKIT_PDF_FONT`` (a TTF/OTF/TTC
file), else Noto Sans CJK or DejaVu Sans where the system has them, else the core font,
which writes Latin letters only (others print as ``?``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.money.table_points import as_text
from mahjongkit.tournament.events import Event
from mahjongkit.tournament.standings import WINDS, standings

FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)


class PdfUnavailable(MahjongError):
    """fpdf2 is not installed (``pip install 'mahjongkit[pdf]'``)."""


def _font() -> Path | None:
    chosen = os.environ.get("MAHJONGKIT_PDF_FONT")
    for path in ([chosen] if chosen else []) + list(FONTS):
        if Path(path).is_file():
            return Path(path)
    return None


def _latin(event: Event) -> bool:
    """Whether the core font writes every name of the event."""
    text = event.name + "".join(p.name for p in event.players)
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _document(title: str, event: Event) -> Any:
    try:
        from fpdf import FPDF
    except ImportError:
        raise PdfUnavailable("PDF sheets need fpdf2: pip install 'mahjongkit[pdf]'") from None
    pdf = FPDF(format="A4")
    pdf.set_title(title)
    pdf.set_auto_page_break(True, margin=15)
    font = None if _latin(event) else _font()
    if font is not None:
        # Noto's collection: its Simplified Chinese face (2) has both scripts' characters.
        number = 2 if font.suffix == ".ttc" else 0
        pdf.add_font("sheet", "", str(font), collection_font_number=number)
        pdf.set_font("sheet", size=11)
    else:
        pdf.set_font("helvetica", size=11)
    pdf.add_page()
    return pdf


BUILT_IN = frozenset({"helvetica"})
"""PDF's own fonts, which hold Latin-1 only."""


def _text(pdf: Any, text: str) -> str:
    if pdf.font_family in BUILT_IN:
        return text.encode("latin-1", "replace").decode("latin-1")
    return text


def _heading(pdf: Any, text: str) -> None:
    pdf.set_font_size(16)
    pdf.cell(0, 10, _text(pdf, text), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font_size(11)


def round_sheet(event: Event, number: int) -> bytes:
    """Round ``number``'s seating, and a result box per table (the scores entered so far
    filled in)."""
    rnd = event.round(number)
    pdf = _document(f"{event.name} - round {number}", event)
    _heading(pdf, f"{event.name} - round {number}")
    widths = (18, 12, 90, 35)
    for table in rnd.tables:
        result = rnd.results.get(table.number)
        pdf.set_font_size(13)
        pdf.cell(0, 9, f"Table {table.number}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font_size(11)
        for cell, width in zip(("Seat", "No.", "Player", "Score"), widths, strict=True):
            pdf.cell(width, 7, cell, border=1)
        pdf.ln()
        for seat, player in enumerate(table.seats):
            score = "" if result is None else str(result.scores[seat])
            cells = (WINDS[seat], str(player), event.player(player).name, score)
            for cell, width in zip(cells, widths, strict=True):
                pdf.cell(width, 8, _text(pdf, cell), border=1)
            pdf.ln()
        pdf.ln(3)
    return bytes(pdf.output())


def standings_sheet(event: Event) -> bytes:
    """The standings as they are."""
    pdf = _document(f"{event.name} - standings", event)
    _heading(pdf, f"{event.name} - standings")
    widths = (14, 90, 16, 30, 30)
    for cell, width in zip(("Rank", "Player", "Games", "Table pts", "Points"), widths, strict=True):
        pdf.cell(width, 7, cell, border=1)
    pdf.ln()
    for line in standings(event):
        cells = (
            "-" if line.rank is None else str(line.rank),
            line.name,
            str(len(line.games)),
            as_text(line.table_points),
            str(line.points),
        )
        for cell, width in zip(cells, widths, strict=True):
            pdf.cell(width, 7, _text(pdf, cell), border=1)
        pdf.ln()
    return bytes(pdf.output())


__all__ = ["PdfUnavailable", "round_sheet", "standings_sheet"]
