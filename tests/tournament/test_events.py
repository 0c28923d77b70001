"""Tournament events: registration, seating checks, absentees, results, table points,
penalties, standings and their tie-breaks, exports (002 l.218-221)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from mahjongkit.tournament.events import Event, EventError
from mahjongkit.tournament.exports import EMA_COLUMNS, ema_csv, event_json, results_csv
from mahjongkit.tournament.results import add_penalty, enter_result, seat_table_points
from mahjongkit.tournament.seated import parse_seating, set_rounds, tables_from_seating
from mahjongkit.tournament.standings import history, standings

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hu"]
# Eight players, three rounds, no pair meeting twice is impossible (each meets 3 others a
# round, 7 others in all); this seating is made by hand for the tests.
SEATING = [
    [(1, 2, 3, 4), (5, 6, 7, 8)],
    [(1, 5, 2, 6), (3, 7, 4, 8)],
    [(8, 1, 7, 3), (2, 4, 6, 5)],
]


def eight(tie_rule: str = "shared", ruleset: str = "mcr") -> Event:
    event = Event("e1", "Club night", ruleset, rounds=3, session_hands=16, tie_rule=tie_rule)
    for name in NAMES:
        event.register(name, club="Tiles", ema_id="")
    set_rounds(event, SEATING)
    return event


def codes(call: object) -> str:
    with pytest.raises(EventError) as caught:
        call()  # type: ignore[operator]
    return caught.value.code


def test_event_fields_are_checked() -> None:
    assert codes(lambda: Event("x", "", "mcr", 3)) == "invalid_field"
    assert codes(lambda: Event("x", "X", "nope", 3)) == "unknown_ruleset"
    assert codes(lambda: Event("x", "X", "mcr", 0)) == "invalid_field"
    assert codes(lambda: Event("x", "X", "mcr", 3, tie_rule="coin")) == "unknown_tie_rule"
    event = eight()
    assert codes(lambda: event.register("ann")) == "duplicate_player"
    assert codes(lambda: event.player(9)) == "unknown_player"


def test_a_seating_seats_every_player_once_at_tables_of_four() -> None:
    event = eight()
    assert codes(lambda: event.set_round(1, [(1, 2, 3), (4, 5, 6, 7, 8)])) == "not_four_players"
    assert codes(lambda: event.set_round(1, [(1, 2, 3, 4), (1, 6, 7, 8)])) == "seated_twice"
    event.register("Sub", substitute=True)
    assert codes(lambda: event.set_round(1, [(1, 2, 3, 4), (5, 6, 7, 8), (9, 1, 2, 3)])) == (
        "seated_twice"
    )
    event.register("Sue", substitute=True)
    event.register("Sid", substitute=True)
    event.register("Sol", substitute=True)
    full = [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)]
    assert codes(lambda: event.set_round(1, full)) == "substitute_seated"  # 8: none needed
    assert codes(lambda: event.set_round(1, [(1, 2, 3, 4)])) == "not_seated"
    # A refused round among several leaves the earlier ones as they were.
    before = event.to_json()
    with pytest.raises(EventError):
        set_rounds(event, [[(8, 7, 6, 5), (4, 3, 2, 1)], [(1, 1, 2, 3), (4, 5, 6, 7)]])
    assert event.to_json() == before


def test_the_generators_seating_becomes_rounds_of_player_numbers() -> None:
    class Seating:  # the generator's shape: rounds of tables of players 1..P
        rounds = (((1, 2, 3, 4), (5, 6, 7, 8)),)

    assert tables_from_seating(Seating(), [10, 11, 12, 13, 14, 15, 16, 17]) == [
        [(10, 11, 12, 13), (14, 15, 16, 17)]
    ]
    assert codes(lambda: tables_from_seating([[(0, 1, 2, 3)]], [1, 2, 3, 4])) == "bad_seating"
    assert parse_seating("1 2 3 4 | 5 6 7 8") == [SEATING[0]]
    assert codes(lambda: parse_seating("1 2 x 4")) == "bad_seating"


def test_mcr_scores_sum_to_zero_and_ties_share_table_points() -> None:
    event = eight()
    assert codes(lambda: enter_result(event, 1, 1, [10, 0, 0, 0])) == "scores_not_zero_sum"
    assert codes(lambda: enter_result(event, 1, 1, [10, -10, 0])) == "not_four_scores"
    assert codes(lambda: enter_result(event, 1, 3, [0, 0, 0, 0])) == "unknown_table"
    # Ties for first, second and third share the places' points (002 l.221).
    for scores, points in [
        ([50, 50, -40, -60], ["3", "3", "1", "0"]),
        ([90, 5, 5, -100], ["4", "3/2", "3/2", "0"]),
        ([90, 20, -55, -55], ["4", "2", "1/2", "1/2"]),
        ([0, 0, 0, 0], ["7/4"] * 4),
    ]:
        result = enter_result(event, 1, 1, scores)
        got = seat_table_points(event, result)
        assert [str(p) for p in got] == points and sum(got) == 7


def test_a_ruleset_without_table_points_ranks_on_points() -> None:
    event = eight(ruleset="taiwanese-lrc")
    result = enter_result(event, 1, 1, [100, 0, 0, 0])  # a pot: no sum to hold
    assert [str(p) for p in seat_table_points(event, result)] == ["0"] * 4


def test_penalties_need_a_reason_and_come_off_points_not_the_table() -> None:
    event = eight()
    enter_result(event, 1, 1, [30, 10, -10, -30])
    assert codes(lambda: add_penalty(event, 1, 1, {"seat": 0, "points": 10})) == (
        "penalty_without_reason"
    )
    assert codes(lambda: add_penalty(event, 1, 2, {"seat": 0, "points": 10, "reason": "x"})) == (
        "no_result"
    )
    assert codes(lambda: add_penalty(event, 1, 1, {"seat": 4, "points": 1, "reason": "x"})) == (
        "invalid_field"
    )
    add_penalty(event, 1, 1, {"seat": 0, "points": 60, "reason": "false win", "table_points": 1})
    line = history(event, 1)
    assert line.points == -30 and line.table_points == 3  # 4 for first, less 1
    assert line.games[0].score == 30 and line.games[0].penalties == ("60 (false win)",)


def play_all(event: Event) -> None:
    enter_result(event, 1, 1, [30, 10, -10, -30])
    enter_result(event, 1, 2, [30, 10, -10, -30])
    enter_result(event, 2, 1, [-30, 30, -10, 10])
    enter_result(event, 2, 2, [10, 20, -10, -20])
    enter_result(event, 3, 1, [20, 10, 0, -30])
    enter_result(event, 3, 2, [10, 0, 20, -30])


def test_standings_rank_on_table_points_then_points() -> None:
    event = eight()
    play_all(event)
    table = [(s.rank, s.name, int(s.table_points), s.points) for s in standings(event)]
    assert table[:4] == [
        (1, "Flo", 8, 40),
        (2, "Ed", 8, 30),  # level on table points: fewer points (002 l.219)
        (3, "Ann", 6, 10),  # level on both: the rank is shared
        (3, "Gus", 6, 10),
    ]
    assert table[4][0] == 5
    total_tp = sum(s.table_points for s in standings(event))
    assert total_tp == 7 * 6  # six games of 7 table points


def three_level(rule: str) -> list[tuple[int | None, str]]:
    """Ann, Bo and Ed all on 6 table points and 40 points after rounds 1 and 3; Ann's
    best game 40, Bo's 30, Ed's 20; Bo won 6 table points in games with Ann or Ed, Ann
    4 (Ann beat Bo in round 1), Ed 2."""
    event = eight(rule)
    enter_result(event, 1, 1, [40, 10, -20, -30])  # Ann 4, Bo 2
    enter_result(event, 1, 2, [20, 10, 0, -30])  # Ed 4
    enter_result(event, 3, 1, [30, 0, -10, -20])  # Hu, Ann 2
    enter_result(event, 3, 2, [30, -20, -30, 20])  # Bo 4, Ed 2
    top = [(s.rank, s.name) for s in standings(event)][:3]
    lines = {s.name: s for s in standings(event)}
    level = {(str(lines[n].table_points), lines[n].points) for n in ("Ann", "Bo", "Ed")}
    assert level == {("6", 40)}
    return top


def test_level_players_share_a_rank_unless_the_tie_rule_decides() -> None:
    assert three_level("shared") == [(1, "Ann"), (1, "Bo"), (1, "Ed")]
    assert three_level("best_game") == [(1, "Ann"), (2, "Bo"), (3, "Ed")]
    assert three_level("head_to_head") == [(1, "Bo"), (2, "Ann"), (3, "Ed")]


def test_an_absentee_is_replaced_by_a_substitute_who_is_not_ranked() -> None:
    event = eight()
    sub = event.register("Sam", substitute=True).number
    assert codes(lambda: event.replace(1, 2, 3)) == "not_a_substitute"
    event.replace(1, 2, sub)
    assert codes(lambda: event.replace(1, 3, sub)) == "substitute_busy"
    enter_result(event, 1, 1, [30, 10, -10, -30])
    other = event.register("Sue", substitute=True).number
    assert codes(lambda: event.replace(1, 1, other)) == "table_has_result"
    lines = {s.name: s for s in standings(event)}
    assert lines["Sam"].rank is None and lines["Sam"].points == 10
    assert lines["Bo"].games == [] and lines["Bo"].absent == [1]
    assert [s.name for s in standings(event)][-2:] == ["Sam", "Sue"]
    assert "Sam" not in ema_csv(event)
    assert Event.from_json(json.loads(json.dumps(event.to_json()))).to_json() == event.to_json()


def test_exports_hold_every_result() -> None:
    event = eight()
    play_all(event)
    add_penalty(event, 2, 2, {"seat": 1, "points": 5, "reason": "slow play"})
    rows = list(csv.reader(io.StringIO(results_csv(event))))
    assert len(rows) == 1 + 6 * 4
    ema = list(csv.reader(io.StringIO(ema_csv(event))))
    assert tuple(ema[0]) == EMA_COLUMNS and len(ema) == 9
    assert ema[1][7] == "1000" and ema[-1][7] == "0"
    data = json.loads(json.dumps(event_json(event)))
    assert len(data["standings"]) == 8 and data["seating"][1]["results"]["2"]["penalties"]


def test_the_generator_seats_every_round_and_a_round_by_standings() -> None:
    """The generator's seating (players from 1) becomes the event's rounds of its
    entrants' numbers; a round seated by the standings puts the top four at table 1."""
    from mahjongkit.tournament.seated import seat_event, seat_round_by_standings
    from mahjongkit.tournament.seating import seat

    event = Event("e", "E", "mcr", 3)
    for name in NAMES:
        event.register(name)
    event.register("Sam", substitute=True)  # not an entrant: not seated
    seat_event(event, seed=1)
    made = [[tuple(t) for t in r] for r in seat(8, 3, seed=1).rounds]
    assert [[t.seats for t in r.tables] for r in event.rounds] == made
    for rnd in event.rounds:
        seated = sorted(n for t in rnd.tables for n in t.seats)
        assert seated == list(range(1, 9)) and all(len(t.seats) == 4 for t in rnd.tables)
    play_all(event)
    assert codes(lambda: seat_round_by_standings(event, 3)) == "round_has_results"
    event.round(3).results.clear()
    order = [line.player.number for line in standings(event) if line.rank is not None]
    seat_round_by_standings(event, 3)  # the top four at table 1, winds to who held them least
    assert [set(t.seats) for t in event.round(3).tables] == [set(order[:4]), set(order[4:])]
    event.register("Ivy")
    event.register("Jo")  # ten entrants: two substitutes fill the third table
    assert codes(lambda: seat_event(event)) == "substitutes_needed"


