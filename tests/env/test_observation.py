"""The observation planes: what each plane shows on a scripted table, and that they never
show another seat's concealed tiles (the engine's leak test: everything the seat cannot
see is shuffled, and its planes must not change)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.game.conftest import table
from tests.game.test_random_hands import redistributed

from mahjongkit.env import AGENTS, NUM_PLANES, PLANES, aec_env, encode
from mahjongkit.env.encoding import ENCODING_VERSION
from mahjongkit.game.actions import Action
from mahjongkit.rules.ruleset import Ruleset

from .conftest import RULESETS, label


def plane(planes: np.ndarray, name: str) -> list[str]:
    """The kinds a plane marks, by name (``5m``, ``C``), with the value where it is not 1."""
    from mahjongkit.tiles import NAMES

    row = planes[PLANES.index(name)]
    return [NAMES[t] if v == 1 else f"{NAMES[t]}={v:g}" for t, v in enumerate(row) if v]


def test_the_planes_of_a_scripted_discard() -> None:
    hand = table(
        "mcr", ["123m456p789sEESSC", "111m222p333sWWNN", "444m555p666sCCFF", "777m888p999sEPPP"]
    )
    hand.apply(0, Action.parse("discard C"))
    west = encode(hand.observation(2))  # West may pung (or win on) East's C
    assert west.shape == (NUM_PLANES, 34) and ENCODING_VERSION == 2
    assert plane(west, "own tiles >= 2") == ["4m", "5p", "6s", "C", "F"]
    assert plane(west, "own tiles >= 3") == ["4m", "5p", "6s"]
    assert plane(west, "own tiles >= 4") == []
    assert plane(west, "own drawn tile") == []
    assert plane(west, "across: discards >= 1") == ["C"]  # East sits across from West
    assert plane(west, "across: discards among last 1") == ["C"]
    assert plane(west, "self: discards >= 1") == []
    assert plane(west, "table discards >= 1") == ["C"]
    assert plane(west, "tile answered") == ["C"]
    assert plane(west, "seat wind") == ["W"] and plane(west, "prevalent wind") == ["E"]
    assert len(plane(west, "across: dealer")) == 34 and plane(west, "self: dealer") == []
    assert len(plane(west, "across: gives the tile answered")) == 34
    assert len(plane(west, "claim")) == 34 and plane(west, "turn") == []
    assert set(plane(west, "self: concealed tiles")) == {f"{n}=13" for n in plane(west, "claim")}
    east = encode(hand.observation(0))
    assert plane(east, "self: discards >= 1") == ["C"]
    assert " ".join(plane(east, "own tiles >= 1")) == "1m 2m 3m 4p 5p 6p 7s 8s 9s E S"
    # East cannot tell that West may claim: its view shows the discard, not the window.
    assert plane(east, "tile answered") == ["C"] and plane(east, "self: dealer")
    hand.apply(2, Action.parse("pung"))
    west = encode(hand.observation(2))
    assert plane(west, "self: melds >= 3") == ["C"]
    assert plane(west, "across: discards 1-6 claimed") == ["C"]
    assert plane(west, "table discards >= 1") == []
    assert len(plane(west, "turn")) == 34
    south = encode(hand.observation(1))
    assert plane(south, "next: melds >= 3") == ["C"]  # West is next after South
    assert plane(south, "own tiles >= 1") == ["1m", "2p", "3s", "W", "N"]


def test_planes_come_in_float32_and_int8_alike() -> None:
    hand = table(
        "mcr", ["123m456p789sEESSC", "111m222p333sWWNN", "444m555p666sCCFF", "777m888p999sEPPP"]
    )
    as_float, as_int = encode(hand.observation(1)), encode(hand.observation(1), "int8")
    assert as_float.dtype == np.float32 and as_int.dtype == np.int8
    assert np.array_equal(as_float, as_int.astype(np.float32))
    with pytest.raises(ValueError, match="not 'float16'"):
        encode(hand.observation(1), "float16")
    with pytest.raises(ValueError, match=r"a seat 0\.\.3, not -1"):
        encode(hand.observation(-1))


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_the_planes_never_show_another_seats_concealed_tiles(ruleset: str | Ruleset) -> None:
    rng = random.Random(7)
    env = aec_env(ruleset, seed=7)
    for _ in range(2):
        env.reset()
        for _agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            hand = env.table.state.hand
            for player, other in enumerate(AGENTS):
                seat = env.table.state.seat_of(player)
                shuffled = redistributed(hand, seat, rng)
                seen = env.observe(other)["observation"]
                assert np.array_equal(encode(shuffled.observation(seat)), seen), other
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_an_answer_shows_nothing_to_the_seats_asked_after_it(ruleset: str) -> None:
    rng = random.Random(3)
    env = aec_env(ruleset, seed=3)
    windows = 0
    while windows < 5:
        env.reset()
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            waiting = [AGENTS[p] for p in env.table.to_act() if AGENTS[p] != agent]
            before = {a: env.observe(a) for a in waiting}
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
            if waiting and env.agent_selection in waiting:  # the window is still open
                windows += 1
                for a in waiting:
                    after = env.observe(a)
                    assert all(np.array_equal(before[a][k], after[k]) for k in after)
