"""The Botzone / IJCAI judge's table, the packaged ruleset ``botzone``: the per-seat wall,
the last discard, kongs, payments and the penalty, each against the judge's source.

"main.cpp l.N" is a line of judge/main.cpp in github.com/ailab-pku/Chinese-Standard-Mahjong
at commit 5e81821 (the judge Botzone runs); the table itself is the house-rules file
src/mahjongkit/rules/data/botzone.toml, every rule in it a general play or table rule.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import pytest

from mahjongkit.bots import RandomBot
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import NUM_ACTIONS, PASS, Action, ActionKind
from mahjongkit.game.events import END_REPLACEMENT, END_WALL, EventKind
from mahjongkit.game.match import money_of
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import observation
from mahjongkit.game.record import HandRecord, record_of, verify
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import Wall, full_set
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import first_deal
from mahjongkit.money.settlement import balances
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import Ruleset, get_ruleset, ruleset_names

from .conftest import need_scorer
from .test_random_hands import check_tiles, redistributed

A = Action.parse
PART = 34
Taken = Sequence[int | None]


def botzone(**options: object) -> Ruleset:
    """``botzone``, with some of its options changed (to show what a rule does)."""
    return need_scorer("botzone").changed(**options)


def taken(*pieces: str | int) -> list[int | None]:
    """Tiles in the order a seat takes them from its part: notation, or a number of tiles
    that may be anything."""
    out: list[int | None] = []
    for piece in pieces:
        out += [None] * piece if isinstance(piece, int) else list(parse_tiles(piece))
    return out


def judge_wall(seats: dict[int, Taken]) -> list[int]:
    """A 136-tile wall as the judge lays out its shuffled list: seat s's part is
    ``tiles[34s:34s+34]``, taken from its end (main.cpp l.645-650, l.389-390, l.423-424);
    ``seats[s]`` the tiles the seat takes first, in order (None: any). The rest is filled
    with the tiles left over, in order."""
    slots: list[int | None] = [None] * (4 * PART)
    pool = full_set(False)
    for seat, tiles in seats.items():
        for i, tile in enumerate(tiles):
            if tile is not None:
                slots[PART * seat + PART - 1 - i] = tile
                pool.remove(tile)
    pool.reverse()
    return [pool.pop() if t is None else t for t in slots]


def dealt(rules: Ruleset, seats: dict[int, Taken]) -> HandState:
    return HandState(rules, Wall(get_ruleset(rules).play, judge_wall(seats), ()))


def play_on(state: HandState, until: Callable[[HandState], bool]) -> None:
    """Every seat discards the tile it drew and passes every claim, until ``until`` holds
    (checked before each decision) or the hand ends."""
    while not state.ended and not until(state):
        if state.phase is Phase.TURN:
            state.apply(state.turn, Action(ActionKind.DISCARD, state.last_tile))
        else:
            state.apply(state.to_act()[0], PASS)


def at_turn(seat: int, parts: tuple[int, ...]) -> Callable[[HandState], bool]:
    """The seat's turn with the wall's parts as given."""
    return lambda s: s.phase is Phase.TURN and s.turn == seat and s.wall.parts_left == parts


def money(state: HandState) -> tuple[int, ...]:
    """The hand's net money per seat (seat = player in the first hand)."""
    got = money_of(state, first_deal(), get_ruleset(state.ruleset).table, Pot())
    return balances(got.payments)[:4]


# --- the table --------------------------------------------------------------------------

# A layout worked through in several tests. East declares a concealed kong of East winds on
# its first turn, so its part runs out one round early: every seat then discards what it
# draws. After 19 rounds the parts hold (E 0, S 1, W 1, N 1): North's last draw leaves it
# a tile while East, next, has none.
EAST = taken("EEEESSSS999sWFF")  # 13 and the dealer's 14th
SOUTH = taken("33sPPP678m567p1s9m", 19, "9s")  # its 20th draw is the fourth 9s
WEST = taken("123p456p789p3sCCC")  # waits on 3s
NORTH_WAITS = taken("123m456m789m24s77p", 19, "3s")  # closed wait on 3s, drawn last
NORTH_KONG = taken("NNNN123m456m789m", 19, "3s")


