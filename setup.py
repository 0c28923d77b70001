"""Build hook: a pure-Python package by default.

With ``MAHJONGKIT_COMPILE=1`` the modules of the play loop (`COMPILED`) are compiled to C
extensions by mypyc, which reads the same type hints mypy checks; mypy must then be
installed where the build runs (``pip install --no-build-isolation``, as ``make
compiled`` does). The compiled package plays exactly the same games, checked by
``scripts/check_compiled.py``, and needs nothing at run time beyond the standard library.
"""

import os

from setuptools import setup

COMPILED = (
    "tiles",
    "hand",
    "shapes",
    "shanten",
    "suit_tables",
    "completion",
    "scoring/situation",
    "scoring/principles",
    "scoring/result",
    "rules/catalogues/mcr",
    "scoring/mcr/detectors",
    "scoring/mcr/reading",
    "scoring/mcr/scorer",
    "scoring/taiwanese/detect",
    "scoring/taiwanese/engine",
    "game/decisions",
    "game/state",
    "game/match_state",
    "game/runner",
    "game/planes",
    "bots/hand_view",
    "bots/efficient_choice",
    "bots/chow_plans",
    "bots/two_draws",
)
"""The compiled modules, under ``src/mahjongkit``: the engine's hand loop, the shanten
tables, the scorers, the match around a hand (`game.match_state`, which the environments
step at every decision), the bots' reading of a hand, the efficient bot's choice of
discard (`bots.efficient_choice`, a function its class calls), the scorer's chow plans and
its look two draws ahead (`bots.two_draws`), and the environments' planes. Left as Python:
the rest, including the bots' classes, so that a player's own bot may subclass them (a
compiled class admits no Python subclass); `game.observation`, whose class must stay a
plain dataclass (the compiled hand state fills its slots: `HandState.observation`); and
`game.wall`, which mypyc cannot compile yet."""


def extensions() -> list[object]:
    """The C extensions to build: none unless ``MAHJONGKIT_COMPILE`` is set."""
    if os.environ.get("MAHJONGKIT_COMPILE", "") in ("", "0"):
        return []
    from mypyc.build import mypycify

    paths = [f"src/mahjongkit/{m}.py" for m in COMPILED]
    # A C file per module rather than one for all: gcc builds it in 1.5 minutes, not 2.
    return list(mypycify(paths, opt_level="3", multi_file=True))


setup(ext_modules=extensions())
