"""Botzone programs at our table (`mahjongkit.botzone.external`): a tiny program speaking
the protocol (tiny_bot.py here) in both of Botzone's modes, every one of its faults ended
with the botzone table's penalty, the program named in simulate, match, botzone-match and
the environment, and our own bot program kept running against the in-process bots."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongkit.bots import BOTS
from mahjongkit.botzone.external import (
    BotzoneProgramError,
    ExternalBot,
    Program,
    bot_of,
    check_bot_name,
)
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.record import load_records, verify
from mahjongkit.game.runner import play
from mahjongkit.money.settlement import balances
from mahjongkit.sim import simulate

HERE = Path(__file__).resolve().parent
SRC = str(HERE.parents[1] / "src")
TINY = f"{sys.executable} -I -S {HERE / 'tiny_bot.py'}"
KEPT = TINY + " --keep-running"
OURS = shlex.join(
    [
        sys.executable,
        "-c",
        f"import sys; sys.path.insert(0, {SRC!r});"
        " from mahjongkit.botzone.program import main; sys.exit(main())",
        *("--bot", "efficient", "--keep-running", "--seed", "3"),
    ]
)


def play_hand(bots: list[object], seed: int = 5) -> MatchState:
    """One hand of the botzone table between these bots, East first."""
    state = MatchState("botzone", seed, seating=(0, 1, 2, 3), max_hands=1)
    play(state, bots)  # type: ignore[arg-type]
    return state


def test_a_program_kept_running_plays_whole_hands() -> None:
    """Every request goes to the program (it answers each), one process a hand."""
    for seed in range(3):
        program = ExternalBot(KEPT)
        state = play_hand(
            [program, BOTS["efficient"](), BOTS["defender"](), BOTS["scorer"]()], seed
        )
        assert state.hand.result is not None and state.hand.result.kind in ("win", "draw")
        assert program.faults == []
        run = program.program
        assert run is not None and run.runs == 1 and run.kept is None
        assert run.requests[:2] == ["0 0 0", run.requests[1]] and run.requests[1].startswith("1 ")
        assert len(run.responses) == len(run.requests) > 10
        assert verify(state.hands[-1].record) == []


def test_simple_mode_gives_the_whole_history_and_data() -> None:
    """Without the keep-running line, a run a request, with every request, the answers to
    all but the last, and the data the last run left (the tiny bot leaves its count)."""
    program = Program(TINY)
    deal = "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1"
    replies = [program.ask(line) for line in ("0 1 0", deal, "3 0 DRAW", "3 0 PLAY J1")]
    assert [r.verdict for r in replies] == ["OK"] * 4
    assert [r.response for r in replies] == ["PASS"] * 4
    assert program.runs == 4 and program.kept is None and program.data == 4
    kept = Program(KEPT)
    assert kept.ask("0 1 0").response == "PASS" and kept.kept is not None
    assert kept.ask(deal).response == "PASS" and kept.runs == 1
    kept.close()
    assert kept.kept is None


FAULTS = {
    # fault: (verdict, the program's seat)
    "illegal": ("WA", 0),
    "false-win": ("WA", 0),
    "pass": ("WA", 0),
    "crash": ("RE", 0),
    "timeout": ("TLE", 0),
    "garbage": ("ERR", 0),
}


@pytest.mark.parametrize("keep", [True, False], ids=["kept", "simple"])
@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_every_fault_ends_the_hand_with_the_penalty(fault: str, keep: bool) -> None:
    """The judge's playerError (main.cpp l.72-88): the offender -30, each other +10."""
    command = (KEPT if keep else TINY) + f" --fault {fault}"
    program = ExternalBot(command, time_limit=0.4, sub_time_limit=0.4)
    state = play_hand([program] + [BOTS["efficient"]() for _ in range(3)])
    hand = state.hand
    assert hand.result is not None and hand.result.kind == "penalty", hand.result
    money = state.last_money
    assert money is not None and balances(money.payments)[:4] == (-30, 10, 10, 10)
    assert [f.verdict for f in program.faults] == [FAULTS[fault][0]]
    assert program.faults[0].seat == 0
    assert verify(state.hands[-1].record) == []  # the offence replays from the record
    assert program.program is not None and program.program.kept is None  # no process left


