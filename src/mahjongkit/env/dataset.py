"""Datasets for learning from played games: game records turned into one row per decision.

A **decision** is every point where an environment asks a seat to act
(`mahjongkit.env.aec`): the seat in turn, or each seat asked to answer a discard or a
promoted kong. What the engine does by itself there (`Automations`: the pass of a seat
that may only pass, the instant win of seven or eight flowers) is no decision and has no
row, as the environments never ask it; a decision with one legal action (a declared Ting
that must throw its draw) has its row, as the environments ask it too. So the rows of a
hand are the steps of `aec_env` playing it, in the same order, and a row's
``mask.sum() > 1`` keeps only the real choices.

Each row holds the seat's planes and mask exactly as the environments build them at that
point (`encode`, `action_mask`, the same `ENCODING_VERSION`), the action taken, who took
it, and its **reward to go**: the seat's money from that decision to the end of the hand
in the ruleset's own payments (`mahjongkit.game.hand_money`), that is the hand's balance
less the instant payments already made before the decision (a Taiwanese concealed kong's,
a bouquet's, the dice's); ``hand_reward`` is the whole hand's balance, the environments'
reward at the hand's end.

Game records come from readers (`READERS`): ``records``, the engine's hand records as
JSON Lines (``simulate --records`` writes them), and `web_games`, the games the web table
stored. A reader yields each record it reads (`SourceGame`) or says why it skips one
(`Skipped`); the Botzone logs' reader registers itself in `READERS` the same way.

>>> import tempfile, pathlib
>>> from mahjongkit.sim.records import RecordsFile
>>> from mahjongkit.sim.run import RunSettings, play_run
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
>>> settings = RunSettings("mcr", ("random",) * 4, seed=1, hands=2)
>>> with RecordsFile.create(path, settings) as records:
...     _ = play_run(settings, keep_records=True, on_hand=records.add)
>>> blocks = [hand_rows(h, g.record_id) for g in read_records(str(path)) for h in g.hands]
>>> [b.rows > 0 for b in blocks], blocks[0].planes.shape[1:], blocks[1].record[-11:]
([True, True], (158, 34), 'run.jsonl:2')
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import NUM_ACTIONS, Action
from mahjongkit.game.events import EventKind
from mahjongkit.game.hand_money import hand_money
from mahjongkit.game.match_record import money_of
from mahjongkit.game.match_state import automatic_action
from mahjongkit.game.planes import view_of
from mahjongkit.game.record import HandRecord, initial_state, record_lines
from mahjongkit.game.state import HandState
from mahjongkit.money.instant import dead_hand
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import balances
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import EAST, NUM_KINDS

from .encoding import (
    ENCODING_VERSION,
    LONE_HAND,
    NUM_PLANES,
    PLANES,
    MatchView,
    action_mask,
    encode,
)

FORMAT = "mahjongkit-dataset/1"
"""The dataset's layout: its columns and their meaning (docs/env.md). Changes when a
column is added, removed or given another meaning; the planes have their own
`ENCODING_VERSION`."""

DECISIONS = (
    "every point an environment asks a seat to act; the engine's automatic actions"
    " (a forced pass, the instant flower win) have no row"
)
"""What a row is, as the file's metadata says it."""

COLUMNS = (
    "record",
    "ruleset",
    "hand",
    "decision",
    "step",
    "player",
    "seat",
    "bot",
    "action",
    "reward_to_go",
    "hand_reward",
    "mask",
    "planes",
)
"""The columns of every dataset file, in order (docs/env.md says what each holds)."""


@dataclass(frozen=True)
class SourceHand:
    """One hand of a game record: the engine's record, where it stood in its match (the
    deal: who dealt, so players and seats; a lone hand is dealt by player 0) and the pot
    it started with (for the Taiwanese dead-hand pot)."""

    record: HandRecord
    deal: Deal = field(default_factory=Deal)
    pot: Pot = field(default_factory=Pot)
    number: int = 0
    """The hand's number in its record (0 for a record of one hand)."""
    bots: tuple[str, ...] = ()
    """Who played each player (0..3): a bot's name, or ``human``; empty when the record
    does not say."""
    match: MatchView = LONE_HAND
    """The match around the hand, as its planes show it (the scores before it, its
    number, the hands left); a hand recorded alone stands as a one-hand episode does."""


@dataclass(frozen=True)
class SourceGame:
    """A game record read: its id (the ``record`` column), where it was read (for
    messages), and its hands."""

    record_id: str
    where: str
    hands: Sequence[SourceHand]


@dataclass(frozen=True)
class Skipped:
    """A record a reader cannot read: where it was, a stable code, what is wrong."""

    where: str
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.code}: {self.message}"


