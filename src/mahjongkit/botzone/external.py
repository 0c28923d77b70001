"""Botzone programs as players here: any program that speaks Botzone's JSON plays a seat
of the ``botzone`` table (``--bots botzone:COMMAND``), judged as Botzone's judge does.

Sources, facts only: the judge, ``judge/main.cpp`` of ailab-pku/Chinese-Standard-Mahjong at
5e81821 ("l.N"); Botzone's local runner, ailab-pku/botzone-local at 7c80428
(``botzone/online/bot.py``, ``game.py``, ``sandbox.py``, ``compiler.py``).

- **What a program is given** (bot.py ``Bot.step``): in simple mode a fresh run a request,
  its stdin one JSON object ``{"requests": [...], "responses": [...], "data": ...}`` (every
  request so far, its answers to all but the last, the ``data`` it left last time); once a
  run has printed ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer, it is kept
  running and given only the next request, as one JSON string a line.
- **What it answers**: its output (up to the keep-running line) is one JSON value: an
  object whose ``"response"`` is the answer (its ``"data"`` kept for the next run), or the
  answer itself (bot.py). Output that is no JSON, or no answer, is an ``ERR`` (game.py:
  ``verdict = 'OK' if response is not None else 'ERR'``).
- **Every seat answers every request** (``roundInput`` l.489-545): a seat with
  nothing to decide must answer ``PASS`` (``checkInputPASS``, l.179-187).
- **Penalties**: any verdict other than ``OK`` (a time-out ``TLE``, a run that ended with no
  answer ``RE``, ``ERR``; l.182, l.194, l.263, l.371) and any wrong answer (``WA``; a false
  ``HU``, ``WH``, l.144) end the hand: the offender -30, each other +10 (``playerError``
  l.72-88). Here the engine does
  it: the ``botzone`` ruleset ends the hand on any illegal action and pays its penalty
  (docs/rules/botzone.md). A wrong answer is played as the action it names, which the
  engine refuses as an offence (a false win as a false win); a failure that names no action
  (a verdict other than ``OK``, or an answer that reads as no action there) is played as
  a Ting, which the ``botzone`` table never allows (no Ting in MCR), so that the record
  replays; `ExternalBot.faults` and the hand's reason say what happened.
- **Time limits** (compiler.py, languages ``py3``/``py36``): ``time_limit`` 6000 ms for a
  run, ``sub_time_limit`` 4000 ms for a request to a program kept running (C and C++ have
  1000 ms; botzone-local's sandbox doubles both for a local machine). The defaults here are
  the Python ones, set with `ExternalBot`'s arguments or the environment variables
  ``MAHJONGKIT_BOTZONE_TIME_LIMIT`` and ``MAHJONGKIT_BOTZONE_SUB_TIME_LIMIT`` (seconds).

A program is a command line, split as a POSIX shell splits words (`shlex`), run with no
shell, its stderr discarded. Processes are ended when the hand ends (botzone-local kills a
kept program at the next game's ``reset``) and by `ExternalBot.close`.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from mahjongkit.bots import BOTS
from mahjongkit.botzone.narrate import Narrator
from mahjongkit.botzone.program import KEEP_RUNNING
from mahjongkit.botzone.protocol import Answer, BotzoneProtocolError, parse_answer
from mahjongkit.botzone.seat import RULESET, BotzoneSeat
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Bot, Decision
from mahjongkit.game.state import HandState
from mahjongkit.tiles import NUM_KINDS

PREFIX = "botzone:"
"""A bot named ``botzone:COMMAND`` is the program ``COMMAND``."""

TIME_LIMIT = 6.0
"""Seconds for a run of the program (botzone-local compiler.py, ``py3`` ``time_limit``)."""
SUB_TIME_LIMIT = 4.0
"""Seconds for a request to a program kept running (``py3`` ``sub_time_limit``)."""

_KEEP = KEEP_RUNNING.encode()
_K = ActionKind


class BotzoneProgramError(BotzoneProtocolError):
    """An external program that cannot be run or judged here (code ``bad-program``)."""

    def __init__(self, message: str) -> None:
        super().__init__("bad-program", message)


def _limit(variable: str, default: float) -> float:
    text = os.environ.get(variable, "")
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise BotzoneProgramError(f"{variable} is a number of seconds, not {text!r}") from None
    if not value > 0:
        raise BotzoneProgramError(f"{variable} must be above 0, not {text!r}")
    return value


@dataclass(frozen=True)
class Reply:
    """What one request got from the program: its verdict (``OK``, ``TLE``, ``RE``,
    ``ERR``), its answer (with ``OK``), what went wrong otherwise, and the seconds taken."""

    verdict: str
    response: str = ""
    detail: str = ""
    seconds: float = 0.0


class Program:
    """A Botzone program for one seat of one game: asked each request in turn, in simple
    mode (a run a request, the whole history) or kept running once it asks to be."""

    def __init__(
        self, command: str, time_limit: float = TIME_LIMIT, sub_time_limit: float = SUB_TIME_LIMIT
    ) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise BotzoneProgramError(f"cannot read the command {command!r}: {error}") from None
        if not self.argv:
            raise BotzoneProgramError("botzone: names a command to run, and this one is empty")
        self.command = command
        self.time_limit = time_limit
        self.sub_time_limit = sub_time_limit
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data: Any = None
        self.kept: subprocess.Popen[bytes] | None = None
        """The process kept running, if the program asked to be."""
        self.runs = 0
        """Processes started."""

    def ask(self, request: str) -> Reply:
        """The program's answer to the next request."""
        self.requests.append(request)
        start = time.perf_counter()
        if self.kept is not None:
            process, limit = self.kept, self.sub_time_limit
            given = json.dumps(request)
        else:
            try:
                process = self._start()
            except OSError as error:
                return Reply("RE", detail=f"cannot start {self.command!r}: {error}")
            limit = self.time_limit
            whole: dict[str, Any] = {"requests": self.requests, "responses": self.responses}
            if self.data:
                whole["data"] = self.data
            given = json.dumps(whole)
        reply = self._exchange(process, given, limit, start)
        if reply.verdict == "OK":
            self.responses.append(reply.response)
        return reply

    def _start(self) -> subprocess.Popen[bytes]:
        self.runs += 1
        return subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
            start_new_session=True,
        )

    def _exchange(
        self, process: subprocess.Popen[bytes], given: str, limit: float, start: float
    ) -> Reply:
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(given.encode() + b"\n")
            process.stdin.flush()
        except OSError:
            pass  # it has ended: what it printed, if anything, is read below
        out = b""
        kept = False
        deadline = start + limit
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while True:
                left = deadline - time.perf_counter()
                if left <= 0:
                    self.kept = None
                    self._end(process, at_once=True)
                    return Reply("TLE", detail=f"no answer within {limit:g} s", seconds=limit)
                if not selector.select(left):
                    continue
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    break
                out += chunk
                lines = out.split(b"\n")
                if any(line.strip() == _KEEP for line in lines[:-1]):
                    out = b"\n".join(lines[: [line.strip() for line in lines].index(_KEEP)])
                    kept = True
                    break
        seconds = time.perf_counter() - start
        if kept:
            self.kept = process
        else:
            self.kept = None
            self._end(process)
        text = out.decode(errors="replace").strip()
        if not text:
            code = process.returncode
            how = f"exit status {code}" if code is not None else "its output closed"
            return Reply("RE", detail=f"ended with no answer ({how})", seconds=seconds)
        try:
            value = json.loads(text)
        except ValueError:
            return Reply("ERR", detail=f"output is no JSON: {text[:80]!r}", seconds=seconds)
        if isinstance(value, dict) and "response" in value:
            self.data = value.get("data")
            value = value["response"]
        else:
            self.data = None
        if value is None:
            return Reply("ERR", detail="no response in the output", seconds=seconds)
        if not isinstance(value, str):
            return Reply("OK", json.dumps(value), seconds=seconds)  # read as a wrong answer
        return Reply("OK", value, seconds=seconds)

    @staticmethod
    def _end(process: subprocess.Popen[bytes], at_once: bool = False) -> None:
        """End a run: its input closed; killed with its process group if it lingers (at
        once: past its time)."""
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=0 if at_once or process.poll() is not None else 0.5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except OSError:
                process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def close(self) -> None:
        """End the process kept running, if any."""
        if self.kept is not None:
            process, self.kept = self.kept, None
            self._end(process)


