"""The one-seat position (`mahjongkit.game.position`): rebuilt from what a seat saw and
did, it lists the seat's legal actions and scores its wins exactly as the engine does.

Random hands in every ruleset compare the two at every step (``scripts/soak_position.py``
runs thousands); scripted hands show each rule it must follow from the seat's knowledge
alone: the missed tile, robbing a kong, Ting, kong and flower wins, false wins and
forfeits, several winners.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from scripts.soak_position import soak

from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import PASS, WIN, Action
from mahjongkit.game.events import Event, EventKind
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import seen_events
from mahjongkit.game.players import RandomBot
from mahjongkit.game.position import InvalidHistoryError, Position, seat_history
from mahjongkit.game.record import HandRecord, record_of, replay_states
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import Wall
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tiles import SOUTH, WEST, parse_tile

from .conftest import NICO_AFTER_TING, NICO_DRAWS, NICO_PLAY, need_scorer, table, with_discards

A = Action.parse
FA = "147m147p147sESWN"
FB = "258m258p258sCFPE"
FC = "369m369p369sSWNC"
LOW = "123m456p678s23sNN"  # goes out on 1s or 4s with 2 or 3 points


def follow(state: HandState, script: Sequence[tuple[int, str]] = ()) -> list[Position]:
    """Every seat's position beside a hand from its deal, through ``script``; at every
    step each must list the engine's legal actions."""
    positions = [
        Position(state.ruleset, s, state.prevalent_wind, state.dealer_streak) for s in range(4)
    ]
    for s, p in enumerate(positions):
        p.see_all(seen_events(state, s))
    agree(state, positions)
    for seat, text in script:
        step(state, positions, seat, text)
    return positions


def step(state: HandState, positions: list[Position], seat: int, text: str) -> None:
    """One action, told to its seat's position and its events to every position."""
    action = A(text)
    positions[seat].act(action)
    events = state.apply(seat, action)
    for s, p in enumerate(positions):
        p.see_all(e.seen_by(s) for e in events)
    agree(state, positions)


def agree(state: HandState, positions: list[Position]) -> None:
    for s, p in enumerate(positions):
        assert set(p.legal_actions()) == set(state.legal_actions(s)), s


# -- random hands against the engine ----------------------------------------------------

RULESETS = ["mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"]
TABLES = {"random": 80, "efficient": 30, "mixed": 50}
"""Hands per ruleset at each table (the soak script plays thousands)."""


@pytest.mark.parametrize("table_name", list(TABLES))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_position_agrees_with_the_engine_at_every_step(ruleset: str, table_name: str) -> None:
    """Every seat's legal actions (as sets) after every action, and for every seat asked,
    the score of a win on the tile in play (equal `Score`s, or both no win); each winner's
    result score is the one its position gave."""
    need_scorer(ruleset)
    summary = soak(ruleset, table_name, TABLES[table_name], first_seed=7000)
    assert summary["errors"] == 0, summary["error_samples"]
    assert summary["mismatches"] == 0, summary["mismatch_samples"]
    assert summary["decisions"] > 0 and summary["seat_steps"] == 4 * summary["decisions"]
    if table_name != "random":
        assert summary["scores_compared"] > 0 and summary["result_scores_compared"] > 0


LAYOUTS = [with_discards("mcr", "centre").name, with_discards("taiwanese-lrc", "rows").name]
"""Each family with its discards laid the other way."""


@pytest.mark.parametrize("name", LAYOUTS)
def test_where_the_discards_lie_changes_nothing_the_position_answers(name: str) -> None:
    """At a centre table (003 l.45) or with rows (000 l.90) alike: the position needs only
    the pond's counts, never who threw which tile."""
    summary = soak(name, "mixed", 30, first_seed=100)
    assert summary["errors"] == 0 and summary["mismatches"] == 0, summary


def test_the_position_keeps_nothing_of_what_the_seat_cannot_see() -> None:
    """Given the engine's own events (others' dealt and drawn tiles shown), a position
    answers exactly as from the seat's view of them: it never uses those tiles."""
    rules = need_scorer("mcr")
    for seed in range(20):
        state = HandState.new(rules, random.Random(seed))
        bots = [RandomBot() for _ in range(4)]
        blind = Position(rules, 2)
        sighted = Position(rules, 2)
        blind.see_all(seen_events(state, 2))
        sighted.see_all(state.events)
        while not state.ended:
            assert blind.legal_actions() == sighted.legal_actions()
            assert blind.win_score() == sighted.win_score()
            seat = state.to_act()[0]
            action = bots[seat].act(state.observation(seat), hand_decision(state, seat, seed))
            if seat == 2:
                blind.act(action)
                sighted.act(action)
            events = state.apply(seat, action)
            blind.see_all(e.seen_by(2) for e in events)
            sighted.see_all(events)
        assert vars_of(blind) == vars_of(sighted)


