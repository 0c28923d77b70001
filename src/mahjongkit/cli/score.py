"""The ``score`` command: explain one hand's score, or score a batch of JSON Lines.

One hand: ``mahjongkit score '[123m2]456p789s1sEEE1s' --self-drawn --seat S`` prints the
tiles, every fan with its points and the sets that earned it, the totals and whether the
hand qualifies (``--json`` prints the same as one JSON object). Bad input prints a
message on stderr and exits with code 2.

Batch: ``mahjongkit score --jsonl`` reads score cases from stdin, one JSON object per
line (``hand`` plus the situation fields of ``Situation.from_dict``, an optional
``ruleset``; other keys such as ``id`` or ``expect`` are ignored) and writes exactly one
JSON object per input line, in order: the score, or ``{"error": {"code", "message"}}``
with a code from `ERROR_CODES`. A bad line never stops the batch, and a blank line is
answered too (code ``blank_line``), so output line n always answers input line n. A hand
that is not a win, or is below the minimum, is a score (``outcome``), not an error.

This module is the command's work, in the standard library and the core only: Typer
declares its arguments in `mahjongkit.cli.hand_commands`, and `mahjongkit.cli.quick`
answers a plain ``score HAND`` without loading Typer; both call `score_command`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from mahjongkit.cli.text import fail, styled, table
from mahjongkit.errors import (
    InvalidDataError,
    InvalidHandError,
    InvalidNotationError,
    InvalidNumberError,
    InvalidSituationError,
    MahjongError,
    UnknownRulesetError,
)
from mahjongkit.hand import Hand
from mahjongkit.inputs import MAX_DEPTH, MAX_DIGITS, read_json, shown, write_json
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score, Situation, score
from mahjongkit.tiles import tile_glyph, tile_name

if TYPE_CHECKING:
    from pathlib import Path  # pathlib is imported by the caller that makes one

MAX_LINE_BYTES = 1 << 20
"""The longest input line read whole (1 MiB); a longer one is answered ``line_too_long``."""

ERROR_CODES = {
    "blank_line": "the line is empty",
    "line_too_long": f"the line is longer than {MAX_LINE_BYTES} bytes",
    "invalid_text": "the line is not UTF-8, or a string in it holds a lone surrogate",
    "invalid_json": "the line is not a strict JSON object (NaN and Infinity are not JSON)",
    "too_deep": f"the line nests arrays or objects deeper than {MAX_DEPTH} levels",
    "number_too_large": f"an integer of over {MAX_DIGITS} digits, or a number beyond a float",
    "invalid_case": "the object has no usable 'hand' or 'ruleset' field",
    "invalid_notation": "the hand is not valid notation",
    "invalid_hand": "the tiles cannot form a hand of that ruleset",
    "invalid_number": "a number field is not written in the digits 0-9 or is out of its range",
    "invalid_situation": "a situation field is malformed or cannot happen with the hand",
    "unknown_ruleset": "the ruleset is not registered",
    "unwritable_answer": "the answer cannot be written as strict JSON; please report the line",
    "internal_error": "the scorer failed; please report the line",
}
"""The stable error codes of the batch contract, with what each means."""


def error_code(err: Exception) -> str:
    """The batch error code of an exception raised while scoring a case."""
    if isinstance(err, InvalidNotationError):
        return "invalid_notation"
    if isinstance(err, InvalidHandError):
        return "invalid_hand"
    if isinstance(err, InvalidNumberError):
        return "invalid_number"
    if isinstance(err, InvalidSituationError):
        return "invalid_situation"
    if isinstance(err, UnknownRulesetError):
        return "unknown_ruleset"
    return "internal_error"


def score_case(case: dict[str, Any], default: Ruleset) -> Score:
    """Score one score-case object (``hand``, situation fields, optional ``ruleset``)."""
    hand = case.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        raise _CaseError("a case needs 'hand': the hand in notation")
    name = case.get("ruleset")
    if name is not None and not isinstance(name, str):
        raise _CaseError(f"'ruleset' must be a ruleset name, not {shown(name)}")
    rules = get_ruleset(name) if name is not None else default
    situation = Situation.from_dict(case)
    return score(hand.strip(), situation, rules)


class _CaseError(ValueError):
    """A score case without a usable hand or ruleset field."""


def batch_line(line: str | bytes, default: Ruleset) -> dict[str, Any]:
    """The answer to one input line of the batch: a score or an error object.

    >>> from mahjongkit.rules.ruleset import get_ruleset
    >>> batch_line('{"id": NaN}', get_ruleset("mcr"))
    {'error': {'code': 'invalid_json', 'message': 'NaN is not JSON'}}
    """
    text = line.strip()
    if not text:
        return _error("blank_line", "empty line")
    try:
        case = read_json(text)
    except InvalidDataError as err:
        return _error(err.code, str(err))
    if not isinstance(case, dict):
        return _error("invalid_json", f"a score case is a JSON object, not {shown(case)}")
    try:
        result = score_case(case, default)
    except _CaseError as err:
        out = _error("invalid_case", str(err))
    except Exception as err:  # a bad line never stops the batch
        message = str(err) if isinstance(err, MahjongError) else f"{type(err).__name__}: {err}"
        out = _error(error_code(err), message)
    else:
        out = result.to_json()
    if "id" in case:
        out = {"id": case["id"], **out}
    return out


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def answer_line(answer: dict[str, Any]) -> str:
    """An answer as one line of strict JSON. One that cannot be written so (a number too
    long to print, say) is answered ``unwritable_answer`` instead, with its id if it has one.

    >>> answer_line({"id": 1, "total": float("nan")})  # doctest: +ELLIPSIS
    '{"id": 1, "error": {"code": "unwritable_answer", "message": "the answer cannot ...'
    """
    try:
        return write_json(answer)
    except InvalidDataError as err:
        refusal = _error("unwritable_answer", str(err))
    if "id" in answer:
        try:
            return write_json({"id": answer["id"], **refusal})
        except InvalidDataError:
            pass
    return write_json(refusal)


def input_lines(source: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """The lines of ``source``, each at most ``limit`` bytes read; ``None`` for a longer
    line, whose rest is skipped unread into memory.

    >>> import io
    >>> list(input_lines(io.BytesIO(b"ab\\n" + b"x" * 9 + b"\\ncd"), limit=4))
    [b'ab\\n', None, b'cd']
    """
    while line := source.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while (rest := source.readline(limit)) and not rest.endswith(b"\n"):
            pass
        yield None


def run_batch(source: BinaryIO, out: BinaryIO, default: Ruleset) -> int:
    """Answer every line of ``source`` on ``out``, one line of strict JSON in UTF-8 for
    each, flushed as it is written; the number of error lines. No line stops the batch."""
    errors = 0
    for line in input_lines(source):
        if line is None:
            answer = _error("line_too_long", f"the line is longer than {MAX_LINE_BYTES} bytes")
        else:
            try:
                answer = batch_line(line, default)
            except Exception as err:  # the batch answers every line
                answer = _error("internal_error", f"{type(err).__name__}: {err}")
        text = answer_line(answer)
        errors += "error" in answer or '"unwritable_answer"' in text
        out.write(text.encode("utf-8") + b"\n")
        out.flush()
    return errors


def _situation_fields(**flags: Any) -> dict[str, Any]:
    """Score-case fields from the command-line flags that were given."""
    return {key: value for key, value in flags.items() if value not in (None, False)}


def score_command(
    hand: str | None = None,
    ruleset: str | None = None,
    rules: Path | None = None,
    self_drawn: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    last_of_kind: bool = False,
    last_wall_tile: bool = False,
    seat: str | None = None,
    prevalent: str | None = None,
    flowers: str | None = None,
    flower_replacement: bool = False,
    dealer: bool = False,
    discarder_is_dealer: bool = False,
    ting: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    tiles_on_table: str | None = None,
    dealer_streak: str | None = None,
    as_json: bool = False,
    jsonl: bool = False,
) -> None:
    """Score a winning hand and explain every fan, or score a JSON Lines batch."""
    rules_used = _ruleset_from(ruleset, rules)
    if jsonl:
        if hand is not None:
            raise fail("--jsonl reads the hands from stdin; give no HAND")
        run_batch(sys.stdin.buffer, sys.stdout.buffer, rules_used)
        return
    if hand is None:
        raise fail("give a HAND to score (or --jsonl to read score cases from stdin)")
    fields = _situation_fields(
        self_drawn=self_drawn,
        kong_replacement=kong_replacement,
        robbing_kong=robbing_kong,
        last_of_kind=last_of_kind,
        last_wall_tile=last_wall_tile,
        seat_wind=seat,
        prevalent_wind=prevalent,
        flowers=flowers,
        flower_replacement=flower_replacement,
        dealer=dealer,
        discarder_is_dealer=discarder_is_dealer,
        ting=ting,
        heavenly=heavenly,
        earthly=earthly,
        tiles_on_table=tiles_on_table,
        dealer_streak=dealer_streak,
    )
    try:
        parsed = Hand.parse(hand.strip(), size=rules_used.hand_size)
        if flowers is not None and parsed.flowers:
            raise InvalidSituationError(
                "flowers are written in the hand and given with --flowers; give them once"
            )
        situation = Situation.from_dict(fields, strict=True)
        result = score(parsed, situation, rules_used)
    except MahjongError as err:
        raise fail(str(err)) from None
    if as_json:
        data = {"hand": str(result.hand), **result.to_json()}
        data["situation"] = result.situation.to_dict()
        print(json.dumps(data, ensure_ascii=False))
    else:
        show_score(result, rules_used)


def _ruleset_from(name: str | None, path: Path | None) -> Ruleset:
    if name is not None and path is not None:
        raise fail("give --ruleset or --rules, not both")
    try:
        if path is not None:
            from mahjongkit.rules.house import load_house_rules

            return load_house_rules(path)
        return get_ruleset(name or "mcr")
    except MahjongError as err:
        raise fail(str(err)) from None


def show_score(result: Score, rules: Ruleset) -> None:
    """Print a readable breakdown of a score."""
    hand = result.hand
    print(f"{styled(hand.glyphs(), 'bold')}  {hand}")
    print(f"ruleset {rules.name}: {rules.title}")
    situation = _describe_situation(result.situation)
    if situation:
        print(situation)
    if not result.is_win:
        print(styled("not a winning hand", "bold", "red"))
        for note in result.notes:
            print(note)
        return
    rows = []
    for item in result.items:
        name = f"{item.name} {styled(item.chinese, 'dim')}" if item.chinese else item.name
        if item.is_flower:
            name += " " + styled("(flower)", "dim")
        rows.append(
            [name, str(item.points), str(item.count), str(item.total), " ".join(item.sources)]
        )
    header = [rules.scoring.item_word, "points", "count", "total", "earned by"]
    print("\n".join(table(header, rows, right={1, 2, 3})))
    # MCR minimums exclude flowers (seed 002 line 209); the Taiwanese sheets count the total.
    total = styled(f"total {result.total}", "bold")
    if not rules.scoring.flowers_count_toward_minimum:
        counted, how = result.total_without_flowers, " without flowers"
        print(
            f"{total}  (without flowers {result.total_without_flowers}, minimum {result.minimum})"
        )
    else:
        counted, how = result.total, ""
        print(f"{total}  (minimum {result.minimum or 'none'})")
    if result.qualifies:
        print(styled("qualifies", "bold", "green"))
    else:
        below = styled("below the minimum", "bold", "yellow")
        print(f"{below}: {counted} < {result.minimum}{how}")
    for note in result.notes:
        print(styled(note, "dim"))


def _describe_situation(situation: Situation) -> str:
    words = []
    for key, value in situation.to_dict().items():
        label = key.replace("_", " ")
        if key == "flowers" and situation.flower_tiles is not None:
            value = " ".join(f"{tile_glyph(t)} {tile_name(t)}" for t in situation.flower_tiles)
        words.append(label if value is True else f"{label} {value}")
    return ", ".join(words)
