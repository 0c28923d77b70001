"""One seat's Botzone requests as the engine's one-seat `Position`, and its answers as
the engine's actions.

A `BotzoneSeat` reads the requests the judge sent one seat, each followed by the seat's
own answer, and keeps the seat's `Position` (``botzone`` ruleset) and what a bot's
`Observation` needs besides (discard rows, hand sizes). Each request becomes the events
the engine would have shown the seat (judge/main.cpp of ailab-pku/Chinese-Standard-Mahjong
at 5e81821, "l.N" below):

- ``0 seat quan``: the seat, the prevalent wind E S W N by ``quan`` (l.636, l.143-145:
  seat ``i`` is seat wind ``i``, seat 0 the dealer);
- ``1 ...``: 13 tiles dealt to every seat (l.386-397), the seat's own shown;
- the dealer's first draw (``2 X`` to it, ``3 0 DRAW`` to the others): its 14th tile
  dealt, as the engine deals it; a later ``2 X`` / ``3 p DRAW``: a draw, from the kong
  replacement after a ``GANG`` or ``BUGANG`` (l.229, l.248, l.292: the declarer draws);
- ``3 p PLAY X``: a discard; ``3 p PENG X`` and ``3 p CHI M X``: a pung or chow of the
  last discard, then the discard X (l.305-310, l.338-355); ``3 p GANG``: a kong of the
  discard when one is on the table, else a concealed kong (its tile hidden from the
  others, l.472-485); ``3 p BUGANG X``: a promoted kong, which others may rob.

Answers map to actions both ways (`answer_of`, `actions_of`): ``PLAY X`` a discard,
``GANG X`` a concealed kong, ``BUGANG X`` a promoted kong, ``HU`` a win, ``PASS``;
to a discard ``GANG`` (kong), ``PENG X`` (pung, then discard X), ``CHI M X`` (the chow
whose middle tile is M, then discard X). The engine takes a claim and its discard as two
decisions; Botzone as one answer: `answer_of` a pung or chow needs the discard after it.

>>> from mahjongkit.botzone.protocol import parse_tile_name
>>> seat = BotzoneSeat()
>>> for line in ("0 1 0", "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1", "3 0 DRAW",
...              "3 0 PLAY J1"):
...     seat.take(line)
>>> [str(a) for a in seat.legal_actions()]
['pung', 'pass']
>>> str(seat.answer_of(Action.parse("pung"), then=parse_tile_name("B9")))
'PENG B9'
>>> [str(a) for a in seat.actions_of("PENG B9")]
['pung', 'discard 9p']
"""

from __future__ import annotations

from mahjongkit.botzone.protocol import (
    PASS_ANSWER,
    Answer,
    BotzoneProtocolError,
    Request,
    format_request,
    parse_answer,
    parse_request,
    tile_name,
)
from mahjongkit.game.actions import PASS, Action, ActionKind
from mahjongkit.game.events import DRAW_KONG, DRAW_WALL, Event, EventKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.position import InvalidHistoryError, Position
from mahjongkit.game.state import Phase
from mahjongkit.tiles import EAST, NUM_KINDS, RANK, SUIT, Tile

RULESET = "botzone"
"""The ruleset of the Botzone judge's table."""

_K = ActionKind
_HAND = 13


def _bad(message: str) -> BotzoneProtocolError:
    return BotzoneProtocolError("bad-history", message)