def kong_layout(rules: Ruleset, north: Taken = NORTH_WAITS) -> HandState:
    state = dealt(rules, {0: EAST, 1: SOUTH, 2: WEST, 3: north})
    state.apply(0, A("concealed-kong E"))
    return state


def test_botzone_is_a_packaged_house_file_over_mcr_gb_no_longer_an_alias() -> None:
    """The judge's table: its own ruleset (rules/data/botzone.toml) over mcr-gb, whose
    values its fan calculator computes (main.cpp l.13, l.128); mcr-gb keeps guobiao."""
    rules = get_ruleset("botzone")
    assert rules.name == "botzone" and rules.scoring.column == "mcr-gb"
    assert "botzone" in ruleset_names()
    assert get_ruleset("mcr-gb").aliases == ("guobiao",)
    assert not rules.uses_flowers and rules.scoring.minimum_points == 8
    play = get_ruleset(rules).play
    assert (play.wall_layout, play.last_discard_claims, rules.table.illegal_action) == (
        "per_seat",
        "win_only",
        "end_hand",
    )
    money_rules = get_ruleset(rules).table
    assert (money_rules.base_payment, money_rules.false_win_penalty) == (8, 10)
    assert money_rules.illegal_action_penalty == 10 and money_rules.false_win_ends_hand


def test_136_tiles_in_four_parts_of_34_each_seat_dealt_from_its_own_main_cpp_l564_l645() -> None:
    """136 tiles without flowers (l.564-580), cut in order into four parts of 34 (l.645-
    650); each seat is dealt 13 from the end of its own part (l.386-397), the dealer's
    14th being its first draw (l.413-424), so the judge's shuffled list plays alike here."""
    tiles = full_set(False)
    random.Random(5).shuffle(tiles)
    state = HandState(need_scorer("botzone"), Wall(get_ruleset("botzone").play, tiles, ()))
    assert len(state.wall.tiles) == 136 and state.wall.dice == ()
    for seat in range(4):
        part = tiles[PART * seat : PART * seat + PART]
        first = part[::-1][: 14 if seat == 0 else 13]
        assert state.concealed[seat] == [first.count(t) for t in range(34)], seat
    assert state.wall.parts_left == (20, 21, 21, 21)
    assert observation(state, 2).wall_parts == (20, 21, 21, 21)
    assert observation(state, 2).wall_live == 83


def test_each_seat_draws_only_from_its_own_part_main_cpp_l413() -> None:
    """A seat's draws come from its own part, in the judge's order (l.413-424), and the
    hand is drawn when the seat due to draw finds its part empty (l.414-421)."""
    tiles = full_set(False)
    random.Random(8).shuffle(tiles)
    rules = need_scorer("botzone")
    state = HandState(rules, Wall(get_ruleset(rules).play, tiles, ()))
    play_on(state, lambda s: False)
    draws: list[list[int]] = [[], [], [], []]
    for e in state.events:
        if e.kind is EventKind.DRAW:
            draws[e.seat].append(e.tile)
    for seat in range(4):
        part = tiles[PART * seat : PART * seat + PART][::-1]
        assert draws[seat] == part[14 if seat == 0 else 13 :], seat
    assert state.result is not None and state.result.kind == "draw"
    assert state.wall.parts_left == (0, 0, 0, 0)


def test_the_hand_is_drawn_when_the_seat_due_finds_its_part_empty_main_cpp_l414() -> None:
    """East's concealed kong took its replacement from its own part (l.229, l.537), so
    East is due with an empty part while the others still hold a tile each: the hand is
    drawn there (l.414-421), not when the wall as a whole is empty."""
    state = kong_layout(need_scorer("botzone"))
    assert state.events[-1].kind is EventKind.DRAW and state.events[-1].seat == 0
    play_on(state, lambda s: False)
    assert state.result is not None and state.result.kind == "draw"
    assert state.events[-1].kind is EventKind.EXHAUSTIVE_DRAW
    assert state.events[-1].detail == END_WALL
    assert state.turn == 0 and state.wall.parts_left == (0, 1, 1, 1)
    assert state.wall.live == 3


