"""A hand's money from scripted event logs: the order, the seats and every rule at once."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.game.events import ROBBED, Event, EventKind
from mahjongkit.game.hand_money import hand_money
from mahjongkit.money.penalties import Effect
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import Reason, balances
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import RED, parse_tile

MCR = get_ruleset("mcr").table
LRC = get_ruleset("taiwanese-lrc").table
DXB = get_ruleset("taiwanese-dxb").table
K = EventKind


def ev(kind: EventKind, seat: int, tile: int = -1, detail: int = 0) -> Event:
    return Event(kind, seat, tile, detail)


def test_mcr_win_seats_become_players_000_l333() -> None:
    """Dealer is player 2: seat 1 (player 3) wins 10 on seat 3's (player 1) discard."""
    money = hand_money(
        [ev(K.DISCARD, 3, 4), ev(K.WIN, 1, 4, 3)], points={1: 10}, deal=Deal(dealer=2), rules=MCR
    )
    assert money.winners == (3,)
    assert list(balances(money.payments)) == [-8, -18, -8, 34, 0]


def test_mcr_draw_pays_nothing_and_no_pot_000_l343() -> None:
    money = hand_money([ev(K.EXHAUSTIVE_DRAW, -1)], points={}, deal=Deal(), rules=MCR)
    assert money.payments == () and money.pot.total == 0


def test_taiwanese_draw_fills_the_pot_and_self_draw_takes_it_004_l468() -> None:
    """004 l.468-472: 5 each into the pot after a draw; the next self-draw winner takes it,
    not a discard winner."""
    after_draw = hand_money([ev(K.EXHAUSTIVE_DRAW, -1)], points={}, deal=Deal(), rules=LRC)
    assert after_draw.pot.total == 20
    on_discard = hand_money(
        [ev(K.WIN, 2, 4, 1)], points={2: 10}, deal=Deal(dealer=1), rules=LRC, pot=after_draw.pot
    )
    assert on_discard.pot.total == 20
    self_drawn = hand_money(
        [ev(K.WIN, 2, 4, 2)], points={2: 10}, deal=Deal(dealer=1), rules=LRC, pot=on_discard.pot
    )
    assert self_drawn.pot.total == 0
    # player 3 (seat 2) gets 3 x 10 + the pot of 20
    assert balances(self_drawn.payments)[3] == 50
    assert any(p.reason is Reason.POT_COLLECTED for p in self_drawn.payments)


def test_chase_detected_from_discards_004_l404() -> None:
    """Four red dragons discarded in one go-around by seats 1, 2, 3, 0: seat 1 pays 5 each."""
    events = [ev(K.DISCARD, s, RED) for s in (1, 2, 3, 0)]
    money = hand_money([*events, ev(K.EXHAUSTIVE_DRAW, -1)], points={}, deal=Deal(), rules=LRC)
    chase = [p for p in money.payments if p.reason is Reason.CHASING_TILES]
    assert [(p.payer, p.payee, p.amount) for p in chase] == [(1, 2, 5), (1, 3, 5), (1, 0, 5)]


def test_a_claim_breaks_the_go_around_004_l404() -> None:
    five = parse_tile("5s")
    events = [
        ev(K.DISCARD, 1, five),
        ev(K.DISCARD, 2, five),
        ev(K.PUNG, 0, five, 2),
        ev(K.DISCARD, 0, five),
        ev(K.DISCARD, 1, five),
    ]
    money = hand_money(events, points={}, deal=Deal(), rules=LRC)
    assert not any(p.reason is Reason.CHASING_TILES for p in money.payments)


def test_bouquets_from_flower_events_004_l208() -> None:
    """Seat 0 exposes 1f 2f 3f 4f (full, 10 each) then 5f (mixed, 5 each): 45 in all."""
    events = [ev(K.FLOWER, 0, t) for t in (34, 35, 36, 37, 38)]
    money = hand_money(events, points={}, deal=Deal(), rules=LRC)
    assert balances(p for p in money.payments if p.payee != 4)[0] == 45


