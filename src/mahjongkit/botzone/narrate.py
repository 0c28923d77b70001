"""The Botzone judge's requests of an engine hand: what the judge would have told each
seat (judge/main.cpp of ailab-pku/Chinese-Standard-Mahjong at 5e81821, "l.N" below).

The engine deals the dealer 14 tiles; the judge deals 13 each, then the dealer draws
(l.386-410, l.414-443). A claim and the discard after it, two engine events, are one
request (``3 p PENG X``, ``3 p CHI M X``, l.455-462); a kong of a discard and a concealed
kong are both ``3 p GANG`` (l.472-485); a win or an exhaustive draw ends the game with no
request. Only the ``botzone`` table (no flowers) is told.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("botzone", random.Random(1))
>>> rounds = Narrator(state).read(state)
>>> rounds[0], rounds[1][2][:12], rounds[2]
(['0 0 0', '0 1 0', '0 2 0', '0 3 0'], '1 0 0 0 0 W1', ['2 W6', '3 0 DRAW', '3 0 DRAW', '3 0 DRAW'])
"""

from __future__ import annotations

from mahjongkit.botzone.protocol import tile_name
from mahjongkit.game.events import Event, EventKind
from mahjongkit.game.state import HandState
from mahjongkit.tiles import EAST


class Narrator:
    """Turns an engine hand's events into the judge's requests, round by round: each
    round one request a seat (the same, or the seat's own ``2 X`` beside the others'
    ``3 p DRAW``), which every seat answers."""

    def __init__(self, state: HandState) -> None:
        self.quan = state.prevalent_wind - EAST
        self.dealt: list[list[int]] = [[], [], [], []]
        self.started = False
        self.claim: Event | None = None
        self.rounds: list[list[str]] = []
        self.seen = 0

    def _all(self, line: str) -> None:
        self.rounds.append([line] * 4)

    def _draw(self, seat: int, tile: int) -> None:
        self.rounds.append(
            [f"2 {tile_name(tile)}" if s == seat else f"3 {seat} DRAW" for s in range(4)]
        )

    def read(self, state: HandState) -> list[list[str]]:
        """The rounds (one request per seat) the events since the last call make."""
        self.rounds = []
        events = state.events[self.seen :]
        self.seen = len(state.events)
        if not self.started:
            self.started = True
            self.rounds.append([f"0 {s} {self.quan}" for s in range(4)])
        for event in events:
            k, s, t = event.kind, event.seat, event.tile
            if k is EventKind.DEAL:
                self.dealt[s].append(t)
                if all(len(self.dealt[x]) == (14 if x == 0 else 13) for x in range(4)):
                    # The engine deals the dealer 14; the judge deals 13 each, then the
                    # dealer draws (main.cpp l.386-410, l.414-443).
                    self.rounds.append(
                        [
                            "1 0 0 0 0 " + " ".join(tile_name(x) for x in self.dealt[me][:13])
                            for me in range(4)
                        ]
                    )
                    self._draw(0, self.dealt[0][13])
            elif k is EventKind.DRAW:
                self._draw(s, t)
            elif k is EventKind.PUNG or k is EventKind.CHOW:
                self.claim = event
            elif k is EventKind.DISCARD:
                claim = self.claim
                self.claim = None
                if claim is None:
                    self._all(f"3 {s} PLAY {tile_name(t)}")
                elif claim.kind is EventKind.PUNG:
                    self._all(f"3 {s} PENG {tile_name(t)}")
                else:
                    middle = claim.tile - claim.detail + 1
                    self._all(f"3 {s} CHI {tile_name(middle)} {tile_name(t)}")
            elif k is EventKind.KONG or k is EventKind.CONCEALED_KONG:
                self._all(f"3 {s} GANG")
            elif k is EventKind.PROMOTED_KONG:
                self._all(f"3 {s} BUGANG {tile_name(t)}")
            elif k is EventKind.FLOWER:
                raise ValueError("the botzone table has no flowers: a flower cannot be told")
            # a win or the end of the hand: the judge finishes; no request
        return self.rounds


__all__ = ["Narrator"]
