"""The ``match`` command: play a whole game between bots, with its money and table points.

``mahjongkit match --ruleset mcr --seed 7 --bots random --json`` prints the match record
as one JSON object: ``{"ruleset", "hands": [...], "final_scores": [4 ints],
"table_points": [4 numbers], ...}``; each hand holds its result, payments, penalties and
the engine's record of its tiles. Without ``--json`` it prints a scoresheet.
``mahjongkit match --verify FILE`` replays a saved match record and prints
``{"hands": n, "verified": bool, "mismatches": [...]}`` (exit code 1 on a mismatch).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from mahjongkit.botzone.external import bot_of
from mahjongkit.cli.app import HANDS, SEED, app, fail, seconds_option
from mahjongkit.cli.game import BOTS_HELP, bot_names
from mahjongkit.errors import InvalidDataError, MahjongError
from mahjongkit.game.match import Match, MatchRecord, verify
from mahjongkit.inputs import read_json
from mahjongkit.money.settlement import balances
from mahjongkit.money.table_points import as_number


def _describe(record: MatchRecord) -> list[str]:
    """The match as a scoresheet: one block per hand, then the totals."""
    lines = [
        f"{record.ruleset.name}, seed {record.seed}; seats E S W N: entrants "
        + " ".join(str(e) for e in record.seating)
        + f" ({', '.join(record.bots)}); start {record.rules.starting_points} each"
    ]
    for i, h in enumerate(record.hands, 1):
        money = h.money
        if money.void:
            what = "void (false win), replayed"
        elif money.wins:
            parts = []
            for w in money.wins:
                how = "self-drawn" if w.self_drawn else f"on {w.discarder}'s discard"
                rob = ", robbing the kong" if w.robbed_kong else ""
                parts.append(f"player {w.winner} wins {w.points} {how}{rob}")
            what = "; ".join(parts)
        else:
            what = "draw"
        lines.append(
            f"hand {i:>3} {h.deal.label()} dealer {h.deal.dealer}"
            + (f" (die {h.deal.dealer_streak})" if h.deal.dealer_streak else "")
            + f": {what}"
        )
        for p in money.penalties:
            lines.append(f"    penalty: player {p.offender} {p.reason} ({p.effect.value})")
        net = balances(money.payments)
        if any(net):
            lines.append(
                "    "
                + "  ".join(f"{p:+d}" for p in net[:4])
                + (f"  pot {money.pot.total}" if money.pot.total else "")
                + "   -> "
                + " ".join(str(s) for s in h.scores_after)
                + "   ("
                + ", ".join(dict.fromkeys(str(p.reason) for p in money.payments))
                + ")"
            )
    if record.closing:
        lines.append("pot returned: " + ", ".join(str(p) for p in record.closing))
    lines.append(f"ended by {record.ended_by} after {len(record.hands)} hands")
    lines.append("final scores: " + " ".join(str(s) for s in record.final_scores))
    lines.append("table points: " + " ".join(str(as_number(p)) for p in record.table_points))
    return lines


@app.command("match")
def match_command(
    ruleset: Annotated[str, typer.Option(help="Ruleset name or alias.")] = "mcr",
    seed: Annotated[
        int, typer.Option(help="Seed of the seating, walls and bots.", parser=SEED)
    ] = 0,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "random",
    max_hands: Annotated[
        int | None,
        typer.Option("--max-hands", help="Stop after this many hands.", parser=HANDS),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            help="Seconds; no hand starts after they run out.",
            parser=seconds_option("time_limit", 10**7),
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the record as JSON.")] = False,
    out: Annotated[Path | None, typer.Option(help="Also write the record (JSON) here.")] = None,
    verify_file: Annotated[
        Path | None, typer.Option("--verify", help="Replay a saved match record instead.")
    ] = None,
) -> None:
    """Play a whole game between four bots: every hand's result and payments, the final
    scores and the table points."""
    if verify_file is not None:
        _verify(verify_file)
        return
    try:
        record = Match(
            ruleset,
            seed,
            [bot_of(n) for n in bot_names(bots)],
            max_hands=max_hands,
            time_limit=time_limit,
        ).play()
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    data = record.to_json()
    if out is not None:
        out.write_text(json.dumps(data) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps(data))
        return
    print("\n".join(_describe(record)))


def _verify(path: Path) -> None:
    try:
        data: Any = read_json(path.read_bytes())
    except (OSError, InvalidDataError) as err:
        raise fail(f"{path}: {err}") from None
    if not isinstance(data, dict) or "hands" not in data:
        raise fail(f"{path}: not a match record")
    try:
        problems = verify(data)
    except (MahjongError, KeyError, TypeError, ValueError) as err:
        problems = [f"record cannot be replayed: {err}"]
    print(
        json.dumps({"hands": len(data["hands"]), "verified": not problems, "mismatches": problems})
    )
    if problems:
        raise typer.Exit(1)


__all__ = ["match_command"]
