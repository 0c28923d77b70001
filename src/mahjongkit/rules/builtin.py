"""The built-in rulesets, every value spelled out with the seed line it rests on.

Nothing here is a default: each ruleset states each rule. House rulesets (``bp-club``,
``botzone``) are TOML files in ``rules/data/`` over one of these, read by the same code a
club's own file goes through (`mahjongkit.rules.house`).

>>> [r.name for r in BUILTIN]
['mcr', 'mcr-gb', 'taiwanese-lrc', 'taiwanese-dxb']
"""

from __future__ import annotations

from dataclasses import replace

from mahjongkit.rules.combinations import REFERENCE, SEED
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.rules.scoring import ScoringRules
from mahjongkit.rules.table import TableRules
from mahjongkit.rules.taiwanese import TaiwaneseOptions
from mahjongkit.shapes import MCR_FORMS, TAIWANESE_FORMS, Form

MCR_PLAY = PlayRules(
    hand_size=13,  # 000 l.44: thirteen tiles each, the dealer fourteen
    uses_flowers=True,  # 000 l.5: the standard 144-tile set, flowers included
    wall_layout="shared",  # 000 l.30-48: four walls in a square, broken by the dice
    wall_stacks_per_side=18,  # 000 l.30: four walls of 18 stacks of two
    dice_throws=2,  # 000 l.36: East throws, then the player counted to throws again
    dice_count=2,  # 000 l.34: two dice, thrown twice
    deal_one_and_three=True,  # 000 l.44: 4-4-4, then the dealer's "one and three"
    deal_flower_order="until_none",  # 000 l.48: dealer replaces all, then South...
    draw_stacks_left=0,  # 000 l.343: an exhaustive draw, the wall played out
    kong_needs_live_tile=True,  # 000 l.82: a kong draws its replacement from the wall
    turn_kong_needs_next_draw=False,  # the seeds ask only for the replacement
    last_discard_claims="all",  # the seeds restrict no claim of the last discard
    chow_only_from_left=True,  # 000 l.68: chow only from the player before you
    missed_tile_rule=False,  # MCR seeds name no such rule
    ting_in_play=False,  # no Calling in MCR
    ting_may_promote_pung=False,  # no Calling, so nothing to promote after it
    discards="rows",  # 000 l.90: rows of six in front of each discarder
    last_tile_draw_on_replacement=False,  # 000 l.229: Last Tile Draw is from the wall
    last_discard_scores=True,  # 000 l.230: Last Tile Claim
    flower_win=False,  # a flower is a point each, never a win (002 l.209)
)
"""MCR play as seeds 000 and 002 state it."""

MCR_TABLE = TableRules(
    starting_points=0,  # 000 l.108: no starting score
    hands_per_game=16,  # 000 l.24, 002 l.219: four rounds of four hands
    dealer_keeps_on_win=False,  # 000 l.24: the deal passes after every hand
    dealer_keeps_on_draw=False,  # 000 l.24
    time_limit_seconds=None,  # 000 l.102: a competition sets its own
    base_payment=8,  # 000 l.333-335, 002 l.61-66
    multiple_winners="next_in_turn",  # 000 l.74: the nearest after the discarder wins
    win_payments="base_and_points",  # 000 l.333-335
    all_pay_on_discard=False,  # the discarder pays the points (000 l.333)
    robbed_kong_extra=0,  # the robbed player pays as a discarder (000 l.333)
    concealed_kong_payment=0,
    mixed_bouquet_payment=0,
    full_bouquet_payment=0,
    seven_flowers_win=0,
    eight_flowers_win=0,
    chasing_honor_payment=0,
    chasing_suit_payment=0,
    west_wind_exception=False,
    die_on_the_wall=False,
    die_cap=None,
    triple_dice=False,
    triple_dice_payment=0,
    triple_six_payment=0,
    dead_hand_pot=0,  # MCR: a drawn hand pays nothing (000 l.343)
    false_win_penalty=0,  # 001 l.43: the declarer may not win; no payment by the seeds
    false_win="disqualify",  # 000 l.98, 002 l.59-60, 001 l.43
    illegal_action="refuse",  # the seeds: an illegal action is simply not allowed
    illegal_action_penalty=0,
    invalid_claim_forfeits=False,  # the seeds name no penalty (bp-club does: 001 l.52)
    unrevealed_kong_penalty=0,
)
"""MCR money and penalties as seeds 000 and 002 state them."""

MCR_SCORING = ScoringRules(
    family="mcr",
    column="mcr",  # 002's values (Two Concealed Kongs 8: 002 l.161)
    minimum_points=8,  # 000 l.98, 002 l.59: eight points without flowers
    forms=MCR_FORMS,
    item_values=(),
    removed_items=frozenset(),
    combinations=SEED,  # 002 l.213-217 and each fan's own lines (rules/combinations.py)
    sheet=None,
)

