"""The paired duplicate measurement: a tier's points at its seats minus a control table's."""

from __future__ import annotations

from mahjongkit.sim import mean_interval, paired_gains, simulate


def _gain(ruleset: str, upper: str, lower: str, walls: int, seed: int) -> list[float]:
    run = simulate(ruleset, (upper, lower, lower, lower), hands=walls, seed=seed, duplicate=True)
    control = simulate(ruleset, (lower,) * 4, hands=walls, seed=seed)
    return paired_gains(run.outcomes, control.outcomes)


def test_a_tier_that_plays_as_the_bot_below_gains_exactly_nothing() -> None:
    # The same bot under the tier's place: every hand is the control table's hand.
    for ruleset in ("mcr", "taiwanese-lrc"):
        gains = _gain(ruleset, "defender", "defender", 3, 11)
        assert len(gains) == 3
        assert mean_interval(gains) == (0.0, 0.0, 0.0)


def test_a_clearly_stronger_tier_gains() -> None:
    gains = _gain("mcr", "efficient", "random", 6, 12)
    mean, low, _ = mean_interval(gains)
    assert mean > 0 and low > 0


def test_walls_the_control_table_did_not_play_are_left_out() -> None:
    run = simulate(
        "mcr", ("efficient", "random", "random", "random"), hands=3, seed=4, duplicate=True
    )
    control = simulate("mcr", ("random",) * 4, hands=2, seed=4)
    assert len(paired_gains(run.outcomes, control.outcomes)) == 2


def test_the_searcher_plays_a_wall_the_same_twice() -> None:
    # Its samples come from each decision's key: the paired measurement relies on it.
    first = simulate("mcr", ("searcher", "defender", "defender", "defender"), hands=1, seed=3)
    again = simulate("mcr", ("searcher", "defender", "defender", "defender"), hands=1, seed=3)
    assert first.outcomes == again.outcomes


def test_on_zero_sum_walls_the_paired_gain_is_three_quarters_of_the_duplicate_estimate() -> None:
    # Over a wall's four rotations the control table's seats sum to the money that left
    # the table: nothing, in MCR, so the control table cancels no more luck than duplicate.
    run = simulate(
        "mcr", ("scorer", "efficient", "efficient", "efficient"), hands=4, seed=8, duplicate=True
    )
    control = simulate("mcr", ("efficient",) * 4, hands=4, seed=8)
    gains = paired_gains(run.outcomes, control.outcomes)
    for wall, gain in enumerate(gains):
        hands = [o for o in run.outcomes if o.wall == wall]
        assert all(sum(o.points) == 0 for o in hands)
        duplicate = 0.0
        for o in hands:
            seat = o.entrant.index(0)
            duplicate += o.points[seat] - sum(o.points[s] for s in range(4) if s != seat) / 3
        assert abs(gain - 0.75 * duplicate / 4) < 1e-9
