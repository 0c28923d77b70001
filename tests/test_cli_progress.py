"""The long commands' progress bar (`mahjongkit.cli.progress`): on a terminal it counts
the work done and is gone at the end; anywhere else (a pipe, a log) nothing is drawn."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

import mahjongkit
from mahjongkit.cli.progress import progress_bar

SOURCE = Path(mahjongkit.__file__).resolve().parents[1]
MAIN = "from mahjongkit.cli.app import main; main()"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_counts_on_a_terminal_and_nothing_is_drawn_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with progress_bar("playing", 8) as advance:
        assert advance is not None
        advance(3)
        advance(5)
    assert "playing" in screen.getvalue() and "8/8" in screen.getvalue()
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with progress_bar("playing", 8) as advance:
        assert advance is None
    assert sys.stderr.getvalue() == ""


def test_botzone_match_shows_its_hands_on_a_terminal() -> None:
    """The command run for real, its standard error a terminal (a pseudo-terminal)."""
    screen, terminal = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", MAIN, "botzone-match", "--bots", "random", "--walls", "3"],
        env={**os.environ, "PYTHONPATH": str(SOURCE), "COLUMNS": "100"},
        stdout=subprocess.PIPE,
        stderr=terminal,
        text=True,
    )
    os.close(terminal)
    shown = b""
    while True:
        try:
            piece = os.read(screen, 4096)
        except OSError:  # the command ended: the terminal is closed
            break
        if not piece:
            break
        shown += piece
    out, _ = proc.communicate(timeout=120)
    os.close(screen)
    assert proc.returncode == 0
    assert b"playing" in shown and b"3/3" in shown
    assert "playing" not in out  # the results alone on standard output
