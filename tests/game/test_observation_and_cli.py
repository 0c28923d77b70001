"""Observations hide what a seat may not know; the hand and replay commands."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path

from typer.testing import CliRunner

import mahjongkit.cli.game  # noqa: F401  (registers the commands)
from mahjongkit.cli.app import app
from mahjongkit.game.actions import NUM_ACTIONS, Action
from mahjongkit.game.observation import SPECTATOR, observation, seen_events

from .conftest import need_scorer, table

A = Action.parse
FB = "258m258p258sCFPE"
FC = "369m369p369sSWNC"


def test_a_concealed_kong_is_face_down_to_the_others_seed_000_line_80() -> None:
    state = table("mcr", ["1111m234p567p78s99s", FB, FC, "47m147p147sESWNC"], replacements="2s")
    state.apply(0, A("concealed-kong 1m"))
    mine, theirs = observation(state, 0), observation(state, 2)
    assert [str(m) for m in mine.melds[0]] == ["[1111m]"]
    assert theirs.melds[0] == () and theirs.hidden_kongs[0] == 1
    kong = [e for e in seen_events(state, 2) if e.kind.value == "concealed-kong"]
    assert kong[0].tile == -1
    assert theirs.concealed == tuple(state.concealed[2])
    assert theirs.last_tile == -1 and mine.last_tile == state.last_tile


def test_every_field_of_an_observation_is_set_as_its_constructor_sets_it() -> None:
    # The hand state fills an observation's slots one by one: each must be set, and the
    # observation equal to one made field by field through the constructor.
    state = table("mcr", ["1111m234p567p78s99s", FB, FC, "47m147p147sESWNC"], replacements="2s")
    state.apply(0, A("concealed-kong 1m"))
    state.apply(0, A("discard 9s"))
    for seat in (0, 1, 2, 3, SPECTATOR):
        obs = state.observation(seat)
        assert replace(obs) == obs == observation(state, seat)
        assert [f.name for f in fields(obs) if not hasattr(obs, f.name)] == []


def test_the_mask_marks_exactly_the_legal_actions() -> None:
    state = table("mcr", ["1111m234p567p78s99s", FB, FC, "47m147p147sESWNC"])
    obs = observation(state, 0)
    assert len(obs.action_mask) == NUM_ACTIONS
    assert [i for i, on in enumerate(obs.action_mask) if on] == sorted(
        a.to_index() for a in obs.legal_actions
    )
    assert json.loads(json.dumps(obs.to_json()))["legal_actions"][0] == "concealed-kong 1m"


def test_hand_and_replay_commands(tmp_path: Path) -> None:
    need_scorer("mcr")
    runner = CliRunner()
    result = runner.invoke(
        app, ["hand", "--ruleset", "mcr", "--seed", "5", "--bots", "random", "--json"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["ruleset"] == "mcr" and record["seed"] == 5
    assert record["result"]["kind"] in ("win", "draw")
    again = runner.invoke(app, ["hand", "--ruleset", "mcr", "--seed", "5", "--json"])
    assert again.output == result.output  # the seed decides everything
    path = tmp_path / "hands.jsonl"
    path.write_text(result.output + result.output)
    checked = runner.invoke(app, ["replay", str(path), "--verify", "--json"])
    assert checked.exit_code == 0
    assert json.loads(checked.output) == {"records": 2, "verified": 2, "mismatches": []}
    assert record["events"][5].startswith("E deal ")  # events are written in words
    record["events"][5] = "E deal 2m" if record["events"][5] == "E deal 1m" else "E deal 1m"
    path.write_text(json.dumps(record))
    bad = runner.invoke(app, ["replay", str(path), "--verify", "--json"])
    summary = json.loads(bad.output)
    assert bad.exit_code == 1 and summary["verified"] == 0 and len(summary["mismatches"]) == 1


def test_hand_command_rejects_an_unknown_bot() -> None:
    result = CliRunner().invoke(app, ["hand", "--bots", "genius"])
    assert result.exit_code == 2


def test_who_else_may_claim_is_hidden() -> None:
    # South can chow and West can pung East's 3p; North must not learn either.
    state = table("mcr", ["147m147p147sESWN3p", "12p258m369sCFPEN", "33p147m147sSWNCF", FC])
    state.apply(0, A("discard 3p"))
    assert state.to_act() == (1, 2)
    assert observation(state, 3).to_act == ()
    assert observation(state, 0).to_act == ()
    assert observation(state, 1).to_act == (1,)
    assert observation(state, 2).to_act == (2,)


def test_a_discard_shows_whether_it_was_the_tile_just_drawn() -> None:
    """At the table everyone sees a tile thrown straight from the draw: the thrower's hand
    is as it was. The dealer's fourteenth tile counts as its draw (it is the `last_tile`
    shown); a discard after a claim follows no draw."""
    state = table(
        "mcr",
        ["123m456p789s11sEEN", FB, FC, "47m124p147sESWNC"],
        draws="9p9p",
    )
    state.apply(0, A("discard N"))  # the dealer's fourteenth tile
    state.apply(1, A("discard 9p"))  # seat 1 drew 9p and throws it
    state.apply(2, A("discard 3p"))  # seat 2 drew the other 9p and keeps it
    state.apply(3, A("chow 234p"))
    state.apply(3, A("discard C"))
    seen = observation(state, 0)
    assert seen.drawn_discards == ((True,), (True,), (False,), (False,))
    assert json.loads(json.dumps(seen.to_json()))["drawn_discards"][1] == [True]
