"""The PKU/Botzone 235-action layout of MCR, to and from the engine's action indexes.

Most MCR agents were trained on the PKU course's Botzone environment, whose action space
is 235 indexes (``FeatureAgent.OFFSET_ACT`` in ``mahjong-sl/feature.py`` of
ailab-pku/SampleCode, commit 992a1f22ff6b161fbb6f1d948669afce7b1d19cf):

====  ========  ==================================================================
 0    Pass
 1    Hu        (win: self-drawn, on a discard, robbing a kong)
 2    Play      + tile (34): discard
 36   Chi       + suit x 21 + (middle rank - 2) x 3 + where the claimed tile is
                (0 lowest, 1 middle, 2 highest), suits in the order W T B
 99   Peng      + tile (the discard)
 133  Gang      + tile (the discard)
 167  AnGang    + tile (concealed kong)
 201  BuGang    + tile (promoted kong)
====  ========  ==================================================================

Its tiles are Botzone's, in the order W1..W9 (characters, the engine's m), T1..T9 (bamboo,
s), B1..B9 (dots, p), F1..F4 (E S W N), J1..J3 (C F P) (``TILE_LIST``, and the judge's
``str2tile`` in ailab-pku/Chinese-Standard-Mahjong ``judge/main.cpp``, commit
5e818212d833a74f0ed1f4e6fb24c5b533a48ef9): the bamboos come before the dots, where the
engine has them after.

A chow, a pung and a kong of the discard are written there with the tile answered (the
engine's pung and kong take "the tile in play", and its chow is named by its lowest tile),
so a conversion needs the seat's position: its `Observation`, or just the tile it
answers (``claim_tile``, -1 on its own turn). The engine's Ting (discard and declare Ting,
Taiwanese rulesets) has no index in the layout: converting one raises
`NotInLayoutError`.

>>> from mahjongkit.game.actions import Action
>>> to_pku(Action.parse("discard 1s").to_index(), -1)  # T1
11
>>> to_pku(Action.parse("chow 345p").to_index(), 12)  # claims 4p (B4): B4 is the middle
85
>>> str(Action.from_index(from_pku(85, 12)))
'chow 345p'
>>> pku_name(85)
'Chi B4 (claims B4)'
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import NUM_ACTIONS, Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.tiles import NAMES, NUM_KINDS, RANK, SUIT

PKU_ACTIONS = 235
"""The size of the PKU/Botzone action space."""

OFFSETS = {
    "Pass": 0,
    "Hu": 1,
    "Play": 2,
    "Chi": 36,
    "Peng": 99,
    "Gang": 133,
    "AnGang": 167,
    "BuGang": 201,
}
"""Where each kind of action starts (the source's ``OFFSET_ACT``)."""

BOTZONE_TILES = (
    *(f"W{r}" for r in range(1, 10)),
    *(f"T{r}" for r in range(1, 10)),
    *(f"B{r}" for r in range(1, 10)),
    *(f"F{r}" for r in range(1, 5)),
    *(f"J{r}" for r in range(1, 4)),
)
"""Botzone's tile names in the layout's order (the source's ``TILE_LIST``)."""

_SUIT_TO_PKU = (0, 2, 1)
"""The engine's suits (m, p, s) as the layout's (W, T, B: characters, bamboo, dots)."""


def _pku_tile(kind: int) -> int:
    """The layout's tile index of one of the engine's 34 kinds."""
    if kind >= 27:
        return kind
    return 9 * _SUIT_TO_PKU[SUIT[kind]] + RANK[kind] - 1


PKU_TILE = tuple(_pku_tile(k) for k in range(NUM_KINDS))
"""The layout's tile index of each of the engine's kinds."""
KIND_OF_PKU_TILE = tuple(PKU_TILE.index(t) for t in range(NUM_KINDS))
"""The engine's kind of each of the layout's tile indexes."""


class NotInLayoutError(MahjongError, ValueError):
    """An action the PKU/Botzone layout cannot write (a Ting), or an index that does not
    fit the seat's position (a pung of a tile not answered); names both."""


def _claim_tile(context: Observation | int) -> int:
    """The tile answered (-1 on a turn) from an `Observation` or the tile itself."""
    tile = context.claim_tile if isinstance(context, Observation) else context
    if type(tile) is not int and not isinstance(tile, np.integer):
        raise TypeError(f"the context is an Observation or the tile answered, not {tile!r}")
    tile = int(tile)
    if not -1 <= tile < NUM_KINDS:
        raise ValueError(f"the tile answered is a kind 0..33 or -1 (none), not {tile}")
    return tile


def _chi(lowest: int, claimed: int) -> int:
    """The Chi index of the chow from ``lowest`` claiming ``claimed`` (both kinds)."""
    middle_rank = RANK[lowest] + 1
    return (
        OFFSETS["Chi"]
        + 21 * _SUIT_TO_PKU[SUIT[lowest]]
        + 3 * (middle_rank - 2)
        + (RANK[claimed] - middle_rank + 1)
    )


def _to_pku(action: Action, claimed: int) -> int:
    """The layout's index of ``action`` when the seat answers ``claimed`` (-1: none);
    `NotInLayoutError` when it has none."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return OFFSETS["Pass"]
    if kind is ActionKind.WIN:
        return OFFSETS["Hu"]
    if kind is ActionKind.DISCARD:
        return OFFSETS["Play"] + PKU_TILE[action.tile]
    if kind is ActionKind.CONCEALED_KONG:
        return OFFSETS["AnGang"] + PKU_TILE[action.tile]
    if kind is ActionKind.PROMOTED_KONG:
        return OFFSETS["BuGang"] + PKU_TILE[action.tile]
    if kind is ActionKind.TING:
        raise NotInLayoutError(
            f"{action} has no index in the PKU/Botzone layout: it is MCR's, which has no Ting"
        )
    if claimed < 0:
        raise NotInLayoutError(
            f"{action} is written with the tile answered in the PKU/Botzone layout, and the"
            " seat answers none (its own turn)"
        )
    if kind is ActionKind.PUNG:
        return OFFSETS["Peng"] + PKU_TILE[claimed]
    if kind is ActionKind.KONG:
        return OFFSETS["Gang"] + PKU_TILE[claimed]
    # A chow: the tile answered is one of its three.
    if SUIT[claimed] != SUIT[action.tile] or not 0 <= claimed - action.tile <= 2:
        raise NotInLayoutError(
            f"{action} does not hold the tile answered, {NAMES[claimed]}: it has no index"
            " in the PKU/Botzone layout there"
        )
    return _chi(action.tile, claimed)


def _tables() -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """For each tile answered (row ``claimed + 1``): the layout's index of every engine
    index, and the engine's index of every layout index (-1 where there is none)."""
    to = np.full((NUM_KINDS + 1, NUM_ACTIONS), -1, dtype=np.int16)
    back = np.full((NUM_KINDS + 1, PKU_ACTIONS), -1, dtype=np.int16)
    for claimed in range(-1, NUM_KINDS):
        for index in range(NUM_ACTIONS):
            try:
                pku = _to_pku(Action.from_index(index), claimed)
            except (NotInLayoutError, ValueError):  # (the unused chow slots of 8 and 9)
                continue
            to[claimed + 1, index] = pku
            assert back[claimed + 1, pku] == -1  # one engine action per layout index
            back[claimed + 1, pku] = index
    return to, back


_TO_PKU, _FROM_PKU = _tables()


def pku_name(pku_index: int) -> str:
    """The Botzone response of a layout index, a chow's claimed tile named.

    >>> [pku_name(i) for i in (0, 1, 2, 99, 234)]
    ['Pass', 'Hu', 'Play W1', 'Peng W1', 'BuGang J3']
    """
    index = _checked(pku_index, PKU_ACTIONS, "a PKU/Botzone index")
    if index < OFFSETS["Play"]:
        return "Pass" if index == 0 else "Hu"
    if OFFSETS["Chi"] <= index < OFFSETS["Peng"]:
        run, where = divmod(index - OFFSETS["Chi"], 3)
        suit, middle = divmod(run, 7)
        letter = "WTB"[suit]
        return f"Chi {letter}{middle + 2} (claims {letter}{middle + 1 + where})"
    name = "Play"
    for kind in ("Play", "Peng", "Gang", "AnGang", "BuGang"):
        if index >= OFFSETS[kind]:
            name = kind
    return f"{name} {BOTZONE_TILES[index - OFFSETS[name]]}"


def _checked(index: Any, size: int, what: str) -> int:
    if isinstance(index, bool) or not isinstance(index, int | np.integer):
        raise TypeError(f"{what} is an integer, not {index!r}")
    if not 0 <= index < size:
        raise ValueError(f"{what} is 0..{size - 1}, not {index}")
    return int(index)


def to_pku(action_index: int, context: Observation | int) -> int:
    """The PKU/Botzone index of the engine's ``action_index`` for a seat whose position
    is ``context`` (its `Observation`, or the tile it answers, -1 on its turn);
    `NotInLayoutError` for an action the layout cannot write there (a Ting, a pung when
    nothing is answered, a chow without the tile answered)."""
    index = _checked(action_index, NUM_ACTIONS, "an action index")
    claimed = _claim_tile(context)
    pku = int(_TO_PKU[claimed + 1, index])
    if pku < 0:
        _to_pku(Action.from_index(index), claimed)  # raises, saying why
    return pku


def from_pku(pku_index: int, context: Observation | int) -> int:
    """The engine's action index of the PKU/Botzone ``pku_index`` for a seat whose
    position is ``context`` (as `to_pku`); `NotInLayoutError` when the index does not fit
    it (a Peng, Gang or Chi that is not of the tile answered)."""
    index = _checked(pku_index, PKU_ACTIONS, "a PKU/Botzone index")
    claimed = _claim_tile(context)
    action = int(_FROM_PKU[claimed + 1, index])
    if action < 0:
        answered = NAMES[claimed] if claimed >= 0 else "none (its own turn)"
        raise NotInLayoutError(
            f"{pku_name(index)} (PKU index {index}) does not fit the seat's position: the"
            f" tile answered is {answered}"
        )
    return action


def _claims(claim_tile: Any, rows: int) -> npt.NDArray[np.intp]:
    claimed = np.broadcast_to(np.asarray(claim_tile, dtype=np.intp), (rows,))
    if ((claimed < -1) | (claimed >= NUM_KINDS)).any():
        raise ValueError("a tile answered is a kind 0..33 or -1 (none)")
    return claimed


def mask_to_pku(mask: npt.ArrayLike, claim_tile: Any) -> npt.NDArray[np.int8]:
    """An action mask (``[..., NUM_ACTIONS]``) in the PKU/Botzone layout (``[...,
    235]``, ``int8``); ``claim_tile`` the tile each row answers (-1: none), one for all or
    one per row (a batch's ``claim_tile``). An allowed action the layout cannot write
    raises `NotInLayoutError` naming it and its row."""
    given = np.asarray(mask)
    if given.shape[-1:] != (NUM_ACTIONS,):
        raise ValueError(f"an action mask has {NUM_ACTIONS} columns, not shape {given.shape}")
    flat = given.reshape(-1, NUM_ACTIONS)
    claimed = _claims(claim_tile, len(flat))
    rows, cols = np.nonzero(flat)
    pku = _TO_PKU[claimed[rows] + 1, cols]
    bad = np.flatnonzero(pku < 0)
    if len(bad):
        row, col = int(rows[bad[0]]), int(cols[bad[0]])
        try:
            _to_pku(Action.from_index(col), int(claimed[row]))
        except (NotInLayoutError, ValueError) as error:
            raise NotInLayoutError(f"row {row} of the mask: {error}") from None
    out = np.zeros((len(flat), PKU_ACTIONS), dtype=np.int8)
    out[rows, pku] = 1
    return out.reshape(*given.shape[:-1], PKU_ACTIONS)


def mask_from_pku(mask: npt.ArrayLike, claim_tile: Any) -> npt.NDArray[np.int8]:
    """A PKU/Botzone mask (``[..., 235]``) as the engine's (``[..., NUM_ACTIONS]``,
    ``int8``), as `mask_to_pku` the other way; an index that does not fit its row's
    position raises `NotInLayoutError`."""
    given = np.asarray(mask)
    if given.shape[-1:] != (PKU_ACTIONS,):
        raise ValueError(f"a PKU/Botzone mask has {PKU_ACTIONS} columns, not {given.shape}")
    flat = given.reshape(-1, PKU_ACTIONS)
    claimed = _claims(claim_tile, len(flat))
    rows, cols = np.nonzero(flat)
    engine = _FROM_PKU[claimed[rows] + 1, cols]
    bad = np.flatnonzero(engine < 0)
    if len(bad):
        row, col = int(rows[bad[0]]), int(cols[bad[0]])
        try:
            from_pku(col, int(claimed[row]))
        except NotInLayoutError as error:
            raise NotInLayoutError(f"row {row} of the mask: {error}") from None
    out = np.zeros((len(flat), NUM_ACTIONS), dtype=np.int8)
    out[rows, engine] = 1
    return out.reshape(*given.shape[:-1], NUM_ACTIONS)


__all__ = [
    "BOTZONE_TILES",
    "KIND_OF_PKU_TILE",
    "OFFSETS",
    "PKU_ACTIONS",
    "PKU_TILE",
    "NotInLayoutError",
    "from_pku",
    "mask_from_pku",
    "mask_to_pku",
    "pku_name",
    "to_pku",
]
