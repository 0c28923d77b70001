"""The table as text and SVG (`HandState.__str__`, `_repr_svg_`, `mahjongkit.game.picture`):
the whole table shows every tile where it is; one seat's picture shows no more than its
observation; the drawing is well-formed SVG whose every tile reads in Latin letters."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from mahjongkit.bots import RandomBot
from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import observation
from mahjongkit.game.picture import (
    SeatPicture,
    TablePicture,
    hand_picture,
    named,
    picture_of,
    table_svg,
    table_text,
)
from mahjongkit.game.state import HandState
from mahjongkit.hand import Meld
from mahjongkit.svg import tile_label
from mahjongkit.tiles import NAMES, NUM_KINDS, parse_tile

from .conftest import BUILT_IN, table

A = Action.parse
FB = "258m258p258sCFPE"
FC = "369m369p369sSWNC"


def counts(tiles: tuple[int, ...] | None, drawn: int) -> list[int]:
    out = [0] * NUM_KINDS
    for t in (*(tiles or ()), *([drawn] if drawn >= 0 else [])):
        out[t] += 1
    return out


def hands_in_play(ruleset: str, seeds: range) -> list[HandState]:
    """A copy of the state at every decision of random hands, and the ended hands."""
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        state = HandState.new(ruleset, rng)
        bots = [RandomBot() for _ in range(4)]
        while not state.ended:
            seat = state.to_act()[0]
            states.append(state.copy())
            state.apply(
                seat, bots[seat].act(state.observation(seat), hand_decision(state, seat, seed))
            )
        states.append(state)
    return states


@pytest.mark.parametrize("ruleset", BUILT_IN)
def test_the_whole_table_shows_every_tile_where_it_is(ruleset: str) -> None:
    for state in hands_in_play(ruleset, range(3)):
        picture = hand_picture(state)
        assert picture.to_act == state.to_act() and picture.phase == state.phase.value
        result = state.result
        winners = result.winners if result is not None and result.kind == "win" else ()
        for seat in picture.seats:
            s = seat.seat
            assert seat.melds == tuple(state.melds[s]) and seat.hidden_kongs == 0
            assert seat.flowers == tuple(state.flowers[s])
            if s in winners:
                assert result is not None
                hand = result.scores[winners.index(s)].hand
                assert seat.drawn == hand.winning_tile
                assert counts(seat.concealed, seat.drawn) == list(hand.concealed)
            else:
                assert counts(seat.concealed, seat.drawn) == state.concealed[s]
        text = str(state)
        assert text == table_text(picture) and text.count("\n") >= 4
        if result is not None:
            assert picture.result and picture.result in text


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc", "botzone"])
def test_a_seat_sees_its_own_tiles_and_the_others_backs(ruleset: str) -> None:
    for state in hands_in_play(ruleset, range(2))[::7]:
        for viewer in range(4):
            obs = observation(state, viewer)
            picture = picture_of(obs)
            for seat in picture.seats:
                if seat.seat == viewer:
                    assert counts(seat.concealed, seat.drawn) == list(obs.concealed)
                else:
                    assert seat.concealed is None and seat.drawn == -1
                    assert seat.hidden_kongs == obs.hidden_kongs[seat.seat]
            svg = table_svg(picture)
            backs = sum(s.hand_size + 4 * s.hidden_kongs for s in picture.seats if s.seat != viewer)
            assert svg.count('data-tile="back"') == backs


def test_a_concealed_kong_is_face_down_to_the_others_seed_000_line_80() -> None:
    state = table(
        "mcr",
        ["1111m234p567p78s99s", FB, FC, "47m147p147sESWNC"],
        replacements="6s",
    )
    state.apply(0, A("concealed-kong 1m"))
    state.apply(0, A("discard 6s"))
    own = table_text(picture_of(state.observation(0)))
    other = table_text(picture_of(state.observation(1)))
    assert "  E  [1111m] 234567p7899s" in own
    assert "  E  [????] ??????????" in other and "1111m" not in other
    assert 'data-tile="1m"' not in table_svg(picture_of(state.observation(1)))
    assert table_svg(picture_of(state.observation(0))).count('data-tile="1m"') == 4


def test_text_marks_claims_ting_forfeits_the_centre_and_names() -> None:
    """Built by hand: a claimed discard in parentheses, ``>`` where a decision is awaited,
    the centre pond with its latest discard, a player's name and the title."""
    tiles = tuple(parse_tile(t) for t in ("1m", "2m", "3m"))
    seats = tuple(
        SeatPicture(
            seat=s,
            concealed=tiles if s == 0 else None,
            drawn=parse_tile("E") if s == 0 else -1,
            hand_size=4 if s == 0 else 3,
            melds=(Meld.parse("[555p3]"),) if s == 1 else (),
            hidden_kongs=1 if s == 2 else 0,
            flowers=(parse_tile("3f"),) if s == 2 else (),
            discards=((parse_tile("9s"), False), (parse_tile("C"), True)) if s == 3 else (),
            ting=s == 1,
            forfeited=s == 3,
        )
        for s in range(4)
    )
    pond = tuple(2 if NAMES[t] == "7p" else 0 for t in range(NUM_KINDS))
    picture = TablePicture(
        ruleset="taiwanese-lrc",
        prevalent_wind=parse_tile("S"),
        phase="claim",
        turn=3,
        to_act=(1, 2),
        seats=seats,
        wall_live=40,
        claim_tile=parse_tile("7p"),
        claim_giver=3,
        pond=pond,
        last_discard=parse_tile("7p"),
        last_discarder=3,
        dealer_streak=2,
    )
    assert table_text(named(picture, ["Ann", "Bo", "Cy", "Di"], "hand 5, S2")) == "\n".join(
        [
            "hand 5, S2",
            "taiwanese-lrc · prevalent wind S · dealer streak 2 · wall 40 live"
            " · 7p from N: S W to answer",
            "  E Ann  123m +E",
            "> S Bo  [555p3] ???  ting",
            "> W Cy  [????] ???  flowers 3f",
            "  N Di  ???  may not win",
            "     discards 9s (C)",
            "  centre 77p (N just discarded 7p)",
        ]
    )
    svg = table_svg(picture)
    assert svg.count('opacity="0.35"') == 1  # the claimed C, faded
    assert svg.count('data-tile="back"') == 3 + 4 + 3 + 3


def test_the_drawing_is_svg_whose_tiles_are_named() -> None:
    for state in hands_in_play("mcr", range(1))[::20]:
        svg = state._repr_svg_()
        root = ET.fromstring(svg)  # well-formed
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert float(root.attrib["width"]) > 400 and float(root.attrib["height"]) > 200
        faces = re.findall(r'<g data-tile="(\w+)"([^>]*)>(.*?)</g>', svg)
        assert faces
        for name, attributes, inner in faces:
            if name != "back":
                label = tile_label(parse_tile(name))
                assert f'aria-label="{label}"' in attributes, name
                assert inner.startswith(f"<title>{label}</title>"), name