def test_substitutes_fill_the_tables_of_entrants_not_a_multiple_of_four() -> None:
    from mahjongkit.tournament.seated import seat_event, seat_round_by_standings

    event = Event("e", "E", "mcr", 3)
    for name in NAMES[:6]:
        event.register(name)
    assert codes(lambda: seat_event(event)) == "substitutes_needed"
    sam = event.register("Sam", substitute=True).number
    sue = event.register("Sue", substitute=True).number
    seat_event(event)  # the generator's seats 7 and 8 are its substitutes: Sam and Sue
    for rnd in event.rounds:
        seated = sorted(n for t in rnd.tables for n in t.seats)
        assert seated == [*range(1, 7), sam, sue]
    play_all(event)
    lines = standings(event)
    assert [line.rank is None for line in lines] == [False] * 6 + [True] * 2
    event.round(3).results.clear()
    seat_round_by_standings(event, 3)  # the fill-ins last: at the bottom table
    assert set(event.round(3).tables[1].seats) >= {sam, sue}
    # Typed by hand: substitutes fill tables, never an entrant's seat.
    extra = event.register("Sid", substitute=True).number
    with_three = [(1, 2, 3, 4), (5, sam, sue, extra)]
    assert codes(lambda: event.set_round(3, with_three)) == "not_seated"


