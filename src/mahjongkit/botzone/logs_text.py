"""The text format of the PKU course's Chinese Standard Mahjong game corpus, read and
written.

The grammar is the one the course's supervised-learning sample reads
(``mahjong-sl/preprocess.py`` and ``mahjong-sl/feature.py`` of ailab-pku/SampleCode,
commit ff77adca98cf62b6a7ffcd6034d68f99ca134fc8), one move a line, tiles in Botzone's
names (`mahjongkit.botzone.protocol`), seats 0..3 (0 East, the dealer)::

    Match NAME                          a match begins (preprocess.py: t[1] its id)
    Wind Q                              the prevalent wind, 0..3 (feature.py: Wind)
    Player P Deal T1 .. T13 [H..]       seat P's dealt tiles, then the flowers it was dealt
                                        (the dealer's 14th tile is its first Draw)
    Player P Draw X                     P draws X (a kong's replacement too)
    Player P Play X                     P discards X
    Player P Chi M                      P chows the last discard into the chow whose
                                        middle tile is M; its discard is the next line
    Player P Peng X                     P pungs the discard X; its discard follows
    Player P Gang X                     P makes a kong of the discard X
    Player P AnGang X                   P's concealed kong of X
    Player P BuGang X                   P adds X to its pung
    Player P BuHua H                    P shows the flower H it drew (a Draw follows)
    Player P Hu X                       P wins on X (drawn, discarded, or robbed)
    ... Ignore Player Q Op X            after Peng, Gang or Hu: Q's claim of the same
                                        tile that this one took precedence over (five
                                        words a clause, preprocess.py "Ignore clause")
    Huang                               an exhaustive draw (feature.py: Huang)
    Fan TOTAL [NAME VALUE COUNT]...     the winner's fans: their total, then each fan's
                                        Chinese name (the judge's fan_name), value, count
    Score S0 S1 S2 S3                   each seat's score; the match ends

The sample's reader ignores the ``Fan`` line and takes ``Score`` as the end of a match;
what those two lines hold, the ``Player P BuHua H`` line of a flower (the judge's BUHUA,
judge/main.cpp l.425-433) and ``Huang`` as a line of its own are this module's reading,
written the same way by `format_text`. Blank lines are skipped.

A line that does not follow the grammar makes its match unreadable: `parse_text` names
the line and the word, skips to the next ``Match`` and reads on.

>>> result = parse_text(SAMPLE)
>>> [m.name for m in result.matches], result.errors
(['sample'], [])
>>> format_text(result.matches[0]) == SAMPLE
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mahjongkit.botzone.logs import (
    CLAIMS,
    OPS,
    BotzoneLogError,
    BotzoneMatch,
    RecordedFan,
    Step,
)
from mahjongkit.botzone.protocol import BotzoneProtocolError, parse_tile_name, tile_name
from mahjongkit.tiles import IS_FLOWER, Tile


@dataclass
class TextResult:
    """What a corpus file holds: the matches read, and an error for each one that could
    not be (`BotzoneLogError`, naming its line)."""

    matches: list[BotzoneMatch] = field(default_factory=list)
    errors: list[BotzoneLogError] = field(default_factory=list)


def _bad(where: str, n: int, why: str) -> BotzoneLogError:
    return BotzoneLogError("bad-line", f"{where}line {n}: {why}", n)


def _tile(word: str, where: str, n: int) -> Tile:
    try:
        return parse_tile_name(word)
    except BotzoneProtocolError as err:
        raise _bad(where, n, str(err)) from None


def _number(word: str, where: str, n: int, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise _bad(where, n, f"{what} must be a whole number, not {word!r}") from None


def _seat(word: str, where: str, n: int) -> int:
    if word not in ("0", "1", "2", "3"):
        raise _bad(where, n, f"a seat is 0..3, not {word!r}")
    return int(word)


class _Match:
    """A match being read."""

    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line
        self.quan: int | None = None
        self.hands: list[tuple[Tile, ...] | None] = [None] * 4
        self.flowers: list[tuple[Tile, ...]] = [(), (), (), ()]
        self.steps: list[Step] = []
        self.winner: int | None = None
        self.fan_total: int | None = None
        self.fans: list[RecordedFan] = []
        self.scores: tuple[int, ...] | None = None
        self.ended = False
        self.lines: dict[str, int] = {}

    def take(self, words: list[str], where: str, n: int) -> None:
        head = words[0]
        if self.scores is not None:
            raise _bad(where, n, f"{head!r} after the match's Score line")
        if head == "Wind":
            if len(words) != 2 or words[1] not in ("0", "1", "2", "3"):
                raise _bad(where, n, "Wind takes the prevalent wind, 0..3")
            self.quan = int(words[1])
        elif head == "Player":
            self._player(words, where, n)
        elif head == "Huang":
            if len(words) != 1:
                raise _bad(where, n, "Huang takes nothing")
            self._end(where, n, "Huang")
        elif head == "Fan":
            self._fan(words, where, n)
        elif head == "Score":
            if len(words) != 5:
                raise _bad(where, n, "Score takes four seats' scores")
            if not self.ended:
                raise _bad(where, n, "Score before the match's Hu or Huang")
            self.scores = tuple(_number(w, where, n, "a score") for w in words[1:])
            self.lines["Score"] = n
        else:
            raise _bad(where, n, f"unknown line {head!r} (Match, Wind, Player, Huang, Fan, Score)")

    def _end(self, where: str, n: int, what: str) -> None:
        if self.ended:
            raise _bad(where, n, f"{what} after the match has ended")
        self.ended = True
        self.lines["Hu"] = n

    def _fan(self, words: list[str], where: str, n: int) -> None:
        if len(words) < 2 or (len(words) - 2) % 3:
            raise _bad(where, n, "Fan takes the total, then NAME VALUE COUNT for each fan")
        if self.winner is None:
            raise _bad(where, n, "Fan without a Hu before it")
        self.fan_total = _number(words[1], where, n, "the fan total")
        self.fans = [
            RecordedFan(
                words[i],
                _number(words[i + 1], where, n, f"{words[i]}'s value"),
                _number(words[i + 2], where, n, f"{words[i]}'s count"),
            )
            for i in range(2, len(words), 3)
        ]
        self.lines["Fan"] = n

    def _player(self, words: list[str], where: str, n: int) -> None:
        if len(words) < 3:
            raise _bad(where, n, "Player takes a seat and a move")
        seat = _seat(words[1], where, n)
        op = words[2]
        if self.ended:
            raise _bad(where, n, f"Player {seat} {op} after the match has ended")
        if op == "Deal":
            tiles = tuple(_tile(w, where, n) for w in words[3:])
            hand = tuple(t for t in tiles if not IS_FLOWER[t])
            if len(hand) != 13:
                raise _bad(where, n, f"Deal takes 13 tiles besides flowers, not {len(hand)}")
            if self.hands[seat] is not None:
                raise _bad(where, n, f"seat {seat} is dealt twice")
            self.hands[seat] = hand
            self.flowers[seat] = tuple(t for t in tiles if IS_FLOWER[t])
            return
        if op not in OPS:
            raise _bad(where, n, f"unknown move {op!r} (Deal, {', '.join(OPS)})")
        if any(h is None for h in self.hands):
            raise _bad(where, n, f"Player {seat} {op} before every seat's Deal")
        main, rest = words[:4], words[4:]
        if len(main) != 4:
            raise _bad(where, n, f"{op} takes one tile")
        tile = _tile(main[3], where, n)
        if IS_FLOWER[tile] != (op == "BuHua"):
            raise _bad(where, n, f"{op} {main[3]}: only BuHua takes a flower")
        ignored: list[tuple[int, str, Tile]] = []
        if rest and op not in ("Peng", "Gang", "Hu"):
            raise _bad(where, n, f"only Peng, Gang and Hu take Ignore clauses, not {op}")
        while rest:
            clause, rest = rest[:5], rest[5:]
            if len(clause) != 5 or clause[0] != "Ignore" or clause[1] != "Player":
                raise _bad(where, n, "an Ignore clause is 'Ignore Player Q Op X'")
            other = _seat(clause[2], where, n)
            if clause[3] not in CLAIMS or other == seat:
                raise _bad(where, n, f"Ignore {clause[3]!r}: another seat's Chi, Peng, Gang or Hu")
            ignored.append((other, clause[3], _tile(clause[4], where, n)))
        self.steps.append(Step(seat, op, tile, tuple(ignored), n))
        if op == "Hu":
            self.winner = seat
            self._end(where, n, "Hu")

    def match(self, where: str) -> BotzoneMatch:
        if self.quan is None:
            raise _bad(where, self.line, f"match {self.name!r} has no Wind line")
        hands = self.hands
        if any(h is None for h in hands):
            raise _bad(where, self.line, f"match {self.name!r} lacks a seat's Deal")
        if not self.ended:
            raise _bad(where, self.line, f"match {self.name!r} ends without Hu or Huang")
        return BotzoneMatch(
            name=self.name,
            quan=self.quan,
            hands=tuple(h for h in hands if h is not None),
            steps=tuple(self.steps),
            flowers=tuple(self.flowers),
            winner=self.winner,
            fan_total=self.fan_total,
            fans=tuple(self.fans),
            scores=self.scores,
            line=self.line,
            lines=dict(self.lines),
        )


def parse_text(text: str, source: str = "") -> TextResult:
    """Every match of a corpus text; a match with a bad line is left out with its error
    (``bad-line``, naming ``source``, the line and the word) and the rest read on."""
    where = f"{source}: " if source else ""
    out = TextResult()
    current: _Match | None = None
    broken = False

    def close() -> None:
        if current is not None and not broken:
            try:
                out.matches.append(current.match(where))
            except BotzoneLogError as err:
                out.errors.append(err)

    for n, raw in enumerate(text.splitlines(), 1):
        words = raw.split()
        if not words:
            continue
        if words[0] == "Match":
            close()
            if len(words) < 2:
                out.errors.append(_bad(where, n, "Match takes the match's name"))
                current, broken = None, True
                continue
            current, broken = _Match(" ".join(words[1:]), n), False
            continue
        if broken:
            continue
        if current is None:
            out.errors.append(_bad(where, n, f"{words[0]!r} before the first Match line"))
            broken = True
            continue
        try:
            current.take(words, where, n)
        except BotzoneLogError as err:
            out.errors.append(
                BotzoneLogError(
                    err.code,
                    f"{err.args[0][len(err.code) + 2 :]} (match {current.name!r} skipped)",
                    n,
                )
            )
            broken = True
    close()
    return out


def format_text(match: BotzoneMatch) -> str:
    """The match in the corpus's lines (`parse_text` reads them back)."""
    lines = [f"Match {match.name or '0'}", f"Wind {match.quan}"]
    for seat, hand in enumerate(match.hands):
        shown = (*hand, *match.flowers[seat])
        lines.append(f"Player {seat} Deal " + " ".join(tile_name(t) for t in shown))
    for step in match.steps:
        words = [f"Player {step.seat} {step.op} {tile_name(step.tile)}"]
        words += [f"Ignore Player {s} {op} {tile_name(t)}" for s, op, t in step.ignored]
        lines.append(" ".join(words))
    if match.winner is None:
        lines.append("Huang")
    else:
        fans = "".join(f" {f.name} {f.value} {f.count}" for f in match.fans)
        lines.append(f"Fan {match.fan_total if match.fan_total is not None else 0}{fans}")
    scores = match.scores if match.scores is not None else (0, 0, 0, 0)
    lines.append("Score " + " ".join(str(s) for s in scores))
    return "\n".join(lines) + "\n"