def test_the_last_discard_is_claimed_only_to_win_main_cpp_l449() -> None:
    """After North's last draw East, next, has nothing to draw: North's discard may be
    claimed only to win (l.449-452 check the part of the seat after the discarder; a chow
    or pung of it is a wrong answer). South holds a pair of it and is not asked; West wins
    on it, which scores Last Tile Claim (l.117-119)."""
    state = kong_layout(need_scorer("botzone"))
    play_on(state, at_turn(3, (0, 1, 1, 1)))
    state.apply(3, A("discard 3s"))
    assert state.phase is Phase.CLAIM and state.to_act() == (2,)
    assert state.legal_actions(2) == (A("win"), PASS)
    assert state.concealed[1][parse_tiles("3s")[0]] == 2
    with pytest.raises(IllegalActionError):
        state.copy().apply(1, PASS)  # South has nothing to answer: a pass is no offence
    other = state.copy()
    state.apply(2, A("win"))
    assert state.result is not None and state.result.winners == (2,)
    assert "last_tile_claim" in {i.id for i in state.result.scores[0].items}
    # A pung of it anyway is a wrong answer: the hand ends at the judge's -30 / +10.
    other.apply(1, A("pung"))
    assert other.result is not None and other.result.kind == "penalty"
    assert money(other) == (10, -30, 10, 10)


def test_a_table_that_lets_the_last_discard_be_claimed_for_a_set_seed_003_line_139() -> None:
    """The other value of the switch, as seed 003 line 139 plays: South may pung it."""
    state = kong_layout(botzone(last_discard_claims="all"))
    play_on(state, at_turn(3, (0, 1, 1, 1)))
    state.apply(3, A("discard 3s"))
    assert state.legal_actions(1) == (A("pung"), PASS)


def test_a_discard_before_an_empty_part_but_not_the_next_one_may_be_claimed() -> None:
    """Only the part of the seat after the discarder counts (l.449-451): South's discard,
    with West (next) still holding tiles, may be claimed though East's part is empty. East
    may even kong it (a kong of a discard is checked only as a claim of the last discard,
    l.279-293, l.468-471); its replacement then cannot be drawn and the hand is drawn
    (l.414-421)."""
    state = kong_layout(need_scorer("botzone"))
    play_on(state, at_turn(1, (0, 1, 2, 2)))
    state.apply(1, A("discard 9s"))
    assert A("kong") in state.legal_actions(0)
    state.apply(0, A("kong"))
    for seat in state.to_act():
        state.apply(seat, PASS)
    assert state.result is not None and state.result.kind == "draw"
    assert state.events[-1].detail == END_REPLACEMENT
    check_tiles(state)


def test_a_kong_of_a_discard_needs_a_replacement_where_the_table_says_so() -> None:
    """With ``kong_needs_live_tile`` (MCR's reading) East may not kong with its part empty."""
    state = kong_layout(botzone(kong_needs_live_tile=True))
    play_on(state, at_turn(1, (0, 1, 2, 2)))
    state.apply(1, A("discard 9s"))
    assert state.legal_actions(0) == (A("pung"), PASS)


def test_no_kong_on_ones_turn_with_the_next_seats_part_empty_main_cpp_l215() -> None:
    """A concealed or promoted kong needs a tile in the declarer's part and one in the next
    seat's (l.215, l.232): North, one tile left in its part, may not kong its four North
    winds when East's part is empty; a turn earlier it may; declaring it anyway is a wrong
    answer."""
    state = kong_layout(need_scorer("botzone"), NORTH_KONG)
    play_on(state, at_turn(3, (1, 2, 2, 2)))
    assert A("concealed-kong N") in state.legal_actions(3)
    state.apply(3, Action(ActionKind.DISCARD, state.last_tile))
    play_on(state, at_turn(3, (0, 1, 1, 1)))
    assert A("concealed-kong N") not in state.legal_actions(3)
    other = state.copy()
    other.apply(3, A("concealed-kong N"))
    assert other.result is not None and other.result.kind == "penalty"
    assert money(other) == (10, 10, 10, -30)
    # Where only the replacement is needed (MCR's rule), North may.
    loose = kong_layout(
        botzone(turn_kong_needs_next_draw=False, kong_needs_live_tile=True), NORTH_KONG
    )
    play_on(loose, at_turn(3, (0, 1, 1, 1)))
    assert A("concealed-kong N") in loose.legal_actions(3)