class BotzoneSeat:
    """One seat's Botzone request history, as the engine's `Position` of that seat.

    `take` each request in order and, after each, the seat's own answer (`answered`);
    `legal_actions`, `observation`, `answer_of` and `actions_of` then speak of the latest
    request. A request that cannot follow the earlier ones raises `BotzoneProtocolError`
    (code ``bad-history``) naming it."""

    def __init__(self, ruleset: str = RULESET) -> None:
        self.ruleset = ruleset
        self._position: Position | None = None
        self.quan = -1
        """The prevalent wind, 0..3 (E S W N), as the judge numbers it."""
        self.requests: list[Request] = []
        self.answers: list[Answer] = []
        """The seat's own answers, to the requests but the latest (those it was told of)."""
        self.discards: list[list[tuple[Tile, bool]]] = [[], [], [], []]
        """Every seat's discards in order, True where one was claimed."""
        self.drawn: list[list[bool]] = [[], [], [], []]
        """Parallel to `discards`: True where the seat threw the tile it had just drawn
        (known for the seat itself only: Botzone does not show the others')."""
        self.hand_sizes = [0, 0, 0, 0]
        self._dealer_drew = False
        self._kong_draw = -1
        """The seat that declared a kong and draws its replacement next."""
        self._my_kong: Tile = -1
        """The tile of the concealed kong the seat itself answered (``GANG X``)."""

    # -- reading requests -------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The seat's engine `Position` (after request ``0``)."""
        if self._position is None:
            raise _bad("no request 0 (seat and wind) has come yet")
        return self._position

    @property
    def seat(self) -> int:
        """The seat, 0 East (the dealer) .. 3 North."""
        return self.position.seat

    def take(self, request: Request | str) -> None:
        """Read the next request (a line or a parsed `Request`)."""
        if isinstance(request, str):
            request = parse_request(request)
        try:
            self._take(request)
        except InvalidHistoryError as error:
            raise _bad(f"{format_request(request)!r} cannot come now: {error}") from None
        self.requests.append(request)

    def _see(self, kind: EventKind, seat: int, tile: Tile = -1, detail: int = 0) -> None:
        self.position.see(Event(kind, seat, tile, detail))

    def _take(self, request: Request) -> None:
        kind = request.kind
        count = len(self.requests)
        if kind == "START":
            if count:
                raise _bad("request 0 comes first, and only once")
            self.quan = request.numbers[0]
            self._position = Position(self.ruleset, request.seat, EAST + self.quan)
            return
        position = self.position
        if count == 1 and kind != "DEAL":
            raise _bad(f"request 1 (the deal) comes second, not {format_request(request)!r}")
        me = position.seat
        if kind == "DEAL":
            if count != 1:
                raise _bad("request 1 (the deal) comes once, second")
            if any(request.numbers):
                raise _bad(
                    f"the {self.ruleset} table plays without flowers, and the deal shows some"
                )
            for seat in range(4):
                for tile in request.tiles if seat == me else (-1,) * _HAND:
                    self._see(EventKind.DEAL, seat, tile)
                self.hand_sizes[seat] = _HAND
            return
        if kind == "DRAW_SELF" or kind == "DRAW":
            seat = me if kind == "DRAW_SELF" else request.seat
            tile = request.tiles[0] if kind == "DRAW_SELF" else -1
            if kind == "DRAW" and seat == me:
                raise _bad("the seat's own draw comes as request 2, not '3 p DRAW'")
            if tile >= NUM_KINDS:
                raise _bad(
                    f"the {self.ruleset} table plays without flowers: drew {tile_name(tile)}"
                )
            if not self._dealer_drew:
                if seat != 0:
                    raise _bad("the dealer (seat 0) draws first")
                self._dealer_drew = True
                self._see(EventKind.DEAL, 0, tile)
            else:
                source = DRAW_KONG if self._kong_draw == seat else DRAW_WALL
                self._see(EventKind.DRAW, seat, tile, source)
            self._kong_draw = -1
            self.hand_sizes[seat] += 1
            return
        seat = request.seat
        if kind == "BUHUA":
            raise _bad(
                f"the {self.ruleset} table plays without flowers: {format_request(request)!r}"
            )
        if kind == "PLAY":
            self._discard(seat, request.tiles[0])
            return
        if kind == "PENG" or kind == "CHI":
            claimed, giver = position.claim_tile, position.claim_giver
            if claimed < 0 or position.phase is not Phase.CLAIM:
                raise _bad(f"no discard to claim for {format_request(request)!r}")
            if kind == "PENG":
                self._see(EventKind.PUNG, seat, claimed, giver)
            else:
                lowest = request.tiles[0] - 1
                place = claimed - lowest
                if SUIT[claimed] != SUIT[lowest] or not 0 <= place <= 2:
                    raise _bad(
                        f"the chow around {tile_name(request.tiles[0])} does not hold the"
                        f" discard {tile_name(claimed)}"
                    )
                self._see(EventKind.CHOW, seat, claimed, place)
            self._mark_claimed(giver)
            self.hand_sizes[seat] -= 2
            self._discard(seat, request.tiles[-1])
            return
        if kind == "GANG":
            claimed, giver = position.claim_tile, position.claim_giver
            if claimed >= 0 and position.phase is Phase.CLAIM:
                self._see(EventKind.KONG, seat, claimed, giver)
                self._mark_claimed(giver)
                self.hand_sizes[seat] -= 3
            else:
                tile = self._my_kong if seat == me else -1
                if seat == me and tile < 0:
                    raise _bad("'3 p GANG' of the seat's own kong, which it did not answer")
                self._see(EventKind.CONCEALED_KONG, seat, tile)
                self.hand_sizes[seat] -= 4
            self._my_kong = -1
            self._kong_draw = seat
            return
        # BUGANG
        self._see(EventKind.PROMOTED_KONG, seat, request.tiles[0])
        self.hand_sizes[seat] -= 1
        self._kong_draw = seat

    def _discard(self, seat: int, tile: Tile) -> None:
        position = self.position
        drawn = seat == position.seat and position.last_tile == tile
        self._see(EventKind.DISCARD, seat, tile)
        self.discards[seat].append((tile, False))
        self.drawn[seat].append(drawn)
        self.hand_sizes[seat] -= 1

    def _mark_claimed(self, giver: int) -> None:
        row = self.discards[giver]
        row[-1] = (row[-1][0], True)

    def answered(self, answer: Answer | str) -> None:
        """Read the seat's own answer to the latest request. An answer to a discard or a
        kong goes to the position (the engine keeps a pass); a ``GANG X`` is kept for the
        ``3 p GANG`` that follows. An answer that fits no decision is left to the judge."""
        if isinstance(answer, str):
            answer = parse_answer(answer)
        self.answers.append(answer)
        position = self._position
        if position is None or not position.legal_actions():
            return
        try:
            actions = self.actions_of(answer)
        except BotzoneProtocolError:
            return
        first = actions[0]
        if first.kind is _K.CONCEALED_KONG:
            self._my_kong = first.tile
        if position.claim_tile >= 0:
            position.act(first)

    # -- answers and actions ----------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat may do at the latest request (empty: it answers ``PASS``). Nothing
        before the dealer's first draw: the judge deals 13 each, and the dealer decides
        on its 14th tile (main.cpp l.386-410, l.414-443); nothing after a kong until its
        declarer draws the replacement (``3 p GANG`` takes ``PASS`` from all, l.368-378),
        but a promoted kong, which others may rob."""
        position = self._position
        if position is None or not self._dealer_drew:
            return ()
        if self._kong_draw >= 0 and position.claim_tile < 0:
            return ()
        return position.legal_actions()

    def answer_of(self, action: Action, then: Tile | None = None) -> Answer:
        """The Botzone answer of one of `legal_actions`; a pung or a chow needs ``then``,
        the tile discarded after it (Botzone's answer holds both)."""
        if action not in self.legal_actions():
            if action == PASS and not self.legal_actions():
                return PASS_ANSWER
            raise BotzoneProtocolError(
                "bad-answer", f"{action} is not among the seat's legal actions now"
            )
        kind = action.kind
        if kind is _K.PASS:
            return PASS_ANSWER
        if kind is _K.WIN:
            return Answer("HU")
        if kind is _K.DISCARD:
            return Answer("PLAY", (action.tile,))
        if kind is _K.CONCEALED_KONG:
            return Answer("GANG", (action.tile,))
        if kind is _K.PROMOTED_KONG:
            return Answer("BUGANG", (action.tile,))
        if kind is _K.KONG:
            return Answer("GANG")
        if kind is _K.PUNG or kind is _K.CHOW:
            if then is None:
                raise BotzoneProtocolError(
                    "bad-answer",
                    f"Botzone's answer of a {kind.value} names the tile then discarded",
                )
            self._check_then(action, then)
            if kind is _K.PUNG:
                return Answer("PENG", (then,))
            return Answer("CHI", (action.tile + 1, then))
        raise BotzoneProtocolError(
            "bad-answer", f"{action} has no Botzone answer (no Ting on Botzone)"
        )

    def after_claim(self, action: Action) -> tuple[int, ...]:
        """The seat's concealed tiles (34 counts) after the pung or chow ``action``: what
        it may discard then (any tile it holds: 003 l.101, l.109)."""
        counts = list(self.position.concealed)
        claimed = self.position.claim_tile
        if action.kind is _K.PUNG:
            counts[claimed] -= 2
        else:
            for tile in range(action.tile, action.tile + 3):
                if tile != claimed:
                    counts[tile] -= 1
        return tuple(counts)

    def claiming(self, action: Action) -> BotzoneSeat:
        """A copy of this seat after making the pung or chow ``action`` (one of
        `legal_actions`): where it then discards, before Botzone hears of it."""
        if action.kind not in (_K.PUNG, _K.CHOW) or action not in self.legal_actions():
            raise BotzoneProtocolError("bad-answer", f"{action} is no claim the seat may make now")
        trial = BotzoneSeat(self.ruleset)  # read again: a position is not copied
        for i, request in enumerate(self.requests):
            trial.take(request)
            if i < len(self.answers):
                trial.answered(self.answers[i])
        position = trial.position
        tile, giver = position.claim_tile, position.claim_giver
        position.act(action)
        if action.kind is _K.PUNG:
            position.see(Event(EventKind.PUNG, position.seat, tile, giver))
        else:
            position.see(Event(EventKind.CHOW, position.seat, tile, tile - action.tile))
        return trial

    def _check_then(self, action: Action, then: Tile) -> None:
        if not 0 <= then < NUM_KINDS or self.after_claim(action)[then] <= 0:
            raise BotzoneProtocolError(
                "bad-answer",
                f"after the {action} the seat holds no {tile_name(then)} to discard",
            )

    def actions_of(self, answer: Answer | str) -> tuple[Action, ...]:
        """The engine actions a Botzone answer stands for at the latest request: one, or a
        claim and its discard (``PENG X``, ``CHI M X``); `BotzoneProtocolError`
        (``bad-answer``) naming it when it is no legal answer now."""
        if isinstance(answer, str):
            answer = parse_answer(answer)
        legal = self.legal_actions()
        kind, tiles = answer.kind, answer.tiles
        position = self._position
        window = position is not None and position.claim_tile >= 0
        action: Action | None = None
        if kind == "PASS":
            action = PASS
        elif kind == "HU":
            action = Action(_K.WIN)
        elif kind == "PLAY" and not window:
            action = Action(_K.DISCARD, tiles[0])
        elif kind == "GANG" and tiles and not window:
            action = Action(_K.CONCEALED_KONG, tiles[0])
        elif kind == "GANG" and not tiles and window:
            action = Action(_K.KONG)
        elif kind == "BUGANG" and not window:
            action = Action(_K.PROMOTED_KONG, tiles[0])
        elif kind == "PENG" and window:
            action = Action(_K.PUNG)
        elif kind == "CHI" and window and RANK[tiles[0]] >= 2:
            action = Action(_K.CHOW, tiles[0] - 1)
        if action is None or (action not in legal and not (action == PASS and not legal)):
            raise BotzoneProtocolError(
                "bad-answer", f"{answer} is not a legal answer now (legal: {self._legal_text()})"
            )
        if kind == "PENG" or kind == "CHI":
            self._check_then(action, tiles[-1])
            return (action, Action(_K.DISCARD, tiles[-1]))
        return (action,)

    def _legal_text(self) -> str:
        legal = self.legal_actions()
        return ", ".join(str(a) for a in legal) if legal else "PASS only"

    # -- what a bot sees --------------------------------------------------------------
    def observation(self) -> Observation:
        """The seat's `Observation`, as the engine would show it, from the requests alone
        (another seat's tile thrown straight from its draw is not known: Botzone does not
        say, so ``drawn_discards`` marks the seat's own only)."""
        p = self.position
        seat = p.seat
        legal = p.legal_actions()
        window = p.claim_tile >= 0
        phase = p.phase.value
        if window:
            to_act: tuple[int, ...] = (seat,) if legal else ()
            turn, last = p.claim_giver, -1
        else:
            turn = p.turn
            last = p.last_tile if seat == turn and phase == "turn" else -1
            to_act = (turn,) if phase == "turn" else ()
        live = p.wall.remaining - p.wall.reserve
        return Observation(
            seat=seat,
            ruleset=p.ruleset.name,
            phase=phase,
            turn=turn,
            to_act=to_act,
            prevalent_wind=p.prevalent_wind,
            concealed=p.concealed,
            last_tile=last,
            melds=tuple(tuple(m) for m in p.melds),
            hidden_kongs=tuple(0 if s == seat else h for s, h in enumerate(p.hidden_kongs)),
            flowers=tuple(tuple(f) for f in p.flowers),
            discards=tuple(tuple(d) for d in self.discards),
            hand_sizes=tuple(self.hand_sizes),
            ting=tuple(p.ting),
            forfeited=tuple(p.forfeited),
            wall_live=max(live, 0),
            wall_remaining=p.wall.remaining,
            claim_tile=p.claim_tile,
            claim_giver=p.claim_giver,
            legal_actions=legal,
            dealer_streak=p.dealer_streak,
            drawn_discards=tuple(tuple(d) for d in self.drawn),
            wall_parts=p.wall.parts_left,
        )


def seat_of(requests: list[str], responses: list[str]) -> BotzoneSeat:
    """A seat's requests and its answers to all but the last, read in order."""
    seat = BotzoneSeat()
    for i, line in enumerate(requests):
        seat.take(line)
        if i < len(requests) - 1 and i < len(responses):
            seat.answered(responses[i])
    return seat


__all__ = ["RULESET", "BotzoneSeat", "seat_of"]
