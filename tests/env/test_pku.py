"""The PKU/Botzone 235-action layout: every legal action of random MCR play goes there
and back, to the index the PKU baseline's own formulas give; masks convert both ways;
what the layout cannot write (a Ting, an index that does not fit the tile answered) is
refused by name."""

from __future__ import annotations

import re

import numpy as np
import pytest

from mahjongkit.env import VectorEnv
from mahjongkit.env.pku import (
    PKU_ACTIONS,
    NotInLayoutError,
    from_pku,
    mask_from_pku,
    mask_to_pku,
    pku_name,
    to_pku,
)
from mahjongkit.game.actions import TINGS, Action, ActionKind
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.tiles import RANK, SUIT

from .conftest import label, with_discards

# The source, transcribed: ``TILE_LIST``/``OFFSET_ACT`` and the Chi formula of
# ``FeatureAgent.request2obs`` (ailab-pku/SampleCode mahjong-sl/feature.py, 992a1f2), with
# the judge's tile names (W characters, B dots, T bamboo; F1..F4 winds E S W N, J1..J3
# honours 5..7, C F P: Chinese-Standard-Mahjong judge/main.cpp, 5e81821).
TILE_LIST = [
    *(f"W{i + 1}" for i in range(9)),
    *(f"T{i + 1}" for i in range(9)),
    *(f"B{i + 1}" for i in range(9)),
    *(f"F{i + 1}" for i in range(4)),
    *(f"J{i + 1}" for i in range(3)),
]
OFFSET_TILE = {c: i for i, c in enumerate(TILE_LIST)}
OFFSET_ACT = {
    "Pass": 0,
    "Hu": 1,
    "Play": 2,
    "Chi": 36,
    "Peng": 99,
    "Gang": 133,
    "AnGang": 167,
    "BuGang": 201,
}


def botzone(kind: int) -> str:
    """The engine's kind (1m..9m, 1p..9p, 1s..9s, E S W N, C F P) as Botzone names it."""
    if kind >= 31:
        return f"J{kind - 30}"
    if kind >= 27:
        return f"F{kind - 26}"
    return "WBT"[SUIT[kind]] + str(RANK[kind])


