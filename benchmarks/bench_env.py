"""The environments' throughput beside their peers, in one run: hands and decisions per
CPU second, per core, four random agents, the observation planes and mask built at
every decision.

- ``env``: the PettingZoo AEC environment (`mahjongkit.env.aec_env`: ``last()`` at every
  decision, a random action under the mask: ``mask.nonzero()``, the indexes of a 1-D
  array, rather than ``np.flatnonzero``, which flattens first and costs a random agent
  about 1 µs more a decision, some 4% of a step), ``mcr`` and ``taiwanese-lrc``;
- ``sim``: the simulator's random self-play on the same engine without the environment
  (`mahjongkit.sim.simulate`): what the planes, masks and PettingZoo's bookkeeping cost;
- ``RLCard``: RLCard's ``mahjong`` environment (a simplified game without scoring) with
  four ``RandomAgent``s, whole games, where ``rlcard`` is installed (the ``bench`` extra),
  its state and legal actions built at every decision as ours are;
- ``VectorEnv`` decisions/s at 256 tables (`mahjongkit.env.VectorEnv`, random legal
  actions drawn with NumPy for the whole batch), MCR.

Each figure is the best of three passes (CPU time, so other load on the machine counts
less), the passes of ours and the peers' interleaved so a burst of load does not land
on one side only; ratios are ours over the peer's. The passes follow a warm-up of each
ruleset's tables (`warm.warm_tables`: what a training run of thousands of hands sees);
before it, the first pass of a fresh process is timed alone (MCR, the first row). The
first line names the build (``make bench`` runs this on the Python source and on the
compiled build).

Target: 400 MCR hands/s through the AEC environment on the compiled build.
Run: ``python benchmarks/bench_env.py [hands] [tables] [steps] [--markdown] [--json]``
(defaults 200, 256, 200); ``--markdown`` prints the table as the rows of docs/env.md's (a
comment line naming the build, the passes and the load average first); ``--json`` adds a
last line of figures for ``benchmarks/report.py``; `table` gives its lines (`Row`) to
another script.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

import mahjongkit.game.planes
import mahjongkit.shanten
from figures import Figures
from mahjongkit.env import VectorEnv, aec_env
from mahjongkit.sim import simulate
from warm import warm_tables

PASSES = 3


def timed(play: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds of one pass of ``play``, and the count it returns."""
    start = time.process_time()
    count = play()
    return time.process_time() - start, count


def env_pass(ruleset: str, hands: int, seed: int) -> Callable[[], int]:
    """A pass of ``hands`` hands through the AEC environment; it returns the decisions."""

    def play() -> int:
        env = aec_env(ruleset, seed=seed)
        rng = random.Random(seed)
        steps = 0
        for _ in range(hands):
            env.reset()
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
                steps += 1
        return steps

    return play


def sim_pass(ruleset: str, hands: int, seed: int) -> Callable[[], int]:
    """A pass of ``hands`` hands of the simulator's random self-play."""

    def play() -> int:
        simulate(ruleset, ["random"] * 4, hands=hands, seed=seed)
        return hands

    return play


def rlcard_pass(games: int, seed: int) -> Callable[[], int] | None:
    """A pass of ``games`` games of RLCard's mahjong with random agents (None without
    RLCard)."""
    try:
        import rlcard  # type: ignore[import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])

    def play() -> int:
        for _ in range(games):
            env.run(is_training=False)
        return games

    return play


def best_rates(
    plays: dict[str, Callable[[int], Callable[[], int] | None]], units: dict[str, int]
) -> dict[str, tuple[float, float]]:
    """Per name, the best pass's units per CPU second and counts per CPU second, the
    passes of every name interleaved (pass p of each, then pass p + 1)."""
    best: dict[str, tuple[float, int]] = {}
    for p in range(PASSES):
        for name, make in plays.items():
            play = make(p)
            if play is None:
                continue
            took, count = timed(play)
            if name not in best or took < best[name][0]:
                best[name] = (took, count)
    return {name: (units[name] / took, count / took) for name, (took, count) in best.items()}