Item = SourceGame | Skipped
Reader = Callable[[str], Iterator[Item]]
"""A reader of game records: from a name (a file path, ``-`` for standard input), each
record read or skipped, in order, reading as it goes (so memory does not grow with the
records)."""


def lone_deal(record: HandRecord) -> Deal:
    """The deal of a hand recorded alone (a simulator's): player 0 deals, at the record's
    prevalent wind and dealer streak."""
    return Deal(0, 0, record.prevalent_wind - EAST, record.dealer_streak, 0)


def read_records(name: str) -> Iterator[Item]:
    """The engine's hand records as JSON Lines (`HandRecord`, the lines of ``simulate
    --records`` included: their ``"sim"`` field is left aside), one game of one hand per
    line; a line that is not one is skipped, named by its number. Blank lines are
    passed over."""
    try:
        source = sys.stdin.buffer if name == "-" else open(name, "rb")  # noqa: SIM115
    except OSError as err:
        yield Skipped(name, "unreadable_file", f"cannot read it: {err.strerror}")
        return
    try:
        for line in record_lines(source):
            where = f"{name} line {line.number}"
            if line.record is None:
                yield Skipped(where, line.code, line.message)
                continue
            hand = SourceHand(line.record, lone_deal(line.record), bots=_sim_bots(line.data))
            yield SourceGame(f"{name}:{line.number}", where, (hand,))
    finally:
        if source is not sys.stdin.buffer:
            source.close()


def _sim_bots(data: Any) -> tuple[str, ...]:
    """The bot in each seat, from a simulator's line (its ``"sim"`` field), if any."""
    sim = data.get("sim") if isinstance(data, dict) else None
    bots = sim.get("bots") if isinstance(sim, dict) else None
    if isinstance(bots, list) and len(bots) == 4 and all(isinstance(b, str) for b in bots):
        return tuple(bots)
    return ()


def web_games(url: str, game_ids: Sequence[str] = ()) -> Iterator[Item]:
    """The games stored by the web table in the database at ``url`` (a URL, or a SQLite
    file's path): those named, or every finished one. Each game is rebuilt from its
    stored decisions as the server does; its finished hands are the record (a hand still
    in play has no end, so no reward to go, and is left out). Needs the web extra."""
    try:
        from mahjongkit.web.stored import stored_games
    except ImportError as err:
        raise MahjongError(
            f"stored games need the web extra: pip install 'mahjongkit[web]' ({err})"
        ) from None
    for game_id, game in stored_games(url, game_ids):
        where = f"game {game_id}"
        if game is None:
            yield Skipped(where, "unknown_game", f"no stored game {game_id!r}")
            continue
        if isinstance(game, MahjongError):
            yield Skipped(where, "unplayable_game", f"cannot be rebuilt: {game}")
            continue
        hands = []
        pot = Pot()
        start = game.rules.starting_points
        scores: Sequence[int] = [start] * 4
        for number, h in enumerate(game.hands):
            view = view_of(h.deal, scores, start, game.max_hands)
            hands.append(SourceHand(h.record, h.deal, pot, number, game.config.seats, view))
            pot, scores = h.money.pot, h.scores_after
        yield SourceGame(f"web:{game_id}", where, tuple(hands))


READERS: dict[str, Reader] = {"records": read_records}
"""The readers of game records by name (``mahjongkit dataset --from NAME``). A reader of
another kind of log (Botzone's) adds itself here: a function from a name (a path) to the
`SourceGame` of each record it reads, each hand an engine `HandRecord` with its `Deal`,
and a `Skipped` for each it cannot read."""


@dataclass
class Block:
    """The rows of one hand, column by column (`COLUMNS`): ``planes`` are ``int8``
    (rows x `NUM_PLANES` x 34), ``mask`` ``int8`` (rows x `NUM_ACTIONS`)."""

    record: str
    ruleset: str
    hand: int
    decision: npt.NDArray[np.int32]
    step: npt.NDArray[np.int32]
    player: npt.NDArray[np.int8]
    seat: npt.NDArray[np.int8]
    bot: npt.NDArray[np.object_]
    action: npt.NDArray[np.int16]
    reward_to_go: npt.NDArray[np.int32]
    hand_reward: npt.NDArray[np.int32]
    mask: npt.NDArray[np.int8]
    planes: npt.NDArray[np.int8]

    @property
    def rows(self) -> int:
        """The hand's decisions."""
        return len(self.action)


_WIN = EventKind.WIN


