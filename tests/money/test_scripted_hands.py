"""Money of hands played on the engine from arranged walls, checked by hand calculation."""

from __future__ import annotations

from dataclasses import replace

from mahjongkit.bots import RandomBot
from mahjongkit.game.actions import PASS, WIN, Action, ActionKind
from mahjongkit.game.match import money_of, verify
from mahjongkit.game.match_state import AUTOMATIC, MatchState, automatic_action
from mahjongkit.game.runner import play, play_hand
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import Wall
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import Reason, balances
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import EAST, parse_tile


def _win_on_dealer_discard(
    ruleset: str, dealer: str, south: str, tile: str, streak: int
) -> HandState:
    rules = get_ruleset(ruleset)
    wall = Wall.arranged(rules, [parse_tiles(dealer), parse_tiles(south)])
    state = HandState(rules, wall, EAST, dealer_streak=streak)
    state.apply(0, Action(ActionKind.DISCARD, parse_tile(tile)))
    assert WIN in state.legal_actions(1)
    state.apply(1, WIN)
    for seat in state.to_act():
        state.apply(seat, PASS)
    assert state.result is not None and state.result.winners == (1,)
    return state


def test_mcr_discard_win_on_the_engine_000_l333() -> None:
    """South wins on the dealer's 4p: the dealer pays 8 + points, West and North 8 each
    (000 l.333); dealer is player 2 here, so South is player 3."""
    state = _win_on_dealer_discard("mcr", "13579sESWNCFP4p", "123456789m11p23p", "4p", streak=0)
    assert state.result is not None
    points = state.result.scores[0].total
    assert points >= 8
    money = money_of(state, Deal(dealer=2), get_ruleset("mcr").table, Pot())
    assert list(balances(money.payments)) == [-8, -8, -8 - points, 24 + points, 0]


def test_taiwanese_win_with_die_and_triple_dice_004_l344_l428() -> None:
    """Taiwanese LRC, die showing 2, the arranged wall's dice 1-1-1 (a triple).

    At the break each pays the dealer 5 (004 l.344). South wins on the dealer's first
    discard; the dealer pays the total without the die, and the die bonus 5 as its own
    payment (l.428). Net: dealer 15 - total, South total - 5, West and North -5.
    """
    state = _win_on_dealer_discard(
        "taiwanese-lrc",
        "111s222s333s444s555s7p9s",
        "123m456m789m123p456p7p",
        "7p",
        streak=2,
    )
    assert state.result is not None
    score = state.result.scores[0]
    die_items = [i.total for i in score.items if i.id == "dice_on_the_wall"]
    assert die_items == [5]  # the scorer shows the die in the breakdown...
    money = money_of(
        state, Deal(dealer=0, dealer_streak=2), get_ruleset("taiwanese-lrc").table, Pot()
    )
    total = score.total
    assert list(balances(money.payments)) == [15 - total, total - 5, -5, -5, 0]
    # ...and the money pays it once, from the dealer who gave the winning tile.
    die = [p for p in money.payments if p.reason is Reason.DIE_ON_THE_WALL]
    assert [(p.payer, p.payee, p.amount) for p in die] == [(0, 1, 5)]
    assert sum(p.amount for p in money.payments if p.reason is Reason.WIN) == total - 5


def test_dxb_has_no_triple_dice_004_l343() -> None:
    state = _win_on_dealer_discard(
        "taiwanese-dxb",
        "111s222s333s444s555s7p9s",
        "123m456m789m123p456p7p",
        "7p",
        streak=0,
    )
    assert state.result is not None
    total = state.result.scores[0].total
    money = money_of(state, Deal(), get_ruleset("taiwanese-dxb").table, Pot())
    assert list(balances(money.payments)) == [-total, total, 0, 0, 0]


def _robbed_kong_hand() -> HandState:
    """West passes on East's 9p, South pungs it, later draws the fourth 9p and adds it to
    the pung; West robs it, winning on 9p (003 l.131, 004 l.124)."""
    rules = get_ruleset("taiwanese-lrc")
    hands = [
        "124m147p147sESWNCFP9p",
        "99p258m258s369sCFPS",
        "78p123456789m123sNN",
        "369m36p369sSWNCFEE",
    ]
    state = HandState(
        rules, Wall.arranged(rules, [parse_tiles(h) for h in hands], parse_tiles("WPF9p"))
    )

    def play(seat: int, text: str) -> None:
        state.apply(seat, Action.parse(text))
        while state.phase is Phase.CLAIM:
            for other in state.to_act():
                state.apply(other, PASS)

    state.apply(0, Action.parse("discard 9p"))
    state.apply(2, PASS)
    state.apply(1, Action.parse("pung"))
    for seat, text in [(1, "discard C"), (2, "discard W"), (3, "discard P"), (0, "discard F")]:
        play(seat, text)
    state.apply(1, Action.parse("promoted-kong 9p"))
    assert state.phase is Phase.ROB and state.to_act() == (2,)
    state.apply(2, WIN)
    assert state.result is not None and state.result.robbed_kong
    return state


