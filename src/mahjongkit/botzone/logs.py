"""Botzone match logs in and out: a match as the logs tell it (`BotzoneMatch`), replayed
into the engine's hand record, re-scored, and told back from a record.

Two formats carry a match (docs/botzone.md, "Botzone logs in and out"):

- the text of the PKU course's game corpus (`mahjongkit.botzone.logs_text`): lines
  ``Match``, ``Wind``, ``Player N Deal/Draw/Play/Chi/Peng/Gang/AnGang/BuGang/BuHua/Hu``,
  ``Huang``, ``Fan``, ``Score``;
- the Botzone judge's JSON log (`mahjongkit.botzone.logs_json`): ``initdata`` and the
  ``log`` of the judge's outputs and the players' answers.

Both read into a `BotzoneMatch`; `import_match` replays it in the engine on the
``botzone`` table (the judge's: per-seat wall, no flowers) and re-scores its win with the
MCR scorer: the result is the engine's `HandRecord` and every place where the recorded
fans or score differ from ours (`Difference`). `match_of_record` goes the other way, and
`to_botzone_log` writes a record in either format.

The wall. A log shows each seat's 13 dealt tiles and every tile it draws, but not the
tiles left in the wall when the hand ends. On the per-seat wall each seat draws from its
own part of 34 (`mahjongkit.game.wall`), so the seen tiles are put where the judge took
them and the unseen ones fill the rest of the parts in sorted order, where the hand never
reaches them (`Wall.arranged`): the record replays the logged draws exactly, and its
wall says nothing about the tiles nobody saw. A JSON log whose ``initdata`` gives the
judge's whole wall (``walltiles``) is replayed on that wall itself.

>>> from mahjongkit.botzone.logs_text import parse_text
>>> from mahjongkit.botzone.logs_text import SAMPLE
>>> [match] = parse_text(SAMPLE).matches
>>> imported = import_match(match)
>>> imported.record.result["kind"], imported.differences
('win', ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.botzone.protocol import tile_name
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.events import Event, EventKind
from mahjongkit.game.record import HandRecord, record_of, replay_states
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import InvalidWallError, Wall
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tiles import EAST, IS_FLOWER, RANK, SUIT, Tile

RULESET = "botzone"
"""The table a log replays on: the judge's (docs/rules/botzone.md)."""

OPS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "BuHua", "Hu")
"""The moves of a match, in the corpus's words (``mahjong-sl/preprocess.py``)."""
CLAIMS = ("Chi", "Peng", "Gang", "Hu")
"""The moves that answer another seat's discard or promoted kong."""


class BotzoneLogError(MahjongError, ValueError):
    """A log that cannot be read or replayed. ``code`` is stable (``bad-line``,
    ``bad-json``, ``bad-match``, ``not-replayable``, ``not-exportable``); the message
    names the file, the line and the word."""

    def __init__(self, code: str, message: str, line: int = 0) -> None:
        self.code = code
        self.line = line
        super().__init__(f"{code}: {message}")


@dataclass(frozen=True)
class Step:
    """One move of a match: ``seat`` does ``op`` (one of `OPS`) with ``tile`` (-1 where
    the log does not name it: another seat's concealed kong). A chow's tile is its middle
    tile, a pung's or kong's of a discard the discard. ``ignored`` are the claims of the
    same tile that this one took precedence over: (seat, op, tile)."""

    seat: int
    op: str
    tile: Tile = -1
    ignored: tuple[tuple[int, str, Tile], ...] = ()
    line: int = field(default=0, compare=False)
    """Where the log has it (a line of a text, an entry of a JSON log)."""


@dataclass(frozen=True)
class RecordedFan:
    """A fan as the log records it: its name (the judge's Chinese ``fan_name``), the value
    of one and how many times it scores."""

    name: str
    value: int
    count: int = 1


@dataclass(frozen=True)
class BotzoneMatch:
    """A match as a log tells it: the prevalent wind (``quan``, 0..3 E S W N), each seat's
    13 dealt tiles and the flowers shown at the deal, every move, and how it ended:
    ``winner`` (None for an exhaustive draw, ``Huang``), the recorded fans and their total,
    and each seat's score. ``wall`` is the judge's whole wall when the log gives it."""

    name: str
    quan: int
    hands: tuple[tuple[Tile, ...], ...]
    steps: tuple[Step, ...]
    flowers: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    winner: int | None = None
    fan_total: int | None = None
    fans: tuple[RecordedFan, ...] = ()
    scores: tuple[int, ...] | None = None
    wall: tuple[Tile, ...] | None = None
    line: int = field(default=0, compare=False)
    lines: dict[str, int] = field(default_factory=dict, compare=False)
    """Where the result lines are (``Fan``, ``Score``, ``Hu``), for the report."""


