"""A Botzone bot program: one of the project's bots answering the Botzone judge.

Botzone's JSON interaction (ailab-pku/botzone-local, commit 7c80428, ``botzone/online/
bot.py`` ``Bot.step``): each turn the program gets ``{"requests": [...], "responses":
[...], "data": ...}`` on stdin (every request so far, its own answers to all but the
last, and the ``data`` it left last turn) and writes ``{"response": ..., "data": ...}``.
In the long-running mode, a program that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``
after its answer stays alive and gets only the next request, one JSON line (the request
string), instead of the whole history.

The answer is always legal: the bot's action is checked against the seat's legal
actions, and whatever goes wrong (bad input, a request that cannot be, a bot's error) is
written to stderr and answered with the safe answer (`safe_answer`): ``PASS``, or to the
seat's own draw the discard of the tile drawn (``PASS`` is no answer to a draw).

``data`` carries the seed of the bot's chance, so the program plays as one player over a
game's many runs; the defender's memory is rebuilt from the requests (they hold all it
saw), or kept in the process in the long-running mode.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import IO, Any

from mahjongkit.bots import BOTS
from mahjongkit.botzone.protocol import (
    PASS_ANSWER,
    Answer,
    BotzoneProtocolError,
    format_answer,
    parse_request,
)
from mahjongkit.botzone.seat import BotzoneSeat
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Bot, Decision, History
from mahjongkit.tiles import NUM_KINDS

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""The line that asks Botzone to keep the program running (botzone-local ``Tank.cpp17``
l.686 prints it; ``sandbox.py`` reads the wrapper's ``keep_running``)."""

_CLAIMS = (ActionKind.PUNG, ActionKind.CHOW)


def safe_answer(request: Any) -> Answer:
    """The answer that is legal whatever went wrong, from the latest request alone:
    to the seat's own draw (``2 X``) the discard of the tile drawn, always legal
    (checkInputDRAW, main.cpp l.191-258; ``PASS`` is not), else ``PASS``, which any
    other request takes (l.179-190, l.260-378).

    >>> str(safe_answer("2 T3")), str(safe_answer("3 1 PLAY W1")), str(safe_answer(None))
    ('PLAY T3', 'PASS', 'PASS')
    """
    try:
        parsed = parse_request(request)
    except BotzoneProtocolError:
        return PASS_ANSWER
    if parsed.kind == "DRAW_SELF" and parsed.tiles[0] < NUM_KINDS:
        return Answer("PLAY", parsed.tiles)
    return PASS_ANSWER


class Player:
    """One bot at one Botzone seat: answers each request, keeping its seat."""

    def __init__(self, bot_name: str, seed: int | None = None) -> None:
        if bot_name not in BOTS:
            raise BotzoneProtocolError(
                "bad-input", f"unknown bot {bot_name!r}; known: {', '.join(sorted(BOTS))}"
            )
        self.bot_name = bot_name
        self.bot: Bot = BOTS[bot_name]()
        self.seed = seed
        self.seat: BotzoneSeat | None = None
        self.last: Answer | None = None
        self.latest: Any = None
        """The latest request as given (what `safe_answer` reads)."""
        self._requests: list[str] = []
        self._responses: list[str] = []

    # -- one turn -----------------------------------------------------------------------
    def replay(self, requests: Any, responses: Any) -> None:
        """Start from a whole history: every request, the answers to all but the last."""
        if not isinstance(requests, list) or not requests:
            raise BotzoneProtocolError("bad-input", "'requests' is a non-empty list of lines")
        self.latest = requests[-1]
        if not isinstance(responses, list) or len(responses) != len(requests) - 1:
            raise BotzoneProtocolError(
                "bad-input",
                f"'responses' holds one answer per request but the last: {len(requests) - 1},"
                f" not {len(responses) if isinstance(responses, list) else responses!r}",
            )
        self.seat = BotzoneSeat()
        self._requests, self._responses = [], []
        for i, line in enumerate(requests):
            self._read(line)
            if i < len(responses):
                self._answered(responses[i])

    def _read(self, line: Any) -> None:
        if not isinstance(line, str):
            raise BotzoneProtocolError("bad-input", f"a request is a line of text, not {line!r}")
        assert self.seat is not None
        self.seat.take(line)
        self._requests.append(line)

    def _answered(self, response: Any) -> None:
        if not isinstance(response, str):
            raise BotzoneProtocolError(
                "bad-input", f"a response is a line of text, not {response!r}"
            )
        assert self.seat is not None
        self.seat.answered(response)
        self._responses.append(response)

    def next_request(self, line: str) -> None:
        """The long-running mode: one more request, after the answer last given."""
        if self.seat is None or self.last is None:
            raise BotzoneProtocolError("bad-input", "a single request before any whole history")
        self.latest = line
        self._answered(format_answer(self.last))
        self._read(line)

    def answer(self) -> Answer:
        """The answer to the latest request: the bot's choice, always legal."""
        seat = self.seat
        assert seat is not None
        legal = seat.legal_actions()
        if not legal:
            self.last = PASS_ANSWER
            return PASS_ANSWER
        number = 2 * len(self._requests)
        action = self._choose(seat, seat.observation(), number, legal)
        then = None
        if action.kind in _CLAIMS:
            after = seat.claiming(action)
            discard = self._choose(after, after.observation(), number + 1, after.legal_actions())
            then = discard.tile
        self.last = seat.answer_of(action, then)
        return self.last

    def _choose(
        self, seat: BotzoneSeat, obs: Observation, number: int, legal: tuple[Action, ...]
    ) -> Action:
        decision = Decision.of(self._seed(), 0, obs.seat, number, self._history)
        action = self.bot.act(obs, decision)
        if action not in legal:
            raise BotzoneProtocolError(
                "bad-answer", f"the {self.bot_name} bot chose {action}, not a legal action"
            )
        return action

    def _seed(self) -> int:
        if self.seed is None:
            self.seed = random.SystemRandom().getrandbits(63)
        return self.seed

    def _history(self) -> History:
        """The seat's earlier decisions in this game, as (what it saw, what it did), read
        again from the requests and its answers (a bot asks in a new process)."""
        out: list[tuple[Observation, Action]] = []
        seat = BotzoneSeat()
        for line, response in zip(self._requests, self._responses, strict=False):
            seat.take(line)
            if seat.legal_actions():
                try:
                    actions = seat.actions_of(response)
                except BotzoneProtocolError:
                    actions = ()
                if actions:
                    out.append((seat.observation(), actions[0]))
                if len(actions) == 2:
                    after = seat.claiming(actions[0])
                    out.append((after.observation(), actions[1]))
            seat.answered(response)
        return tuple(out)

    def data(self) -> str:
        """What the program keeps for its next run: the seed of its chance."""
        return json.dumps({"bot": self.bot_name, "seed": self._seed()})


