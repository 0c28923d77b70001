"""The Typer declarations of the commands that answer about one hand at once: ``parse``,
``shanten``, ``waits``, ``discard`` and ``score``: their arguments, options and help.

Their work is in `mahjongkit.cli.analysis` and `mahjongkit.cli.score`, which import no
Typer, each imported when its command runs: `mahjongkit.cli.quick` calls the same
functions for the plain forms of ``score`` and ``waits`` without loading Typer (about
60 ms of their start), and must read the same options as declared here (a test compares
the two).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mahjongkit.cli.app import app

HandArg = Annotated[str, typer.Argument(help="A hand in notation, e.g. '[123m2]45p66p789s1sEE'.")]
RulesetOpt = Annotated[
    str, typer.Option("--ruleset", "-r", help="Ruleset name or alias (mcr, taiwanese-lrc, ...).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
SeatOpt = Annotated[str, typer.Option("--seat", help="Seat wind for the points: E S W N.")]
PrevalentOpt = Annotated[str, typer.Option("--prevalent", help="Prevalent wind for the points.")]
VisibleOpt = Annotated[
    str,
    typer.Option("--visible", help="Tiles seen elsewhere (discards, other melds), e.g. '19mEE'."),
]


@app.command("parse")
def parse(hand: HandArg, ruleset: RulesetOpt = "mcr", as_json: JsonOpt = False) -> None:
    """Check a hand's notation and show it in canonical form and as glyphs."""
    from mahjongkit.cli.analysis import parse_command

    parse_command(hand, ruleset, as_json)


@app.command("shanten")
def shanten(hand: HandArg, ruleset: RulesetOpt = "mcr", as_json: JsonOpt = False) -> None:
    """How many tiles the hand is from ready, overall and in each hand form."""
    from mahjongkit.cli.analysis import shanten_command

    shanten_command(hand, ruleset, as_json)


@app.command("waits")
def waits(
    hand: HandArg,
    ruleset: RulesetOpt = "mcr",
    as_json: JsonOpt = False,
    seat: SeatOpt = "E",
    prevalent: PrevalentOpt = "E",
) -> None:
    """The tiles that complete a ready hand (kinds it holds all four of left out), and the
    points each is worth won on a discard and self-drawn."""
    from mahjongkit.cli.analysis import waits_command

    waits_command(hand, ruleset, as_json, seat, prevalent)


@app.command("discard")
def discard(
    hand: HandArg,
    ruleset: RulesetOpt = "mcr",
    as_json: JsonOpt = False,
    visible: VisibleOpt = "",
) -> None:
    """Every discard of a hand with one tile too many: shanten after it and useful tiles."""
    from mahjongkit.cli.analysis import discard_command

    discard_command(hand, ruleset, as_json, visible)


@app.command("score")
def score(
    hand: Annotated[
        str | None,
        typer.Argument(help="The complete hand in notation; its last tile is the winning tile."),
    ] = None,
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help="Ruleset name (default mcr).")
    ] = None,
    rules: Annotated[
        Path | None, typer.Option("--rules", help="A house-rules TOML file to score by.")
    ] = None,
    self_drawn: Annotated[
        bool, typer.Option("--self-drawn", help="Won on a tile from the wall.")
    ] = False,
    kong_replacement: Annotated[
        bool, typer.Option("--kong-replacement", help="Won on the replacement tile after a kong.")
    ] = False,
    robbing_kong: Annotated[
        bool, typer.Option("--robbing-kong", help="Won by robbing a kong.")
    ] = False,
    last_of_kind: Annotated[
        bool, typer.Option("--last-of-kind", help="The winning tile is the last of its kind.")
    ] = False,
    last_wall_tile: Annotated[
        bool,
        typer.Option("--last-wall-tile", help="Won on the last tile of the wall (drawn or not)."),
    ] = False,
    seat: Annotated[
        str | None, typer.Option("--seat", help="Seat wind: E S W N (default E).")
    ] = None,
    prevalent: Annotated[
        str | None, typer.Option("--prevalent", help="Prevalent wind (default E).")
    ] = None,
    flowers: Annotated[
        str | None, typer.Option("--flowers", help="Flowers: a count (2) or the tiles (1f6f).")
    ] = None,
    flower_replacement: Annotated[
        bool,
        typer.Option("--flower-replacement", help="Taiwanese: won on a flower replacement tile."),
    ] = False,
    dealer: Annotated[
        bool,
        typer.Option(
            "--dealer",
            help="Taiwanese: the winner is the dealer, who sits East (so --seat E, the "
            "default, says as much).",
        ),
    ] = False,
    discarder_is_dealer: Annotated[
        bool,
        typer.Option(
            "--discarder-is-dealer",
            help="Taiwanese: the dealer (East) discarded the winning tile; give the "
            "winner's --seat (S, W or N).",
        ),
    ] = False,
    ting: Annotated[
        bool, typer.Option("--ting", help="Taiwanese: the winner called ting.")
    ] = False,
    heavenly: Annotated[bool, typer.Option("--heavenly", help="Taiwanese: heavenly hand.")] = False,
    earthly: Annotated[bool, typer.Option("--earthly", help="Taiwanese: earthly hand.")] = False,
    tiles_on_table: Annotated[
        str | None,
        typer.Option(
            "--tiles-on-table",
            help="Taiwanese: discarded and declared tiles on the table at the win.",
        ),
    ] = None,
    dealer_streak: Annotated[
        str | None,
        typer.Option("--dealer-streak", help="Taiwanese: the dealer's consecutive wins."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the score as one JSON object.")
    ] = False,
    jsonl: Annotated[
        bool,
        typer.Option("--jsonl", help="Score JSON Lines cases from stdin, one answer per line."),
    ] = False,
) -> None:
    """Score a winning hand and explain every fan, or score a JSON Lines batch."""
    from mahjongkit.cli.score import score_command

    score_command(
        hand=hand,
        ruleset=ruleset,
        rules=rules,
        self_drawn=self_drawn,
        kong_replacement=kong_replacement,
        robbing_kong=robbing_kong,
        last_of_kind=last_of_kind,
        last_wall_tile=last_wall_tile,
        seat=seat,
        prevalent=prevalent,
        flowers=flowers,
        flower_replacement=flower_replacement,
        dealer=dealer,
        discarder_is_dealer=discarder_is_dealer,
        ting=ting,
        heavenly=heavenly,
        earthly=earthly,
        tiles_on_table=tiles_on_table,
        dealer_streak=dealer_streak,
        as_json=as_json,
        jsonl=jsonl,
    )