@dataclass(frozen=True)
class Difference:
    """Where the log's record of a win differs from the engine's re-scoring: ``what`` is
    ``fan NAME``, ``fan total`` or ``score SEAT``; ``recorded`` and ``ours`` the two
    values (None where one side has none)."""

    match: str
    line: int
    what: str
    recorded: int | None
    ours: int | None

    def __str__(self) -> str:
        return (
            f"{self.match} line {self.line}: {self.what}: recorded "
            f"{'none' if self.recorded is None else self.recorded}, "
            f"ours {'none' if self.ours is None else self.ours}"
        )


@dataclass(frozen=True)
class ImportedMatch:
    """A match replayed: the engine's record of it and the differences in scoring."""

    match: BotzoneMatch
    record: HandRecord
    differences: tuple[Difference, ...] = ()


def _flower_line(match: BotzoneMatch) -> int | None:
    """The first line that shows a flower (the deal's, or a BuHua), None if none does."""
    if any(match.flowers):
        return match.line
    return next((s.line for s in match.steps if s.op == "BuHua"), None)


def _wall_of(match: BotzoneMatch, ruleset: str) -> Wall:
    """The wall that deals the match's hands and gives each seat its logged draws."""
    rules = get_ruleset(ruleset)
    if match.wall is not None:
        try:
            return Wall(rules.play, match.wall, ())
        except InvalidWallError as err:
            raise BotzoneLogError("bad-match", f"{match.name}: the judge's wall: {err}") from None
    # The judge pops a seat's part from its end: the dealt tiles, then every draw (a
    # kong's replacement too) in turn.
    taken = [list(hand) for hand in match.hands]
    for step in match.steps:
        if step.op == "Draw":
            taken[step.seat].append(step.tile)
    dealt = rules.play.hand_size
    hands = [taken[s][: dealt + (1 if s == 0 else 0)] for s in range(4)]
    draws = [taken[s][len(hands[s]) :] for s in range(4)]
    try:
        return Wall.arranged(rules, hands, seat_draws=draws)
    except InvalidWallError as err:
        raise BotzoneLogError(
            "not-replayable", f"{match.name}: its tiles do not fit the judge's wall: {err}"
        ) from None