def _input_seed(data: Any) -> int | None:
    """The seed a former run left in ``data``, if any."""
    if isinstance(data, str) and data:
        try:
            data = json.loads(data)
        except ValueError:
            return None
    if isinstance(data, dict) and type(data.get("seed")) is int:
        return int(data["seed"])
    return None


def _json_lines(stream: IO[str]) -> Iterator[Any]:
    """Each JSON value of ``stream``: one a line, or one spread over several lines.
    Botzone's control lines (``>>>BOTZONE...``) and blank lines are skipped; text that is
    no JSON is given as itself (a bare request line)."""
    pending = ""
    for raw in stream:
        line = raw.strip()
        if not pending and (not line or line.startswith(">>>BOTZONE")):
            continue
        pending = f"{pending}\n{line}" if pending else line
        try:
            value = json.loads(pending)
        except ValueError:
            if pending.startswith(("{", "[", '"')):
                continue  # a JSON value over several lines
            value = pending
        pending = ""
        yield value
    if pending:
        yield pending


def run(
    bot_name: str,
    keep_running: bool = False,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
    seed: int | None = None,
) -> int:
    """Answer Botzone on ``stdin``/``stdout``: one turn, or in the long-running mode every
    turn until the input ends. Returns the exit status (0; 2 for an unknown bot)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        player = Player(bot_name, seed)
    except BotzoneProtocolError as error:
        print(f"mahjongkit botzone-bot: {error}", file=stderr)
        return 2

    def say(answer: Answer) -> None:
        out = {"response": format_answer(answer), "data": player.data()}
        stdout.write(json.dumps(out) + "\n")
        if keep_running:
            stdout.write(KEEP_RUNNING + "\n")
        stdout.flush()

    def step(value: Any) -> Answer:
        if isinstance(value, dict):
            if player.seed is None:
                player.seed = _input_seed(value.get("data"))
            player.replay(value.get("requests"), value.get("responses"))
        elif isinstance(value, str) and player.last is not None:
            player.next_request(value)
        else:
            raise BotzoneProtocolError(
                "bad-input",
                'the input is a JSON object {"requests": [...], "responses": [...]}'
                f" (later, in the long-running mode, one request), not {value!r:.80}",
            )
        return player.answer()

    for value in _json_lines(stdin):
        try:
            answer = step(value)
        except Exception as error:  # any failure still gets a legal answer
            code = error.code if isinstance(error, BotzoneProtocolError) else "bot-error"
            text = str(error) if isinstance(error, BotzoneProtocolError) else f"{code}: {error!r}"
            print(f"mahjongkit botzone-bot: {text}", file=stderr)
            answer = safe_answer(player.latest)
            player.last = answer
        say(answer)
        if not keep_running:
            break
    return 0


def main(argv: list[str] | None = None) -> int:
    """The program's command line (what the bundle runs): ``--bot NAME``,
    ``--keep-running``, ``--seed N``."""
    parser = argparse.ArgumentParser(
        prog="mahjongkit botzone-bot", description="A mahjongkit bot speaking Botzone JSON."
    )
    parser.add_argument("--bot", default="defender", choices=sorted(BOTS))
    parser.add_argument("--keep-running", action="store_true")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    return run(args.bot, args.keep_running, seed=args.seed)


__all__ = ["KEEP_RUNNING", "Player", "main", "run", "safe_answer"]
