"""Discards in the centre of the table (`PlayRules.discards`): who threw what, and when,
is not shown (seed 003 line 45, seed 004 line 46); rows in front of each player are the
MCR way (seed 000 line 90) and a modern option (seed 003 line 47)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import DefenderBot
from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import observation
from mahjongkit.game.record import HandRecord, record_of, verify
from mahjongkit.game.state import HandState
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.house import HouseRulesError, load_house_rules
from mahjongkit.rules.play import InvalidPlayRulesError
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.tiles import parse_tile

from .conftest import need_scorer, table, with_discards
from .test_random_hands import check_tiles, redistributed


@pytest.mark.parametrize(
    ("name", "layout"),
    [
        ("mcr", "rows"),  # seed 000 line 90: rows of six in front of each discarder
        ("mcr-gb", "rows"),
        ("bp-club", "rows"),  # seed 001 says nothing: the MCR way
        ("taiwanese-lrc", "centre"),  # seed 003 line 45, seed 004 line 46
        ("taiwanese-dxb", "centre"),
    ],
)
def test_each_family_lays_discards_as_its_seeds_say(name: str, layout: str) -> None:
    assert get_ruleset(name).play.discards == layout


def test_a_house_rules_file_chooses_the_layout(tmp_path: Path) -> None:
    """Seed 003 line 47: rows are "a common option in modern Chinese Mah Jong"."""
    path = tmp_path / "modern.toml"
    path.write_text('name = "modern"\nbase = "taiwanese-lrc"\n[play]\ndiscards = "rows"\n')
    assert load_house_rules(path).play.discards == "rows"
    path.write_text('name = "classical"\nbase = "mcr"\n[play]\ndiscards = "centre"\n')
    assert load_house_rules(path).play.discards == "centre"
    path.write_text('name = "odd"\nbase = "mcr"\n[play]\ndiscards = "center"\n')
    with pytest.raises(HouseRulesError, match="discards must be one of"):
        load_house_rules(path)


def test_an_unknown_layout_is_refused_by_name() -> None:
    with pytest.raises(InvalidPlayRulesError, match="discards must be one of rows, centre"):
        get_ruleset("mcr").changed(discards="scattered")


A = Action.parse
CENTRE = with_discards("mcr", "centre")
ROWS = get_ruleset("mcr")
WEST = "2m4m7m8m1p4p6p3s6s7s8sPP"
NORTH = "3m4m6m7m2p4p6p9p1s2s4s5sE"
"""Two hands far from ready that hold neither red nor green dragon."""


def test_a_centre_table_shows_the_pond_and_only_the_last_discard() -> None:
    """Seed 003 line 45: the discards lie mixed; the one just thrown is seen (and named,
    line 43). A claimed discard leaves the pond for the claimer's meld."""
    state = table(
        CENTRE,
        ["C1m2m5m9m1p3p7p9p2s4s8sNF", "CC1m3m6m9m2p5p8p1s5s9sW", WEST, NORTH],
        draws="ENS9s",
    )
    state.apply(0, A("discard F"))  # the dealer's fourteenth tile
    obs = observation(state, 2)
    assert obs.centre and obs.discards == ((), (), (), ()) and obs.drawn_discards == obs.discards
    assert obs.pond[parse_tile("F")] == 1 and sum(obs.pond) == 1
    assert (obs.last_discard, obs.last_discarder) == (parse_tile("F"), 0)
    for seat, tile in ((1, "E"), (2, "N"), (3, "S")):  # each throws what it drew
        state.apply(seat, A(f"discard {tile}"))
    state.apply(0, A("discard C"))  # South holds two: it is asked
    assert state.phase.value == "claim"
    asked = observation(state, 1)
    assert asked.pond[parse_tile("C")] == 1 and asked.last_discarder == 0
    state.apply(1, A("pung"))
    seen = observation(state, 2)
    assert seen.pond[parse_tile("C")] == 0 and sum(seen.pond) == 4
    assert [str(m) for m in seen.melds[1]] == ["[CCC1]"]  # from the left: East
    assert (seen.last_discard, seen.last_discarder) == (parse_tile("C"), 0)
    thrown = next(a for a in state.legal_actions(1) if a.kind.value == "discard")
    state.apply(1, thrown)
    after = observation(state, 3)
    assert (after.last_discard, after.last_discarder) == (thrown.tile, 1)
    assert sum(after.pond) == 5 and after.discards == ((), (), (), ())
    data = json.loads(json.dumps(after.to_json()))
    assert data["discards"] == [[], [], [], []] and data["last_discarder"] == 1
    assert len(parse_tiles(data["pond"])) == 5


