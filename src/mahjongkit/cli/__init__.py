"""The ``mahjongkit`` command line: one Typer app, its commands grouped by concern.

Each module of this package adds its commands to `app`; ``main`` runs them, answering the
plain forms of ``score`` and ``waits`` itself without loading Typer (`mahjongkit.cli.quick`),
and turns any mahjongkit error into a message on stderr with exit code 2, never a traceback.
"""

from __future__ import annotations

from typing import Any

from mahjongkit.cli.quick import main

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    """`app`, the Typer app, imported at its first use: ``main`` may answer without it."""
    if name == "app":
        from mahjongkit.cli.app import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
