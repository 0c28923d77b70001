"""The ``mahjongkit`` command line: one Typer app (`mahjongkit.cli.app.app`), its commands
grouped by concern.

Each module of this package adds its commands to the app; ``main`` runs them, answering
the plain forms of ``score`` and ``waits`` itself without loading Typer
(`mahjongkit.cli.quick`), and turns any mahjongkit error into a message on stderr with
exit code 2, never a traceback.
"""

from __future__ import annotations

from mahjongkit.cli.quick import main

__all__ = ["main"]