@dataclass(frozen=True)
class Fault:
    """A seat's failure the judge punishes: which hand and seat, the request it answered,
    the verdict (``TLE``, ``RE``, ``ERR``, ``WA``) and what went wrong."""

    hand: int
    seat: int
    request: str
    verdict: str
    detail: str

    def __str__(self) -> str:
        return (
            f"hand {self.hand}, seat {self.seat}: {self.verdict} to {self.request!r}: {self.detail}"
        )


class ExternalBot:
    """A Botzone program at one seat: shown every request the judge would send it, as the
    hand goes (`watch`, which a driver calls before each question), and asked when the
    engine waits on it (`act`, the action its latest answer stands for).

    A driver that never calls `watch` cannot seat it: `act` then raises."""

    def __init__(
        self,
        command: str,
        *,
        time_limit: float | None = None,
        sub_time_limit: float | None = None,
    ) -> None:
        self.command = command
        self.name = PREFIX + command
        self.time_limit = (
            _limit("MAHJONGKIT_BOTZONE_TIME_LIMIT", TIME_LIMIT)
            if time_limit is None
            else time_limit
        )
        self.sub_time_limit = (
            _limit("MAHJONGKIT_BOTZONE_SUB_TIME_LIMIT", SUB_TIME_LIMIT)
            if sub_time_limit is None
            else sub_time_limit
        )
        Program(command)  # the command reads, or a clear error now
        self.program: Program | None = None
        self.faults: list[Fault] = []
        self.replies: list[Reply] = []
        """Every reply of the current game (its seconds: the overhead per request)."""
        self._hand: HandState | None = None
        self._hands = 0
        self._narrator: Narrator | None = None
        self._rounds: deque[list[str]] = deque()
        """Requests told by the narrator, not yet sent (a round: one request a seat)."""
        self._referee = BotzoneSeat()
        self._queued: list[Action] = []
        self._last = ""

    # -- the driver's side --------------------------------------------------------------
    def watch(self, state: MatchState, player: int) -> Action | bool:
        """Tell the program the next request it has not heard, and read its answer (True);
        False when there is none. An offence (a wrong answer, a failed run) comes back as
        the action to apply for ``player`` now, which ends the hand. The driver calls the
        seats' `watch` in turn until none has anything new (`mahjongkit.game.runner`)."""
        if not state.hand_number:
            return False
        hand = state.hand
        if hand is not self._hand:
            self._new_hand(hand)
        narrator = self._narrator
        if narrator is None:
            return False
        result = hand.result
        if result is not None and result.kind == "penalty":
            self._end_game()  # the judge stops at the first offence: no request follows
            return False
        if not self._rounds:
            self._rounds.extend(narrator.read(hand))
        if not self._rounds:
            if result is not None:
                self._end_game()
            return False
        seat = state.seat_of(player)
        offence = self._ask(hand, seat, self._rounds.popleft()[seat])
        if offence is not None:
            self._end_game()
            return offence
        return True

    def act(self, observation: Observation, decision: Decision) -> Action:
        """The action the program's answer to the latest request stands for."""
        if not self._queued:
            raise BotzoneProgramError(
                f"{self.name} was asked without being shown the table: the driver must call"
                " watch() before each question"
            )
        return self._queued.pop(0)

    def close(self) -> None:
        """End the program's process, if one is kept running."""
        if self.program is not None:
            self.program.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # an interpreter shutting down
            self.close()

    # -- one game -------------------------------------------------------------------------
    def _new_hand(self, hand: HandState) -> None:
        self.close()
        if hand.ruleset.name != RULESET:
            raise BotzoneProgramError(
                f"a Botzone program plays the {RULESET} table only, not {hand.ruleset.name}"
                f" (use --ruleset {RULESET})"
            )
        self._hand = hand
        self._hands += 1
        self._narrator = Narrator(hand)
        self._rounds.clear()
        self._referee = BotzoneSeat()
        self._queued = []
        self._last = ""
        self.replies = []
        self.program = Program(self.command, self.time_limit, self.sub_time_limit)

    def _end_game(self) -> None:
        self._narrator = None
        self._rounds.clear()
        self.close()

    def _ask(self, hand: HandState, seat: int, request: str) -> Action | None:
        referee = self._referee
        if referee.requests:
            referee.answered(self._last)
        referee.take(request)
        program = self.program
        assert program is not None
        reply = program.ask(request)
        self.replies.append(reply)
        self._queued = []
        if reply.verdict != "OK":
            return self._offend(hand, seat, request, reply.verdict, reply.detail, "")
        answer = reply.response
        if not referee.legal_actions():
            if answer.strip() == "PASS":
                self._last = "PASS"
                return None
            why = f"{answer!r} where only PASS is taken"
            return self._offend(hand, seat, request, "WA", why, answer)
        try:
            actions = referee.actions_of(answer)
        except BotzoneProtocolError as error:
            return self._offend(hand, seat, request, "WA", str(error), answer)
        self._queued = list(actions)
        self._last = answer
        return None

    def _offend(
        self, hand: HandState, seat: int, request: str, verdict: str, detail: str, answer: str
    ) -> Action | None:
        fault = Fault(self._hands - 1, seat, request, verdict, detail)
        self.faults.append(fault)
        print(f"mahjongkit: {self.name}: {fault}", file=sys.stderr)
        if hand.ended:  # a request told after the hand's last action: nothing to end
            return None
        for action in (_named(answer), _no_answer(hand, seat)):
            if (
                action is not None
                and action not in hand.legal_actions(seat)
                and hand.can(seat, action)
            ):
                return action
        raise BotzoneProgramError(
            f"{self.name}: {verdict} ({detail}), and the {hand.ruleset.name} table has no"
            " penalty to apply"
        )