def vars_of(position: Position) -> dict[str, object]:
    return {k: v for k, v in vars(position).items() if k not in ("_legal", "_scores", "wall")}


# -- the rules it follows from the seat's knowledge ---------------------------------------

# East throws 5m, North passes on its pung; South throws the other 5m, which West may chow.
MISSED = [
    "5m147p147s19mEESSWC9p",
    "5m258p258s28mWWNNFPP",
    "46m369p369sCCFFPEN",
    "55m1p3p9p2s6sESWNCFP",
]


def test_a_pass_is_remembered_for_the_missed_tile_rule_seed_004_line_452() -> None:
    """North passed on East's 5m: South's 5m, thrown before North's turn, is not North's
    to claim (004 l.452). A pass is no event: the position knows it only from the seat's
    own answer, which is why `act` is part of its input."""
    state = table("taiwanese-lrc", MISSED, draws="1s9s9s9s")
    positions = follow(state, [(0, "discard 5m")])
    assert positions[3].legal_actions() == (A("pung"), A("pass"))
    step(state, positions, 3, "pass")
    step(state, positions, 1, "discard 5m")
    assert state.to_act() == (2,)  # West may chow it; North is not asked
    assert positions[3].legal_actions() == () and positions[3].missed == 1 << 4
    # Told only the events, not North's pass, a position would offer the pung again.
    untold = Position.from_history(
        state.ruleset, 3, [e for e in seat_history(record_of(state), 3) if isinstance(e, Event)]
    )
    assert untold.legal_actions() == (A("pung"), A("pass"))
    step(state, positions, 2, "pass")
    step(state, positions, 2, "discard F")
    assert state.turn == 3 and positions[3].missed == 0  # North's turn: the rule lifts


ROB = [FA + "9p", "99p258m369sCFPSW", "78p123456789mNN", "369m36p369sSWNCF"]
TO_THE_KONG = [
    (0, "discard 9p"),
    (2, "pass"),
    (1, "pung"),
    (1, "discard C"),
    (2, "discard E"),
    (3, "discard P"),
    (0, "discard F"),
    (1, "promoted-kong 9p"),
]


def test_robbing_a_promoted_kong_seed_003_line_131() -> None:
    """West, waiting on 9p, may rob South's promoted kong (003 l.131, 000 l.236): its
    position offers the win with the Robbing the Kong circumstance, and scores it as the
    engine's result does."""
    state = table("mcr", ROB, draws="EPF9p")
    positions = follow(state, TO_THE_KONG)
    west = positions[2]
    assert west.legal_actions() == (WIN, PASS) and west.claim_giver == 1
    score = west.win_score()
    assert score is not None and score.situation.robbing_kong
    step(state, positions, 2, "win")
    assert state.result is not None and state.result.scores == (score,)
    assert all(p.ended for p in positions) and positions[0].winners == (2,)


def test_a_kong_no_one_robs_stands_seed_000_line_82() -> None:
    """West passes: South's pung becomes a kong (000 l.82) in every position, with its
    fourth tile on the table, and South draws its replacement."""
    state = table("mcr", ROB, draws="EPF9p", replacements="2s")
    positions = follow(state, [*TO_THE_KONG, (2, "pass")])
    for p in positions:
        assert str(p.melds[1][0]) == "[9999p5]" and p.visible[17] == 4
    assert positions[1].last_tile == parse_tiles("2s")[0]
    assert positions[1].situation(positions[1].last_tile, True).kong_replacement


TING = [
    "147m147p147sEESSWC2m",
    "123m456m789m123p456p5s",
    "369m369p369sCCFFPEN",
    "258m258p258sWWNNFPC",
]


def test_a_called_hand_is_locked_and_scores_ting_seed_004_lines_496_to_504() -> None:
    state = table("taiwanese-lrc", TING, draws="9p1s7m4s6s5s")
    positions = follow(state, [(0, "discard E"), (1, "ting 9p")])
    assert all(p.ting[1] for p in positions)
    for seat, tile in [(2, "1s"), (3, "7m"), (0, "4s")]:
        step(state, positions, seat, f"discard {tile}")
    south = positions[1]
    assert south.legal_actions() == (A("discard 6s"),)  # 004 l.504: it discards its draw
    step(state, positions, 1, "discard 6s")
    step(state, positions, 2, "discard 5s")
    score = south.win_score()
    assert score is not None and score.situation.ting and score.situation.tiles_on_table == 7
    step(state, positions, 1, "win")
    assert state.result is not None and state.result.scores == (score,)


