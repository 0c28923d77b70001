"""Reading what people give: whole numbers, JSON and TOML, strictly and within bounds.

A number from a person is a whole number written in the ASCII digits 0-9 (a minus sign
allowed where the range goes below zero), or a JSON or TOML integer, never ``true`` or
``false`` nor a fraction; it must lie in its field's range. Anything else is an
`InvalidNumberError` naming the field, never a guess:

>>> whole_number(" 3 ", "flowers", 0, 8), whole_number(3, "flowers", 0, 8)
(3, 3)
>>> whole_number("٣", "flowers", 0, 8)
Traceback (most recent call last):
...
mahjongkit.errors.InvalidNumberError: flowers must be written in the digits 0-9, not '٣'
>>> whole_number("9" * 5000, "dealer_streak", 0, 99)
Traceback (most recent call last):
...
mahjongkit.errors.InvalidNumberError: dealer_streak must be 0..99, not a 5000-digit number

JSON and TOML are read whole or refused with an `InvalidDataError` whose ``code`` says why,
so that whatever is read can be answered and written again as strict JSON: no ``NaN`` or
``Infinity``, no nesting deeper than `MAX_DEPTH`, no integer of more than `MAX_DIGITS`
digits, no lone surrogate in a string.

>>> read_json('{"id": "c1", "flowers": 2}')
{'id': 'c1', 'flowers': 2}
>>> read_json('{"id": NaN}')
Traceback (most recent call last):
...
mahjongkit.errors.InvalidDataError: NaN is not JSON
>>> read_json('"\\\\ud800"')
Traceback (most recent call last):
...
mahjongkit.errors.InvalidDataError: a string holds a lone surrogate (U+D800), which is not text
>>> write_json({"total": 8, "name": "清一色"})
'{"total": 8, "name": "清一色"}'
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from mahjongkit.errors import InvalidDataError, InvalidNumberError

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read (a score case is 1 or 2 deep, a match
record 6)."""

MAX_DIGITS = 100
"""The most digits an integer read may have: ample for any count, score or seed (a 256-bit
seed has 78), far below the 4,300 digits Python refuses to convert."""

_LIMIT = 10**MAX_DIGITS

SEEDS = (-(_LIMIT - 1), _LIMIT - 1)
"""The seeds a record may hold: any whole number of at most `MAX_DIGITS` digits."""
_DIGITS = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def whole_number(raw: object, field: str, low: int, high: int) -> int:
    """``raw`` as a whole number within ``low..high``, or an `InvalidNumberError` naming
    ``field``. Text is ASCII digits, spaces around allowed; integers are taken as they are.

    >>> whole_number("12", "hands", 1, 10)
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNumberError: hands must be 1..10, not 12
    >>> whole_number(True, "hands", 1, 10)
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNumberError: hands must be a whole number 1..10, not True
    """
    if isinstance(raw, str):
        text = raw.strip()
        if not _DIGITS.fullmatch(text):
            raise InvalidNumberError(
                field, f"{field} must be written in the digits 0-9, not {shown(raw)}"
            )
        digits = len(text.lstrip("-"))
        if digits > len(str(max(abs(low), abs(high)))):
            written = text if digits <= 30 else f"a {digits}-digit number"
            raise InvalidNumberError(field, f"{field} must be {_range(low, high)}, not {written}")
        value = int(text)
    elif isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    else:
        raise InvalidNumberError(
            field, f"{field} must be a whole number {_range(low, high)}, not {shown(raw)}"
        )
    if not low <= value <= high:
        raise InvalidNumberError(
            field, f"{field} must be {_range(low, high)}, not {_number(value)}"
        )
    return value


def decimal_number(raw: object, field: str, low: float, high: float) -> float:
    """``raw`` as a number within ``low..high``: ASCII digits with an optional decimal
    point, or a JSON number; never NaN, infinity, an exponent or ``true``.

    >>> decimal_number("2.5", "time_limit", 0, 60), decimal_number(3, "time_limit", 0, 60)
    (2.5, 3.0)
    >>> decimal_number("nan", "time_limit", 0, 60)
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNumberError: time_limit must be written in the digits 0-9, not 'nan'
    """
    if isinstance(raw, str):
        text = raw.strip()
        if not _DECIMAL.fullmatch(text) or len(text) > 40:
            raise InvalidNumberError(
                field, f"{field} must be written in the digits 0-9, not {shown(raw)}"
            )
        value = float(text)
    elif isinstance(raw, (int, float)) and not isinstance(raw, bool):
        value = float(raw) if -_LIMIT < raw < _LIMIT else math.inf
    else:
        raise InvalidNumberError(field, f"{field} must be a number {low}..{high}, not {shown(raw)}")
    if not low <= value <= high:  # NaN too
        raise InvalidNumberError(field, f"{field} must be {low}..{high}, not {shown(raw)}")
    return value