def test_a_table_with_rows_shows_them_as_before() -> None:
    """Seed 000 line 90: rows in front of each discarder; no pond is shown."""
    state = table(ROWS, ["C1m2m5m9m1p3p7p9p2s4s8sNF", "CC1m3m6m9m2p5p8p1s5s9sW", WEST, NORTH])
    state.apply(0, A("discard F"))
    obs = observation(state, 2)
    assert not obs.centre and obs.pond == () and obs.last_discard == -1
    assert obs.discards == (((parse_tile("F"), False),), (), (), ())
    assert obs.to_json()["pond"] is None


def two_orders(rules: Ruleset, swap: bool) -> list[HandState]:
    """East and South each hold a red and a green dragon and throw one each, then West and
    North throw what they draw; ``swap`` switches who threw which dragon."""
    state = table(
        rules,
        ["CF1m2m5m9m1p3p7p9p2s4s8sN", "CF1m3m6m9m2p5p8p1s5s9sW", WEST, NORTH],
        draws="ENS9s",
    )
    first, second = ("F", "C") if swap else ("C", "F")
    steps = [(0, first), (1, second), (2, "N"), (3, "S")]
    seen = []
    for seat, tile in steps:
        state.apply(seat, A(f"discard {tile}"))
        assert state.phase.value == "turn"  # nobody could claim
        seen.append(state.copy())
    return seen


@pytest.mark.parametrize("seat", [2, 3])
def test_who_threw_which_tile_and_when_does_not_show(seat: int) -> None:
    """Two hands alike but for which of East and South threw the red dragon and which the
    green: once a later discard has been thrown, West and North see the same table at a
    centre table (seed 003 line 45); with rows they do not (seed 000 line 90)."""
    one, other = two_orders(CENTRE, swap=False), two_orders(CENTRE, swap=True)
    # While South's dragon is the last discard, it shows; after West's, nothing does.
    assert observation(one[1], seat) != observation(other[1], seat)
    for a, b in zip(one[2:], other[2:], strict=True):
        assert observation(a, seat) == observation(b, seat)
    rows_one, rows_other = two_orders(ROWS, swap=False), two_orders(ROWS, swap=True)
    assert observation(rows_one[-1], seat) != observation(rows_other[-1], seat)


LINEUP = ("random", "efficient", "scorer", "defender")


@pytest.mark.parametrize(
    "hands", [pytest.param(50, id="50"), pytest.param(150, id="150", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("name", ["mcr-centre", "taiwanese-lrc"])
def test_every_bot_plays_a_centre_table_to_the_end(name: str, hands: int) -> None:
    """``hands`` hands a ruleset (150 with ``-m slow``), the four bots seated in turn:
    every action legal, every tile accounted for at every step, no observation showing
    who threw which discard (the first 20 hands), every record replaying exactly; the
    defender plays from what it saw thrown (seed 003 line 45)."""
    rules = need_scorer(CENTRE if name == "mcr-centre" else name)
    assert rules.name == name and rules.play.discards == "centre"
    kinds: dict[str, int] = {}
    remembered = 0
    for seed in range(hands):
        rng = random.Random(seed)
        state = HandState.new(rules, rng)
        bots = [BOTS[LINEUP[(seed + i) % 4]]() for i in range(4)]
        check_tiles(state)
        while not state.ended:
            for seat in state.to_act():
                obs = observation(state, seat)
                assert obs.centre and obs.discards == ((), (), (), ())
                if seed < 20:
                    assert observation(redistributed(state, seat, rng), seat) == obs
                state.apply(seat, bots[seat].act(obs, hand_decision(state, seat, seed)))
                check_tiles(state)
                if state.ended:
                    break
        assert state.result is not None
        kinds[state.result.kind] = kinds.get(state.result.kind, 0) + 1
        record = record_of(state, seed=seed)
        assert HandRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
        assert verify(record) == []
        remembered += sum(any(b._thrown) for b in bots if isinstance(b, DefenderBot))
    assert kinds.get("win", 0) > hands // 3 and kinds.get("win", 0) + kinds.get("draw", 0) == hands
    assert remembered > hands * 2 // 3
