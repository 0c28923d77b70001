"""The hand-analysis commands: ``parse``, ``shanten``, ``waits`` and ``discard``.

Each takes a hand in the notation and ``--ruleset`` (default ``mcr``), prints a human
reading with tile glyphs, or JSON with ``--json``. Contracts other tools rely on:

- ``mahjongkit shanten --json HAND`` prints ``{"shanten": n, "forms": {"regular": n, ...}}``
  (form names are `Form` values; forms the hand cannot take, e.g. seven pairs beside a
  meld, are left out);
- ``mahjongkit waits --json HAND`` prints ``{"waits": ["1m", "E", ...]}`` in canonical
  notation and tile order, and ``"points": {"1m": {"discard": n, "self_drawn": n, ...}}``:
  what each wait scores under the ruleset (`mahjongkit.scoring.wait_values`).

Bad input exits with code 2 and a message on stderr.

This module is the commands' work, in the standard library and the core only: Typer
declares their arguments in `mahjongkit.cli.hand_commands`, and `mahjongkit.cli.quick`
answers plain ``waits`` without loading Typer; both call the functions here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from mahjongkit.cli.text import fail, styled, table
from mahjongkit.errors import MahjongError
from mahjongkit.hand import Hand, parse_hand
from mahjongkit.notation import format_glyphs, format_tiles, parse_tiles
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score, Situation
from mahjongkit.scoring.wait_values import to_json as wait_values_json
from mahjongkit.scoring.wait_values import wait_values
from mahjongkit.shanten import discards, shanten_by_form, unseen_count, waits
from mahjongkit.tiles import NAMES, NUM_KINDS, Tile, tiles_to_counts

T = TypeVar("T")


def _guarded(work: Callable[[], T]) -> T:
    """Run ``work``; any mahjongkit or value error becomes a message and exit code 2."""
    try:
        return work()
    except (MahjongError, ValueError, KeyError) as err:
        raise fail(str(err)) from None


def _load(text: str, ruleset_name: str) -> tuple[Hand, Ruleset]:
    def work() -> tuple[Hand, Ruleset]:
        ruleset = get_ruleset(ruleset_name)
        return parse_hand(text, size=ruleset.hand_size), ruleset

    return _guarded(work)


def _tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return f"{format_glyphs(tiles)}  {format_tiles(tiles)}" if tiles else "none"


def _emit(data: dict[str, Any]) -> None:
    print(json.dumps(data, ensure_ascii=False))


def _describe_shanten(value: int) -> str:
    if value == -1:
        return "complete"
    if value == 0:
        return "ready (0 shanten)"
    return f"{value} shanten"


def parse_command(hand: str, ruleset: str = "mcr", as_json: bool = False) -> None:
    """Check a hand's notation and show it in canonical form and as glyphs."""
    parsed, rules = _load(hand, ruleset)
    if as_json:
        _emit(
            {
                "hand": str(parsed),
                "ruleset": rules.name,
                "size": parsed.size,
                "concealed": [NAMES[t] for t in parsed.concealed_tiles()],
                "melds": [str(m) for m in parsed.melds],
                "flowers": [NAMES[f] for f in parsed.flowers],
                "last_tile": None if parsed.winning_tile is None else NAMES[parsed.winning_tile],
            }
        )
        return
    print(f"{styled(str(parsed), 'bold')}  ({rules.name}, {parsed.size}-tile hand)")
    print(parsed.glyphs())
    if parsed.melds:
        print("melds: " + "  ".join(str(m) for m in parsed.melds))
    if parsed.flowers:
        print("flowers: " + _tiles(parsed.flowers))
    if parsed.winning_tile is not None:
        print("last tile: " + _tiles([parsed.winning_tile]))


def shanten_command(hand: str, ruleset: str = "mcr", as_json: bool = False) -> None:
    """How many tiles the hand is from ready, overall and in each hand form."""
    parsed, rules = _load(hand, ruleset)
    forms = _guarded(lambda: shanten_by_form(parsed, rules=rules))
    overall = min(forms.values())
    if as_json:
        _emit({"shanten": overall, "forms": {f.value: n for f, n in forms.items()}})
        return
    print(f"{parsed.glyphs()}  {styled(str(parsed), 'bold')}")
    print(f"{styled(_describe_shanten(overall), 'bold')} under {rules.name}")
    rows = [[form.value, str(value)] for form, value in forms.items()]
    best = [_BEST if value == overall else () for value in forms.values()]
    print("\n".join(table(["form", "shanten"], rows, right={1}, row_styles=best)))