def _range(low: int, high: int) -> str:
    """A range as a message shows it: ``0..8``, or in digits when its ends are very long."""
    if low > -(10**30) and high < 10**30:
        return f"{low}..{high}"
    return f"at most {len(str(high))} digits long"


def _number(value: int) -> str:
    """An integer as a message shows it: itself, or its length when it is very long."""
    if -(10**30) < value < 10**30:
        return str(value)
    digits = len(str(abs(value))) if abs(value) < _LIMIT else None
    return f"a {digits}-digit number" if digits else f"a number of over {MAX_DIGITS} digits"


def shown(raw: object) -> str:
    """A value as a message quotes it, cut short when long.

    >>> print(shown("x" * 50), "|", shown(10**60), "|", shown([1]), "|", shown({}))
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... | a 61-digit number | a list | an object
    """
    if isinstance(raw, int) and not isinstance(raw, bool):
        return _number(raw)
    if isinstance(raw, (str, bool, float)) or raw is None:
        text = repr(raw)
        return text if len(text) <= 40 else text[:37] + "..."
    if isinstance(raw, dict):
        return "an object"
    return f"a {type(raw).__name__}"


class _Refused(Exception):
    """Raised from inside the JSON reader's hooks; becomes an `InvalidDataError`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _no_constant(name: str) -> Any:
    raise _Refused("invalid_json", f"{name} is not JSON")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        digits = len(text.lstrip("-"))
        raise _Refused("number_too_large", f"an integer of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _fraction(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("number_too_large", f"the number {_cut(text)} is too large to carry")
    return value


def _cut(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."


def read_json(text: str | bytes) -> Any:
    """The value of one JSON text, strictly: bytes must be UTF-8; see the module's rules.

    >>> read_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidDataError: nested deeper than 64 levels
    >>> read_json("1" * 101)
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidDataError: an integer of 101 digits (at most 100)
    >>> read_json(b'"\\xff"')
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidDataError: byte 0xff at position 1 is not UTF-8
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            bad = err.object[err.start]
            raise InvalidDataError(
                "invalid_text", f"byte 0x{bad:02x} at position {err.start} is not UTF-8"
            ) from None
    try:
        value = json.loads(
            text, parse_constant=_no_constant, parse_int=_integer, parse_float=_fraction
        )
    except _Refused as err:
        raise InvalidDataError(err.code, str(err)) from None
    except RecursionError:
        raise InvalidDataError("too_deep", f"nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as err:
        raise InvalidDataError("invalid_json", f"not JSON: {err}") from None
    check_value(value)
    return value


def read_toml(text: str) -> dict[str, Any]:
    """The table of one TOML text, by the same rules as `read_json` (TOML's ``nan`` and
    ``inf`` are refused: no field of ours takes them).

    >>> read_toml("a = inf")
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidDataError: the number inf is too large to carry
    """
    import tomllib  # here: only the house rules are TOML (3 ms of every command's start)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidDataError("invalid_toml", f"not valid TOML ({err})") from None
    except RecursionError:
        raise InvalidDataError("too_deep", f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:  # an integer beyond Python's conversion limit
        raise InvalidDataError(
            "number_too_large", f"an integer of over {MAX_DIGITS} digits"
        ) from None
    check_value(data)
    return data


def check_value(value: Any) -> None:
    """Refuse a value no strict JSON could carry: too deep, a number too large or not
    finite, a lone surrogate in a string or a key."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise InvalidDataError("too_deep", f"nested deeper than {MAX_DEPTH} levels")
            if isinstance(item, dict):
                for key, inner in item.items():
                    if isinstance(key, str):
                        _check_text(key)
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise InvalidDataError(
                    "number_too_large", f"the number {item} is too large to carry"
                )
        elif isinstance(item, int) and not isinstance(item, bool) and not -_LIMIT < item < _LIMIT:
            raise InvalidDataError("number_too_large", f"an integer of over {MAX_DIGITS} digits")


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        code = ord(text[err.start])
        raise InvalidDataError(
            "invalid_text", f"a string holds a lone surrogate (U+{code:04X}), which is not text"
        ) from None


def write_json(value: Any) -> str:
    """``value`` as one line of strict JSON that UTF-8 can carry, or an `InvalidDataError`
    (code ``unwritable``) when it cannot be written so.

    >>> write_json({"total": float("nan")})
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidDataError: the answer cannot be written as JSON: ...
    """
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (ValueError, TypeError, RecursionError) as err:
        raise InvalidDataError(
            "unwritable", f"the answer cannot be written as JSON: {_cut(str(err))}"
        ) from None
    return text


__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "SEEDS",
    "check_value",
    "decimal_number",
    "read_json",
    "read_toml",
    "shown",
    "whole_number",
    "write_json",
]
