"""Provably fair walls: a hand's wall committed to before the deal, revealed after it.

The seeds ask that the tiles be "thoroughly and randomly mixed" (000 l.28) and say that
"shuffling lightly is not acceptable" (004 l.66); players at a server cannot watch the
shuffle, so the server proves it instead. Each hand gets a **seed** (32 bytes) and a
**salt** (16 bytes) from the operating system's secure random source (`secrets`).
Before the hand the table publishes the **commitment**, the SHA-256 of

    mahjongkit-wall/1\\n
    ruleset <ruleset name>\\n
    hand <hand number in the match, from 1>\\n
    seed <seed, 64 lower-case hex digits>\\n
    salt <salt, 32 lower-case hex digits>\\n

(UTF-8, each line ended by one newline, `commitment_input`). After the hand it reveals the
seed and the salt: anyone can hash them again, and rebuild the wall from the seed.

The wall is a pure function of the seed and the ruleset (`wall_of`), written with
SHA-256 alone so that it reads the same in any language and any Python version (unlike
`random`, whose shuffle Python does not promise to keep): a stream of bytes, block ``n``
the SHA-256 of ``b"mahjongkit-wall/1 shuffle\\n" + seed + n`` (``n`` as 8 bytes, big
end first), read four bytes at a time as numbers (big end first); `below` ``(k)`` takes
the next number under the largest multiple of ``k`` that fits in 32 bits (the others
are skipped, so every answer is as likely) and answers it modulo ``k``. The set's tiles
in the order of `mahjongkit.game.wall.full_set` (four of each kind 1m..9m, 1p..9p,
1s..9s, E S W N C F P, then the flowers 1f..8f where the ruleset has them) are shuffled
by Fisher and Yates: for ``i`` from the last index down to 1, swap tile ``i`` with tile
``below(i + 1)``. The result is the tiles by wall position; then each die of each throw
is ``below(6) + 1``. The deal and every draw follow from the tiles and the dice by the
ruleset's build (`mahjongkit.game.wall`). See ``docs/fairness.md``.

>>> fair = WallSeed("mcr", 1, bytes(32), bytes(16))
>>> fair.commitment
'f97e74f9e0cd82212d6b813ff67be73517a113a570bf1333558b7615bc03720a'
>>> published = fair.published()
>>> published.seed is None, published.commitment == fair.commitment
(True, True)
>>> fair.revealed().problems()
[]
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> wall = fair.wall(get_ruleset("mcr"))
>>> len(wall.tiles), wall.dice == wall_of(get_ruleset("mcr"), bytes(32))[1]
(144, True)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.wall import Wall, full_set
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.tiles import Tile

SCHEME = "mahjongkit-wall/1"
"""The version tag of the commitment and of the shuffle: the first line hashed."""
SEED_BYTES = 32
SALT_BYTES = 16
_SHUFFLE_TAG = (SCHEME + " shuffle\n").encode("ascii")


class InvalidCommitmentError(MahjongError, ValueError):
    """A wall commitment that cannot be read: a missing or malformed field, named."""


def commitment_input(ruleset: str, hand: int, seed: bytes, salt: bytes) -> bytes:
    """The exact bytes a commitment hashes (see the module docstring).

    >>> commitment_input("mcr", 2, bytes(32), bytes(16)).decode().splitlines()[:3]
    ['mahjongkit-wall/1', 'ruleset mcr', 'hand 2']
    """
    if not ruleset or any(c.isspace() for c in ruleset):
        raise InvalidCommitmentError(f"a ruleset name without spaces, not {ruleset!r}")
    if hand < 1:
        raise InvalidCommitmentError(f"hands are numbered from 1, not {hand}")
    return (
        f"{SCHEME}\nruleset {ruleset}\nhand {hand}\nseed {seed.hex()}\nsalt {salt.hex()}\n"
    ).encode()


def commitment_of(ruleset: str, hand: int, seed: bytes, salt: bytes) -> str:
    """The commitment: SHA-256 of `commitment_input`, in lower-case hex."""
    return hashlib.sha256(commitment_input(ruleset, hand, seed, salt)).hexdigest()


def _numbers(seed: bytes) -> Iterator[int]:
    """The shuffle's stream of 32-bit numbers drawn from ``seed``."""
    block = 0
    while True:
        digest = hashlib.sha256(_SHUFFLE_TAG + seed + block.to_bytes(8, "big")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        block += 1


def _below(numbers: Iterator[int], k: int) -> int:
    """A number 0..k-1, every one as likely: the next of ``numbers`` that falls under
    the largest multiple of ``k`` in 32 bits, modulo ``k``."""
    limit = (1 << 32) // k * k
    while True:
        x = next(numbers)
        if x < limit:
            return x % k


def wall_of(
    ruleset: Ruleset | PlayRules, seed: bytes
) -> tuple[tuple[Tile, ...], tuple[tuple[int, ...], ...]]:
    """The tiles by wall position and the dice that ``seed`` gives under ``ruleset``
    (see the module docstring).

    >>> from mahjongkit.rules.ruleset import get_ruleset
    >>> tiles, dice = wall_of(get_ruleset("mcr"), bytes(32))
    >>> len(tiles), len(dice), all(1 <= d <= 6 for throw in dice for d in throw)
    (144, 2, True)
    """
    rules = ruleset if isinstance(ruleset, PlayRules) else ruleset.play
    numbers = _numbers(seed)
    tiles = full_set(rules.uses_flowers)
    for i in range(len(tiles) - 1, 0, -1):
        j = _below(numbers, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    dice = tuple(
        tuple(_below(numbers, 6) + 1 for _ in range(rules.dice_count))
        for _ in range(rules.dice_throws)
    )
    return tuple(tiles), dice


@dataclass(frozen=True, slots=True)
class WallCommitment:
    """What a table publishes of a hand's wall: before the hand the commitment alone,
    after it the seed and salt as well (hex). `problems` checks what can be checked."""

    ruleset: str
    hand: int
    commitment: str
    seed: str | None = None
    salt: str | None = None
    scheme: str = SCHEME

    @property
    def revealed(self) -> bool:
        """True once the seed and salt are known."""
        return self.seed is not None and self.salt is not None

    def wall_seed(self) -> WallSeed:
        """The revealed seed and salt as bytes (`InvalidCommitmentError` before the reveal
        or when they are not hex of the right length)."""
        if self.seed is None or self.salt is None:
            raise InvalidCommitmentError(f"hand {self.hand}'s seed and salt are not revealed")
        return WallSeed(
            self.ruleset,
            self.hand,
            _hex(self.seed, "seed", SEED_BYTES),
            _hex(self.salt, "salt", SALT_BYTES),
        )

    def problems(self) -> list[str]:
        """What does not hold: an unknown scheme, a seed or salt that is not what was
        committed to (empty when the revealed values hash to the commitment)."""
        if self.scheme != SCHEME:
            return [f"unknown commitment scheme {self.scheme!r} (this verifier knows {SCHEME!r})"]
        try:
            fair = self.wall_seed()
        except InvalidCommitmentError as err:
            return [str(err)]
        got = fair.commitment
        if got != self.commitment:
            return [
                f"the revealed seed and salt hash to {got}, not to the commitment"
                f" {self.commitment} published before the hand"
            ]
        return []

    def to_json(self) -> dict[str, Any]:
        """``{"scheme", "ruleset", "hand", "sha256"}``, with ``"seed"`` and ``"salt"``
        once revealed."""
        out: dict[str, Any] = {
            "scheme": self.scheme,
            "ruleset": self.ruleset,
            "hand": self.hand,
            "sha256": self.commitment,
        }
        if self.revealed:
            out["seed"] = self.seed
            out["salt"] = self.salt
        return out

    @classmethod
    def from_json(cls, data: Any) -> WallCommitment:
        """The inverse of `to_json`; a bad field raises `InvalidCommitmentError`."""
        if not isinstance(data, dict):
            raise InvalidCommitmentError("a wall commitment must be a JSON object")
        try:
            hand = data["hand"]
            if type(hand) is not int:
                raise InvalidCommitmentError(f"commitment 'hand' must be a number, not {hand!r}")
            texts = {}
            for key in ("scheme", "ruleset", "sha256"):
                if not isinstance(data[key], str):
                    raise InvalidCommitmentError(f"commitment {key!r} must be text")
                texts[key] = data[key]
            for key in ("seed", "salt"):
                if data.get(key) is not None and not isinstance(data[key], str):
                    raise InvalidCommitmentError(f"commitment {key!r} must be hex text")
        except KeyError as err:
            raise InvalidCommitmentError(f"wall commitment has no {err.args[0]!r} field") from None
        return cls(
            texts["ruleset"],
            hand,
            texts["sha256"],
            data.get("seed"),
            data.get("salt"),
            texts["scheme"],
        )


def _hex(text: str, name: str, size: int) -> bytes:
    """``size`` bytes from lower-case hex text."""
    try:
        value = bytes.fromhex(text)
    except ValueError:
        raise InvalidCommitmentError(f"the {name} must be hex digits, not {text!r}") from None
    if len(value) != size or value.hex() != text:
        raise InvalidCommitmentError(
            f"the {name} must be {2 * size} lower-case hex digits, not {len(text)}"
        )
    return value


@dataclass(frozen=True, slots=True)
class WallSeed:
    """A hand's secret: the seed its wall is built from and the salt of its commitment.
    Kept by the table until the hand ends."""

    ruleset: str
    hand: int
    seed: bytes
    salt: bytes

    def __post_init__(self) -> None:
        if len(self.seed) != SEED_BYTES or len(self.salt) != SALT_BYTES:
            raise InvalidCommitmentError(
                f"a seed has {SEED_BYTES} bytes and a salt {SALT_BYTES}, not"
                f" {len(self.seed)} and {len(self.salt)}"
            )
        commitment_input(self.ruleset, self.hand, self.seed, self.salt)  # checks the names

    @classmethod
    def fresh(cls, ruleset: str, hand: int) -> WallSeed:
        """A seed and a salt from the operating system's secure random source."""
        return cls(ruleset, hand, secrets.token_bytes(SEED_BYTES), secrets.token_bytes(SALT_BYTES))

    @classmethod
    def derived(cls, ruleset: str, hand: int, table_seed: int) -> WallSeed:
        """A seed and a salt derived from a seed someone chose (tests, reproductions):
        the same table seed gives the same walls, still committed to and revealed.

        >>> WallSeed.derived("mcr", 1, 7) == WallSeed.derived("mcr", 1, 7)
        True
        """
        base = f"{SCHEME} derived\n{table_seed}\n{ruleset}\n{hand}\n"
        seed = hashlib.sha256((base + "seed").encode()).digest()
        salt = hashlib.sha256((base + "salt").encode()).digest()[:SALT_BYTES]
        return cls(ruleset, hand, seed, salt)

    @property
    def commitment(self) -> str:
        """The SHA-256 of `commitment_input`, in hex."""
        return commitment_of(self.ruleset, self.hand, self.seed, self.salt)

    def wall(self, ruleset: Ruleset | PlayRules) -> Wall:
        """The hand's wall (`wall_of`)."""
        rules = ruleset if isinstance(ruleset, PlayRules) else ruleset.play
        tiles, dice = wall_of(rules, self.seed)
        return Wall(rules, tiles, dice)

    def published(self) -> WallCommitment:
        """What the table shows before the hand: the commitment alone."""
        return WallCommitment(self.ruleset, self.hand, self.commitment)

    def revealed(self) -> WallCommitment:
        """What the table shows after the hand: the commitment, the seed and the salt."""
        return WallCommitment(
            self.ruleset, self.hand, self.commitment, self.seed.hex(), self.salt.hex()
        )


__all__ = [
    "SALT_BYTES",
    "SCHEME",
    "SEED_BYTES",
    "InvalidCommitmentError",
    "WallCommitment",
    "WallSeed",
    "commitment_input",
    "commitment_of",
    "wall_of",
]
