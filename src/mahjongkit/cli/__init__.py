"""The ``mahjongkit`` command line: one Typer app, its commands grouped by concern.

Each module of this package adds its commands to `app`; ``main`` runs it and turns any
mahjongkit error into a message on stderr with exit code 2, never a traceback.
"""

from __future__ import annotations

from mahjongkit.cli.app import app, main

__all__ = ["app", "main"]