def test_a_called_hand_waits_on_no_nico_nico_tile_seed_004_lines_336_and_349() -> None:
    """004 line 336, "No Calling allowed in Nico Nico or Orphan hands": once South has
    called, the fourth W (which would make its hand only a Nico Nico) is none of its
    waits, and drawing it South may only discard it, as the table says (`agree`)."""
    state = table("taiwanese-lrc", NICO_AFTER_TING, draws=NICO_DRAWS)
    positions = follow(state)
    for seat, text in NICO_PLAY:
        step(state, positions, seat, text)
        while state.phase is Phase.CLAIM:
            step(state, positions, state.to_act()[0], "pass")
    south = positions[1]
    assert south.waits(parse_tile("W")) == (parse_tile("6p"), parse_tile("4s"))
    assert south.win_score() is None and south.legal_actions() == (A("discard W"),)


def test_a_win_on_a_kong_replacement_seed_002_line_157() -> None:
    state = table("mcr", ["1111m234p567p78s99s", FB, FC, "47m147p147sESWNC"], replacements="6s")
    positions = follow(state, [(0, "concealed-kong 1m")])
    score = positions[0].win_score()
    assert WIN in positions[0].legal_actions()
    assert score is not None and score.situation.kong_replacement
    # The others see a concealed kong, face down (000 l.80): counted, not known.
    assert positions[1].hidden_kongs[0] == 1 and positions[1].melds[0] == []
    step(state, positions, 0, "win")
    assert state.result is not None and state.result.scores == (score,)


def test_seven_flowers_win_on_the_dealers_turn_seed_004_line_384() -> None:
    """The dealer replaced six flowers at the deal and a seventh: its position offers the
    flower win, whatever its tiles (004 l.210, l.384)."""
    hands = ["147m147p147sEESSW1f2f3f", "258m258p258sWWNNFPC", "369m369p369sCCFFPEN"]
    state = table("taiwanese-lrc", [*hands, "1358m139p26sESWNCF"], replacements="4f5f6f7f1m2m3m")
    positions = follow(state)
    dealer = positions[0]
    assert len(dealer.flowers[0]) == 7 and WIN in dealer.legal_actions()
    score = dealer.win_score()
    assert score is not None and score.items[0].id == "seven_flowers"
    step(state, positions, 0, "win")
    assert state.result is not None and state.result.scores == (score,)


def test_heavenly_and_earthly_hands_seed_004_lines_333_334() -> None:
    """East dealt a complete hand wins before its first discard (Heavenly, 004 l.334);
    South winning on East's first discard has the Earthly hand (l.333)."""
    others = [FB + "SSN", FC + "PPF"]
    dealt = ["111m222m333m444m555m66m", "789m789p789s123s456sE", *others]
    score = follow(table("taiwanese-lrc", dealt))[0].win_score()
    assert score is not None and score.situation.heavenly and score.situation.self_drawn
    state = table("taiwanese-lrc", [FA + "C", "789m789p789s123s456sE", *others])
    positions = follow(state, [(0, "discard E")])
    score = positions[1].win_score()
    assert WIN in positions[1].legal_actions()
    assert score is not None and score.situation.earthly and not score.situation.heavenly
    step(state, positions, 1, "win")
    for seat in state.to_act():  # another seat may pung the E: it passes
        step(state, positions, seat, "pass")
    assert state.result is not None and state.result.scores == (score,)


def test_a_false_win_and_an_invalid_claim_forfeit_the_win_seed_001_lines_43_52() -> None:
    """bp-club: South's false win bars it from winning (001 l.43); an invalid claim
    forfeits too and counts as its pass (l.52)."""
    state = table("bp-club", [FA, LOW, FB, FC])
    positions = follow(state, [(0, "discard 4s"), (1, "win")])
    assert positions[1].forfeited[1] and positions[3].forfeited[1]
    assert positions[1].legal_actions() == (A("chow 234s"), A("pass"))
    state = table("bp-club", [FA, LOW, FB, FC])
    positions = follow(state, [(0, "discard 4s"), (1, "pung")])
    assert positions[1].forfeited[1] and positions[1].turn == 1


TW_MULTI = [
    "147m258p369sWWFP234s5s",
    "123m456m789m123pEEE5s",
    "258369m147p189sFPSE",
    "456p789pSSSNNNCCC5s",
]