def test_a_fault_seat_anywhere_pays_alone() -> None:
    """The program in the North seat fails at its first draw; only it pays."""
    program = ExternalBot(KEPT + " --fault crash")
    state = play_hand([BOTS["efficient"]() for _ in range(3)] + [program])
    money = state.last_money
    assert money is not None and balances(money.payments)[:4] == (10, 10, 10, -30)
    assert program.faults[0].seat == 3 and program.faults[0].request.startswith("2 ")


def test_every_seat_hears_a_request_before_any_hears_the_next() -> None:
    """East would offend at the request after the one North offends at (East's discard,
    then South's draw, told together): the judge punishes North, who erred first."""
    east = ExternalBot(KEPT + " --fault pass")  # PLAY W1 to '3 1 DRAW'
    north = ExternalBot(KEPT + " --fault hu-on-play")  # HU to '3 0 PLAY X'
    state = play_hand([east, BOTS["efficient"](), BOTS["efficient"](), north])
    money = state.last_money
    assert money is not None and balances(money.payments)[:4] == (10, 10, 10, -30)
    assert [f.request.split()[2] for f in north.faults] == ["PLAY"] and east.faults == []


def test_names_and_their_errors() -> None:
    assert check_bot_name("botzone:python3 bot.py") == "botzone:python3 bot.py"
    assert isinstance(bot_of("botzone:python3 bot.py"), ExternalBot)
    assert bot_of("random").name == "random"
    with pytest.raises(BotzoneProgramError, match="bad-program: botzone: names a command"):
        check_bot_name("botzone:")
    with pytest.raises(BotzoneProgramError, match="cannot read the command"):
        check_bot_name("botzone:python3 'unclosed")
    with pytest.raises(ValueError, match=r"unknown bot 'clever'.*botzone:COMMAND"):
        check_bot_name("clever")
    with pytest.raises(BotzoneProgramError, match="plays the botzone table only, not mcr"):
        play(MatchState("mcr", 1, max_hands=1), [ExternalBot(KEPT)] + [BOTS["random"]()] * 3)
    with pytest.raises(BotzoneProgramError, match="watch"):
        ExternalBot(KEPT).act(None, None)  # type: ignore[arg-type]


def test_a_missing_program_is_a_crash() -> None:
    program = ExternalBot("/nonexistent/botzone-program")
    state = play_hand([program] + [BOTS["efficient"]() for _ in range(3)])
    assert state.hand.result is not None and state.hand.result.kind == "penalty"
    assert program.faults[0].verdict == "RE" and "cannot start" in program.faults[0].detail


def test_simulate_names_a_program() -> None:
    run = simulate(
        "botzone", ("botzone:" + KEPT, "efficient", "defender", "scorer"), hands=2, seed=1
    )
    assert [o.kind for o in run.outcomes if o.kind not in ("win", "draw")] == []
    assert run.stats.seats_by_bot["botzone:" + KEPT] == 2
    with pytest.raises(ValueError, match="plays the botzone table only, not mcr"):
        simulate("mcr", ("botzone:" + KEPT, "efficient", "defender", "scorer"), hands=1)


def test_our_own_bot_program_kept_running() -> None:
    """The botzone-bot program itself, as an external program, plays a legal hand."""
    program = ExternalBot(OURS)
    state = play_hand([program, BOTS["efficient"](), BOTS["scorer"](), BOTS["defender"]()], 2)
    assert state.hand.result is not None and state.hand.result.kind in ("win", "draw")
    assert program.faults == [] and program.program is not None and program.program.runs == 1


