"""A local Botzone judge for the tests: an engine hand of the ``botzone`` ruleset told to
each seat as the judge tells it (judge/main.cpp of ailab-pku/Chinese-Standard-Mahjong at
5e81821), every seat answering every request, its answers applied back to the engine.

The engine is the referee here (its ``botzone`` ruleset holds the judge's table rules);
what this judge adds is the judge's conversation: the requests (``0``, ``1``, ``2 X``,
``3 p ...``, a claim and the discard after it folded into one ``PENG X`` / ``CHI M X``),
and the rule that a seat with nothing to decide answers ``PASS`` (checkInputPASS).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from mahjongkit.botzone.narrate import Narrator
from mahjongkit.botzone.seat import BotzoneSeat
from mahjongkit.game.actions import Action
from mahjongkit.game.state import HandState
from mahjongkit.tiles import EAST

Program = Callable[[int, list[str], list[str]], str]
"""A seat's program: (seat, its requests so far, its answers to all but the last) -> the
answer to the last request."""


@dataclass
class Conversation:
    """The requests the judge sent each seat, and each seat's answers."""

    requests: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    responses: list[list[str]] = field(default_factory=lambda: [[], [], [], []])

    def send(self, per_seat: list[str]) -> None:
        for seat in range(4):
            self.requests[seat].append(per_seat[seat])


def play_hand(
    rng: random.Random,
    programs: list[Program],
    on_answer: Callable[[int, str, tuple[Action, ...], Conversation], None] | None = None,
    on_decision: Callable[[HandState, int, Action], None] | None = None,
    prevalent_wind: int = EAST,
) -> tuple[HandState, Conversation]:
    """One hand of the ``botzone`` ruleset refereed by the engine, the seats played by
    ``programs`` through the judge's requests. Every answer must be legal: an asked seat's
    answer parses (through a `BotzoneSeat` of the judge's own) into legal engine actions, a
    seat not asked answers ``PASS``. ``on_answer(seat, answer, actions, talk)`` sees each
    answer of an asked seat, ``on_decision(state, seat, action)`` each engine decision
    before the action the seat's answer stands for is applied."""
    state = HandState.new("botzone", rng, prevalent_wind)
    narrator = Narrator(state)
    talk = Conversation()
    referee = [BotzoneSeat() for _ in range(4)]
    queued: list[list[Action]] = [[], [], [], []]
    while not state.ended:
        rounds = narrator.read(state)
        for number, per_seat in enumerate(rounds, 1):
            talk.send(per_seat)
            for seat in range(4):
                if talk.responses[seat]:
                    referee[seat].answered(talk.responses[seat][-1])
                referee[seat].take(per_seat[seat])
            for seat in range(4):
                answer = programs[seat](seat, talk.requests[seat], talk.responses[seat])
                talk.responses[seat].append(answer)
                asked = bool(referee[seat].legal_actions())
                if not asked:
                    assert answer == "PASS", (seat, talk.requests[seat][-1], answer)
                    queued[seat] = []
                    continue
                # Only the latest request waits on a decision, the engine's.
                assert number == len(rounds) and seat in state.to_act(), (seat, per_seat)
                actions = referee[seat].actions_of(answer)  # raises on an illegal answer
                queued[seat] = list(actions)
                if on_answer is not None:
                    on_answer(seat, answer, actions, talk)
        to_act = state.to_act()
        assert to_act, "the engine waits on no one"
        if rounds:  # the seats the judge's latest request asks are those the engine waits on
            assert {s for s in range(4) if referee[s].legal_actions()} == set(to_act)
        for seat in to_act:
            assert queued[seat], (
                seat,
                talk.requests[seat][-3:],
                [str(a) for a in state.legal_actions(seat)],
            )
            action = queued[seat].pop(0)
            assert action in state.legal_actions(seat), (seat, str(action))
            if on_decision is not None:
                on_decision(state, seat, action)
            state.apply(seat, action)
    return state, talk
