"""A seat's Botzone requests rebuild the engine's one-seat position: random ``botzone``
hands told to each seat as the judge tells them, the position rebuilt from the requests
alone, its legal actions the engine's at every decision, and every legal action one
Botzone answer that reads back as that action."""

from __future__ import annotations

import random

import pytest

from mahjongkit.botzone.protocol import BotzoneProtocolError, format_answer, parse_answer
from mahjongkit.botzone.seat import BotzoneSeat, seat_of
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.state import HandState
from mahjongkit.tiles import EAST

from .conftest import play_hand

CLAIMS = (ActionKind.PUNG, ActionKind.CHOW)


class Checker:
    """Four seats' programs that rebuild each seat from its requests (incrementally, and
    from scratch now and then), answer at random, and check every legal action's answer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seats = [BotzoneSeat() for _ in range(4)]
        self.decisions = 0
        self.kinds: set[str] = set()
        self.last_claim: dict[int, Action] = {}

    def program(self, seat: int, requests: list[str], responses: list[str]) -> str:
        bz = self.seats[seat]
        if responses:
            bz.answered(responses[-1])
        bz.take(requests[-1])
        if self.rng.random() < 0.05:  # the whole history read at once gives the same
            again = seat_of(requests, responses)
            assert again.legal_actions() == bz.legal_actions()
            assert again.observation() == bz.observation()
        legal = bz.legal_actions()
        if not legal:
            return "PASS"
        answers = {}
        for action in legal:
            answers[action] = self.check_answer(bz, action)
        assert len(set(answers.values())) == len(legal), answers  # one answer an action
        action = self.rng.choice(legal)
        return answers[action]

    def check_answer(self, bz: BotzoneSeat, action: Action) -> str:
        """The answer of ``action`` (a claim with a random discard after it), checked to
        read back as the action, and a claim's every discard too."""
        if action.kind in CLAIMS:
            after = bz.claiming(action)
            discards = after.legal_actions()
            assert discards and all(a.kind is ActionKind.DISCARD for a in discards)
            for d in discards:
                text = format_answer(bz.answer_of(action, then=d.tile))
                assert bz.actions_of(parse_answer(text)) == (action, d)
            text = format_answer(bz.answer_of(action, then=self.rng.choice(discards).tile))
        else:
            text = format_answer(bz.answer_of(action))
            assert bz.actions_of(text) == (action,)
        self.kinds.add(text.split()[0])
        return text

    def on_decision(self, state: HandState, seat: int, action: Action) -> None:
        """The rebuilt seat's legal actions are the engine's (after a claim: the claiming
        copy's, where the seat discards before Botzone hears of it)."""
        self.decisions += 1
        bz = self.seats[seat]
        legal = set(state.legal_actions(seat))
        if bz.legal_actions() and bz.position.claim_tile >= 0 and action.kind is ActionKind.DISCARD:
            claim = self.last_claim[seat]
            assert set(bz.claiming(claim).legal_actions()) == legal
        else:
            assert set(bz.legal_actions()) == legal
            if action.kind in CLAIMS:
                self.last_claim[seat] = action


@pytest.mark.parametrize("seed", range(4))
def test_rebuilt_positions_match_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    checker = Checker(rng)
    program = checker.program
    for hand in range(10):
        checker.seats = [BotzoneSeat() for _ in range(4)]
        play_hand(
            rng, [program] * 4, on_decision=checker.on_decision, prevalent_wind=EAST + hand % 4
        )
    assert checker.decisions > 10 * 30
    assert {"PLAY", "PASS"} <= checker.kinds


def test_every_answer_kind_comes_up() -> None:
    """Over many hands the random seats answer with every kind Botzone has."""
    rng = random.Random(99)
    checker = Checker(rng)
    program = checker.program
    for _ in range(30):
        checker.seats = [BotzoneSeat() for _ in range(4)]
        play_hand(rng, [program] * 4, on_decision=checker.on_decision)
    assert {"PLAY", "PASS", "PENG", "CHI", "HU", "GANG", "BUGANG"} <= checker.kinds


# -- histories that cannot be ------------------------------------------------------------

DEAL = "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1"


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (["1 0 0 0 0 W1 W1 W1 W1 W1 W1 W1 W1 W1 W1 W1 W1 W1"], "request 0"),
        (["0 1 0", "2 W1"], "request 1"),
        (["0 1 0", DEAL, "3 2 DRAW"], "dealer"),
        (["0 1 0", DEAL, "3 1 DRAW"], "request 2"),
        (["0 1 0", DEAL, "3 0 DRAW", "3 2 PENG W1"], "no discard"),
        (["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W4", "3 1 CHI W7 W1"], "does not hold"),
        (["0 1 0", "1 1 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1 H1"], "flowers"),
        (["0 0 0", DEAL, "2 W1", "3 0 PLAY W9"], "does not hold"),
        (["0 1 0", DEAL, "3 0 DRAW", "3 0 BUHUA H2"], "flowers"),
    ],
)
def test_impossible_histories_are_named(lines: list[str], words: str) -> None:
    seat = BotzoneSeat()
    with pytest.raises(BotzoneProtocolError) as caught:
        for line in lines:
            seat.take(line)
    assert caught.value.code == "bad-history"
    assert words in str(caught.value)


def test_answers_that_do_not_fit_are_refused() -> None:
    seat = BotzoneSeat()
    for line in ("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY J1"):
        seat.take(line)
    for answer, why in [
        ("PLAY W1", "not a legal answer"),  # a discard while answering one
        ("CHI W2 W5", "not a legal answer"),  # no chow: seat 1 sits after seat 0, but no J chow
        ("PENG J1", "holds no J1"),  # after the pung of J1, no J1 is left to throw
        ("GANG", "not a legal answer"),
    ]:
        with pytest.raises(BotzoneProtocolError, match=why):
            seat.actions_of(answer)
    assert [str(a) for a in seat.actions_of("PENG W1")] == ["pung", "discard 1m"]
    assert seat.actions_of("PASS") == (Action(ActionKind.PASS),)
