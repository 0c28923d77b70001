"""The Botzone judge's JSON match log, read and written.

The shape is what the judge reads back at each turn and what Botzone's runner keeps
(``judge/main.cpp`` of ailab-pku/Chinese-Standard-Mahjong at commit
5e818212d833a74f0ed1f4e6fb24c5b533a48ef9, "l.N" below; ``botzone/online/game.py`` of
ailab-pku/botzone-local at commit 7c804286373f54ee1994d383cd2b3a1c7ed6b1cd, ``Game.reset``
and ``Game.step``)::

    {"initdata": {"srand": 1, "quan": 0, "walltiles": "W1 B2 ... (136 tiles)"},
     "log": [
        {"output": {"command": "request", "content": {"0": "0 0 0", ...},
                    "display": {"action": "INIT", ...}}, "verdict": "OK"},
        {"0": {"verdict": "OK", "response": "PASS"}, "1": {...}, "2": {...}, "3": {...}},
        {"output": {"command": "request", "content": {"0": "1 0 0 0 0 W1 ...", ...},
                    "display": {"action": "DEAL", "hand": [[...], ...]}}},
        ...
        {"output": {"command": "finish", "content": {"0": -18, ...},
                    "display": {"action": "HU", "player": 2, "fanCnt": 10,
                                "fan": [{"name": "...", "cnt": 1, "value": 8}, ...],
                                "score": [-18, -8, 34, -8]}}}]}

The judge's outputs (even places) alternate with the four players' answers (odd places,
``{"verdict", "response"}`` by seat, l.179-378). Each output's ``content`` holds the
request to each seat (the protocol, `mahjongkit.botzone.protocol`); a ``finish``
output's ``content`` each seat's score, and its ``display`` the win: ``player``,
``fanCnt`` (the fans, flowers included, l.128-141), ``fan`` (each fan's Chinese name,
count and value), or ``action`` ``HUANG`` for an exhaustive draw (l.413-421). An entry
that is the output itself (``command`` at its top) is read too.

`parse_json` reads the moves from the requests (a seat's own draw ``2 X``, everyone's
``3 p ...``) and, where a request does not name a tile (``3 p GANG`` of a concealed
kong), from the seat's answer; a claim a higher one took precedence over is the answer
of another seat to the same discard. A log whose ``initdata`` gives ``walltiles``
replays on that wall. `format_json` writes a match the same way, answers and all.
"""

from __future__ import annotations

import json
from typing import Any

from mahjongkit.botzone.logs import BotzoneLogError, BotzoneMatch, RecordedFan, Step
from mahjongkit.botzone.protocol import (
    BotzoneProtocolError,
    parse_answer,
    parse_request,
    parse_tile_name,
    tile_name,
)
from mahjongkit.tiles import Tile

_CLAIM_OF_ANSWER = {"CHI": "Chi", "PENG": "Peng", "GANG": "Gang", "HU": "Hu"}


def _bad(name: str, why: str, at: int = 0) -> BotzoneLogError:
    where = f" (log entry {at})" if at else ""
    return BotzoneLogError("bad-json", f"{name}{where}: {why}", at)


def _output(entry: Any, name: str, at: int) -> dict[str, Any]:
    if isinstance(entry, dict) and "command" in entry:
        return entry
    if isinstance(entry, dict) and isinstance(entry.get("output"), dict):
        return dict(entry["output"])
    raise _bad(name, 'a judge\'s entry is {"output": {"command": ..., "content": ...}}', at)


def _answers(entry: Any, name: str, at: int) -> dict[int, str]:
    if not isinstance(entry, dict):
        raise _bad(name, 'a players\' entry is {"0": {"response": ...}, ...}', at)
    out: dict[int, str] = {}
    for key, value in entry.items():
        if key not in ("0", "1", "2", "3"):
            continue
        response = value.get("response") if isinstance(value, dict) else None
        verdict = value.get("verdict", "OK") if isinstance(value, dict) else None
        if verdict != "OK":
            raise BotzoneLogError(
                "not-replayable", f"{name} (log entry {at}): seat {key}'s verdict {verdict!r}", at
            )
        out[int(key)] = response if isinstance(response, str) else "PASS"
    return out


