"""mahjongkit: play, score and simulate mahjong under Chinese Official (MCR), a club's
house rules over it, and Taiwanese 16-tile rules.

``import mahjongkit`` is the front door: the names below are loaded when first used, so
importing the package costs next to nothing. Tiles, hands and actions are written in the
project's notation (docs/notation.md): ``[123m2]456m789m1sEEE1s``, ``discard 5m``.

Score a hand (the last tile written is the winning tile); each item has a stable id:

>>> import mahjongkit
>>> result = mahjongkit.score("[123m2]456m789m1sEEE1s", mahjongkit.Situation(self_drawn=True))
>>> result.total, result.qualifies
(24, True)
>>> [(item.id, item.total) for item in result.items][:3]
[('pure_straight', 16), ('prevalent_wind', 2), ('seat_wind', 2)]

Play a hand between bots (by name, East first, the last filling the seats left), and
look at the table as it ended (in a notebook, the table is drawn):

>>> state = mahjongkit.play_hand("mcr", bots="scorer,efficient", seed=3)
>>> print(state)
mcr · prevalent wind E · wall 66 live · N wins 24 on E's discard N
  E  [234p2] 5588p346789s  flowers 7f
     discards S P 4m 8s 9p N
  S  679m1257p2456sNN  flowers 6f 1f
     discards W W C P 1m
  W  1234489m45p12sEE  flowers 8f 2f 5f
     discards W C 1p 9s 7p
  N  25m369p17sESWCFP +N
     discards 1s (3p) 8s 6p 5m

Record it, write it down and replay it: the replay checks every step against the record.

>>> import json
>>> record = mahjongkit.record_of(state, seed=3)
>>> text = record.dumps()
>>> again = mahjongkit.HandRecord.from_json(json.loads(text))
>>> again.to_json()["actions"][:3], again == record
(['E discard S', 'S discard W', 'W discard W'], True)
>>> mahjongkit.replay(again).events == state.events
True

Or drive a hand yourself, one decision at a time (no seat could claim East's 1m, so
South drew at once):

>>> import random
>>> state = mahjongkit.HandState.new("taiwanese-lrc", random.Random(1))
>>> state.to_act(), state.legal_actions(0)[:2]
((0,), (Action.parse('discard 1m'), Action.parse('discard 5m')))
>>> [str(e) for e in state.apply(0, mahjongkit.Action.parse("discard 1m"))]
['E discard 1m', 'S draw 9s']

A match is stepped the same way, by players (table positions, fixed for the match):
hands, dealer rotation, payments and table points follow by themselves.

>>> match = mahjongkit.MatchState("mcr", seed=3, max_hands=1)
>>> bots = [mahjongkit.RandomBot() for p in range(4)]
>>> while not match.over:
...     player = match.to_act()[0]
...     seen, asked = match.observation(player), match.decision(player)
...     _ = match.apply(player, bots[player].act(seen, asked))
>>> len(match.hands), sum(match.scores), match.ended_by
(1, 0, 'hand count')

Or played to its end between bots:

>>> match = mahjongkit.play_match("mcr", bots="scorer,efficient", seed=3, max_hands=2)
>>> match.final_scores, [float(p) for p in match.table_points]
((-21, -8, -8, 37), [0.0, 1.5, 1.5, 4.0])

What is here (`__all__`):

- Hands and scoring: `Hand`, `Meld`, `Situation`, `score`, `Score`.
- Rulesets: `get_ruleset`, `ruleset_names`, `Ruleset` (``get_ruleset("mcr").changed(...)``
  makes a variant).
- Play: `HandState` (a hand as a state machine: ``to_act``, ``legal_actions``, ``apply``),
  `MatchState` (a whole match the same way: hands, rotation, money, table points),
  `SPECTATOR` (the observer who sees what the whole table sees), `Action`, `Event`,
  `play_hand`, `play_match`.
- Records: `HandRecord`, `MatchRecord`, `record_of`, `load_records`, `dump_records`,
  `replay`.
- Bots: `BOTS` (by name, weakest first), `Bot` (the protocol your own bot follows:
  ``act(observation, decision)``), `Decision` (what it is asked: it draws its chances
  from it, and rebuilds any memory of the hand from its history), `RandomBot`,
  `EfficientBot`, `ScorerBot`, `DefenderBot`.
- Errors: `MahjongError` (every error of the package), `InvalidNotationError`,
  `IllegalActionError`.
- `__version__`: the installed package's version (from a source tree, pyproject.toml's).
"""

