"""Check that the compiled build plays and scores exactly as the Python source does.

Run with the Python of the source checkout and name the interpreter of the compiled
build (``make compiled`` makes one in ``.venv-compiled``)::

    python scripts/check_compiled.py .venv-compiled/bin/python [hands]

Both interpreters compute the same fingerprints, for every ruleset: self-play with four
line-ups (each hand's outcome with its full record, so every action counts), hands copied
part-way and played on, the scores of seeded random winning hands, and the environments'
planes and masks of random hands. The check fails if the other interpreter does not load
every module of ``setup.py``'s ``COMPILED`` list from a C extension (the check would then
prove nothing), if any hand ends in an engine error, or if any fingerprint differs.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

from mahjongkit.game.planes import (
    MatchView,
    SeatBlocks,
    mask_of,
    state_planes,
    write_mask,
    write_planes,
)
from mahjongkit.game.state import HandState
from mahjongkit.rules.ruleset import get_ruleset, ruleset_names
from mahjongkit.scoring import score
from mahjongkit.scoring.mcr.random_hands import random_win
from mahjongkit.scoring.taiwanese.generate import random_winning_hand
from mahjongkit.sim import simulate

ROOT = Path(__file__).resolve().parent.parent
LINEUPS = (
    ("random",) * 4,
    ("efficient",) * 4,
    ("scorer", "defender", "efficient", "random"),
    ("defender",) * 4,
)
SCORED = 2000
"""Random winning hands scored per ruleset."""


def compiled_modules() -> list[str]:
    """The module names of ``setup.py``'s ``COMPILED`` list."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            names = ast.literal_eval(node.value)
            return ["mahjongkit." + n.replace("/", ".") for n in names]
    raise SystemExit("setup.py has no COMPILED list")


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def fingerprints(hands: int) -> dict[str, str]:
    """Each case's fingerprint in this interpreter."""
    out: dict[str, str] = {}
    for ruleset in ruleset_names():
        for lineup in LINEUPS:
            run = simulate(ruleset, lineup, hands=hands, seed=11, keep_records=True)
            case = f"play {ruleset} {','.join(lineup)}"
            errors = [o.error for o in run.outcomes if o.kind == "error"]
            # An engine error ends a hand early in both builds alike: never a pass.
            out[case] = f"ERRORS {len(errors)}: {errors[0]}" if errors else _digest(run.outcomes)
        out[f"copy {ruleset}"] = _digest(copies(ruleset))
        out[f"planes {ruleset}"] = planes(ruleset)
        rng = random.Random(ruleset)
        make = random_win if get_ruleset(ruleset).scoring.family == "mcr" else random_winning_hand
        scores = [score(*make(rng), ruleset) for _ in range(SCORED)]
        out[f"score {ruleset}"] = _digest([(s.total, s.items, s.notes) for s in scores])
    return out


def copies(ruleset: str) -> list[object]:
    """Hands copied part-way and both played on by random moves: the histories."""
    rng = random.Random(7)
    out: list[object] = []
    for seed in range(20):
        state = HandState.new(ruleset, random.Random(seed))
        for _ in range(rng.randrange(60)):
            if not state.ended:
                _move(state, rng)
        other = state.copy()
        for one in (other, state):
            while not one.ended:
                _move(one, rng)
            out.append((one.history, one.result))
    return out


def planes(ruleset: str) -> str:
    """The environments' planes and masks at every decision of random hands (each
    table's seats' planes kept from one decision to the next, as the environments keep
    them), as one digest."""
    rng = random.Random(5)
    digest = hashlib.sha256()
    for seed in range(10):
        state = HandState.new(ruleset, random.Random(seed))
        blocks, read = SeatBlocks(), SeatBlocks()
        view = MatchView((8 * seed, -8 * seed, 3, -3), seed, 3, seed % 4)
        while not state.ended:
            seat = state.to_act()[0]
            obs = state.observation(seat)
            digest.update(write_planes(obs, view, blocks=blocks))
            digest.update(write_mask(obs))
            # As the environments read them: from the hand, without the Observation.
            digest.update(state_planes(state, seat, view, read))
            digest.update(mask_of(state.legal_actions(seat)))
            _move(state, rng)
    return digest.hexdigest()[:16]


def _move(state: HandState, rng: random.Random) -> None:
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])


def not_compiled() -> list[str]:
    """The modules of the ``COMPILED`` list that this interpreter loads from source."""
    return [
        name
        for name in compiled_modules()
        if str(importlib.import_module(name).__file__).endswith(".py")
    ]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--fingerprints"]:
        print(json.dumps({"source": not_compiled(), "cases": fingerprints(int(argv[1]))}))
        return 0
    if not argv:
        print(__doc__)
        return 2
    other, hands = argv[0], int(argv[1]) if len(argv) > 1 else 40
    done = subprocess.run(
        [other, __file__, "--fingerprints", str(hands)], capture_output=True, text=True
    )
    if done.returncode:
        print(done.stderr, file=sys.stderr)
        return 1
    theirs = json.loads(done.stdout)
    if theirs["source"]:
        print(f"{other} runs these modules from source: {', '.join(theirs['source'])}")
        return 1
    ours = fingerprints(hands)
    differ = [
        case
        for case in ours
        if theirs["cases"].get(case) != ours[case] or ours[case].startswith("ERRORS")
    ]
    for case in ours:
        print(f"{'DIFFERS' if case in differ else 'same   '}  {case}")
    print(
        f"{len(ours) - len(differ)} of {len(ours)} cases the same "
        f"({hands} hands a line-up, {SCORED} scored hands a ruleset)"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
