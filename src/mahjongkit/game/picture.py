"""A picture of the table, as compact text or as SVG: what a reader sees of a hand.

A `TablePicture` is made from observations (`mahjongkit.game.observation`): one seat's
shows that seat's own tiles and the others' backs, several seats' together show each of
their hands, and all four show the whole table (`hand_picture`, which `HandState`
prints and draws itself with). Anything that shows a table (a match, a reviewer, a
spectator) makes its picture the same way, so a picture never shows more than the
observations it was made from. A match adds its own ``title`` and the players' names.

Thirty decisions into a hand, West's 2m is being answered; North may claim it (``>``).
Claimed discards are in parentheses, the meld's digit tells where its tile came from:

>>> import random
>>> from mahjongkit.bots import RandomBot
>>> from mahjongkit.game.match_state import hand_decision
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(5))
>>> bot = RandomBot()
>>> while len(state.history) < 30 or state.phase.value != "claim":
...     seat = state.to_act()[0]
...     action = bot.act(state.observation(seat), hand_decision(state, seat, seed=5))
...     _ = state.apply(seat, action)
>>> print(state)
mcr · prevalent wind E · wall 62 live · 2m from W: N to answer
  E  129m1279p9sEEENF
     discards P W 6m 4p W 9m 7s
  S  255m55689p24sSSP  flowers 4f
     discards 1p 6p 5s 1m C N 5s
  W  [888m3] 3467m7p3378sN  flowers 3f
     discards (5m) W 6p 2s F 4p 9s 2m
> N  [567m1] 234m233p367sC  flowers 2f
     discards F (8m) 6s S 4s 6p 4p

West sees its own tiles only, and not who else may claim:

>>> print(table_text(picture_of(state.observation(2))))
mcr · prevalent wind E · wall 62 live · 2m from W: others to answer
  E  ?????????????
     discards P W 6m 4p W 9m 7s
  S  ?????????????  flowers 4f
     discards 1p 6p 5s 1m C N 5s
  W  [888m3] 3467m7p3378sN  flowers 3f
     discards (5m) W 6p 2s F 4p 9s 2m
  N  [567m1] ??????????  flowers 2f
     discards F (8m) 6s S 4s 6p 4p
>>> svg = state._repr_svg_()
>>> svg.startswith("<svg"), svg.count('data-tile="back"'), svg.count("<g data-tile")
(True, 0, 84)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mahjongkit.game.observation import Observation, observation
from mahjongkit.hand import Meld
from mahjongkit.notation import format_tiles
from mahjongkit.svg import BACK, TILE_HEIGHT, TILE_WIDTH, svg_document, text_element, tile_row
from mahjongkit.tiles import NAMES, NUM_KINDS, Tile

if TYPE_CHECKING:
    from mahjongkit.game.state import HandResult, HandState

WINDS = "ESWN"


@dataclass(frozen=True)
class SeatPicture:
    """One seat as the picture shows it."""

    seat: int
    """0 East (the dealer) .. 3 North."""
    concealed: tuple[Tile, ...] | None
    """The concealed tiles, sorted, the drawn tile left out; None where they are hidden."""
    drawn: Tile
    """The tile just drawn, shown apart (-1 when there is none, or it is hidden)."""
    hand_size: int
    """How many concealed tiles the seat holds (the drawn one included)."""
    melds: tuple[Meld, ...]
    """Declared sets, the seat's concealed kongs among them where they may be seen..."""
    hidden_kongs: int
    """...and the concealed kongs whose tile is hidden, drawn face down."""
    flowers: tuple[Tile, ...]
    discards: tuple[tuple[Tile, bool], ...]
    """In order, each with True where it was claimed (empty at a centre table)."""
    ting: bool = False
    forfeited: bool = False
    name: str = ""
    """Who sits here, where a match names its players."""

    @property
    def wind(self) -> str:
        """The seat's wind: E S W N."""
        return WINDS[self.seat]