def hand_rows(hand: SourceHand, record_id: str) -> Block:
    """The rows of one hand: its record replayed step by step (checked against its
    events, `ReplayMismatchError` where they part), a row at every decision.

    Raises `MahjongError` (an unknown or changed ruleset, a record that does not replay,
    a hand that does not end)."""
    record = hand.record
    state = initial_state(record)
    ruleset = state.ruleset
    known = _hash_of(ruleset)
    if known != record.ruleset_hash:
        raise MahjongError(
            f"ruleset {record.ruleset!r} has changed since the record was made"
            f" (hash {known} != {record.ruleset_hash})"
        )
    deal = hand.deal
    steps: list[int] = []
    seats: list[int] = []
    actions: list[int] = []
    events_before: list[int] = []
    planes: list[npt.NDArray[Any]] = []
    masks: list[npt.NDArray[np.int8]] = []
    for step, (seat, index) in enumerate(record.actions):
        action = Action.from_index(index)
        if automatic_action(state, seat) != action:  # asked, as the environments ask it
            obs = state.observation(seat)
            planes.append(encode(obs, "int8", hand.match))
            masks.append(action_mask(obs))
            steps.append(step)
            seats.append(seat)
            actions.append(index)
            events_before.append(len(state.events))
        try:
            state.apply(seat, action)
        except MahjongError as err:
            raise MahjongError(f"action {step} ({seat} {action}) does not replay: {err}") from None
    _check_end(state, record)
    rules = ruleset.table
    money = money_of(state, deal, rules, hand.pot)
    total = balances(money.payments)
    players = [deal.player_at(s) for s in seats]
    before = _money_before(state, deal, rules, events_before)
    n = len(steps)
    return Block(
        record=record_id,
        ruleset=ruleset.name,
        hand=hand.number,
        decision=np.arange(n, dtype=np.int32),
        step=np.array(steps, dtype=np.int32),
        player=np.array(players, dtype=np.int8),
        seat=np.array(seats, dtype=np.int8),
        bot=np.array([hand.bots[p] if hand.bots else "" for p in players], dtype=object),
        action=np.array(actions, dtype=np.int16),
        reward_to_go=np.array(
            [total[p] - b[p] for p, b in zip(players, before, strict=True)], dtype=np.int32
        ),
        hand_reward=np.array([total[p] for p in players], dtype=np.int32),
        mask=np.stack(masks) if masks else np.zeros((0, NUM_ACTIONS), np.int8),
        planes=np.stack(planes) if planes else np.zeros((0, NUM_PLANES, NUM_KINDS), np.int8),
    )


_HASHES: dict[int, tuple[Ruleset, str]] = {}


def _hash_of(ruleset: Ruleset) -> str:
    """The ruleset's contents hash, worked out once per ruleset (it walks every rule)."""
    known = _HASHES.get(id(ruleset))
    if known is None or known[0] is not ruleset:
        known = _HASHES[id(ruleset)] = (ruleset, ruleset.contents_hash())
    return known[1]


def _check_end(state: HandState, record: HandRecord) -> None:
    """The replay must end as recorded: the same events, the same result."""
    got = [e.to_index() for e in state.events]
    if got != list(record.events):
        same = 0
        while same < min(len(got), len(record.events)) and got[same] == record.events[same]:
            same += 1
        raise MahjongError(f"the replay's events differ from the record's from event {same} on")
    if state.result is None:
        raise MahjongError("the recorded actions do not finish the hand: no money to count")
    if state.result.to_json() != record.result:
        raise MahjongError("the replayed result differs from the recorded one")


Balance = tuple[int, int, int, int, int]
_NOTHING: Balance = (0, 0, 0, 0, 0)


def _money_before(
    state: HandState, deal: Deal, rules: TableRules, events_before: list[int]
) -> list[Balance]:
    """Each decision's money already paid before it (players 0..3 and the pot): the
    hand's instant payments (`hand_money` of the events so far, which has no win yet)
    up to it. Most hands have none: one look at the whole hand says so; otherwise the
    decisions are split where the count of payments changes, so a hand costs a few
    looks, not one per decision."""
    events = state.events
    throws = state.wall.dice
    dice = throws[0] if len(throws) == 1 and len(throws[0]) == 3 else ()
    ending = dead_hand(rules)

    def paid(k: int) -> tuple[int, Balance]:
        money = hand_money(events[:k], points={}, deal=deal, rules=rules, dice=dice)
        payments = money.payments if money.void else money.payments[: -len(ending) or None]
        return len(payments), balances(payments)

    count, _ = paid(len([e for e in events if e.kind is not _WIN]))  # wins come last
    if count == 0 or not events_before:
        return [_NOTHING] * len(events_before)
    out: list[Balance] = [_NOTHING] * len(events_before)
    looked: dict[int, tuple[int, Balance]] = {}

    def look(i: int) -> tuple[int, Balance]:
        k = events_before[i]
        if k not in looked:
            looked[k] = paid(k)
        return looked[k]

    def fill(lo: int, hi: int) -> None:  # decisions lo..hi, both looked at
        first, last = look(lo), look(hi)
        if first[0] == last[0]:
            for i in range(lo, hi + 1):
                out[i] = first[1]
            return
        mid = (lo + hi) // 2
        if mid == lo:
            out[lo], out[hi] = first[1], last[1]
            return
        fill(lo, mid)
        fill(mid, hi)

    fill(0, len(events_before) - 1)
    return out


