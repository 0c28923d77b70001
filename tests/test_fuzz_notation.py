"""Fuzzing the notation parser (bounded, reproducible: derandomized, no example database).

Any text is either a hand or an `InvalidNotationError` (a `MahjongError`), never another
exception; a valid hand written with its flowers and melds in any order before its last
tile reads back as the same hand."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.errors import MahjongError
from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld, parse_hand, parse_meld
from mahjongkit.notation import parse_tiles, read_hand
from mahjongkit.tiles import FLOWERS, NUM_KINDS, RANK

FUZZ = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# The characters the grammar cares about, and a few it must refuse.
ALPHABET = "0123456789mpszfESWNCFP[],  \t\n" + "\U0001f000\U0001f007\U0001f022²٣x"
texts = st.one_of(
    st.text(alphabet=ALPHABET, max_size=40),
    st.text(max_size=40),
    st.lists(
        st.sampled_from(["123m", "456p", "789s", "11s", "EEE", "1f", "[EEE1]", "[123m2]", "E"]),
        max_size=8,
    ).map("".join),
)


@FUZZ
@given(texts)
def test_any_text_is_a_hand_or_a_notation_error(text: str) -> None:
    for read in (parse_hand, read_hand, parse_tiles, parse_meld):
        with contextlib.suppress(MahjongError):
            read(text)  # type: ignore[operator]


@st.composite
def complete_hands(draw: st.DrawFn) -> Hand:
    size = draw(st.sampled_from([13, 16]))
    left = [4] * NUM_KINDS
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from([CHOW, PUNG, KONG]))
        if kind is CHOW:
            t = draw(st.sampled_from([t for t in range(27) if RANK[t] <= 7]))
            if all(left[u] for u in (t, t + 1, t + 2)):
                for u in (t, t + 1, t + 2):
                    left[u] -= 1
                melds.append(Meld(CHOW, t, claimed=t + 1, source=1))
            continue
        t = draw(st.integers(0, NUM_KINDS - 1))
        if left[t] >= kind.size:
            left[t] -= kind.size
            melds.append(Meld(kind, t, claimed=t, source=draw(st.sampled_from([1, 2, 3]))))
    pool = [t for t in range(NUM_KINDS) for _ in range(left[t])]
    n = size - 3 * len(melds) + 1
    tiles = draw(st.permutations(pool).map(lambda p: list(p[:n])))
    flowers = tuple(draw(st.sets(st.sampled_from(FLOWERS), max_size=4)))
    return Hand.from_tiles(tiles, tuple(melds), flowers, tiles[-1])


@FUZZ
@given(complete_hands(), st.randoms(use_true_random=False))
def test_flowers_and_melds_anywhere_before_the_last_tile_read_back(hand: Hand, rng) -> None:  # type: ignore[no-untyped-def]
    text = str(hand)
    assert parse_hand(text) == hand
    # Shuffle the flowers, melds and all but the winning tile; the winning tile stays last.
    winning = hand.winning_tile
    assert winning is not None
    concealed = list(hand.without_winning_tile().concealed_tiles())
    items = [str(m) for m in hand.melds] + [text_of(t) for t in hand.flowers + tuple(concealed)]
    rng.shuffle(items)
    shuffled = "".join(items) + text_of(winning)
    read = parse_hand(shuffled)
    assert (read.concealed, read.flowers, read.winning_tile) == (
        hand.concealed,
        hand.flowers,
        hand.winning_tile,
    )
    assert sorted(map(str, read.melds)) == sorted(map(str, hand.melds))  # melds keep their order
    # And a flower or meld moved after the winning tile is refused, never misread.
    if hand.flowers or hand.melds:
        tail = str(hand.melds[0]) if hand.melds else text_of(hand.flowers[0])
        moved = shuffled.replace(tail, "", 1) + tail
        try:
            parse_hand(moved)
        except MahjongError as err:
            assert "ends with its winning tile" in str(err)
        else:
            raise AssertionError(f"{moved!r} was read with a winning tile")


def text_of(tile: int) -> str:
    from mahjongkit.notation import format_tiles

    return format_tiles([tile])