def test_stop_and_drop_player_pays_but_does_not_collect_004_l442() -> None:
    """004 l.439-442: no kong money collected; still pays flower money to others."""
    events = [ev(K.CONCEALED_KONG, 1, 5)] + [ev(K.FLOWER, 2, t) for t in (38, 39, 40, 41)]
    money = hand_money(events, points={}, deal=Deal(), rules=LRC, stop_and_drop={1})
    b = balances(p for p in money.payments if p.reason is not Reason.DEAD_HAND)
    assert list(b) == [-10, -10, 30, -10, 0]


def test_triple_dice_paid_to_dealer_004_l344() -> None:
    money = hand_money([], points={}, deal=Deal(dealer=3), rules=LRC, dice=(2, 2, 2))
    assert [p.payee for p in money.payments if p.reason is Reason.TRIPLE_DICE] == [3, 3, 3]
    dxb = hand_money([], points={}, deal=Deal(dealer=3), rules=DXB, dice=(2, 2, 2))
    assert not any(p.reason is Reason.TRIPLE_DICE for p in dxb.payments)


def test_false_win_voids_the_hand_no_pot_004_l480() -> None:
    """004 l.478-480: 25 to each other player, the hand void: no settlement, no pot."""
    money = hand_money([ev(K.FALSE_WIN, 2, detail=2)], points={}, deal=Deal(), rules=LRC)
    assert money.void and money.wins == ()
    assert list(balances(money.payments)) == [25, 25, -75, 25, 0]
    assert money.penalties[0].effect is Effect.VOID_HAND


def test_mcr_false_win_then_another_wins_001_l43() -> None:
    """001 l.43: the declarer is disqualified for the hand; the game goes on to a win."""
    events = [ev(K.FALSE_WIN, 1, detail=1), ev(K.WIN, 3, 9, 3)]
    rules = replace(MCR, false_win="disqualify")
    money = hand_money(events, points={3: 8}, deal=Deal(), rules=rules)
    assert not money.void and money.winners == (3,)
    assert money.penalties[0].effect is Effect.CANNOT_WIN
    assert list(balances(money.payments)) == [-16, -16, -16, 48, 0]


def test_invalid_claim_is_recorded_001_l52() -> None:
    bp = replace(MCR, invalid_claim_forfeits=True)
    money = hand_money([ev(K.INVALID_CLAIM, 2, 4, 1)], points={}, deal=Deal(dealer=1), rules=bp)
    assert money.penalties[0].offender == 3 and money.penalties[0].effect is Effect.CANNOT_WIN


def test_robbed_kong_and_die_in_one_hand_004_l124_l428() -> None:
    """Dealer (seat 0 = player 1, die showing 2) adds to a pung; seat 2 robs it for 20 (the
    Robbing a Kong 10 of 004 l.327 among them): the dealer pays 20 + die 5 = 25; with the
    switch ``robbed_kong_extra`` at 10 (l.124 read as a 10 on top), 35."""
    events = [ev(K.PROMOTED_KONG, 0, 7), ev(K.WIN, 2, 7, 0 | ROBBED)]
    money = hand_money(events, points={2: 20}, deal=Deal(dealer=1, dealer_streak=2), rules=LRC)
    assert list(balances(money.payments)) == [0, -25, 0, 25, 0]
    twice = replace(LRC, robbed_kong_extra=10)
    money = hand_money(events, points={2: 20}, deal=Deal(dealer=1, dealer_streak=2), rules=twice)
    assert list(balances(money.payments)) == [0, -35, 0, 35, 0]


def test_two_winners_one_discard_004_l456() -> None:
    events = [ev(K.WIN, 3, 7, 1), ev(K.WIN, 2, 7, 1)]
    money = hand_money(events, points={2: 12, 3: 20}, deal=Deal(), rules=LRC)
    assert money.winners == (3, 2)
    assert [p.payee for p in money.payments] == [2, 3]  # discarder's right first
    assert list(balances(money.payments)) == [0, -32, 12, 20, 0]