def _named(answer: str) -> Action | None:
    """The engine action an answer names, whatever the position: ``PLAY X`` a discard,
    ``PENG``/``CHI``/``GANG``/``BUGANG``/``HU`` their claims, kongs and win."""
    try:
        parsed: Answer = parse_answer(answer)
    except BotzoneProtocolError:
        return None
    kind, tiles = parsed.kind, parsed.tiles
    if any(t >= NUM_KINDS for t in tiles):
        return None
    if kind == "HU":
        return Action(_K.WIN)
    if kind == "PLAY":
        return Action(_K.DISCARD, tiles[0])
    if kind == "GANG":
        return Action(_K.CONCEALED_KONG, tiles[0]) if tiles else Action(_K.KONG)
    if kind == "BUGANG":
        return Action(_K.PROMOTED_KONG, tiles[0])
    if kind == "PENG":
        return Action(_K.PUNG)
    if kind == "CHI":
        return Action(_K.CHOW, tiles[0] - 1)
    return None


def _no_answer(hand: HandState, seat: int) -> Action:
    """The action that stands for no valid answer: a Ting, never taken on the ``botzone``
    table (MCR has no Ting), of a tile the seat holds."""
    counts = hand.concealed[seat]
    tile = next((t for t in range(NUM_KINDS) if counts[t]), 0)
    return Action(_K.TING, tile)