def test_no_kong_on_ones_turn_with_ones_own_part_empty_main_cpp_l215() -> None:
    """East has drawn its part's last tile: it may not kong its four South winds (l.215),
    though it could a turn earlier."""
    state = kong_layout(need_scorer("botzone"))
    play_on(state, at_turn(0, (1, 3, 3, 3)))
    assert A("concealed-kong S") in state.legal_actions(0)
    state.apply(0, Action(ActionKind.DISCARD, state.last_tile))
    play_on(state, at_turn(0, (0, 2, 2, 2)))
    assert A("concealed-kong S") not in state.legal_actions(0)


def test_last_tile_draw_when_the_next_seat_has_nothing_to_draw_main_cpp_l117() -> None:
    """The judge sets the last-tile flag when the seat after the one in turn has nothing
    to draw (l.117-119): North wins on its last draw with a tile still in its own part,
    and scores Last Tile Draw."""
    state = kong_layout(need_scorer("botzone"))
    play_on(state, at_turn(3, (0, 1, 1, 1)))
    assert A("win") in state.legal_actions(3)
    state.apply(3, A("win"))
    assert state.result is not None and state.result.self_drawn
    items = {i.id for i in state.result.scores[0].items}
    assert "last_tile_draw" in items


def test_a_kongs_replacement_leaving_the_next_seat_nothing_is_the_last_tile_too() -> None:
    """North kongs West's discard while East's part is empty; its replacement, from its own
    part, completes the hand: the judge's last-tile flag rests on the next seat's part
    alone (l.117-119), so it scores Last Tile Draw beside Out with Replacement Tile
    (``last_tile_draw_on_replacement``); seed 000 line 229's reading does not."""
    west = taken("123p456p789p3sCCC", 19, "N")  # its last draw, thrown: a North wind
    north = taken("NNN123m456m24s77p", 19, "3s")  # the kong's replacement: 3s

    def won(rules: Ruleset) -> set[str]:
        state = dealt(rules, {0: EAST, 1: SOUTH, 2: west, 3: north})
        state.apply(0, A("concealed-kong E"))
        play_on(state, at_turn(2, (0, 1, 1, 2)))
        state.apply(2, A("discard N"))
        state.apply(3, A("kong"))
        assert state.wall.parts_left == (0, 1, 1, 1) and state.last_tile == parse_tiles("3s")[0]
        state.apply(3, A("win"))
        assert state.result is not None and state.result.self_drawn
        return {i.id for i in state.result.scores[0].items}

    assert {"last_tile_draw", "out_with_replacement_tile"} <= won(need_scorer("botzone"))
    assert "last_tile_draw" not in won(botzone(last_tile_draw_on_replacement=False))


# --- payments and the penalty ------------------------------------------------------------

WINS_DEALT = taken("123m456m789m123p55p")  # East's dealt 14 win: Pure Straight and more
READY_5P = taken("123m456m789m46pEE")  # closed wait on 5p
ORPHANS = taken("19m19p19sESWNCFP5p")  # East: no win (thirteen orphans ready), 5p to throw


def test_self_drawn_winner_takes_3_times_8_plus_fans_main_cpp_l147() -> None:
    """Self-drawn: the winner +3(8 + f), each other -(8 + f) (l.147-154)."""
    state = dealt(need_scorer("botzone"), {0: WINS_DEALT})
    state.apply(0, A("win"))
    assert state.result is not None and state.result.self_drawn
    f = state.result.scores[0].total
    assert f >= 8
    assert money(state) == (3 * (8 + f), -(8 + f), -(8 + f), -(8 + f))


def test_discard_winner_takes_24_plus_fans_main_cpp_l155() -> None:
    """On a discard: the winner +(24 + f), the discarder -(8 + f), the others -8 each
    (l.155-168)."""
    state = dealt(need_scorer("botzone"), {0: ORPHANS, 1: READY_5P})
    state.apply(0, A("discard 5p"))
    assert state.legal_actions(1)[0] == A("win")
    state.apply(1, A("win"))
    assert state.result is not None and state.result.discarder == 0
    f = state.result.scores[0].total
    assert money(state) == (-(8 + f), 24 + f, -8, -8)


