"""Seating an event: every player once a round at a table of four, repeats counted right
and never below the proven bound, winds spread evenly, the same seed the same seating."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mahjongkit.cli.app import app, load_commands
from mahjongkit.tournament.seating import (
    Seating,
    SeatingError,
    lower_bounds,
    seat,
    seat_by_standings,
)

SMALL = settings(max_examples=25, deadline=None, derandomize=True)


def recount(seating: Seating) -> tuple[int, int]:
    """Repeats and the most meetings of one pair, counted afresh from the tables."""
    met: Counter[frozenset[int]] = Counter()
    for tables in seating.rounds:
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                met[frozenset((a, b))] += 1
    return sum(t - 1 for t in met.values()), max(met.values())


@SMALL
@given(
    players=st.integers(4, 40),
    rounds=st.integers(1, 7),
    seed=st.integers(-(10**30), 10**30),
)
def test_every_player_sits_once_a_round_at_a_table_of_four(
    players: int, rounds: int, seed: int
) -> None:
    seating = seat(players, rounds, seed, steps=150)
    seats = -(-players // 4) * 4
    assert seating.substitutes == tuple(range(players + 1, seats + 1))
    assert len(seating.rounds) == rounds
    for tables in seating.rounds:
        assert all(len(table) == 4 for table in tables)
        assert sorted(p for table in tables for p in table) == list(range(1, seats + 1))
    assert (seating.repeats, seating.max_meetings) == recount(seating)
    bounds = lower_bounds(seats, rounds)
    assert seating.repeats >= bounds.repeats
    assert seating.max_meetings >= bounds.max_meetings
    # Winds: never worse than the rounds allow (with four rounds or fewer, no wind twice).
    for p in range(1, seats + 1):
        winds = seating.winds(p)
        assert sum(winds) == rounds
        assert max(winds) - min(winds) <= seating.ideal_wind_spread
    assert seating.wind_spread == seating.ideal_wind_spread or rounds == 1


@SMALL
@given(players=st.integers(4, 30), rounds=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_the_same_seed_gives_the_same_seating(players: int, rounds: int, seed: int) -> None:
    assert seat(players, rounds, seed, steps=100) == seat(players, rounds, seed, steps=100)


def test_the_same_seed_gives_the_same_seating_in_another_process() -> None:
    code = (
        "import json; from mahjongkit.tournament.seating import seat; "
        "print(json.dumps(seat(20, 5, 77).to_dict()))"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert outputs == {json.dumps(seat(20, 5, 77).to_dict()) + "\n"}


def test_a_fresh_seed_is_kept_so_the_seating_can_be_made_again() -> None:
    seating = seat(12, 2)
    assert seat(12, 2, seating.seed) == seating


def test_100_players_over_8_rounds_never_meet_twice() -> None:
    seating = seat(100, 8, seed=0)
    assert recount(seating) == (0, 1)
    assert seating.wind_spread == 0  # 8 rounds: every wind twice


@pytest.mark.parametrize("seed", range(10))
def test_24_players_over_6_rounds_never_meet_twice(seed: int) -> None:
    # The swap search alone stopped at one repeat here; the search among seatings a
    # turn of the seats maps onto themselves finds one with none in a few hundred tries.
    seating = seat(24, 6, seed=seed)
    assert recount(seating) == (0, 1)
    assert seating.wind_spread == 1


@pytest.mark.parametrize("seed", [0, 1])
def test_24_players_over_7_rounds_never_meet_twice(seed: int) -> None:
    # 7 rounds are the most 24 players can play without a repeat (23 others, 3 a round).
    seating = seat(24, 7, seed=seed)
    assert recount(seating) == (0, 1)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rounds"), [(24, 6), (24, 7), (32, 8)])
def test_no_repeat_over_many_seeds_where_the_symmetric_search_reaches(
    players: int, rounds: int
) -> None:
    seeds = range(20) if players == 24 else range(5)
    assert [recount(seat(players, rounds, seed=s)) for s in seeds] == [(0, 1)] * len(seeds)


def test_seeds_still_vary_a_seating_found_by_symmetry() -> None:
    first, second = seat(24, 6, seed=0), seat(24, 6, seed=1)
    assert first.rounds != second.rounds
    assert first.rounds[0] != second.rounds[0]


@pytest.mark.parametrize(
    ("players", "rounds"), [(16, 5), (20, 4), (28, 5), (32, 6), (48, 8), (60, 10)]
)
def test_sizes_with_room_to_spare_never_meet_twice(players: int, rounds: int) -> None:
    assert recount(seat(players, rounds, seed=1)) == (0, 1)


def test_forced_repeats_reach_their_bound_for_two_tables() -> None:
    # Seed 002 aside, pure counting: 8 players in a second round must sit 2+2 from
    # round 1's tables at best, so each of the two tables repeats 2 pairs.
    seating = seat(8, 2, seed=5)
    assert seating.bounds.repeats == 4
    assert recount(seating) == (4, 2)


def test_lower_bounds_count_meetings_against_pairs() -> None:
    # 24 players: each round 3 new opponents each; 23 others allow 7 rounds, the 8th
    # holds 36 * 8 = 288 meetings among 276 pairs.
    assert lower_bounds(24, 7).repeats == 0
    assert lower_bounds(24, 8).repeats == 12
    assert lower_bounds(24, 8).max_meetings == 2
    assert lower_bounds(4, 3) == lower_bounds(4, 3)
    assert (lower_bounds(4, 3).repeats, lower_bounds(4, 3).max_meetings) == (12, 3)
    assert lower_bounds(12, 2).repeats == 3
    assert "no repeat is forced" in lower_bounds(100, 33).reason
    assert lower_bounds(100, 34).repeats == 6 * 25 * 34 - 4950


def test_four_players_meet_every_round() -> None:
    seating = seat(4, 5, seed=0)
    assert recount(seating) == (4 * 6, 5)
    assert seating.repeats == seating.bounds.repeats


def test_a_swap_reports_the_pairs_it_seats_together_again() -> None:
    seating = seat(16, 5, seed=3)
    assert seating.repeats == 0
    first, second = seating.rounds[1][0][0], seating.rounds[1][1][0]
    swap = seating.swap(2, first, second)
    assert swap.seating.repeats == recount(swap.seating)[0] > 0
    caused = {m.players for m in swap.repeated_pairs}
    assert caused == {m.players for m in swap.seating.repeated_pairs()}
    assert all(m.times == 2 for m in swap.repeated_pairs)
    assert swap.seating.swap(2, first, second).seating == seating  # and back again
    assert swap.describe()[0].startswith("players ")


def test_a_swap_at_one_table_moves_winds_only() -> None:
    seating = seat(16, 4, seed=2)
    east, south = seating.rounds[0][0][:2]
    swap = seating.swap(1, east, south)
    assert swap.repeated_pairs == ()
    assert swap.seating.rounds[0][0][:2] == (south, east)
    # Four rounds: each player held each wind once; now each holds one twice.
    assert {p for p, _ in swap.wind_conflicts} == {east, south}


@pytest.mark.parametrize(
    ("args", "code"),
    [((0, 1, 2), "round"), ((6, 1, 2), "round"), ((1, 1, 1), "player"), ((1, 1, 17), "player")],
)
def test_a_bad_swap_names_what_is_wrong(args: tuple[int, int, int], code: str) -> None:
    with pytest.raises(SeatingError) as err:
        seat(16, 5, seed=3).swap(*args)
    assert err.value.code == code


def test_seating_by_standings_puts_the_top_four_together() -> None:
    standings = [7, 2, 9, 4, 1, 8, 3, 5, 6, 11, 10, 12]
    tables = seat_by_standings(standings)
    assert [set(t) for t in tables] == [{7, 2, 9, 4}, {1, 8, 3, 5}, {6, 11, 10, 12}]


def test_seating_by_standings_gives_each_the_wind_they_held_least() -> None:
    before = seat(8, 3, seed=4)
    standings = [3, 1, 4, 8, 5, 2, 7, 6]
    last = seat_by_standings(standings, before)
    after = before.with_round(3, last)
    for table in seat_by_standings(standings, before):
        held = [before.winds(p) for p in table]
        given_winds = sum(held[i][i] for i in range(4))
        least = min(sum(held[i][w[i]] for i in range(4)) for w in itertools.permutations(range(4)))
        assert given_winds == least
    assert [set(t) for t in after.rounds[2]] == [{3, 1, 4, 8}, {5, 2, 7, 6}]


@pytest.mark.parametrize(
    ("standings", "message"),
    [
        ([1, 2, 3], "multiple of four"),
        ([1, 2, 3, 3], "listed twice"),
        ([1, 2, 3, 0], "number from 1"),
    ],
)
def test_bad_standings_name_what_is_wrong(standings: list[int], message: str) -> None:
    with pytest.raises(SeatingError, match=message) as err:
        seat_by_standings(standings)
    assert err.value.code == "standings"


@pytest.mark.parametrize(
    ("players", "rounds", "code"),
    [
        (3, 2, "players"),
        (1001, 2, "players"),
        (8, 0, "rounds"),
        (8, 41, "rounds"),
        (True, 2, "players"),
    ],
)
def test_bad_sizes_name_what_is_wrong(players: int, rounds: int, code: str) -> None:
    with pytest.raises(SeatingError) as err:
        seat(players, rounds)
    assert err.value.code == code


def test_a_seating_that_leaves_a_player_out_is_refused() -> None:
    with pytest.raises(SeatingError, match=r"round 2 does not seat players 1\.\.4 once each"):
        Seating(4, (((1, 2, 3, 4),), ((1, 2, 3, 3),)))


def run(*args: str) -> tuple[int, str, str]:
    load_commands(["tournament"])
    result = CliRunner().invoke(app, ["tournament", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_seat_command_prints_rounds_tables_winds_repeats_and_bound() -> None:
    code, out, _ = run("seat", "--players", "22", "--rounds", "3", "--seed", "9")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "22 players and 2 substitute seats, 3 rounds, seed 9"
    assert lines[1].startswith("repeats: 0 (lower bound 0: no repeat is forced)")
    assert "differ by at most 1 (best possible 1)" in lines[2]
    assert lines[3] == "substitute seats: S1 S2"
    assert lines[4] == "round 1"
    assert lines[5].startswith("  table 1  E ")
    assert sum(line.startswith("  table ") for line in lines) == 3 * 6


def test_the_seat_command_prints_json() -> None:
    code, out, _ = run("seat", "--players", "8", "--rounds", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["lower_bound"]["repeats"] == 4 == data["repeats"]
    assert data["rounds"][0][0]["table"] == 1
    assert set(data["rounds"][0][0]) == {"table", "E", "S", "W", "N"}
    assert (
        data["winds"]["players"]["1"] == {"E": 1, "S": 0, "W": 0, "N": 1}
        or sum(data["winds"]["players"]["1"].values()) == 2
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--rounds", "2"], "players must be 4..1000, not 3"),
        (["--players", "8", "--rounds", "0"], "rounds must be 1..40, not 0"),
        (["--players", "8.5", "--rounds", "2"], "players must be written in the digits"),
        (["--rounds", "2"], "Missing option '--players'"),
    ],
)
def test_the_seat_command_refuses_bad_sizes(args: list[str], message: str) -> None:
    code, out, err = run("seat", *args)
    assert code == 2
    assert message in " ".join((out + err).split())