@dataclass(frozen=True)
class TablePicture:
    """The table: the hand's standing, and each seat (see `SeatPicture`)."""

    ruleset: str
    prevalent_wind: Tile
    phase: str
    """``turn``, ``claim``, ``rob`` or ``ended`` (`mahjongkit.game.state.Phase`)."""
    turn: int
    to_act: tuple[int, ...]
    """The seats that must decide, as far as the observations tell."""
    seats: tuple[SeatPicture, ...]
    wall_live: int
    claim_tile: Tile = -1
    """The discard (or promoted kong's tile) being answered, and..."""
    claim_giver: int = -1
    """...who gave it."""
    pond: tuple[int, ...] = ()
    """At a centre table, the unclaimed discards as 34 counts (empty with rows)."""
    last_discard: Tile = -1
    last_discarder: int = -1
    dealer_streak: int = 0
    result: str = ""
    """How the hand ended, in words (empty while it is in play)."""
    title: str = ""
    """A heading above the table (a match writes the hand's number and round)."""


def picture_of(seen: Observation | Sequence[Observation], *, result: str = "") -> TablePicture:
    """The table as one or more seats see it: every seat's public side, and the concealed
    tiles (and concealed kongs) of each seat whose observation is given. All of them must
    be taken at the same moment of the same hand."""
    views = [seen] if isinstance(seen, Observation) else list(seen)
    if not views:
        raise ValueError("a picture needs at least one observation")
    first = views[0]
    own = {v.seat: v for v in views if 0 <= v.seat < 4}
    seats = []
    for s in range(4):
        v = own.get(s)
        if v is None:
            concealed: tuple[Tile, ...] | None = None
            drawn, melds, hidden = -1, first.melds[s], first.hidden_kongs[s]
        else:
            counts = list(v.concealed)
            drawn = v.last_tile
            if drawn >= 0:
                counts[drawn] -= 1
            concealed = tuple(t for t in range(NUM_KINDS) for _ in range(counts[t]))
            melds, hidden = v.melds[s], v.hidden_kongs[s]
        seats.append(
            SeatPicture(
                seat=s,
                concealed=concealed,
                drawn=drawn,
                hand_size=first.hand_sizes[s],
                melds=melds,
                hidden_kongs=hidden,
                flowers=first.flowers[s],
                discards=first.discards[s],
                ting=first.ting[s],
                forfeited=first.forfeited[s],
            )
        )
    if first.phase == "turn":
        to_act = first.to_act
    else:
        to_act = tuple(sorted({s for v in views for s in v.to_act}))
    return TablePicture(
        ruleset=first.ruleset,
        prevalent_wind=first.prevalent_wind,
        phase=first.phase,
        turn=first.turn,
        to_act=to_act,
        seats=tuple(seats),
        wall_live=first.wall_live,
        claim_tile=first.claim_tile,
        claim_giver=first.claim_giver,
        pond=first.pond,
        last_discard=first.last_discard,
        last_discarder=first.last_discarder,
        dealer_streak=first.dealer_streak,
        result=result,
    )


def hand_picture(state: HandState) -> TablePicture:
    """The whole table of a hand: every seat's tiles shown; once it is won, each winner's
    hand as scored, the winning tile apart, and how it ended."""
    result = state.result
    picture = picture_of(
        [observation(state, s) for s in range(4)],
        result=result_text(result) if result is not None else "",
    )
    if result is None or result.kind != "win":
        return picture
    seats = list(picture.seats)
    for winner, score in zip(result.winners, result.scores, strict=True):
        won_on = score.hand.winning_tile
        if won_on is None:  # a scored win always names it; nothing to set apart otherwise
            continue
        tiles = score.hand.concealed_tiles()
        tiles.remove(won_on)
        seats[winner] = replace(
            seats[winner], concealed=tuple(sorted(tiles)), drawn=won_on, hand_size=len(tiles) + 1
        )
    return replace(picture, seats=tuple(seats))