def env_rate(ruleset: str, hands: int) -> tuple[float, float]:
    """Hands and decisions per CPU second through the AEC environment, best pass."""
    return best_rates({"env": lambda p: env_pass(ruleset, hands, p)}, {"env": hands})["env"]


def masked_random(masks: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[Any]:
    """One random legal action per row: the highest uniform score where the mask is 1."""
    scores = rng.random(masks.shape, dtype=np.float32)
    return np.argmax(np.where(masks == 1, scores, -1.0), axis=1)


def vector_pass(
    ruleset: str, tables: int, steps: int, seed: int, copy: bool = True
) -> Callable[[], int]:
    """A pass of ``steps`` steps of `VectorEnv` at ``tables`` tables; it returns the
    decisions taken (rows)."""

    def play() -> int:
        venv = VectorEnv(tables, ruleset, seed=seed * tables, copy=copy)
        rng = np.random.default_rng(seed)
        batch, _ = venv.reset()
        rows = 0
        for _ in range(steps):
            actions = masked_random(batch["action_mask"], rng)
            rows += len(actions)
            batch, _, _, _, _ = venv.step(actions)
        return rows

    return play


def vector_rate(ruleset: str, tables: int, steps: int, copy: bool = True) -> tuple[float, float]:
    """Decisions per CPU second through `VectorEnv` (best pass), and rows per step."""
    rates = best_rates(
        {"vector": lambda p: vector_pass(ruleset, tables, steps, p, copy)}, {"vector": steps}
    )
    steps_per_s, rows_per_s = rates["vector"]
    return rows_per_s, rows_per_s / steps_per_s


@dataclass(frozen=True)
class Row:
    """One line of the table: a ruleset's figures, measured in one run."""

    build: str
    ruleset: str
    env_hands: float
    env_decisions: float
    sim_hands: float
    rlcard_hands: float = 0.0
    """0 where RLCard was not measured (not installed, or another ruleset)."""
    vector_decisions: float = 0.0
    """0 where `VectorEnv` was not measured (only MCR is)."""

    def text(self) -> str:
        """The line as the plain table prints it."""
        peer = self.rlcard_hands
        peer_text = (
            f"{peer:>16.0f}{self.env_hands / peer:>11.1f}x" if peer else f"{'-':>16}{'-':>12}"
        )
        return (
            f"{self.ruleset:<15}{self.env_hands:>12.0f}{self.env_decisions:>13.0f}"
            f"{self.sim_hands:>13.0f}{self.env_hands / self.sim_hands:>8.2f}x{peer_text}"
        )

    def markdown(self) -> str:
        """The line as a row of docs/env.md's speed table."""
        peer = self.rlcard_hands
        cells = [
            self.build,
            f"`{self.ruleset}`",
            f"{self.env_hands:,.0f}",
            f"{self.env_decisions:,.0f}",
            f"{self.sim_hands:,.0f}",
            f"{self.env_hands / self.sim_hands:.2f}x",
            f"{peer:,.0f}" if peer else "-",
            f"{self.env_hands / peer:.1f}x" if peer else "-",
            f"{self.vector_decisions:,.0f}" if self.vector_decisions else "-",
        ]
        return "| " + " | ".join(cells) + " |"

    def add_to(self, figures: Figures) -> None:
        """The line's figures, for ``--json`` (`benchmarks/report.py`)."""
        measure = f"{self.ruleset}, AEC environment, 4 random agents"
        figures.add(measure, "hands/s", self.env_hands, "the simulator alone", self.sim_hands)
        if self.rlcard_hands:
            peer = "RLCard mahjong environment"
            figures.add(measure, "hands/s", self.env_hands, peer, self.rlcard_hands)
        figures.add(measure, "decisions/s", self.env_decisions)


def markdown_header(tables: int = 256) -> str:
    """The head of docs/env.md's speed table, whose rows `Row.markdown` writes."""
    return (
        "| build | ruleset | env hands/s | env decisions/s | simulator hands/s"
        " | env / simulator | RLCard hands/s | env / RLCard"
        f" | `VectorEnv` decisions/s, {tables} tables |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    )


def compare(ruleset: str, hands: int, games: int) -> Row:
    """One line of the table: the environment, the simulator and (``games`` > 0 and
    RLCard installed) RLCard's environment, interleaved, after a warm-up of the ruleset's
    tables (and a pass of RLCard's, untimed)."""
    warm_tables(ruleset)
    if games:
        rlcard = rlcard_pass(games, 10**6)
        if rlcard is not None:
            rlcard()
    plays: dict[str, Callable[[int], Callable[[], int] | None]] = {
        "env": lambda p: env_pass(ruleset, hands, p),
        "sim": lambda p: sim_pass(ruleset, hands, p),
    }
    if games:
        plays["rlcard"] = lambda p: rlcard_pass(games, p)
    rates = best_rates(plays, {"env": hands, "sim": hands, "rlcard": games})
    env_hands, env_decisions = rates["env"]
    return Row(
        build(short=True),
        ruleset,
        env_hands,
        env_decisions,
        rates["sim"][0],
        rates.get("rlcard", (0.0, 0.0))[0],
    )


def build(short: bool = False) -> str:
    """The build this interpreter runs: compiled (C extensions) or the Python source."""
    compiled = not str(mahjongkit.shanten.__file__).endswith(".py")
    if short:
        return "compiled" if compiled else "source"
    return "compiled by mypyc (setup.py)" if compiled else "Python source"


def fresh_rate(hands: int) -> float:
    """Hands per CPU second of the first MCR pass of this process (its tables empty): to
    be called before anything else plays."""
    took, _ = timed(env_pass("mcr", hands, 10**6 + 1))
    return hands / took


def table(hands: int = 200, tables: int = 256, steps: int = 200) -> list[Row]:
    """Every line of the table (MCR and Taiwanese LRC), `VectorEnv`'s figure on MCR's."""
    games = max(hands // 4, 20)  # RLCard plays about 30 times slower
    rows = [compare(r, hands, games if r == "mcr" else 0) for r in ("mcr", "taiwanese-lrc")]
    decisions, _ = vector_rate("mcr", tables, steps)
    rows[0] = replace(rows[0], vector_decisions=decisions)
    return rows


def main() -> None:
    figures = Figures.from_argv(__file__)
    args = [a for a in sys.argv[1:] if a != "--markdown"]
    markdown = len(args) < len(sys.argv) - 1
    hands = int(args[0]) if len(args) > 0 else 200
    tables = int(args[1]) if len(args) > 1 else 256
    steps = int(args[2]) if len(args) > 2 else 200
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    if markdown:
        print(f"<!-- {build()}; {hands} hands a pass, best of {PASSES}; load {load} -->")
        print(markdown_header(tables))
        for row in table(hands, tables, steps):
            print(row.markdown(), flush=True)
        return
    games = max(hands // 4, 20)
    print(f"build: {build()}; {hands} hands a pass (RLCard {games}), best of {PASSES}")
    print(f"load average: {load}; modules from {mahjongkit.game.planes.__file__}")
    print(
        f"{'ruleset':<15}{'env hands/s':>12}{'decisions/s':>13}{'sim hands/s':>13}"
        f"{'env/sim':>9}{'RLCard hands/s':>16}{'env/RLCard':>12}"
    )
    fresh_hands = fresh_rate(hands)
    print(f"mcr, a fresh process's first {hands} hands: {fresh_hands:.0f} hands/s, one pass")
    figures.add(
        f"mcr, AEC environment, 4 random agents, a fresh process's first {hands} hands",
        "hands/s",
        fresh_hands,
    )
    for ruleset in ("mcr", "taiwanese-lrc"):
        row = compare(ruleset, hands, games if ruleset == "mcr" else 0)
        print(row.text(), flush=True)
        row.add_to(figures)
    decisions, rows = vector_rate("mcr", tables, steps)
    print(f"VectorEnv, mcr, {tables} tables: {decisions:.0f} decisions/s ({rows:.0f} a step)")
    figures.add(f"mcr, VectorEnv, {tables} tables", "decisions/s", decisions)
    figures.emit()


if __name__ == "__main__":
    main()