def test_robbing_a_kong_the_declarer_pays_as_the_discarder_main_cpp_l162() -> None:
    """Robbing a promoted kong: the kong's declarer pays 8 + f as a discarder would, the
    others 8 (l.162-164, with l.376-377 for the robbing)."""
    rules = need_scorer("botzone")
    state = dealt(
        rules,
        {
            0: ORPHANS,
            1: READY_5P,
            2: taken("5p5pCCC789s123s4s9s", "5p"),  # its first draw is the fourth 5p
        },
    )
    state.apply(0, A("discard 5p"))
    state.apply(1, PASS)  # South waits on 5p too: it lets the tile go
    state.apply(2, A("pung"))
    state.apply(2, A("discard 4s"))
    play_on(state, lambda s: s.phase is Phase.TURN and s.turn == 2)
    assert A("promoted-kong 5p") in state.legal_actions(2)
    state.apply(2, A("promoted-kong 5p"))
    assert state.phase is Phase.ROB and state.to_act() == (1,)
    robbed = state.copy()
    robbed.apply(1, A("win"))
    assert robbed.result is not None and robbed.result.robbed_kong
    assert robbed.result.discarder == 2
    f = robbed.result.scores[0].total
    assert "robbing_the_kong" in {i.id for i in robbed.result.scores[0].items}
    assert money(robbed) == (-8, 24 + f, -(8 + f), -8)
    # A wrong answer while the kong waits to be robbed (East has nothing to answer): the
    # hand ends at -30 / +10 and the kong stands, every tile accounted for.
    state.apply(0, A("win"))
    assert state.result is not None and state.result.kind == "penalty"
    assert state.events[-1].kind is EventKind.ILLEGAL_ACTION
    assert money(state) == (-30, 10, 10, 10)
    assert any(m.promoted for m in state.melds[2])
    check_tiles(state)


def test_a_false_win_ends_the_hand_at_minus_30_main_cpp_l143() -> None:
    """A win declared below 8 fans (flowers aside) or on no winning hand: the declarer
    -30, each other +10, and the hand is over (l.143-144, l.72-88)."""
    state = dealt(need_scorer("botzone"), {0: ORPHANS})
    assert A("win") not in state.legal_actions(0)
    state.apply(0, A("win"))
    assert state.result is not None and state.result.kind == "penalty"
    assert state.events[-1].kind is EventKind.FALSE_WIN and state.events[-1].detail == 3
    assert state.legal_actions(0) == () and state.to_act() == ()
    assert money(state) == (-30, 10, 10, 10)
    assert verify(record_of(state)) == []


@pytest.mark.parametrize(
    ("seat", "action"),
    [(0, "discard 2m"), (0, "pass"), (0, "concealed-kong 1m"), (2, "pung"), (1, "discard 5p")],
)
def test_any_illegal_answer_ends_the_hand_at_minus_30_main_cpp_l72(seat: int, action: str) -> None:
    """Any wrong answer (l.72-88: a discard of a tile not held, a pass on one's turn, a
    kong one cannot make l.254, an answer out of turn l.179-187): the offender -30, each
    other +10. Under mcr-gb the same action is refused and changes nothing."""
    hand = {0: ORPHANS}
    state = dealt(need_scorer("botzone"), hand)
    state.apply(seat, A(action))
    assert state.result is not None and state.result.kind == "penalty"
    assert state.events[-1].kind is EventKind.ILLEGAL_ACTION
    assert str(state.events[-1]).startswith(f"{'ESWN'[seat]} illegal-action ")
    expected = [10, 10, 10, 10]
    expected[seat] = -30
    assert money(state) == tuple(expected)
    assert verify(record_of(state)) == []
    gb = HandState(
        "mcr-gb", Wall.arranged(get_ruleset("mcr-gb"), [parse_tiles("19m19p19sESWNCFP5p")])
    )
    with pytest.raises(IllegalActionError):
        gb.apply(seat, A(action))


def test_a_pass_from_a_seat_with_nothing_to_decide_is_refused_not_punished() -> None:
    """The judge asks every seat at every step and a pass is the empty answer (l.179-187,
    l.373-374): it is no offence, and changes nothing here."""
    state = dealt(need_scorer("botzone"), {})
    events = list(state.events)
    with pytest.raises(IllegalActionError, match="E's turn"):
        state.apply(2, PASS)
    assert state.events == events and state.result is None


# --- random hands ------------------------------------------------------------------------