@dataclass
class Summary:
    """What a dataset was made of: records read, hands and decisions turned into rows,
    records or hands skipped, and the time it took."""

    records: int = 0
    hands: int = 0
    decisions: int = 0
    skipped: int = 0
    seconds: float = 0.0

    def __str__(self) -> str:
        rate = self.decisions / self.seconds if self.seconds > 0 else 0.0
        return (
            f"records {self.records}, hands {self.hands}, decisions {self.decisions},"
            f" skipped {self.skipped} ({self.seconds:.1f} s, {rate:,.0f} rows/s)"
        )


class BlockSink(Protocol):
    """Where rows go (a dataset file's writer, `mahjongkit.env.dataset_files`)."""

    def add(self, block: Block) -> None:
        """Take one hand's rows."""


@dataclass
class RecordRows:
    """One record read, turned into rows (`record_rows`): each hand's `Block` that
    replayed, and a line for each hand (or the whole record) left out, saying why."""

    read: bool
    """Whether the reader read a record (False: it skipped it)."""
    blocks: list[Block] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)


def record_rows(item: Item) -> RecordRows:
    """The rows of a record read, hand by hand; a record the reader skipped, or a hand
    that does not replay, is left out with where it is, a code and what is wrong.

    >>> record_rows(Skipped("run.jsonl line 3", "invalid_json", "not JSON")).left_out
    ['run.jsonl line 3: invalid_json: not JSON']
    """
    if isinstance(item, Skipped):
        return RecordRows(False, left_out=[str(item)])
    out = RecordRows(True)
    for hand in item.hands:
        try:
            out.blocks.append(hand_rows(hand, item.record_id))
        except Exception as err:  # a bad hand never stops the rest
            where = item.where
            if len(item.hands) > 1:
                where = f"{where} hand {hand.number}"
            if isinstance(err, MahjongError):
                out.left_out.append(str(Skipped(where, "unreplayable_hand", str(err))))
            else:
                problem = f"{type(err).__name__}: {err}; please report the record"
                out.left_out.append(str(Skipped(where, "internal_error", problem)))
    return out


def records_rows(items: Sequence[Item]) -> list[RecordRows]:
    """`record_rows` of each of a batch of records (a task of a run spread over
    machines: `mahjongkit.env.dataset_ray`)."""
    return [record_rows(item) for item in items]


def build(
    items: Iterable[Item],
    sink: BlockSink,
    warn: Callable[[str], None] | None = None,
    rows: Callable[[Iterable[Item]], Iterable[RecordRows]] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Turn every record read into rows for ``sink``, hand by hand, in the records'
    order; a record a reader skipped, or a hand that does not replay, is told to
    ``warn`` (where it is, a code, what is wrong) and counted, and the rest goes on.

    ``rows`` turns the records into rows (default: here, one after the other; a Ray
    cluster's tasks, `mahjongkit.env.dataset_ray`); ``progress`` hears of each record's
    hands as they are written."""
    summary = Summary()
    start = time.perf_counter()
    for done in (rows or _here)(items):
        summary.records += done.read
        summary.skipped += len(done.left_out)
        if warn is not None:
            for line in done.left_out:
                warn(line)
        for block in done.blocks:
            sink.add(block)
            summary.hands += 1
            summary.decisions += block.rows
        if progress is not None and done.blocks:
            progress(len(done.blocks))
    summary.seconds = time.perf_counter() - start
    return summary


def _here(items: Iterable[Item]) -> Iterator[RecordRows]:
    return map(record_rows, items)


def metadata() -> dict[str, Any]:
    """What a dataset file says of itself (its ``mahjongkit`` metadata, as JSON)."""
    from mahjongkit import __version__

    return {
        "format": FORMAT,
        "encoding_version": ENCODING_VERSION,
        "planes_shape": [NUM_PLANES, NUM_KINDS],
        "planes_dtype": "int8",
        "plane_names": list(PLANES),
        "num_actions": NUM_ACTIONS,
        "decisions": DECISIONS,
        "reward_to_go": "the seat's money from the decision to the end of the hand",
        "columns": list(COLUMNS),
        "mahjongkit": __version__,
    }


__all__ = [
    "COLUMNS",
    "DECISIONS",
    "FORMAT",
    "READERS",
    "Block",
    "BlockSink",
    "Item",
    "Reader",
    "RecordRows",
    "Skipped",
    "SourceGame",
    "SourceHand",
    "Summary",
    "build",
    "hand_rows",
    "lone_deal",
    "metadata",
    "read_records",
    "record_rows",
    "records_rows",
    "web_games",
]
