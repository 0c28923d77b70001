"""The exceptions mahjongkit raises: every one names what is wrong.

>>> issubclass(InvalidNotationError, ValueError)
True
"""

from __future__ import annotations


class MahjongError(Exception):
    """Base class of every mahjongkit error."""


class InvalidNotationError(MahjongError, ValueError):
    """Text that is not valid notation; quotes the input and the offending position.

    >>> str(InvalidNotationError("bad suit", "12x", 2))
    "bad suit at position 2 in '12x'"
    """

    def __init__(self, reason: str, text: str, position: int | None = None) -> None:
        self.reason = reason
        self.text = text
        self.position = position
        where = f" at position {position}" if position is not None else ""
        super().__init__(f"{reason}{where} in {text!r}")


class InvalidHandError(MahjongError, ValueError):
    """A hand that cannot exist: a fifth copy of a tile, a wrong tile count, a bad meld."""


class UnknownRulesetError(MahjongError, KeyError):
    """A ruleset name that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown ruleset"


class InvalidSituationError(MahjongError, ValueError):
    """A scoring situation that cannot happen with the given hand."""


class IllegalActionError(MahjongError, ValueError):
    """An action that is not legal in the game state; the state is left unchanged."""


class InvalidInputError(IllegalActionError, TypeError):
    """A seat or an action of the wrong type (a float, a bool, ``None``, a foreign object)
    given to a game state; nothing has changed."""


class InvalidNumberError(MahjongError, ValueError):
    """A number from a person that is not a whole number written in the digits 0-9 (or a
    JSON or TOML integer), or lies outside its field's range; ``field`` names it.

    >>> str(InvalidNumberError("flowers", "flowers must be 0..8, not 9"))
    'flowers must be 0..8, not 9'
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


class InvalidDataError(MahjongError, ValueError):
    """JSON or TOML text refused whole: not strict JSON, nested too deep, a number too large
    to carry, a string that is not Unicode text. ``code`` is the stable code saying which
    (``invalid_json``, ``invalid_toml``, ``too_deep``, ``number_too_large``,
    ``invalid_text``, ``unwritable``).

    >>> err = InvalidDataError("too_deep", "nested deeper than 64 levels")
    >>> err.code, str(err)
    ('too_deep', 'nested deeper than 64 levels')
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)