SAMPLE = """\
Match sample
Wind 0
Player 0 Deal B7 T1 T5 W9 B4 F2 W8 B1 B4 F1 B1 W2 F1
Player 1 Deal T7 T4 T2 T9 B3 J2 T6 B2 W5 T5 T7 B2 J1
Player 2 Deal B5 B2 J1 W5 F4 T8 W4 J1 B4 W4 B3 B3 F4
Player 3 Deal W8 W2 B9 B7 B6 W9 W7 W6 F1 W2 W1 W3 W7
Player 0 Draw W6
Player 0 Play F2
Player 1 Draw B1
Player 1 Play B2
Player 2 Draw W9
Player 2 Play W9
Player 3 Draw W8
Player 3 Play W2
Player 0 Draw B4
Player 0 Play T1
Player 1 Draw B2
Player 1 Play B2
Player 2 Draw W2
Player 2 Play W2
Player 3 Draw B8
Player 3 Play F1
Player 0 Peng F1
Player 0 Play W2
Player 1 Draw F3
Player 1 Play F3
Player 2 Draw B6
Player 2 Play T8
Player 3 Draw T2
Player 3 Play T2
Player 0 Draw W5
Player 0 Play B7
Player 1 Draw W9
Player 1 Play W9
Player 2 Draw B9
Player 2 Play B9
Player 3 Draw J1
Player 3 Play J1
Player 2 Peng J1
Player 2 Play W4
Player 3 Draw B9
Player 3 Hu B9
Fan 9 不求人 4 1 平和 2 1 喜相逢 1 1 老少副 1 1 缺一门 1 1
Score -17 -17 -17 51
"""
"""A short match: the efficient bot at every seat on the botzone table, seed 42."""


__all__ = ["SAMPLE", "TextResult", "format_text", "parse_text"]