EVERY_ACTION = [
    Action.from_index(i) for i in range(NUM_ACTIONS) if i not in (75, 76, 84, 85, 93, 94)
]
"""Every action there is (no chow starts at an 8 or a 9: those indexes are empty)."""


def check_ended_on_offence(state: HandState, in_turn: int) -> None:
    """`check_tiles` for a hand an offence ended: the seat that was in turn keeps its
    extra tile."""
    assert state.tile_census() == [4] * 34 + [0] * 8
    for seat in range(4):
        count = sum(state.concealed[seat]) + 3 * len(state.melds[seat])
        assert count == 13 + (seat == in_turn), (seat, count)


def play_soak(rules: Ruleset, seed: int, slip: float = 0.0) -> HandState:
    """Random bots play a hand of ``rules``; with ``slip``, a seat now and then sends an
    action picked from all 167 instead (usually illegal). Every invariant is checked at
    every step: tiles, hand sizes, no leaks (early seeds), and the judge's rules."""
    rng = random.Random(seed)
    state = HandState.new(rules, rng)
    bots = [RandomBot() for _ in range(4)]
    check_tiles(state)
    while not state.ended:
        for seat in state.to_act():
            obs = observation(state, seat)
            assert obs.wall_parts == state.wall.parts_left and sum(obs.wall_parts) == obs.wall_live
            if seed < 10:
                assert observation(redistributed(state, seat, rng), seat) == obs
            w = state.window
            last = w is not None and not state.wall.can_draw((w.giver + 1) % 4)
            if state.phase is Phase.CLAIM and last:  # the last discard: l.449-452
                assert set(obs.legal_actions) <= {A("win"), PASS}
            kongs = [a for a in obs.legal_actions if a.kind is ActionKind.CONCEALED_KONG]
            kongs += [a for a in obs.legal_actions if a.kind is ActionKind.PROMOTED_KONG]
            if kongs:  # l.215, l.232
                assert state.wall.can_draw_in_turn((seat, (seat + 1) % 4))
            action = bots[seat].act(obs, hand_decision(state, seat, seed))
            if slip and rng.random() < slip:
                action = EVERY_ACTION[rng.randrange(len(EVERY_ACTION))]
            in_turn = state.turn if state.phase is Phase.TURN else -1
            state.apply(seat, action)
            if state.result is not None and state.result.kind == "penalty":
                check_ended_on_offence(state, in_turn)
            else:
                check_tiles(state)
            if state.ended:
                break
    result = state.result
    assert result is not None
    if result.kind == "draw":
        assert state.wall.parts_left[state.turn] == 0  # the seat due found its part empty
    return state


def test_random_botzone_hands_account_for_every_tile_and_replay_exactly() -> None:
    """Random bots, 300 hands: every tile accounted for after every action, the judge's
    rules held at every step, every record replaying exactly (as the long soak,
    scripts/soak_hands.py --ruleset botzone, does for 10,000)."""
    rules = need_scorer("botzone")
    kinds: dict[str, int] = {}
    for seed in range(300):
        state = play_soak(rules, seed)
        assert state.result is not None
        kinds[state.result.kind] = kinds.get(state.result.kind, 0) + 1
        assert not any(e.kind is EventKind.ILLEGAL_ACTION for e in state.events)
        record = HandRecord.from_json(json.loads(record_of(state, seed=seed).dumps()))
        assert verify(record) == []
        assert sum(money(state)) == 0
    assert kinds.get("draw", 0) + kinds.get("win", 0) == 300 and kinds.get("win", 0) > 0


def test_random_hands_with_wrong_answers_end_at_minus_30_and_replay() -> None:
    """Bots that now and then send any action: a wrong one ends the hand at once, its
    sender -30, the others +10 (l.72-88), every tile accounted for and the record
    replaying exactly."""
    rules = need_scorer("botzone")
    penalties = 0
    for seed in range(120):
        state = play_soak(rules, 1000 + seed, slip=0.05)
        assert state.result is not None
        if state.result.kind == "penalty":
            penalties += 1
            offence = state.events[-1]
            assert offence.kind in (EventKind.ILLEGAL_ACTION, EventKind.FALSE_WIN)
            expected = [10, 10, 10, 10]
            expected[offence.seat] = -30
            assert money(state) == tuple(expected)
        assert verify(record_of(state, seed=seed)) == []
    assert penalties > 50