from __future__ import annotations

TYPE_CHECKING = False
"""True for type checkers only: the names below are imported for them, and lazily at run
time (``typing.TYPE_CHECKING`` would import `typing`, which costs more than the rest)."""

if TYPE_CHECKING:
    from mahjongkit.bots import BOTS, Bot, Decision, RandomBot
    from mahjongkit.bots.defender import DefenderBot
    from mahjongkit.bots.efficient import EfficientBot
    from mahjongkit.bots.scorer import ScorerBot
    from mahjongkit.errors import IllegalActionError, InvalidNotationError, MahjongError
    from mahjongkit.game.actions import Action
    from mahjongkit.game.events import Event
    from mahjongkit.game.match import MatchRecord
    from mahjongkit.game.match_state import MatchState
    from mahjongkit.game.observation import SPECTATOR
    from mahjongkit.game.record import HandRecord, dump_records, load_records, record_of, replay
    from mahjongkit.game.state import HandState
    from mahjongkit.hand import Hand, Meld
    from mahjongkit.playing import play_hand, play_match
    from mahjongkit.rules import Ruleset, get_ruleset, ruleset_names
    from mahjongkit.scoring import Score, Situation, score

_HOME = {
    "Hand": "mahjongkit.hand",
    "Meld": "mahjongkit.hand",
    "Situation": "mahjongkit.scoring",
    "Score": "mahjongkit.scoring",
    "score": "mahjongkit.scoring",
    "Ruleset": "mahjongkit.rules",
    "get_ruleset": "mahjongkit.rules",
    "ruleset_names": "mahjongkit.rules",
    "HandState": "mahjongkit.game.state",
    "MatchState": "mahjongkit.game.match_state",
    "SPECTATOR": "mahjongkit.game.observation",
    "Action": "mahjongkit.game.actions",
    "Event": "mahjongkit.game.events",
    "play_hand": "mahjongkit.playing",
    "play_match": "mahjongkit.playing",
    "HandRecord": "mahjongkit.game.record",
    "MatchRecord": "mahjongkit.game.match",
    "record_of": "mahjongkit.game.record",
    "load_records": "mahjongkit.game.record",
    "dump_records": "mahjongkit.game.record",
    "replay": "mahjongkit.game.record",
    "BOTS": "mahjongkit.bots",
    "Bot": "mahjongkit.bots",
    "Decision": "mahjongkit.bots",
    "RandomBot": "mahjongkit.bots",
    "EfficientBot": "mahjongkit.bots.efficient",
    "ScorerBot": "mahjongkit.bots.scorer",
    "DefenderBot": "mahjongkit.bots.defender",
    "MahjongError": "mahjongkit.errors",
    "InvalidNotationError": "mahjongkit.errors",
    "IllegalActionError": "mahjongkit.errors",
}
"""Each name of the front door and the module it comes from."""

__all__ = [
    "BOTS",
    "SPECTATOR",
    "Action",
    "Bot",
    "Decision",
    "DefenderBot",
    "EfficientBot",
    "Event",
    "Hand",
    "HandRecord",
    "HandState",
    "IllegalActionError",
    "InvalidNotationError",
    "MahjongError",
    "MatchRecord",
    "MatchState",
    "Meld",
    "RandomBot",
    "Ruleset",
    "Score",
    "ScorerBot",
    "Situation",
    "dump_records",
    "get_ruleset",
    "load_records",
    "play_hand",
    "play_match",
    "record_of",
    "replay",
    "ruleset_names",
    "score",
]


def _version() -> str:
    """The installed package's version, or where it is not installed (run from a source
    tree), the version its pyproject.toml gives."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mahjongkit")
    except PackageNotFoundError:
        return _source_version()


def _source_version() -> str:
    """The version in the pyproject.toml beside the source tree (``0+unknown`` where there
    is none)."""
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "0+unknown"
    if project.get("name") != "mahjongkit":
        return "0+unknown"
    return str(project.get("version", "0+unknown"))


def __getattr__(name: str) -> object:
    """Load a front-door name on first use (PEP 562), and keep it."""
    if name == "__version__":
        value: object = _version()
    elif name in _HOME:
        from importlib import import_module

        value = getattr(import_module(_HOME[name]), name)
    else:
        raise AttributeError(f"module 'mahjongkit' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