def named(picture: TablePicture, names: Sequence[str], title: str = "") -> TablePicture:
    """The picture with the players' names by seat and a heading (as a match shows it).

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> p = named(hand_picture(HandState.new("mcr", random.Random(1))), "ABCD", "hand 1")
    >>> print(table_text(p).splitlines()[:2])
    ['hand 1', 'mcr · prevalent wind E · wall 88 live · E to play']
    """
    seats = tuple(replace(s, name=n) for s, n in zip(picture.seats, names, strict=True))
    return replace(picture, seats=seats, title=title)


def result_text(result: HandResult) -> str:
    """How a hand ended, in a line: who won how many points, on what tile from whom.

    >>> from mahjongkit.game.state import HandResult
    >>> result_text(HandResult("draw", reason="the wall is exhausted"))
    'draw: the wall is exhausted'
    """
    if result.kind != "win":
        return f"{result.kind}: {result.reason}" if result.reason else result.kind
    tile = NAMES[result.winning_tile]
    wins = ", ".join(
        f"{WINDS[w]} wins {s.total}" for w, s in zip(result.winners, result.scores, strict=True)
    )
    if result.discarder is None:
        return f"{wins} self-drawn on {tile}"
    if result.robbed_kong:
        return f"{wins} robbing {WINDS[result.discarder]}'s kong of {tile}"
    return f"{wins} on {WINDS[result.discarder]}'s discard {tile}"


def _status(p: TablePicture) -> str:
    """The header's last part: whose decision the table waits for, or how it ended."""
    if p.phase == "ended":
        return p.result or "ended"
    if p.phase == "turn":
        return f"{WINDS[p.turn]} to play"
    what = f"{NAMES[p.claim_tile]} from {WINDS[p.claim_giver]}"
    if p.phase == "rob":
        what = f"{WINDS[p.claim_giver]} adds {NAMES[p.claim_tile]} to a kong"
    asked = " ".join(WINDS[s] for s in p.to_act)
    return f"{what}: {asked or 'others'} to answer"


def _header(p: TablePicture) -> str:
    parts = [p.ruleset, f"prevalent wind {NAMES[p.prevalent_wind]}"]
    if p.dealer_streak:
        parts.append(f"dealer streak {p.dealer_streak}")
    parts += [f"wall {p.wall_live} live", _status(p)]
    return " · ".join(parts)


def _concealed_text(seat: SeatPicture) -> str:
    hidden_kongs = " ".join(["[????]"] * seat.hidden_kongs)
    melds = " ".join([*(str(m) for m in seat.melds), *([hidden_kongs] if hidden_kongs else [])])
    if seat.concealed is None:
        hand = "?" * seat.hand_size
    else:
        hand = format_tiles(seat.concealed)
        if seat.drawn >= 0:
            hand += f" +{NAMES[seat.drawn]}"
    return f"{melds} {hand}" if melds else hand


def _seat_line(p: TablePicture, seat: SeatPicture) -> str:
    mark = ">" if seat.seat in p.to_act else " "
    parts = [f"{mark} {seat.wind}" + (f" {seat.name}" if seat.name else ""), _concealed_text(seat)]
    if seat.flowers:
        parts.append(f"flowers {' '.join(NAMES[f] for f in seat.flowers)}")
    if seat.ting:
        parts.append("ting")
    if seat.forfeited:
        parts.append("may not win")
    return "  ".join(parts)


def _discards_text(discards: tuple[tuple[Tile, bool], ...]) -> str:
    """Discards in order, a claimed one in parentheses: ``9p (5s) C``."""
    return " ".join(f"({NAMES[t]})" if taken else NAMES[t] for t, taken in discards)


def table_text(p: TablePicture) -> str:
    """The table in a few lines: a header (ruleset, prevalent wind, live wall, whose
    turn), then per seat its wind (``>`` where a decision is awaited), melds, concealed
    tiles (``?`` for each hidden one, ``+`` before the tile just drawn), flowers and
    discards (a claimed one in parentheses); at a centre table, the discards lying there."""
    lines = [p.title] if p.title else []
    lines.append(_header(p))
    for seat in p.seats:
        lines.append(_seat_line(p, seat))
        if seat.discards:
            lines.append(f"     discards {_discards_text(seat.discards)}")
    if any(p.pond):
        pond = format_tiles(t for t in range(NUM_KINDS) for _ in range(p.pond[t]))
        last = ""
        if p.last_discard >= 0:
            last = f" ({WINDS[p.last_discarder]} just discarded {NAMES[p.last_discard]})"
        lines.append(f"  centre {pond}{last}")
    return "\n".join(lines)