def is_program(name: str) -> bool:
    """Is this bot name an external program (``botzone:COMMAND``)?

    >>> is_program("botzone:python3 bot.py"), is_program("defender")
    (True, False)
    """
    return name.startswith(PREFIX)


def check_bot_name(name: str) -> str:
    """The name, if it names a bot here or a Botzone program; `ValueError` otherwise.

    >>> check_bot_name("clever")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'clever'; known: defender, efficient, ..., searcher, or botzone:COMMAND
    """
    if is_program(name):
        Program(name[len(PREFIX) :])
        return name
    if name not in BOTS:
        raise ValueError(
            f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}, or {PREFIX}COMMAND"
        )
    return name


def bot_of(name: str) -> Bot:
    """The bot of this name: one of the project's (`mahjongkit.bots.BOTS`), or the
    program of ``botzone:COMMAND`` (an `ExternalBot`)."""
    check_bot_name(name)
    if is_program(name):
        return ExternalBot(name[len(PREFIX) :])
    return BOTS[name]()


__all__ = [
    "PREFIX",
    "SUB_TIME_LIMIT",
    "TIME_LIMIT",
    "BotzoneProgramError",
    "ExternalBot",
    "Fault",
    "Program",
    "Reply",
    "bot_of",
    "check_bot_name",
    "is_program",
]