class _Replay:
    """Drives a `HandState` through a match's moves."""

    def __init__(self, match: BotzoneMatch) -> None:
        self.match = match
        ruleset = RULESET
        flower = _flower_line(match)
        if flower is not None:
            raise BotzoneLogError(
                "not-replayable",
                f"{match.name} line {flower}: a flower; the Botzone table plays without "
                "flowers (the judge's duplicate mode, 136 tiles), and so does the botzone "
                "ruleset",
                flower,
            )
        if not 0 <= match.quan <= 3:
            raise BotzoneLogError("bad-match", f"{match.name}: wind {match.quan} is not 0..3")
        self.state = HandState(ruleset, _wall_of(match, ruleset), EAST + match.quan)
        self.seen = 0

    def fail(self, step: Step | None, why: str) -> BotzoneLogError:
        line = step.line if step is not None else self.match.line
        return BotzoneLogError("not-replayable", f"{self.match.name} line {line}: {why}", line)

    def apply(self, seat: int, action: Action, step: Step | None) -> None:
        state = self.state
        if action not in state.legal_actions(seat):
            raise self.fail(
                step,
                f"seat {seat} cannot {action} here (the engine allows: "
                + ", ".join(str(a) for a in state.legal_actions(seat))
                + ")",
            )
        state.apply(seat, action)

    def new_events(self) -> list[Event]:
        events = self.state.events[self.seen :]
        self.seen = len(self.state.events)
        return events

    def turn_action(self, step: Step) -> Action:
        op, t = step.op, step.tile
        if op == "Play":
            return Action(ActionKind.DISCARD, t)
        if op == "AnGang":
            if t < 0:
                held = self.state.concealed[step.seat]
                fours = [k for k, n in enumerate(held) if n == 4]
                if len(fours) != 1:
                    raise self.fail(step, "a concealed kong whose tile the log does not name")
                t = fours[0]
            return Action(ActionKind.CONCEALED_KONG, t)
        if op == "BuGang":
            return Action(ActionKind.PROMOTED_KONG, t)
        if op == "Hu":
            return Action(ActionKind.WIN)
        raise self.fail(step, f"Player {step.seat} {op} cannot come on its own turn")

    def claim_action(self, seat: int, op: str, tile: Tile, step: Step) -> Action:
        if op == "Chi":
            if SUIT[tile] > 2 or not 2 <= RANK[tile] <= 8:
                raise self.fail(step, f"{tile_name(tile)} cannot be a chow's middle tile")
            return Action(ActionKind.CHOW, tile - 1)
        if op == "Peng":
            return Action(ActionKind.PUNG)
        if op == "Gang":
            return Action(ActionKind.KONG)
        if op == "Hu":
            return Action(ActionKind.WIN)
        raise self.fail(step, f"Player {seat} {op} cannot answer a discard")

    def check_draws(self, steps: Sequence[Step], at: int) -> int:
        """Match the engine's draws and flowers since the last move against the log's
        ``Draw`` and ``BuHua`` lines from ``at``; returns the next step to read."""
        for event in self.new_events():
            if event.kind not in (EventKind.DRAW, EventKind.FLOWER):
                continue
            op = "Draw" if event.kind is EventKind.DRAW else "BuHua"
            step = steps[at] if at < len(steps) else None
            if step is None or (step.op, step.seat, step.tile) != (op, event.seat, event.tile):
                want = f"Player {event.seat} {op} {tile_name(event.tile)}"
                got = "the end of the match" if step is None else f"Player {step.seat} {step.op}"
                raise self.fail(step, f"the engine's next move is {want}, the log has {got}")
            at += 1
        return at

    def run(self) -> HandState:
        match, state = self.match, self.state
        steps = match.steps
        at = 0
        # The engine deals the dealer's first draw with its hand; the judge logs it as a
        # draw (main.cpp l.413-443).
        self.new_events()
        if steps and steps[0].op == "Draw" and steps[0].seat == 0:
            at = 1
        while not state.ended:
            at = self.check_draws(steps, at)
            if state.ended:
                break
            seats = state.to_act()
            step = steps[at] if at < len(steps) else None
            if step is None:
                raise self.fail(None, f"the log ends while seat {seats[0]} is to play")
            if state.phase is Phase.TURN:
                if step.op in ("Draw", "BuHua"):
                    raise self.fail(step, f"Player {step.seat} {step.op} out of turn")
                if seats != (step.seat,):
                    raise self.fail(step, f"it is seat {seats[0]}'s turn, not {step.seat}'s")
                self.apply(step.seat, self.turn_action(step), step)
                at += 1
                continue
            wants = {s: (op, t) for s, op, t in step.ignored}
            wants[step.seat] = (step.op, step.tile)
            if step.op not in CLAIMS:
                # Nobody claimed: every seat that could passes.
                wants = {}
            elif step.seat not in seats:
                raise self.fail(step, f"seat {step.seat} cannot claim here")
            else:
                at += 1
            while state.phase in (Phase.CLAIM, Phase.ROB) and state.to_act():
                seat = state.to_act()[0]
                if seat in wants:
                    op, t = wants.pop(seat)
                    action = self.claim_action(seat, op, t, step)
                else:
                    action = Action(ActionKind.PASS)
                self.apply(seat, action, step)
            if wants:
                raise self.fail(step, f"seat {min(wants)} cannot claim here")
        at = self.check_draws(steps, at)
        if at < len(steps):
            raise self.fail(steps[at], "the hand is over before this move")
        return state


def _our_fans(state: HandState) -> tuple[dict[str, int], int, int | None]:
    """The winner's fans by Chinese name (their points), the total, and the winner."""
    result = state.result
    if result is None or result.kind != "win":
        return {}, 0, None
    score = result.scores[0]
    fans: dict[str, int] = {}
    for item in score.items:
        fans[item.chinese] = fans.get(item.chinese, 0) + item.total
    return fans, score.total, result.winners[0]


def judge_scores(total: int, winner: int, discarder: int | None) -> tuple[int, ...]:
    """The judge's scores of a win of ``total`` fans (flowers included), main.cpp
    l.146-170: self-drawn, the winner 3(8 + f) and each other -(8 + f); on a discard (or
    robbing a kong: its declarer pays), the winner 24 + f, the discarder -(8 + f), each
    other -8.

    >>> judge_scores(10, 2, None), judge_scores(10, 2, 0)
    ((-18, -18, 54, -18), (-18, -8, 34, -8))
    """
    if discarder is None:
        return tuple(3 * (8 + total) if s == winner else -(8 + total) for s in range(4))
    return tuple(
        24 + total if s == winner else -(8 + total) if s == discarder else -8 for s in range(4)
    )