def _content(output: dict[str, Any], name: str, at: int) -> dict[int, Any]:
    content = output.get("content")
    if not isinstance(content, dict):
        raise _bad(name, "an output without its 'content'", at)
    return {int(k): v for k, v in content.items() if k in ("0", "1", "2", "3")}


def parse_json(data: Any, name: str = "") -> BotzoneMatch:
    """The match a judge's log tells (`BotzoneLogError` ``bad-json`` naming the entry
    where it is not the judge's log; ``not-replayable`` for a match the judge ended on a
    wrong answer or a time-out)."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise _bad(name, "a Botzone log is a JSON object with a 'log' list")
    log: list[Any] = data["log"]
    init = data.get("initdata")
    if isinstance(init, str) and init.strip():
        try:
            init = json.loads(init)
        except ValueError:
            raise _bad(name, "'initdata' is not JSON") from None
    wall: tuple[Tile, ...] | None = None
    if isinstance(init, dict) and isinstance(init.get("walltiles"), str) and init["walltiles"]:
        try:
            wall = tuple(parse_tile_name(w) for w in init["walltiles"].split())
        except BotzoneProtocolError as err:
            raise _bad(name, f"initdata walltiles: {err}") from None
    quan: int | None = None
    hands: list[tuple[Tile, ...]] = [(), (), (), ()]
    flowers: list[tuple[Tile, ...]] = [(), (), (), ()]
    steps: list[Step] = []
    answers: dict[int, str] = {}
    finish: dict[str, Any] | None = None
    scores: tuple[int, ...] | None = None
    last_discard: Tile = -1
    for at, entry in enumerate(log):
        if at % 2:
            answers = _answers(entry, name, at)
            continue
        output = _output(entry, name, at)
        content = _content(output, name, at)
        if output.get("command") == "finish":
            finish = output.get("display") if isinstance(output.get("display"), dict) else {}
            try:
                scores = tuple(int(content[s]) for s in range(4))
            except (KeyError, TypeError, ValueError):
                raise _bad(name, "a finish without each seat's score", at) from None
            break
        try:
            requests = {s: parse_request(str(content[s])) for s in range(4)}
        except KeyError:
            raise _bad(name, "an output without a request to each seat", at) from None
        except BotzoneProtocolError as err:
            raise _bad(name, str(err), at) from None
        first = requests[0]
        kind = first.kind
        if kind == "START":
            quan = first.numbers[0]
        elif kind == "DEAL":
            counts = first.numbers
            shown = first.tiles[13:]
            for s in range(4):
                hands[s] = requests[s].tiles[:13]
                start = sum(counts[:s])
                flowers[s] = shown[start : start + counts[s]]
        elif kind in ("DRAW_SELF", "DRAW"):
            drawer = next((s for s in range(4) if requests[s].kind == "DRAW_SELF"), -1)
            if drawer < 0:
                raise _bad(name, "a draw that no seat is told the tile of ('2 X')", at)
            steps.append(Step(drawer, "Draw", requests[drawer].tiles[0], line=at))
        else:
            steps.extend(_moves(first.kind, first.seat, first.tiles, answers, last_discard, at))
            if kind in ("PLAY", "PENG", "CHI"):
                last_discard = first.tiles[-1]
    if finish is None or scores is None:
        raise _bad(name, "the log does not end with the judge's finish")
    if quan is None or not all(hands):
        raise _bad(name, "the log lacks its start (0 seat quan) or deal (1 ...)")
    action = finish.get("action")
    winner: int | None = None
    fans: tuple[RecordedFan, ...] = ()
    total: int | None = None
    if action == "HU":
        winner = _whole(finish.get("player"), name, "the winner")
        if answers.get(winner, "").split()[:1] != ["HU"]:
            raise _bad(name, f"the winner {winner} did not answer HU")
        tile = _winning_tile(steps)
        claims = _moves("HU", winner, (), answers, tile, len(log) - 1)
        steps.append(Step(winner, "Hu", tile, claims[0].ignored, len(log) - 1))
        total = _whole(finish.get("fanCnt"), name, "fanCnt")
        fans = tuple(
            RecordedFan(
                str(f.get("name")),
                _whole(f.get("value"), name, "a fan's value"),
                _whole(f.get("cnt", 1), name, "a fan's count"),
            )
            for f in finish.get("fan", [])
            if isinstance(f, dict)
        )
    elif action != "HUANG":
        raise BotzoneLogError(
            "not-replayable",
            f"{name}: the judge ended the match on {action!r} of player {finish.get('player')}"
            " (a wrong answer, false win or time-out), which a log does not replay",
        )
    end = len(log) - 1
    return BotzoneMatch(
        name=name,
        quan=quan,
        hands=tuple(hands),
        steps=tuple(steps),
        flowers=tuple(flowers),
        winner=winner,
        fan_total=total,
        fans=fans,
        scores=scores,
        wall=wall,
        line=0,
        lines={"Fan": end, "Score": end, "Hu": end},
    )


def _whole(value: Any, name: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(name, f"{what} must be a whole number, not {value!r}")
    return value


def _winning_tile(steps: list[Step]) -> Tile:
    for step in reversed(steps):
        if step.op in ("Draw", "Play", "BuGang"):
            return step.tile
    return -1


def _moves(
    kind: str, seat: int, tiles: tuple[Tile, ...], answers: dict[int, str], discard: Tile, at: int
) -> list[Step]:
    """The moves one ``3 p ...`` request tells, with the claims it took precedence over
    (the other seats' answers to the same discard)."""

    def ignored() -> tuple[tuple[int, str, Tile], ...]:
        out = []
        for s, text in sorted(answers.items()):
            words = text.split()
            if s == seat or not words or words[0] not in _CLAIM_OF_ANSWER:
                continue
            op = _CLAIM_OF_ANSWER[words[0]]
            tile = parse_tile_name(words[1]) if op == "Chi" and len(words) == 3 else discard
            out.append((s, op, tile))
        return tuple(out)

    if kind == "HU":
        return [Step(seat, "Hu", discard, ignored(), at)]
    if kind == "PLAY":
        return [Step(seat, "Play", tiles[0], line=at)]
    if kind == "BUHUA":
        return [Step(seat, "BuHua", tiles[0], line=at)]
    if kind == "BUGANG":
        return [Step(seat, "BuGang", tiles[0], line=at)]
    if kind == "PENG":
        return [Step(seat, "Peng", discard, ignored(), at), Step(seat, "Play", tiles[0], line=at)]
    if kind == "CHI":
        return [Step(seat, "Chi", tiles[0], ignored(), at), Step(seat, "Play", tiles[1], line=at)]
    # GANG: of the discard when the seat answered GANG to it, else concealed (the tile in
    # the seat's own answer GANG X, l.213-230).
    own = answers.get(seat, "").split()
    if own[:1] == ["GANG"] and len(own) == 2:
        return [Step(seat, "AnGang", parse_answer(" ".join(own)).tiles[0], line=at)]
    return [Step(seat, "Gang", discard, ignored(), at)]


def _answer_of(step: Step, after: Step | None) -> str:
    """The answer a seat gave for its move ``step`` (``after`` the move that follows:
    the discard after a chow or pung)."""
    op, t = step.op, step.tile
    if op == "Play":
        return f"PLAY {tile_name(t)}"
    if op == "AnGang":
        return f"GANG {tile_name(t)}"
    if op == "BuGang":
        return f"BUGANG {tile_name(t)}"
    if op == "Hu":
        return "HU"
    if op == "Gang":
        return "GANG"
    then = tile_name(after.tile) if after is not None and after.op == "Play" else tile_name(t)
    if op == "Peng":
        return f"PENG {then}"
    return f"CHI {tile_name(t)} {then}"


def _ignored_answer(op: str, tile: Tile, discard: Tile) -> str:
    # A claim that was not taken has no discard in the record: the claimed tile stands in.
    if op == "Chi":
        return f"CHI {tile_name(tile)} {tile_name(discard)}"
    if op == "Peng":
        return f"PENG {tile_name(discard)}"
    return "GANG" if op == "Gang" else "HU"


def format_json(match: BotzoneMatch, wall: tuple[Tile, ...] | None = None) -> dict[str, Any]:
    """The judge's log of a match (`parse_json` reads it back): ``wall`` (the record's,
    in the judge's order) goes into ``initdata``."""
    log: list[Any] = []
    wall = wall if wall is not None else match.wall

    def out(
        content: list[str] | list[int], display: dict[str, Any], command: str = "request"
    ) -> None:
        log.append(
            {
                "output": {
                    "command": command,
                    "content": {str(s): content[s] for s in range(4)},
                    "display": display,
                },
                "verdict": "OK",
            }
        )

    def answer(by: dict[int, str]) -> None:
        log.append({str(s): {"verdict": "OK", "response": by.get(s, "PASS")} for s in range(4)})

    out([f"0 {s} {match.quan}" for s in range(4)], {"action": "INIT", "quan": match.quan})
    answer({})
    names = [[tile_name(t) for t in hand] for hand in match.hands]
    counts = " ".join(str(len(f)) for f in match.flowers)
    shown = "".join(f" {tile_name(t)}" for f in match.flowers for t in f)
    out(
        [f"1 {counts} " + " ".join(names[s]) + shown for s in range(4)],
        {
            "action": "DEAL",
            "hand": [names[s] + [tile_name(t) for t in match.flowers[s]] for s in range(4)],
        },
    )
    answer({})
    steps = match.steps
    i = 0
    discard: Tile = -1
    while i < len(steps):
        step = steps[i]
        s, t = step.seat, step.tile
        nxt = steps[i + 1] if i + 1 < len(steps) else None
        if step.op == "Hu":
            break
        if step.op == "Draw":
            out(
                [f"2 {tile_name(t)}" if x == s else f"3 {s} DRAW" for x in range(4)],
                {"action": "DRAW", "player": s, "tile": tile_name(t)},
            )
            mine = {}
            if nxt is not None and nxt.seat == s and nxt.op != "Draw":
                mine[s] = _answer_of(nxt, None)
            answer(mine)
            i += 1
            continue
        if step.op in ("Chi", "Peng"):
            then = nxt if nxt is not None and nxt.op == "Play" else None
            if then is None:
                raise BotzoneLogError(
                    "not-exportable", f"{match.name}: a claim with no discard after it"
                )
            line = (
                f"3 {s} CHI {tile_name(t)} {tile_name(then.tile)}"
                if step.op == "Chi"
                else f"3 {s} PENG {tile_name(then.tile)}"
            )
            display: dict[str, Any] = {
                "action": step.op.upper(),
                "player": s,
                "tile": tile_name(then.tile),
            }
            if step.op == "Chi":
                display["tileCHI"] = tile_name(t)
            discard = then.tile
            i += 2
        elif step.op == "Play":
            line = f"3 {s} PLAY {tile_name(t)}"
            display = {"action": "PLAY", "player": s, "tile": tile_name(t)}
            discard = t
            i += 1
        elif step.op in ("Gang", "AnGang"):
            line = f"3 {s} GANG"
            display = {"action": "GANG", "player": s, "tile": tile_name(t)}
            i += 1
        elif step.op == "BuGang":
            line = f"3 {s} BUGANG {tile_name(t)}"
            display = {"action": "BUGANG", "player": s, "tile": tile_name(t)}
            discard = t
            i += 1
        else:  # BuHua
            line = f"3 {s} BUHUA {tile_name(t)}"
            display = {"action": "BUHUA", "player": s, "tile": tile_name(t)}
            i += 1
        out([line] * 4, display)
        claim = steps[i] if i < len(steps) else None
        by: dict[int, str] = {}
        if claim is not None and claim.op in ("Chi", "Peng", "Gang", "Hu") and claim.seat != s:
            after = steps[i + 1] if i + 1 < len(steps) else None
            by[claim.seat] = _answer_of(claim, after)
            for q, op, tile in claim.ignored:
                by[q] = _ignored_answer(op, tile, discard)
        answer(by)
    if match.winner is None:
        out([0, 0, 0, 0], {"action": "HUANG"}, "finish")
    else:
        scores = list(match.scores) if match.scores is not None else [0, 0, 0, 0]
        out(
            scores,
            {
                "action": "HU",
                "player": match.winner,
                "fanCnt": match.fan_total,
                "fan": [{"name": f.name, "cnt": f.count, "value": f.value} for f in match.fans],
                "score": scores,
            },
            "finish",
        )
    data: dict[str, Any] = {"log": log}
    init: dict[str, Any] = {"quan": match.quan}
    if wall is not None:
        init["walltiles"] = " ".join(tile_name(t) for t in wall)
    data["initdata"] = init
    return data


__all__ = ["format_json", "parse_json"]