def test_seven_flowers_win_no_other_points_004_l384() -> None:
    """Seat 1 exposes a 7th flower and wins instantly: 20 from each, no other points."""
    events = [ev(K.FLOWER, 1, t) for t in (34, 35, 36, 38, 39, 40, 41)]
    events.append(ev(K.WIN, 1, 41, 1))
    money = hand_money(events, points={}, deal=Deal(), rules=LRC, flower_wins={1})
    win = [p for p in money.payments if p.reason is Reason.SEVEN_FLOWERS]
    assert sorted(p.payer for p in win) == [0, 2, 3] and {p.amount for p in win} == {20}
    assert money.winners == (1,) and money.wins[0].self_drawn


events_strategy = st.lists(
    st.one_of(
        st.builds(ev, st.just(K.DISCARD), st.integers(0, 3), st.sampled_from([4, 27, 31])),
        st.builds(ev, st.just(K.CONCEALED_KONG), st.integers(0, 3), st.just(5)),
        st.builds(ev, st.just(K.FLOWER), st.integers(0, 3), st.integers(34, 41)),
        st.builds(ev, st.just(K.PUNG), st.integers(0, 3), st.just(4), st.integers(0, 3)),
    ),
    max_size=40,
)


@given(events_strategy, st.integers(0, 3), st.integers(0, 5), st.sampled_from([LRC, DXB, MCR]))
def test_every_hand_is_zero_sum(
    events: list[Event], dealer: int, streak: int, rules: TableRules
) -> None:
    """Whatever happened in the hand, the players and the pot together sum to zero."""
    money = hand_money(
        [*events, ev(K.WIN, 1, 4, 0)],
        points={1: 17},
        deal=Deal(dealer=dealer, dealer_streak=streak),
        rules=rules,
        dice=(3, 3, 3),
    )
    assert sum(balances(money.payments)) == 0


def _chases_by_window(events: list[Event]) -> list[tuple[int, int]]:
    """The chases as the card reads them (004 l.404): the last four discards since a
    claim, by the players in turn, of one tile; counting starts afresh after each."""
    from mahjongkit.money.instant import is_chase

    run: list[tuple[int, int]] = []
    found = []
    for e in events:
        if e.kind is EventKind.DISCARD:
            run = [*run[-3:], (e.seat, e.tile)]
            if is_chase(run):
                found.append((run[0][0], e.tile))
                run = []
        elif e.kind in (EventKind.CHOW, EventKind.PUNG, EventKind.KONG):
            run = []
    return found


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["discard", "pung", "draw"]), st.integers(0, 3), st.integers(0, 1)
        ),
        max_size=40,
    )
)
def test_chasing_tiles_counted_as_the_card_reads_them_004_l404(
    steps: list[tuple[str, int, int]],
) -> None:
    """Discards of two tiles by seats mostly in turn, with claims and draws between: the
    settlement finds exactly the chases of a four-discard window reset by claims."""
    lrc = get_ruleset("taiwanese-lrc").table
    events = []
    seat = 0
    for what, jump, tile in steps:
        seat = (seat + (1 if jump else 2)) % 4
        if what == "discard":
            events.append(ev(EventKind.DISCARD, seat, 27 + tile))
        elif what == "pung":
            events.append(ev(EventKind.PUNG, seat, 27 + tile, 0))
        else:
            events.append(ev(EventKind.DRAW, seat, 5))
    money = hand_money(events, points={}, deal=Deal(dealer=0), rules=lrc)
    paid = [p for p in money.payments if p.reason is Reason.CHASING_TILES]
    expected = _chases_by_window(events)
    assert len(paid) == 3 * len(expected)
    assert [p.payer for p in paid[::3]] == [first for first, _ in expected]
