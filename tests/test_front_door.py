"""``import mahjongkit``: a light import, every name of ``__all__`` there and documented,
``__version__``, and `play_hand`/`play_match` playing the games the commands play."""

from __future__ import annotations

import doctest
import importlib.metadata
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mahjongkit
from mahjongkit.bots import factories
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.cli.game import bot_names, play_one
from mahjongkit.game.match import Match
from mahjongkit.game.players import RandomBot
from mahjongkit.game.record import record_of
from mahjongkit.game.state import HandState
from mahjongkit.playing import line_up, play_hand, play_match

SOURCE = Path(mahjongkit.__file__).resolve().parents[1]
"""The directory holding the package under test (src/, or site-packages for an installed
build such as the compiled one)."""
ROOT = Path(__file__).resolve().parents[1]
"""The checkout: its pyproject.toml and README.md."""


def fresh_python(code: str) -> str:
    """Run ``code`` in a new interpreter that imports the package under test."""
    env = {**os.environ, "PYTHONPATH": str(SOURCE)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_importing_the_package_loads_nothing_but_itself() -> None:
    loaded = fresh_python(
        "import sys; before = set(sys.modules); import mahjongkit; "
        "print(' '.join(sorted(set(sys.modules) - before)))"
    )
    assert set(loaded.split()) <= {"mahjongkit", "__future__"}


def test_a_name_loads_only_what_it_needs() -> None:
    loaded = fresh_python(
        "import sys, mahjongkit; mahjongkit.score; mahjongkit.Hand; "
        "print(' '.join(m for m in sys.modules if m.startswith('mahjongkit')))"
    ).split()
    assert "mahjongkit.scoring" in loaded
    assert not any(m.startswith(("mahjongkit.game", "mahjongkit.bots")) for m in loaded)
    assert "importlib.metadata" not in fresh_python(
        "import sys, mahjongkit; mahjongkit.HandState; print(' '.join(sys.modules))"
    )


def test_every_name_is_there_and_documented() -> None:
    doc = mahjongkit.__doc__ or ""
    for name in mahjongkit.__all__:
        assert getattr(mahjongkit, name) is not None
        assert f"`{name}`" in doc, f"{name} is not described in the package docstring"
        assert name in dir(mahjongkit)
    assert mahjongkit.HandState is HandState and mahjongkit.play_hand is play_hand
    assert "`__version__`" in doc


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="no attribute 'MatchStateX'"):
        mahjongkit.MatchStateX  # type: ignore[attr-defined]  # noqa: B018


def test_version_is_the_installed_one_or_pyprojects(monkeypatch: pytest.MonkeyPatch) -> None:
    assert mahjongkit.__version__ == importlib.metadata.version("mahjongkit")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    expected = pyproject["project"]["version"]

    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    # From a source tree the fallback reads its pyproject.toml; an installed build (the
    # compiled one) has none beside it and says so.
    beside = (SOURCE.parent / "pyproject.toml").exists()
    assert mahjongkit._version() == (expected if beside else "0+unknown")


def test_play_hand_plays_the_hand_of_the_hand_command() -> None:
    """`mahjongkit hand --seed 5 --bots scorer,efficient` and the front door agree, whether
    the bots are named or given as classes."""
    cli = record_of(play_one("mcr", 5, "scorer,efficient"), seed=5).to_json()
    named = record_of(play_hand("mcr", bots="scorer,efficient", seed=5), seed=5).to_json()
    classes = record_of(play_hand("mcr", bots=[ScorerBot, "efficient"], seed=5), seed=5)
    assert cli == named == classes.to_json()


def test_play_hand_seats_a_bot_given_as_it_is() -> None:
    mine = RandomBot()
    state = play_hand("taiwanese-lrc", bots=["efficient", mine], seed=2)
    assert state.ended
    again = play_hand("taiwanese-lrc", bots=["efficient", RandomBot()], seed=2)
    assert again.history == state.history


def test_play_match_plays_the_match_of_the_match_command() -> None:
    record = play_match("mcr", bots="scorer,efficient", seed=3, max_hands=2)
    command = Match("mcr", 3, factories(bot_names("scorer,efficient")), max_hands=2).play()
    assert json.dumps(record.to_json()) == json.dumps(command.to_json())
    assert record.bots.count("scorer") == 1 and len(record.hands) == 2


@pytest.mark.parametrize(
    ("bots", "says"),
    [
        ("genius", "unknown bot 'genius'; known: defender, efficient, random, scorer"),
        ("random,random,random,random,random", "give one to four bots, East first, not 5"),
        (",", "give one to four bots, East first, not 0"),
    ],
)
def test_bad_bots_are_named(bots: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        line_up(bots)
    with pytest.raises(ValueError, match=says):
        play_hand("mcr", bots=bots)


def test_the_readme_library_session_is_real_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README.md "Library": the session, run again, prints exactly what is pasted there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Library", 1)[1]
    session = section.split("```pycon\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)  # it writes hands.jsonl
    test = doctest.DocTestParser().get_doctest(session, {}, "README Library", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10