def reference(action: Action, claimed: int) -> int:
    """The PKU index, by the source's own formulas."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return OFFSET_ACT["Pass"]
    if kind is ActionKind.WIN:
        return OFFSET_ACT["Hu"]
    if kind is ActionKind.DISCARD:
        return OFFSET_ACT["Play"] + OFFSET_TILE[botzone(action.tile)]
    if kind is ActionKind.CONCEALED_KONG:
        return OFFSET_ACT["AnGang"] + OFFSET_TILE[botzone(action.tile)]
    if kind is ActionKind.PROMOTED_KONG:
        return OFFSET_ACT["BuGang"] + OFFSET_TILE[botzone(action.tile)]
    cur = botzone(claimed)
    if kind is ActionKind.PUNG:
        return OFFSET_ACT["Peng"] + OFFSET_TILE[cur]
    if kind is ActionKind.KONG:
        return OFFSET_ACT["Gang"] + OFFSET_TILE[cur]
    assert kind is ActionKind.CHOW
    color, num = cur[0], int(cur[1])
    base = OFFSET_ACT["Chi"] + "WTB".index(color) * 21
    where = claimed - action.tile  # 0: the claimed tile is the lowest of the run
    if where == 2:
        return base + (num - 3) * 3 + 2
    if where == 1:
        return base + (num - 2) * 3 + 1
    return base + (num - 1) * 3


@pytest.mark.parametrize("ruleset", ["mcr", "botzone", with_discards("mcr", "centre")], ids=label)
def test_every_legal_action_of_random_play_goes_there_and_back(ruleset: str | Ruleset) -> None:
    venv = VectorEnv(64, ruleset, seed=11, dtype="int8")
    batch, _ = venv.reset()
    rng = np.random.default_rng(11)
    decisions, kinds = 0, set()
    for _ in range(100):
        masks, claims = batch["action_mask"], batch["claim_tile"]
        pku_masks = mask_to_pku(masks, claims)
        assert np.array_equal(mask_from_pku(pku_masks, claims), masks)
        for r in range(len(masks)):
            claimed = int(claims[r])
            state = venv.tables[batch["table"][r]].state
            obs = state.observation(int(batch["player"][r]))
            legal = np.flatnonzero(masks[r]).tolist()
            pku = [to_pku(a, claimed) for a in legal]
            assert [to_pku(a, obs) for a in legal] == pku
            assert pku == [reference(Action.from_index(a), claimed) for a in legal]
            assert [from_pku(p, obs) for p in pku] == legal
            assert np.flatnonzero(pku_masks[r]).tolist() == sorted(pku)
            kinds |= {Action.from_index(a).kind for a in legal}
            decisions += 1
        actions = [rng.choice(np.flatnonzero(m)) for m in masks]
        batch, *_ = venv.step(actions)
    assert decisions >= 5000
    assert kinds >= {
        ActionKind.DISCARD,
        ActionKind.CHOW,
        ActionKind.PUNG,
        ActionKind.KONG,
        ActionKind.WIN,
        ActionKind.PASS,
    }


def test_each_index_is_one_action_for_each_tile_answered() -> None:
    for claimed in range(-1, 34):
        back = []
        for p in range(PKU_ACTIONS):
            try:
                back.append(from_pku(p, claimed))
            except NotInLayoutError:
                continue
        assert len(back) == len(set(back))
        assert [from_pku(to_pku(a, claimed), claimed) for a in back] == back
    # A chow of each of the 63 Chi indexes exists for its own tile answered.
    chis = {to_pku(a.to_index(), a.tile + k) for a in _chows() for k in range(3)}
    assert chis == set(range(36, 99))


def _chows() -> list[Action]:
    return [Action(ActionKind.CHOW, t) for t in range(27) if RANK[t] <= 7]


def test_a_ting_is_refused_clearly_in_taiwanese_play() -> None:
    venv = VectorEnv(64, "taiwanese-lrc", seed=1)
    batch, _ = venv.reset()
    rng = np.random.default_rng(0)
    found = 0
    for _ in range(80):
        masks, claims = batch["action_mask"], batch["claim_tile"]
        for r in np.flatnonzero(masks[:, 34:68].any(axis=1)):
            ting = 34 + int(np.flatnonzero(masks[r, 34:68])[0])
            with pytest.raises(NotInLayoutError, match=r"ting .* MCR's, which has no Ting"):
                to_pku(ting, int(claims[r]))
            with pytest.raises(NotInLayoutError, match=f"row {r} of the mask: ting"):
                mask_to_pku(masks, claims)
            found += 1
        batch, *_ = venv.step([rng.choice(np.flatnonzero(m)) for m in masks])
    assert found > 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: to_pku(TINGS[4].to_index(), -1), "ting 5m has no index"),
        (lambda: to_pku(Action.parse("pung").to_index(), -1), "pung is written with the tile"),
        (lambda: to_pku(Action.parse("chow 123m").to_index(), 5), "does not hold .* 6m"),
        (lambda: from_pku(99 + 4, -1), r"Peng W5 \(PKU index 103\) .* none \(its own turn\)"),
        (lambda: from_pku(99 + 4, 5), r"Peng W5 .* the tile answered is 6m"),
        (lambda: from_pku(85, 13), r"Chi B4 \(claims B4\) .* answered is 5p"),
        (lambda: from_pku(235, -1), "a PKU/Botzone index is 0..234, not 235"),
        (lambda: to_pku(167, -1), "an action index is 0..166, not 167"),
        (lambda: to_pku(0, 34), "a kind 0..33 or -1"),
        (lambda: mask_to_pku(np.zeros(166), -1), "167 columns"),
    ],
)
def test_what_the_layout_cannot_write_is_named(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises((NotInLayoutError, ValueError), match=message):
        call()


def test_names() -> None:
    assert [pku_name(i) for i in (2, 11, 20, 29, 33, 35)] == [
        "Play W1",
        "Play T1",
        "Play B1",
        "Play F1",
        "Play J1",
        "Play J3",
    ]
    assert pku_name(36) == "Chi W2 (claims W1)" and pku_name(98) == "Chi B8 (claims B9)"
    assert [pku_name(i) for i in (133, 167, 200)] == ["Gang W1", "AnGang W1", "AnGang J3"]


def test_the_documented_layout_is_the_maps() -> None:
    from pathlib import Path

    from mahjongkit.env.pku import KIND_OF_PKU_TILE, OFFSETS

    doc = (Path(__file__).parents[2] / "docs" / "env.md").read_text(encoding="utf-8")
    text = doc[doc.index("## The PKU/Botzone") : doc.index("## The observation")]
    rows = re.findall(r"^\| (\d+)(?: \+ [^|]*)? \| `(\w+)`[^|]* \| ([\d.]+) \|", text, re.M)
    assert {name for _, name, _ in rows} == set(OFFSETS)
    for offset, name, engine in rows:
        assert OFFSETS[name] == int(offset)
        first = int(engine.split("..")[0])
        base = OFFSETS[name] + (2 if name == "Chi" else 0)  # Chi 36+0+0+2: chow 123m claiming 3m
        claimed = first - 68 + 2 if name == "Chi" else 0 if name in ("Peng", "Gang") else -1
        assert to_pku(first, claimed) == base
    tiles = re.findall(r"^\| (\d+)\.\.(\d+) \| \w+\.\.\w+ \| .* \((\d+)\.\.(\d+)\) \|", text, re.M)
    assert len(tiles) == 5
    for a, b, c, d in tiles:
        assert list(KIND_OF_PKU_TILE[int(a) : int(b) + 1]) == list(range(int(c), int(d) + 1))