def rescore(match: BotzoneMatch, state: HandState) -> tuple[Difference, ...]:
    """Every place where the match's recorded win differs from the engine's: the winner,
    each fan, the total, each seat's score."""
    out: list[Difference] = []
    name = match.name
    fans, total, winner = _our_fans(state)
    result = state.result
    fan_line = match.lines.get("Fan", match.line)
    if winner != match.winner:
        out.append(
            Difference(name, match.lines.get("Hu", match.line), "winner", match.winner, winner)
        )
    if match.fans or match.fan_total is not None:
        recorded: dict[str, int] = {}
        for fan in match.fans:
            recorded[fan.name] = recorded.get(fan.name, 0) + fan.value * fan.count
        for fan_name in [*recorded, *(f for f in fans if f not in recorded)]:
            if recorded.get(fan_name) != fans.get(fan_name):
                out.append(
                    Difference(
                        name,
                        fan_line,
                        f"fan {fan_name}",
                        recorded.get(fan_name),
                        fans.get(fan_name),
                    )
                )
        if match.fan_total is not None and match.fan_total != total:
            out.append(Difference(name, fan_line, "fan total", match.fan_total, total))
    if match.scores is not None:
        if result is not None and result.kind == "win" and winner is not None:
            ours = judge_scores(total, winner, result.discarder)
        else:
            ours = (0, 0, 0, 0)
        for seat in range(4):
            if match.scores[seat] != ours[seat]:
                out.append(
                    Difference(
                        name,
                        match.lines.get("Score", match.line),
                        f"score {seat}",
                        match.scores[seat],
                        ours[seat],
                    )
                )
    return tuple(out)


def import_match(match: BotzoneMatch) -> ImportedMatch:
    """The match replayed in the engine (its `HandRecord`) and re-scored; a match the
    engine cannot follow raises `BotzoneLogError` (``not-replayable``) naming the line."""
    replay = _Replay(match)
    try:
        state = replay.run()
    except BotzoneLogError:
        raise
    except MahjongError as err:
        raise replay.fail(None, str(err)) from None
    return ImportedMatch(match, record_of(state), rescore(match, state))


# --- out: a record as a match ---------------------------------------------------------


def match_of_record(record: HandRecord, name: str = "") -> BotzoneMatch:
    """The match a hand record tells, as a log would: its deal, every move (the claims
    a higher claim took precedence over among them), and its result with the engine's
    fans and the judge's scores. Only a hand on a per-seat table without penalties can be
    told (``not-exportable`` otherwise)."""
    ruleset = get_ruleset(record.ruleset)
    if ruleset.play.wall_layout != "per_seat":
        raise BotzoneLogError(
            "not-exportable",
            f"{name or 'the record'}: ruleset {record.ruleset!r} is not the judge's table "
            "(a Botzone log deals from per-seat walls: botzone)",
        )
    hands: list[list[Tile]] = [[], [], [], []]
    flowers: list[list[Tile]] = [[], [], [], []]
    steps: list[Step] = []
    claims: dict[int, Action] = {}
    final: HandState | None = None
    dealt = True
    index = 0
    actions = record.actions
    for state in replay_states(record):
        final = state
        events = state.events[index:]
        index = len(state.events)
        for event in events:
            k, s, t = event.kind, event.seat, event.tile
            if k is EventKind.DEAL:
                if IS_FLOWER[t]:
                    flowers[s].append(t)
                else:
                    hands[s].append(t)
                continue
            if dealt:
                dealt = False
                # The judge deals 13 and logs the dealer's 14th tile as its first draw.
                steps.append(Step(0, "Draw", hands[0].pop()))
            steps.extend(_steps_of(event, claims))
            if k in (EventKind.CHOW, EventKind.PUNG, EventKind.KONG, EventKind.WIN):
                claims.clear()
        done = state.history
        if len(done) < len(actions):
            seat, index_ = actions[len(done)]
            action = Action.from_index(index_)
            if state.phase in (Phase.CLAIM, Phase.ROB) and (action.kind is not ActionKind.PASS):
                claims[seat] = action
    assert final is not None
    result = final.result
    if result is None or result.kind not in ("win", "draw"):
        raise BotzoneLogError(
            "not-exportable",
            f"{name or 'the record'}: the hand ended in {result.kind if result else 'play'}"
            " (a log tells a win or an exhaustive draw)",
        )
    if dealt:
        steps.insert(0, Step(0, "Draw", hands[0].pop()))
    _, total, winner = _our_fans(final)
    fan_list: tuple[RecordedFan, ...] = ()
    scores: tuple[int, ...] = (0, 0, 0, 0)
    if winner is not None:
        fan_list = tuple(RecordedFan(i.chinese, i.points, i.count) for i in result.scores[0].items)
        scores = judge_scores(total, winner, result.discarder)
    return BotzoneMatch(
        name=name,
        quan=record.prevalent_wind - EAST,
        hands=tuple(tuple(h) for h in hands),
        steps=tuple(steps),
        flowers=tuple(tuple(f) for f in flowers),
        winner=winner,
        fan_total=total if winner is not None else None,
        fans=fan_list,
        scores=scores,
    )