def test_botzone_match_and_match_commands(tmp_path: Path) -> None:
    import mahjongkit.cli.botzone
    import mahjongkit.cli.match  # noqa: F401
    from mahjongkit.cli.app import app
    from mahjongkit.cli.app import main as _main  # noqa: F401 (registers the commands)

    runner = CliRunner()
    records = tmp_path / "r.jsonl"
    result = runner.invoke(
        app,
        [
            "botzone-match",
            "--bots",
            f"botzone:{KEPT},efficient,botzone:{TINY} --keep-running --fault pass,random",
            "--walls",
            "1",
            "--duplicate",
            "--records",
            str(records),
            "--logs",
            str(tmp_path / "logs.txt"),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.splitlines()[-1])
    assert data["hands"] == 4 and data["duplicate"] and data["complete"]
    players = data["players"]
    assert [p["hands"] for p in players] == [4, 4, 4, 4]
    assert players[2]["penalties"] >= 1 and players[0]["penalties"] == 0
    assert sum(p["points"] for p in players) == 0
    written = load_records(records)  # a record a hand, each replaying exactly
    assert len(written) == 4 and all(verify(r) == [] for r in written)
    # --logs: every hand not ended by a penalty as a Botzone log that replays to its record
    from mahjongkit.botzone.logs import import_match
    from mahjongkit.botzone.logs_text import parse_text

    logged = parse_text((tmp_path / "logs.txt").read_text(encoding="utf-8"))
    assert not logged.errors and data["logs_left_out"] >= 1
    assert len(logged.matches) == 4 - data["logs_left_out"]
    replayed = [import_match(m) for m in logged.matches]
    assert all(m.differences == () for m in replayed)
    plain = [r for r in written if r.result.get("kind") != "penalty"]
    assert [m.record.actions for m in replayed] == [r.actions for r in plain]
    match = runner.invoke(
        app, ["match", "--ruleset", "botzone", "--bots", f"botzone:{KEPT},scorer", "--json"]
    )
    assert match.exit_code == 0, match.output
    assert f"botzone:{KEPT}" in json.loads(match.stdout)["bots"]
    ijcai = runner.invoke(
        app,
        [
            *("botzone-match", "--bots", "random,efficient", "--walls", "1"),
            *("--duplicate", "--seatings", "24", "--json"),
        ],
    )
    assert ijcai.exit_code == 0, ijcai.output
    data = json.loads(ijcai.stdout)
    assert (data["hands"], data["seatings"]) == (24, 24)
    assert [p["hands"] for p in data["players"]] == [24] * 4
    # the IJCAI ranking: each wall's 24 hands summed, ranked 4/3/2/1 (ties sharing)
    assert sum(p["rank_points"] for p in data["players"]) == 10
    lone, *same = data["players"]  # random, and three efficient bots level on every seating
    assert len({p["points"] for p in same}) == 1 and lone["points"] != same[0]["points"]
    ahead = lone["points"] > same[0]["points"]
    assert [p["rank_points"] for p in data["players"]] == ([4, 2, 2, 2] if ahead else [1, 3, 3, 3])
    wrong = runner.invoke(app, ["botzone-match", "--bots", "clever", "--walls", "1"])
    assert wrong.exit_code == 2 and "unknown bot 'clever'" in wrong.output


def test_the_environment_takes_program_opponents() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    import numpy as np

    import mahjongkit.env  # noqa: F401

    env = gymnasium.make("mahjongkit/Mahjong-v0", ruleset="botzone", opponents=f"botzone:{KEPT}")
    obs, _ = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, done, _, _ = env.step(action)
        steps += 1
    assert steps > 0
    env.close()


@pytest.mark.slow
def test_simple_mode_whole_hands() -> None:
    """A fresh run a request for whole hands (slow: ~100 runs a hand)."""
    run = simulate(
        "botzone", ("botzone:" + TINY, "efficient", "defender", "scorer"), hands=2, seed=2
    )
    assert [o.kind for o in run.outcomes if o.kind not in ("win", "draw")] == []


@pytest.mark.slow
def test_our_own_bot_program_in_a_duplicate_match() -> None:
    run = simulate(
        "botzone",
        ("botzone:" + OURS.replace("efficient", "defender"), "scorer", "scorer", "scorer"),
        hands=3,
        duplicate=True,
    )
    assert run.stats.penalties == 0 and run.stats.errors == 0


def test_penalties_are_counted_apart_from_wins() -> None:
    """A hand an offence ended has no winner: the simulator's statistics say so."""
    from mahjongkit.sim.selfplay import HandOutcome
    from mahjongkit.sim.stats import Stats

    stats = Stats("botzone", ("random",) * 4)
    stats.add(
        HandOutcome(0, 0, 0, ("random",) * 4, (0, 1, 2, 3), "penalty", points=(-30, 10, 10, 10))
    )
    assert (stats.wins, stats.penalties, stats.to_json(1.0)["penalties"]) == (0, 1, 1)
    assert stats.points_by_bot["random"] == 0