def test_an_absentee_stays_absent_when_the_round_is_seated_again() -> None:
    """Seating a round again (typed, generated or by the standings) keeps its absentees
    absent, their substitutes in their new seats, until the organiser marks them back."""
    from mahjongkit.tournament.seated import seat_event, seat_round_by_standings

    event = eight()
    sam = event.register("Sam", substitute=True).number
    event.replace(3, 8, sam)
    set_rounds(event, [SEATING[0], SEATING[1], [(1, 2, 3, 8), (4, 5, 6, 7)]])
    assert event.absent(3) == {8: sam} and event.round(3).tables[0].seats == (1, 2, 3, sam)
    seat_event(event, seed=2)
    seat_round_by_standings(event, 3)
    assert event.absent(3) == {8: sam}
    assert 8 not in [n for t in event.round(3).tables for n in t.seats]
    assert history(event, 8).absent == [3]
    event.back(3, 8)
    assert event.absent(3) == {} and event.round(3).table_of(8) is not None
    assert codes(lambda: event.back(3, 8)) == "not_absent"
    # Nine entrants: Sam, Sue and Sid fill the third table all event long, none is left
    # for Hu: the seating is refused, the event as it was; a fourth substitute takes it.
    event.replace(3, 8, sam)
    event.register("Ivy")
    for name in ("Sue", "Sid"):
        event.register(name, substitute=True)
    before = event.to_json()
    assert codes(lambda: seat_event(event, seed=2)) == "no_substitute_free"
    assert event.to_json() == before
    tom = event.register("Tom", substitute=True).number
    seat_event(event, seed=2)
    assert event.absent(3) == {8: tom} and event.round(3).table_of(8) is None