def _claim_words(seat: int, action: Action, tile: Tile) -> tuple[int, str, Tile]:
    kind = action.kind
    if kind is ActionKind.CHOW:
        return seat, "Chi", action.tile + 1
    op = {ActionKind.PUNG: "Peng", ActionKind.KONG: "Gang"}.get(kind, "Hu")
    return seat, op, tile


def _steps_of(event: Event, claims: dict[int, Action]) -> list[Step]:
    """The log's moves for one engine event."""
    k, s, t = event.kind, event.seat, event.tile
    if k is EventKind.DRAW:
        return [Step(s, "Draw", t)]
    if k is EventKind.FLOWER:
        return [Step(s, "BuHua", t)]
    if k is EventKind.DISCARD:
        return [Step(s, "Play", t)]
    if k is EventKind.CONCEALED_KONG:
        return [Step(s, "AnGang", t)]
    if k is EventKind.PROMOTED_KONG:
        return [Step(s, "BuGang", t)]
    if k in (EventKind.CHOW, EventKind.PUNG, EventKind.KONG, EventKind.WIN):
        ignored = tuple(
            _claim_words(seat, action, t) for seat, action in sorted(claims.items()) if seat != s
        )
        if k is EventKind.CHOW:
            return [Step(s, "Chi", t - event.detail + 1, ignored)]
        op = {EventKind.PUNG: "Peng", EventKind.KONG: "Gang"}.get(k, "Hu")
        return [Step(s, op, t, ignored)]
    return []


def to_botzone_log(record: HandRecord, fmt: str = "text", name: str = "") -> str:
    """A hand record as a Botzone log: ``text`` (the corpus's lines) or ``json`` (the
    judge's log, with the whole wall in ``initdata``). ``name`` is the match's name.

    >>> import random
    >>> from mahjongkit.bots import RandomBot
    >>> from mahjongkit.game.runner import play_hand
    >>> state = HandState.new("botzone", random.Random(2))
    >>> _ = play_hand(state, [RandomBot() for _ in range(4)], seed=2)
    >>> to_botzone_log(record_of(state), name="2").splitlines()[:3]
    ['Match 2', 'Wind 0', 'Player 0 Deal T8 W1 W4 T3 T7 W1 W5 B8 W8 W3 W7 W2 T9']
    """
    match = match_of_record(record, name)
    if fmt == "text":
        from mahjongkit.botzone.logs_text import format_text

        return format_text(match)
    if fmt == "json":
        import json

        from mahjongkit.botzone.logs_json import format_json

        return json.dumps(format_json(match, record.wall), ensure_ascii=False)
    raise BotzoneLogError("bad-format", f"format must be 'text' or 'json', not {fmt!r}")


def summary(imported: Sequence[ImportedMatch]) -> dict[str, Any]:
    """Counts for a report: matches, wins, draws, matches with differences."""
    wins = sum(1 for m in imported if m.record.result.get("kind") == "win")
    return {
        "matches": len(imported),
        "wins": wins,
        "draws": len(imported) - wins,
        "differing": sum(1 for m in imported if m.differences),
    }


__all__ = [
    "CLAIMS",
    "OPS",
    "RULESET",
    "BotzoneLogError",
    "BotzoneMatch",
    "Difference",
    "ImportedMatch",
    "RecordedFan",
    "Step",
    "import_match",
    "judge_scores",
    "match_of_record",
    "rescore",
    "summary",
    "to_botzone_log",
]