_LABEL_WIDTH = 96
"""Room at the left of each seat's row for its wind, name and size."""
_LINE = 18
"""The height of a line of text."""
_DISCARD_SCALE = 0.8
"""Discards (and the centre) are drawn smaller than the hands."""
_MARGIN = 8


def table_svg(p: TablePicture) -> str:
    """The table drawn: a header line, then per seat a row (flowers, melds, concealed
    tiles or their backs, the drawn tile apart) and under it its discards, smaller, a
    claimed one faded; at a centre table, the discards lying there; the result last.
    Every tile is drawn and named by `mahjongkit.svg`, readable without a CJK font."""
    body: list[str] = []
    y = float(_MARGIN)
    width = 0.0
    if p.title:
        body.append(text_element(p.title, _MARGIN, y + 13, size=14, bold=True))
        y += _LINE + 2
    body.append(text_element(_header(p), _MARGIN, y + 13, size=13))
    y += _LINE + 6
    small = TILE_HEIGHT * _DISCARD_SCALE
    for seat in p.seats:
        x = float(_MARGIN)
        asked = seat.seat in p.to_act
        body.append(text_element(seat.wind, x, y + 22, size=22, bold=True))
        body.append(
            text_element(
                ("▶ " if asked else "") + (seat.name or f"{seat.hand_size} tiles"),
                x + 26,
                y + 14,
                size=11,
                colour="#b3261e" if asked else "#222",
            )
        )
        notes = [w for w, on in (("ting", seat.ting), ("may not win", seat.forfeited)) if on]
        if seat.name:
            notes.insert(0, f"{seat.hand_size} tiles")
        if notes:
            body.append(text_element(", ".join(notes), x + 26, y + 28, size=10, colour="#555"))
        hidden = [[BACK] * 4] * seat.hidden_kongs
        concealed: list[Tile] = (
            [BACK] * seat.hand_size if seat.concealed is None else list(seat.concealed)
        )
        groups = [list(seat.flowers), *(m.tiles for m in seat.melds), *hidden, concealed]
        groups.append([seat.drawn] if seat.drawn >= 0 else [])
        row, end = tile_row(groups, x + _LABEL_WIDTH, y)
        body.append(row)
        width = max(width, end)
        y += TILE_HEIGHT + 4
        if seat.discards:
            tiles = [t for t, _ in seat.discards]
            taken = [c for _, c in seat.discards]
            row, end = tile_row([tiles], x + _LABEL_WIDTH, y, scale=_DISCARD_SCALE, faded=taken)
            body.append(row)
            width = max(width, end)
            y += small + 4
        y += 8
    if any(p.pond):
        pond = [t for t in range(NUM_KINDS) for _ in range(p.pond[t])]
        body.append(text_element("centre", _MARGIN, y + 18, size=12))
        row, end = tile_row([pond], _MARGIN + _LABEL_WIDTH, y, scale=_DISCARD_SCALE)
        body.append(row)
        width = max(width, end)
        y += small + 8
    if p.result:
        body.append(text_element(p.result, _MARGIN, y + 13, size=13, bold=True))
        y += _LINE
    width = max(width, _MARGIN + 7.0 * len(_header(p)), _MARGIN + _LABEL_WIDTH + TILE_WIDTH)
    return svg_document("".join(body), width + _MARGIN, y + _MARGIN, _header(p))


__all__ = [
    "SeatPicture",
    "TablePicture",
    "hand_picture",
    "named",
    "picture_of",
    "result_text",
    "table_svg",
    "table_text",
]