@dataclass(frozen=True, slots=True)
class WaitInfo:
    """One wait of a ready hand: the tile and how many copies are not in the hand."""

    tile: Tile
    unseen: int

    def as_json(self) -> str:
        """The wait in the ``waits --json`` contract: the tile in canonical notation."""
        return NAMES[self.tile]


def wait_infos(hand: Hand, rules: Ruleset) -> list[WaitInfo]:
    """The waits of a ready hand with what the table shows about each."""
    held = hand.all_counts()
    return [WaitInfo(t, unseen_count([t], held)) for t in waits(hand, rules=rules)]


def waits_command(
    hand: str, ruleset: str = "mcr", as_json: bool = False, seat: str = "E", prevalent: str = "E"
) -> None:
    """The tiles that complete a ready hand (kinds it holds all four of left out), and the
    points each is worth won on a discard and self-drawn."""
    parsed, rules = _load(hand, ruleset)
    infos = _guarded(lambda: wait_infos(parsed, rules))
    situation = _guarded(
        lambda: Situation.from_dict({"seat_wind": seat, "prevalent_wind": prevalent})
    )
    values = _guarded(lambda: wait_values(parsed, situation, rules))
    if as_json:
        _emit({"waits": [w.as_json() for w in infos], "points": wait_values_json(values)})
        return
    print(f"{parsed.glyphs()}  {styled(str(parsed), 'bold')}")
    if not infos:
        value = min(_guarded(lambda: shanten_by_form(parsed, rules=rules)).values())
        print(f"no waits: the hand is {_describe_shanten(value)}")
        return
    print(f"waits on {_tiles([w.tile for w in infos])}")
    points = {v.tile: v for v in values}
    rows = []
    for w in infos:
        v = points.get(w.tile)
        rows.append(
            [
                NAMES[w.tile],
                format_glyphs([w.tile]),
                str(w.unseen),
                _points(v.discard) if v else "",
                _points(v.self_drawn) if v else "",
            ]
        )
    header = ["wait", "tile", "copies not in hand", "on a discard", "self-drawn"]
    print("\n".join(table(header, rows, right={2, 3, 4})))
    print(f"points under {rules.name} (seat {seat}, prevalent {prevalent}); * below the minimum")


_BEST = ("bold", "green")
"""The style of the best rows (the hand's forms at its shanten, the best discards)."""


def _points(result: Score) -> str:
    if not result.is_win:
        return "no win"
    return f"{result.total}" + ("" if result.qualifies else "*")


def _visible_counts(text: str) -> tuple[int, ...]:
    tiles = parse_tiles(text)
    if any(t >= NUM_KINDS for t in tiles):
        raise ValueError(f"a flower is not a visible playing tile in {text!r}")
    return tiles_to_counts(tiles)


def discard_command(
    hand: str, ruleset: str = "mcr", as_json: bool = False, visible: str = ""
) -> None:
    """Every discard of a hand with one tile too many: shanten after it and useful tiles."""
    parsed, rules = _load(hand, ruleset)
    seen = _guarded(lambda: _visible_counts(visible))
    options = _guarded(lambda: discards(parsed, rules=rules, visible=seen))
    if as_json:
        _emit(
            {
                "discards": [
                    {
                        "tile": NAMES[o.tile],
                        "shanten": o.shanten,
                        "useful": [NAMES[t] for t in o.useful],
                        "useful_count": o.useful_count,
                    }
                    for o in options
                ]
            }
        )
        return
    print(f"{parsed.glyphs()}  {styled(str(parsed), 'bold')}")
    best = options[0].shanten if options else 0
    rows = [
        [
            NAMES[o.tile],
            format_glyphs([o.tile]),
            str(o.shanten),
            _tiles(o.useful),
            str(o.useful_count),
        ]
        for o in options
    ]
    styles = [_BEST if o.shanten == best else () for o in options]
    header = ["discard", "", "shanten after", "useful tiles", "unseen"]
    print("\n".join(table(header, rows, right={2, 4}, row_styles=styles)))


__all__ = ["WaitInfo", "wait_infos"]
