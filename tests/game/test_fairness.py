"""Provably fair walls (issue 17, deliver 6): the tiles "thoroughly and randomly mixed"
(000 l.28; 004 l.66 "shuffling lightly is not acceptable"), each hand's wall committed to
before the deal and checkable by anyone from the revealed seed and salt."""

from __future__ import annotations

import hashlib
import importlib
import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mahjongkit.bots import RandomBot
from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.game.fairness import (
    InvalidCommitmentError,
    WallCommitment,
    WallSeed,
    commitment_of,
    wall_of,
)
from mahjongkit.game.match_state import MatchPhase, MatchState
from mahjongkit.game.record import HandRecord
from mahjongkit.game.wall import full_set
from mahjongkit.game.wall_check import MANUAL_DEAL, check_hand, check_walls
from mahjongkit.rules.ruleset import get_ruleset

for _name in COMMAND_MODULES:  # as `main` does: every command registered
    importlib.import_module(f"mahjongkit.cli.{_name}")

runner = CliRunner()


def fair_match(ruleset: str = "mcr", hands: int = 2, table_seed: int = 5) -> MatchState:
    """A match between random bots, each hand dealt from a derived committed seed."""
    state = MatchState(ruleset, seed=1, max_hands=hands, automations=MANUAL_DEAL)
    bots = [RandomBot() for _ in range(4)]
    while not state.over:
        if state.phase is MatchPhase.DEAL:
            state.deal(fair=WallSeed.derived(state.ruleset.name, state.hand_number + 1, table_seed))
            continue
        player = state.to_act()[0]
        state.apply(player, bots[player].act(state.observation(player), state.decision(player)))
    return state


def by_hand(ruleset: str, hand: int, seed: bytes, salt: bytes) -> str:
    """The commitment as docs/fairness.md computes it by hand."""
    text = (
        f"mahjongkit-wall/1\nruleset {ruleset}\nhand {hand}\nseed {seed.hex()}\nsalt {salt.hex()}\n"
    )
    return hashlib.sha256(text.encode()).hexdigest()