def test_every_claimant_wins_at_a_taiwanese_table_seed_003_line_65() -> None:
    state = table("taiwanese-lrc", TW_MULTI)
    positions = follow(state, [(0, "discard 5s"), (3, "win")])
    step(state, positions, 1, "win")
    assert all(p.winners == (1, 3) for p in positions)


def test_waits_of_the_hand_now_or_after_a_discard() -> None:
    state = table("mcr", [FA, LOW, FB, FC])
    south = follow(state)[1]
    assert south.waits() == tuple(parse_tiles("1s4s"))
    dealer = Position.from_history("mcr", 0, seen_events(state, 0))
    assert dealer.waits(parse_tiles("N")[0]) == ()  # 147m147p147sESW after N: no wait
    with pytest.raises(InvalidHistoryError, match="name the tile to discard"):
        dealer.waits()
    with pytest.raises(InvalidHistoryError, match="holds no"):
        dealer.waits(parse_tiles("5m")[0])


def test_the_prevalent_wind_and_the_dealer_streak_reach_the_score() -> None:
    """The hand's own circumstances are the position's to be told: the prevalent wind and
    the dealer's streak are in every situation it scores."""
    rules = need_scorer("mcr")
    wall = Wall.arranged(rules, [parse_tiles(h) for h in ROB], parse_tiles("EPF9p"))
    state = HandState(rules, wall, SOUTH, 2)
    positions = follow(state, TO_THE_KONG)
    situation = positions[2].situation(17, False, robbing=True, giver=1)
    assert situation.prevalent_wind == SOUTH and situation.dealer_streak == 2
    assert situation.seat_wind == WEST


# -- a reviewer's position: from a record -----------------------------------------------


def test_a_record_gives_each_seat_its_history_and_position() -> None:
    rules = need_scorer("taiwanese-lrc")
    state = HandState.new(rules, random.Random(11))
    bots = [RandomBot() for _ in range(4)]
    while not state.ended:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(state.observation(seat), hand_decision(state, seat, 11)))
    record = HandRecord.from_json(json.loads(record_of(state, seed=11).dumps()))
    states = [s.copy() for s in replay_states(record)]
    for seat in range(4):
        history = seat_history(record, seat)
        assert [a for a in history if isinstance(a, Action)] == [
            Action.from_index(i) for s, i in record.actions if s == seat
        ]
        final = Position.from_history(rules, seat, history)
        assert final.ended and final.concealed == tuple(state.concealed[seat])
        for cut in (0, len(record.actions) // 3, len(record.actions) // 2):
            mid = Position.from_history(rules, seat, seat_history(record, seat, actions=cut))
            assert set(mid.legal_actions()) == set(states[cut].legal_actions(seat))


# -- bad input ----------------------------------------------------------------------------


def test_bad_input_is_named() -> None:
    with pytest.raises(InvalidHistoryError, match=r"seat must be 0\.\.3, not 1\.0"):
        Position("mcr", 1.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidHistoryError, match="prevalent wind must be a wind, not C"):
        Position("mcr", 1, parse_tiles("C")[0])
    p = Position("mcr", 1)
    with pytest.raises(InvalidHistoryError, match="own tile is hidden; give the events as"):
        p.see(Event(EventKind.DEAL, 1, -1))
    with pytest.raises(InvalidHistoryError, match="holds events and actions, not str"):
        Position.from_history("mcr", 1, ["discard 5m"])  # type: ignore[list-item]
    state = table("mcr", [FA, LOW, FB, FC])
    south = follow(state)[1]
    before = vars_of(south)
    with pytest.raises(InvalidHistoryError, match="not that seat's turn"):
        south.see(Event(EventKind.DISCARD, 1, 0))
    with pytest.raises(InvalidHistoryError, match="E discard P: the seat does not hold that tile"):
        Position.from_history("mcr", 0, [*seen_events(state, 0), Event(EventKind.DISCARD, 0, 33)])
    with pytest.raises(InvalidHistoryError, match="no discard of that tile to claim"):
        south.see(Event(EventKind.PUNG, 1, 3, 0))
    assert vars_of(south) == before  # a refused event changes nothing
    ended = Position("mcr", 1)
    ended.see(Event(EventKind.EXHAUSTIVE_DRAW, -1))
    with pytest.raises(InvalidHistoryError, match="the hand is over"):
        ended.see(Event(EventKind.DEAL, 0, -1))
    assert issubclass(InvalidHistoryError, MahjongError)
    assert get_ruleset("mcr").name == Position("mcr", 0).ruleset.name