TAIWANESE_PLAY = PlayRules(
    hand_size=16,  # 003 l.7: five sets and a pair, seventeen tiles
    uses_flowers=True,  # 003 l.7 with flowers (004 l.206-211)
    wall_layout="shared",  # 004 l.69: one wall, broken by the dealer's throw
    wall_stacks_per_side=18,  # four walls of 18 stacks, as 000 l.30
    dice_throws=1,  # 004 l.69: the dealer throws once
    dice_count=3,  # 004 l.344: three dice
    deal_one_and_three=False,  # 004 l.74-75: four at a time to 16, the dealer a 17th
    deal_flower_order="in_rounds",  # 004 l.76: all a seat revealed, seat by seat
    draw_stacks_left=8,  # 003 l.141: the last 16 tiles are not drawn
    kong_needs_live_tile=False,  # 003 l.141: a kong with no replacement ends the hand
    turn_kong_needs_next_draw=False,
    last_discard_claims="all",  # 003 l.139: the deal ends when the next cannot draw
    chow_only_from_left=True,  # 003 l.49
    missed_tile_rule=True,  # 004 l.128, l.452
    ting_in_play=True,  # 004 l.165, l.488-506
    ting_may_promote_pung=True,  # 004 l.503: only the concealed pung is named
    discards="centre",  # 003 l.45, 004 l.46: in the middle, "not lined up in a row"
    last_tile_draw_on_replacement=False,
    last_discard_scores=False,  # 004 l.332: only the last tile drawn scores
    flower_win=True,  # 004 l.210-211, l.382-390
)
"""Taiwanese play as seeds 003 and 004 state it."""

TAIWANESE_TABLE = TableRules(
    starting_points=2000,  # 003 l.59
    hands_per_game=None,  # four rounds, the dealer keeping the deal on a win (003 l.55)
    dealer_keeps_on_win=True,  # 003 l.55, 004 l.134
    dealer_keeps_on_draw=False,  # 004 l.134, l.466 (003 l.57: "a common option")
    time_limit_seconds=None,
    base_payment=0,
    multiple_winners="all",  # 003 l.65, 004 l.454-460
    win_payments="total",  # the discarder pays the hand; each player a self-draw (004 l.174)
    all_pay_on_discard=False,  # the card: the discarder alone pays
    robbed_kong_extra=0,  # 004 l.124 -> l.327: the 10 is the hand's own Robbing a Kong item
    concealed_kong_payment=5,  # 004 l.105, l.231
    mixed_bouquet_payment=5,  # 004 l.208
    full_bouquet_payment=10,  # 004 l.209
    seven_flowers_win=20,  # 004 l.210, l.382-386
    eight_flowers_win=40,  # 004 l.211, l.388-390
    chasing_honor_payment=5,  # 004 l.406
    chasing_suit_payment=10,  # 004 l.407
    west_wind_exception=True,  # 004 l.409-411
    die_on_the_wall=True,  # 004 l.413-432
    die_cap=None,  # 004 l.432: no limit by the card
    triple_dice=True,  # 004 l.343-345 (LRC)
    triple_dice_payment=5,  # 004 l.343
    triple_six_payment=10,  # 004 l.345
    dead_hand_pot=5,  # 004 l.136-138, l.462-472
    false_win_penalty=25,  # 004 l.144, l.478
    false_win="void",  # 004 l.144, l.480: replayed with the same dealer and dice
    illegal_action="refuse",
    illegal_action_penalty=0,
    invalid_claim_forfeits=False,
    unrevealed_kong_penalty=10,  # 004 l.232
)
"""Taiwanese money as the LRC column of seed 004 states it, with seed 003's gameplay."""

TAIWANESE_SHEET = TaiwaneseOptions.card()
"""Every sheet switch at the card's most literal reading (see `SWITCHES`)."""

BUILTIN = (
    Ruleset(
        name="mcr",
        title="Chinese Official (MCR), as the seed documents value it",
        aliases=("chinese-official", "international"),
        description="",
        play=MCR_PLAY,
        table=MCR_TABLE,
        scoring=MCR_SCORING,
    ),
    Ruleset(
        name="mcr-gb",
        title="Chinese Official (MCR), Chinese-language rulebook values",
        aliases=("guobiao",),
        description="",
        play=MCR_PLAY,
        table=MCR_TABLE,
        scoring=replace(MCR_SCORING, column="mcr-gb", combinations=REFERENCE),
    ),
    Ruleset(
        name="taiwanese-lrc",
        title="Taiwanese 16-tile, LRC scoresheet",
        aliases=("taiwanese",),
        description="",
        play=TAIWANESE_PLAY,
        table=TAIWANESE_TABLE,
        scoring=ScoringRules(
            family="taiwanese",
            column="lrc",
            minimum_points=0,  # 004 l.23: the card's minimum is the sheet's switch
            forms=TAIWANESE_FORMS,
            item_values=(),
            removed_items=frozenset(),
            combinations=None,
            sheet=TAIWANESE_SHEET,
        ),
    ),
    Ruleset(
        name="taiwanese-dxb",
        title="Taiwanese 16-tile, DXB scoresheet",
        aliases=(),
        description="",
        play=TAIWANESE_PLAY,
        # 004 l.343: the triple dice at the break is LRC's alone.
        table=replace(TAIWANESE_TABLE, triple_dice=False),
        scoring=ScoringRules(
            family="taiwanese",
            column="dxb",
            minimum_points=0,
            forms=TAIWANESE_FORMS - {Form.SIXTEEN_ORPHANS},  # 004 l.357: LRC only
            item_values=(),
            removed_items=frozenset(),
            combinations=None,
            sheet=TAIWANESE_SHEET,
        ),
    ),
)
"""The rulesets written in code; `mahjongkit.rules.ruleset` registers them."""

__all__ = ["BUILTIN", "MCR_PLAY", "MCR_TABLE", "TAIWANESE_PLAY", "TAIWANESE_TABLE"]