def shuffle_by_hand(seed: bytes, tiles: list[int], dice: int) -> tuple[list[int], list[int]]:
    """The wall's shuffle as docs/fairness.md writes it out, with hashlib alone."""

    def numbers() -> Any:
        block = 0
        while True:
            digest = hashlib.sha256(
                b"mahjongkit-wall/1 shuffle\n" + seed + block.to_bytes(8, "big")
            ).digest()
            for i in range(0, 32, 4):
                yield int.from_bytes(digest[i : i + 4], "big")
            block += 1

    stream = numbers()

    def below(k: int) -> int:
        while True:
            x = next(stream)
            if x < (2**32 // k) * k:
                return x % k

    for i in range(len(tiles) - 1, 0, -1):
        j = below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles, [below(6) + 1 for _ in range(dice)]


def test_the_commitment_is_the_documented_sha256_and_fresh_seeds_come_from_secrets() -> None:
    for _ in range(5):
        fair = WallSeed.fresh("taiwanese-lrc", 3)
        assert fair.commitment == by_hand("taiwanese-lrc", 3, fair.seed, fair.salt)
        assert fair.revealed().problems() == []
        assert fair.published().seed is None and fair.published().salt is None
    assert len({WallSeed.fresh("mcr", 1).seed for _ in range(20)}) == 20
    assert commitment_of("mcr", 1, bytes(32), bytes(16)) == by_hand("mcr", 1, bytes(32), bytes(16))


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc", "botzone"])
def test_the_wall_is_the_documented_shuffle_of_the_seed(ruleset: str) -> None:
    """The wall can be rebuilt by hand with hashlib (docs/fairness.md), for every layout."""
    rules = get_ruleset(ruleset)
    for n in range(20):
        seed = hashlib.sha256(str(n).encode()).digest()
        count = rules.play.dice_count * rules.play.dice_throws
        tiles, dice = shuffle_by_hand(seed, full_set(rules.uses_flowers), count)
        got_tiles, got_dice = wall_of(rules, seed)
        assert list(got_tiles) == tiles and [d for t in got_dice for d in t] == dice


def test_the_shuffle_of_a_known_seed_never_changes() -> None:
    """A fixed answer: a verifier of an old record must get the same wall for ever."""
    tiles, dice = wall_of(get_ruleset("mcr"), bytes(32))
    assert tiles[:8] == (18, 23, 29, 34, 31, 1, 0, 4) and dice == ((2, 5), (1, 4))


def test_the_shuffle_mixes_thoroughly() -> None:
    """000 l.28, 004 l.66: over 2,000 seeds every tile kind (and flowers) reaches the first
    position about as often as its share, and the dice sums are spread as two dice's."""
    rules = get_ruleset("mcr")
    first: Counter[int] = Counter()
    sums: Counter[int] = Counter()
    for n in range(2000):
        tiles, dice = wall_of(rules, hashlib.sha256(n.to_bytes(4, "big")).digest())
        first[tiles[0]] += 1
        sums[sum(dice[0])] += 1
    share = {t: c / 2000 for t, c in first.items()}
    assert len(share) == 42  # 34 kinds and 8 flowers
    assert all(abs(share[t] - 4 / 144) < 0.016 for t in range(34))
    assert abs(sums[7] / 2000 - 6 / 36) < 0.03 and abs(sums[2] / 2000 - 1 / 36) < 0.015


def test_a_committed_match_verifies_and_its_records_round_trip() -> None:
    state = fair_match(hands=3)
    data = state.record().to_json()
    checks = check_walls(data)
    assert [(c.hand, c.status) for c in checks] == [(1, "ok"), (2, "ok"), (3, "ok")]
    hand = data["hands"][1]["record"]
    assert HandRecord.from_json(hand).to_json() == hand
    assert hand["commitment"]["hand"] == 2 and len(hand["commitment"]["seed"]) == 64
    assert MatchState.load(state.save()).record().to_json() == data
    assert MatchState.replay(state.record()).record().to_json() == data


def tampered(data: dict[str, Any], hand: int, change: Any) -> list[Any]:
    """The verdicts on ``data`` with ``change`` done to hand ``hand``'s record."""
    copy = json.loads(json.dumps(data))
    change(copy["hands"][hand - 1]["record"])
    return check_walls(copy)


def flip(text: str) -> str:
    return ("1" if text[0] != "1" else "2") + text[1:]


def test_a_tampered_seed_salt_wall_or_deal_fails_saying_what_differs() -> None:
    data = fair_match(hands=2).record().to_json()

    def seed(r: dict[str, Any]) -> None:
        r["commitment"]["seed"] = flip(r["commitment"]["seed"])

    def salt(r: dict[str, Any]) -> None:
        r["commitment"]["salt"] = flip(r["commitment"]["salt"])

    def wall(r: dict[str, Any]) -> None:  # two tiles swapped, the play left alone
        tiles = r["wall"]
        r["wall"] = tiles[2:4] + tiles[0:2] + tiles[4:]

    def deal(r: dict[str, Any]) -> None:
        events = r["events"]
        tile = "1m" if events[0] != "E deal 1m" else "2m"
        events[0] = f"E deal {tile}"

    def number(r: dict[str, Any]) -> None:
        r["commitment"]["hand"] = 1

    for change, message in [
        (seed, "hash to [0-9a-f]{64}, not to the commitment"),
        (salt, "hash to [0-9a-f]{64}, not to the commitment"),
        (wall, r"recorded wall differs from the seed's at \d+ position\(s\), first at \d+"),
        (deal, "on the seed's wall, after action 0: event 0 is E deal"),
        (number, "is for hand 1, this is hand 2"),
    ]:
        checks = tampered(data, 2, change)
        assert checks[0].status == "ok", change  # the other hand still checked, and passes
        assert checks[1].status == "mismatch" and not checks[1].passed
        assert any(re.search(message, p) for p in checks[1].problems), (
            change,
            checks[1].problems,
        )


def test_unrevealed_uncommitted_and_seeded_hands() -> None:
    state = fair_match(hands=1)
    record = state.hands[0].record
    published = record.commitment
    assert published is not None
    hidden = WallCommitment(published.ruleset, published.hand, published.commitment)
    assert check_hand(replace(record, commitment=hidden)).status == "unrevealed"
    assert check_hand(replace(record, commitment=None)).status == "uncommitted"
    plain = MatchState("mcr", seed=2, max_hands=1)  # a bot run: walls from the match's seed
    while not plain.over:
        player = plain.to_act()[0]
        plain.apply(player, RandomBot().act(plain.observation(player), plain.decision(player)))
    assert [c.status for c in check_walls(plain.record().to_json())] == ["seeded"]
    with pytest.raises(InvalidCommitmentError, match="64 lower-case hex digits"):
        WallCommitment("mcr", 1, "00", "ab", "cd").wall_seed()


def test_verify_wall_command(tmp_path: Path) -> None:
    data = fair_match(hands=2).record().to_json()
    good = tmp_path / "match.json"
    good.write_text(json.dumps(data))
    result = runner.invoke(app, ["verify-wall", str(good)])
    assert result.exit_code == 0, result.output
    assert (
        result.stdout.count(": OK  commitment ") == 2 and "2 of 2 hands verified" in result.stdout
    )
    lines = tmp_path / "hands.jsonl"  # hand records as JSON Lines
    lines.write_text("".join(json.dumps(h["record"]) + "\n" for h in data["hands"]))
    assert runner.invoke(app, ["verify-wall", str(lines)]).exit_code == 0
    data["hands"][0]["record"]["commitment"]["salt"] = flip(
        data["hands"][0]["record"]["commitment"]["salt"]
    )
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["verify-wall", str(bad), "--json"])
    assert result.exit_code == 1
    verdict = json.loads(result.stdout)
    assert verdict["failed"] == 1 and verdict["hands"][0]["status"] == "mismatch"
    assert "not to the commitment" in verdict["hands"][0]["problems"][0]
    (tmp_path / "broken.json").write_text("{not json\n")
    result = runner.invoke(app, ["verify-wall", str(tmp_path / "broken.json")])
    assert result.exit_code == 2 and "line 1: not JSON" in result.output


@pytest.mark.parametrize(
    ("ruleset", "arguments"), [("mcr", {"dice": 4}), ("taiwanese-lrc", {"dice": 3})]
)
def test_the_documented_lines_check_a_record_by_hand(
    ruleset: str, arguments: dict[str, Any]
) -> None:
    """docs/fairness.md's Python block, run as it is written, on a record's hands."""
    docs = (Path(__file__).parents[2] / "docs" / "fairness.md").read_text()
    block = re.search(r"```python\n(.*?)```", docs, re.S)
    assert block is not None
    names: dict[str, Any] = {}
    exec(block.group(1), names)
    for hand in fair_match(ruleset, hands=2).record().to_json()["hands"]:
        record = hand["record"]
        assert names["check"](record["commitment"])
        tiles, dice = names["wall"](record["commitment"]["seed"], **arguments)
        assert tiles == names["expand"](record["wall"])
        assert dice == [d for throw in record["dice"] for d in throw]
        record["commitment"]["salt"] = flip(record["commitment"]["salt"])
        assert not names["check"](record["commitment"])
