"""The ``play`` command: a match against three bots in the terminal.

``mahjongkit play --ruleset mcr`` deals you the East seat's first hand; each time you must
decide it shows the table (tile glyphs and notation), numbers your legal actions and
reads a line: a number, an action in notation (``discard 5m``, ``pung``, ``win``), a tile
alone to discard it, or ``q`` to stop. At a win it prints the scoring breakdown, at the
end the scores and table points.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from mahjongkit.bots import BOTS
from mahjongkit.cli.app import HANDS, SEED, app, fail
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.inputs import whole_number
from mahjongkit.tiles import parse_tile, tile_glyph


def _tiles(names: list[str], glyphs: bool) -> str:
    if not names:
        return "-"
    if not glyphs:
        return " ".join(names)
    return " ".join(f"{tile_glyph(parse_tile(n))}{n}" for n in names)


def render(view: dict[str, Any], glyphs: bool = True) -> str:
    """The table as one player sees it, in lines of text."""
    lines = [
        f"== {view['ruleset_title']} - hand {view['hand_number']} ({view['round']}), "
        f"prevalent wind {view['prevalent_wind']}, wall {view['wall_live']}"
    ]
    for p, info in enumerate(view["players"]):
        mark = "*" if info["dealer"] else " "
        you = " (you)" if p == view["player"] else ""
        hidden = f" +{info['hidden_kongs']} concealed kong" if info["hidden_kongs"] else ""
        lines.append(
            f"{mark}{info['wind']} {info['name']}{you}: {info['score']} points, "
            f"{info['hand_size']} tiles; melds {' '.join(info['melds']) or '-'}{hidden}; "
            f"flowers {_tiles(info['flowers'], glyphs)}"
        )
        if view.get("pond") is None:
            lines.append(f"    discards: {_tiles([d[0] for d in info['discards']], glyphs)}")
    if view.get("pond") is not None:
        # Discards in the centre (seed 003 line 45): one mixed group, the last one named.
        last = ""
        if view["last_discard"] and view["last_discarder"] is not None:
            who = view["players"][view["last_discarder"]]["name"]
            last = f"; last {who} {_tiles([view['last_discard']], glyphs)}"
        lines.append(f"centre: {_tiles(view['pond'], glyphs)}{last}")
    you = view["you"]
    hand = _tiles(you["concealed"], glyphs)
    drawn = f"  + drew {_tiles([you['last_tile']], glyphs)}" if you["last_tile"] else ""
    lines.append(f"your hand: {hand}{drawn}")
    if view["claim_tile"]:
        giver = view["players"][view["claim_giver"]]["name"]
        lines.append(f"{giver} gives {_tiles([view['claim_tile']], glyphs)}")
    return "\n".join(lines)


def render_result(result: dict[str, Any], names: list[str]) -> str:
    """A finished hand: the winners' breakdowns and the money."""
    lines = [f"-- hand {result['hand_number']} ({result['round']}): {result['kind']}"]
    for win in result["wins"]:
        how = (
            "self-drawn"
            if result["discarder"] is None
            else f"on {names[result['discarder']]}'s discard"
        )
        lines.append(f"{names[win['player']]} wins {how}: {win['hand']}")
        for item in win["items"]:
            times = f" x{item['count']}" if item["count"] > 1 else ""
            why = f"  ({' '.join(item['sources'])})" if item["sources"] else ""
            lines.append(f"   {item['name']} {item['chinese']} {item['points']}{times}{why}")
        lines.append(f"   total {win['total']}")
    net = ", ".join(f"{names[p]} {n:+d}" for p, n in enumerate(result["net"]))
    lines.append(f"money: {net}")
    return "\n".join(lines)


def read_action(text: str, legal: list[str]) -> str:
    """The legal action a typed line means: its number, its notation, or a tile to discard.

    >>> read_action("2", ["discard 1m", "discard 5p"]), read_action("5p", ["discard 5p"])
    ('discard 5p', 'discard 5p')
    >>> read_action("²", ["discard 1m", "discard 5p"])
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNumberError: choice must be written in the digits 0-9, not '²'
    """
    text = text.strip()
    if text.isdigit():  # any script's digits: "²" and "٣" are refused by name, not read
        return legal[whole_number(text, "choice", 1, len(legal)) - 1]
    for candidate in (text, f"discard {text}"):
        try:
            action = str(Action.parse(candidate))
        except MahjongError:
            continue
        if action in legal:
            return action
    raise ValueError(f"{text!r} is not one of your actions")


@app.command("play")
def play_command(
    ruleset: Annotated[str, typer.Option(help="Ruleset name or alias.")] = "mcr",
    seed: Annotated[int, typer.Option(help="Seed of the match.", parser=SEED)] = 0,
    bots: Annotated[str, typer.Option(help="The bots' kind: " + ", ".join(sorted(BOTS)))] = (
        "random"
    ),
    hands: Annotated[
        int | None, typer.Option(help="Stop after this many hands.", parser=HANDS)
    ] = None,
    glyphs: Annotated[bool, typer.Option(help="Show tile glyphs beside the notation.")] = True,
) -> None:
    """Play a match against three bots in the terminal."""
    from mahjongkit.web.table import HUMAN, TableConfig, TableGame, default_names

    seats = (HUMAN, bots, bots, bots)
    try:
        # Names that stay with the player: a wind would sit at another wind after a hand.
        config = TableConfig(ruleset, seed, seats, default_names(seats, ["You"]), hands)
        game = TableGame(config)
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    names = list(config.names)
    shown = 0
    while True:
        if len(game.hands) > shown:
            shown = len(game.hands)
            result = game.view(0)["last_hand"]
            print(render_result(result, names))
        if game.over:
            view = game.view(0)
            final = view["final"]
            points = final["table_points"]  # None where the ruleset has none (Taiwanese)
            for p in range(4):
                line = f"{names[p]}: {final['scores'][p]} points"
                print(line if points is None else f"{line}, {points[p]} table")
            if points is None:
                print("no table points: the highest score wins the game")
            return
        if game.between_hands:
            if _line("press Enter for the next hand (q to stop) ") == "q":
                return
            game.next_hand()
            continue
        view = game.view(0)
        print(render(view, glyphs))
        legal = view["you"]["legal_actions"]
        print("  ".join(f"{i}:{a}" for i, a in enumerate(legal, 1)))
        while True:
            text = _line("> ")
            if text == "q":
                return
            try:
                game.act(0, read_action(text, legal))
                break
            except (ValueError, MahjongError) as err:
                print(f"  {err}")


def _line(prompt: str) -> str:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:  # end of input: stop as if asked to
        return "q"
    return line.strip()


__all__ = ["play_command", "read_action", "render", "render_result"]