def test_robbed_kong_declarer_pays_the_hand_with_its_robbing_10_004_l124_l327() -> None:
    """004 l.124's "additional 10 pts ... (See also Winning Tile in Scoring)" is the 10 of
    Win by Robbing a Kong (l.327): it is in West's hand, which South, the declarer, pays
    as the discarder (003 l.131), so South pays the hand and nothing more. The other
    reading is the switch ``robbed_kong_extra`` (10 on top)."""
    state = _robbed_kong_hand()
    assert state.result is not None
    score = state.result.scores[0]
    assert [i.total for i in score.items if i.id == "robbing_kong"] == [10]
    total = score.total
    deal = Deal(dealer=0)

    def for_the_win(rules: TableRules) -> list[tuple[int, int, int, Reason]]:
        # The arranged wall's dice are a triple (1-1-1): those payments are left aside.
        payments = money_of(state, deal, rules, Pot()).payments
        return [
            (p.payer, p.payee, p.amount, p.reason)
            for p in payments
            if p.reason is not Reason.TRIPLE_DICE
        ]

    assert for_the_win(get_ruleset("taiwanese-lrc").table) == [(1, 2, total, Reason.WIN)]
    twice = replace(get_ruleset("taiwanese-lrc").table, robbed_kong_extra=10)
    assert for_the_win(twice) == [(1, 2, total, Reason.WIN), (1, 2, 10, Reason.ROBBED_KONG)]


def test_seven_flowers_dealt_win_at_once_004_l384() -> None:
    """East is dealt seven flowers: after replacing them (l.386) East wins at once (the
    match declares it, l.384), and each other player pays 20 (l.210); no other points,
    and no die bonus although the die shows 2."""
    rules = get_ruleset("taiwanese-lrc")
    flowers = parse_tiles("1f2f3f4f5f6f7f")
    wall = Wall.arranged(rules, [[*flowers, *parse_tiles("1m2m3m4m5m6m7m8m9m1p")]])
    state = HandState(rules, wall, EAST, dealer_streak=2)
    assert automatic_action(state, 0) is WIN
    never_wins = [RandomBot() for _ in range(4)]
    result = play_hand(state, never_wins)
    assert state.history == [(0, WIN)]
    assert result is not None and result.winners == (0,) and result.self_drawn
    lrc = get_ruleset(rules).table
    money = money_of(state, Deal(dealer=3, dealer_streak=2), lrc, Pot())
    assert money.winners == (3,) and money.wins[0].self_drawn
    seven = [p for p in money.payments if p.reason is Reason.SEVEN_FLOWERS]
    assert sorted(p.payer for p in seven) == [0, 1, 2] and {p.amount for p in seven} == {20}
    assert not any(p.reason is Reason.DIE_ON_THE_WALL for p in money.payments)


def test_mcr_has_no_flower_win() -> None:
    rules = get_ruleset("mcr")
    flowers = parse_tiles("1f2f3f4f5f6f7f")
    wall = Wall.arranged(rules, [[*flowers, *parse_tiles("1m2m3m4m5m6m7m")]])
    state = HandState(rules, wall, EAST)
    assert automatic_action(state, 0) is None


def test_flower_win_in_a_match_replays_004_l384() -> None:
    """A match whose first wall deals East seven flowers: the record shows the instant
    win, the money is 20 from each, and `verify` replays it. (The wall is given to
    `MatchState.deal`: the compiled build calls `HandState.new` directly, past any patch.)"""
    flowers = parse_tiles("1f2f3f4f5f6f7f")
    arranged = Wall.arranged(
        get_ruleset("taiwanese-lrc"), [[*flowers, *parse_tiles("1m2m3m4m5m6m7m8m9m1p")]]
    )
    state = MatchState(
        "taiwanese-lrc", seed=1, max_hands=2, automations=replace(AUTOMATIC, deal=False)
    )
    state.deal(wall=arranged)
    state.automations = AUTOMATIC  # the next hand dealt from the match's seed
    play(state, [RandomBot() for _ in range(4)])
    record = state.record(("random",) * 4)
    first = record.hands[0]
    assert first.record.result["kind"] == "win"
    assert first.record.result["scores"][0]["total"] == 20  # 7 flowers, no other points
    assert first.money.winners == (0,)  # player 0 deals first
    # 3 x 20 for the win, 3 x 5 for the triple 1-1-1 the arranged wall throws, and the
    # bouquets paid as the flowers are shown: full (1f-4f) 3 x 10, mixed 3 x 5 (l.208-209).
    assert balances(first.money.payments)[0] == 60 + 15 + 30 + 15
    assert record.hands[1].deal.dealer == 0  # the dealer won: keeps the deal
    assert verify(record.to_json()) == []
