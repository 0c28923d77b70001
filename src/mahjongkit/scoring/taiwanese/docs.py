"""Writes docs/rules/taiwanese.md from the data: catalogue, switches and decisions.

``python -m mahjongkit.scoring.taiwanese.docs`` rewrites the document; a test checks the
committed file equals `render_document()`.

>>> "| Base Point `base_point` |" in render_document()
True
"""

from __future__ import annotations

import sys
from pathlib import Path

from mahjongkit.rules.catalogues.taiwanese import CATALOGUE
from mahjongkit.rules.taiwanese import SWITCHES
from mahjongkit.scoring.docs import render_catalogue

DOCUMENT = Path("docs/rules/taiwanese.md")
"""Where the document lives, from the repository root."""

DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "Absent lines",
        "18, 204, 259-260, 271, 278, 297, 303, 318, 320, 328-331, 343-345, 357-363",
        "A value printed as a dash, or a line marked LRC only / DXB only, does not exist on "
        "the other sheet: the item never scores there and never excludes anything there.",
    ),
    (
        "Lines printed twice",
        "203 + 301, 292 + 324, 293 + 326",
        "The All Sheung 15 with no flowers or honours, Concealed Hand won from a discard and "
        "Fully Exposed Hand won from a discard are each printed in two sections with the same "
        "values. Each is one item, awarded once (line 301: 'awarded once, do not duplicate').",
    ),
    (
        "What adds up",
        "203, 213-226, 301, 303, 347",
        "Items add up unless the card says a line includes another (lines 203, 301) or the "
        "lines are rungs of one ladder (2x/3x/4x/5x of a family, Little/Big Three Winds, "
        "Little/Big Four Winds, Little/Big Dragons, within 4/7/10 tiles, concealed over "
        "exposed Complete Sequence, Nico Nico +1/+2 Kongs, 2x Suits with no flower over 2x "
        "Suits): then only the highest rung scores (the `Implies` column). Wind and dragon "
        "combinations (lines 216-219, 225-226) add to the 1x Pong line of each of their "
        "pongs (lines 213, 224), which they are defined by but do not say they include "
        "(line 303 asks to 'also award applicable Wind/Dragon combo points'); switch "
        "`honour_sets_score_their_pongs`.",
    ),
    (
        "Let's start",
        "200-203",
        "No Flower, Wind & Dragon tiles (5) replaces the two 1-point lines it combines, as "
        "the 15 of line 203 'includes the 5 pts above'. Switch `lets_start_cumulative`.",
    ),
    (
        "The two DXB No Terminal lines",
        "204, 273",
        "DXB prints no-terminals-and-no-honours under Let's start (8) and under Terminals "
        "(5). By default the DXB sheet pays the 8 only; switch `dxb_no_terminals`. LRC has "
        "only line 273.",
    ),
    (
        "Flowers in Let's start and in the flower section",
        "200, 206-211, 360, 23",
        "No Flower tiles scores only with no flower; each flower scores 1 (line 206) and each "
        "flower of the seat 1 more (line 207; flower n belongs to seat (n-1) mod 4, 1f/5f "
        "East). Flower points count towards the minimum and towards the Chicken Hand's "
        "'1 point'. Mixed Bouquet is one flower of each number 1-4 with both colours among "
        "them; Pure Garden all four of one colour. Both are paid by every player at once, so "
        "by default they are reported as notes, not hand points (switch "
        "`bouquets_in_hand_score`); a flower may serve in both (line 209, switch "
        "`bouquets_share_flowers`). Flowers given as a bare count score 1 each only.",
    ),
    (
        "7 and 8 Flowers",
        "210-211, 342, 382-390",
        "An instant self-drawn win worth 20 / 40 and nothing else: the hand is not checked "
        "and no Base Point is added ('No other points awarded' is the more specific line). "
        "Switch `flower_win_base_point`.",
    ),
    (
        "Kongs",
        "104, 228-231, 266",
        "Open Kong scores each claimed or promoted kong, Concealed Kong each concealed kong "
        "(its 5 from every player is paid at once and shown as a note). For Concealed Pongs "
        "every kong counts as a concealed pong (switch `open_kong_counts_as_concealed_pong`); "
        "a pong completed by a discarded or robbed winning tile is not concealed ('any tile "
        "drawn from the Wall counts as Concealed').",
    ),
    (
        "Concealed and fully exposed hands",
        "230, 292-293, 323-326",
        "A hand is concealed when nothing is exposed except flowers and kongs, so a claimed "
        "kong keeps it concealed (switch `open_kong_breaks_concealed`; even then a kong "
        "promoted from the only exposed pong keeps it concealed, line 230). A fully exposed "
        "hand has five declared sets (concealed kongs included) and is not concealed.",
    ),
    (
        "Exposed / Partially Concealed Complete Sequence",
        "234-240, 392-398",
        "Concealed when its three sheungs are concealed and no discard completed one of them; "
        "a claimed sheung or a discard inside the run makes it Exposed / Partially Concealed. "
        "Switch `complete_sequence_concealed` (`self_drawn_completion` reads line 396 "
        "literally). A sheung may serve both the pure and the mixed sequence (line 234: 'A "
        "player can collect points for both').",
    ),
    (
        "Neighbours, brothers, sisters",
        "241-264, 302",
        "Each run of two or more consecutive pongs of one suit scores its rung; kongs are "
        "pongs. Neighbours Hand is five consecutive pongs of one suit and the pair of the next "
        "(or previous) number (111 222 333 444 555 66), on top of 5x Sequential Pongs. "
        "Brother Sheungs: identical sheungs of one suit, each group scores. Sister Sheungs: "
        "sheungs of the same numbers in two suits (2x) or all three (3x; DXB 4x / 5x with four "
        "or five such sheungs); identical ones within also score as Brothers. Sister Pongs: "
        "the same number in two or three suits.",
    ),
    (
        "Terminal sets",
        "274-278",
        "Line 274 is a pong of 1 and a pong of 9 in one suit, line 275 that in two suits; "
        "line 276 is 1-2-3 with 7-8-9 in one suit, line 277 that twice in one suit, line 278 "
        "(LRC) once in each of two suits. DXB lacks line 278, so there each suit's set scores "
        "line 276.",
    ),
    (
        "Step Up",
        "280, 284, 361-363",
        "Three sheungs each starting one number above the last, scored once however many "
        "there are ('No extra for 4 sets'). Line 280 says 'must use all 3 suits', line 284 "
        "'any suit combination': all three suits by default, switch `step_up_suits`. All "
        "Step Up Hand is five such sheungs in any suits; LRC adds 90 when they are all one "
        "suit. Step Up Sheungs still counts when its own rule is met.",
    ),
    (
        "Four in 2, 3 or 4 Ways",
        "286-290, 351",
        "All four copies of a tile, none of them a kong, counted by the sets they are spread "
        "over: pong + sheung is 2 ways, pair + two sheungs 3 ways, four sheungs 4 ways. The "
        "pair is one of the ways by default (switch `four_in_ways_pair_counts`). In Nico Nico "
        "a tile held as two pairs scores the Nico Nico kong bonus instead.",
    ),
    (
        "Suit and terminal hands",
        "294-312",
        "Semi Pure needs at least one honour; Pure Honor (LRC) is honours only. 2x Suits: "
        "exactly two suits, no honours. Terminals Only: every set holds a 1, a 9 or is "
        "honours (so 1-2-3 and 7-8-9 sheungs count), and the pair is a terminal or honour; "
        "WITH needs honours and a suit tile, NO has no honours. Jade, Ruby, Diamond and "
        "Sapphire: a pong (or kong) of the named dragon and otherwise only the named suit, as "
        "printed (Sapphire reuses the white dragon with characters).",
    ),
    (
        "Waits",
        "293, 316-318, 325-326, 347-350",
        "The winning tile is read in every decomposition: completing a concealed pong is "
        "Calling by Pairs; completing the pair, an edge or closed sheung or an orphan is a "
        "single wait when only one tile completes the hand. It is True when that tile "
        "completes the same set in every reading, False (LRC only) when it completes "
        "different sets (1-2-3-3 waiting for 3 as a pair or as 1-2-3). DXB pays nothing for "
        "a false single wait. Switch `single_wait_by_reading`. The reading worth most is kept. "
        "A Fully Exposed Hand (only the pair's tile concealed) always waits on one tile, "
        "and scores True Single Wait as well, the card printing no exclusion (switch "
        "`fully_exposed_single_wait`). A Nico Nico won on the tile that makes its pong "
        "scores Calling by Pairs: the pong is made of a pair held, and its other points "
        "count as normal (line 347; switch `nico_nico_calling_by_pairs`).",
    ),
    (
        "Winning tile",
        "104, 320-332",
        "East Seat / Dealer tile scores when the winner is the dealer or "
        "`discarder_is_dealer`. The dealer sits East (line 320: 'East wins, or East gives "
        "the Mahjong tile'), so a seat wind of East is the dealer and `dealer` is East: "
        "either one says both (a situation that gives neither is East's, the default seat). "
        "A win on a flower or kong replacement is self-drawn and "
        "scores Self Draw from the Flower Wall, which replaces Self Draw from the Wall; Self "
        "Draw with a Concealed / Fully Exposed Hand replace it too and add to the Flower "
        "Wall line. Win by Self Drawing a Kong (LRC) is a win on a kong replacement with at "
        "least `kong_chain_length` self-drawn (concealed or promoted) kongs, and replaces the "
        "Flower Wall line. Within 4/7/10 tiles reads `tiles_on_table`; Earthly and Heavenly "
        "Hands replace them. Seabed needs a self-drawn tile from the Wall, and Self Draw from "
        "the Wall scores with it (line 321 beside line 332, no exclusion printed; switch "
        "`seabed_with_self_draw`).",
    ),
    (
        "Robbing a Kong",
        "124, 327",
        "Line 124: the declarer of the robbed kong 'pays an additional 10 pts to the winner. "
        "(See also Winning Tile in Scoring.)'; line 327 is that Winning Tile line, Win by "
        "Robbing a Kong, 10. The two are one 10: the item scores in the winner's hand, and "
        "the declarer, who pays as the discarder (seed 003 line 131), pays it with the rest "
        "of the hand. Paying 10 more on top is the table switch `robbed_kong_extra` (0 by "
        "default; docs/rules/money.md).",
    ),
    (
        "Calling / Ting",
        "24, 165, 336, 349, 355, 492-506",
        "Whether Ting is in play is a rule of play (`play.ting_in_play`). 'No Calling allowed in "
        "Nico Nico or Orphan hands' is read for both sheets: with `ting` those readings are "
        "dropped, and a hand that has no other reading is an error. In play a called hand "
        "waits only on the tiles that complete it in its other forms (`ScoringRules.forms_of`): "
        "a tile that would make it only a Nico Nico or an orphans hand is no win for it, and it "
        "throws that tile as any drawn tile it cannot win on (test "
        "`test_a_called_hand_does_not_win_as_nico_nico_seed_004_lines_336_and_349`; until "
        "commit 254b03b the table offered that win and the hand then failed to score). "
        "Ting with a Heavenly or "
        "Earthly Hand is an error (no turn to call on). In play (docs/game.md) a called hand "
        "makes no concealed kong (line 503) but may add the tile it drew to its exposed pung, "
        "which line 503 does not name (play rule `ting_may_promote_pung`).",
    ),
    (
        "Base Point",
        "342, 347, 360",
        "Added once, last, to every win, special hands included (not to 7/8 Flowers, above).",
    ),
    (
        "Special hands",
        "347-363",
        "Special-hand points are listed first and every other applicable item is then counted "
        "as normal (a Nico Nico also scores Concealed Hand, waits, suit hands). A Nico Nico "
        "holding three tiles as two pairs each scores the +25 line (the highest printed). "
        "13 Orphans in 16 tiles is the 13 orphans, a pong or sheung and an orphan pair; DXB's "
        "+10 'if 1s & 9s are present in all 3 suits' holds for every such hand (switch "
        "`thirteen_orphans_dxb_bonus`). 16 Orphans (LRC; DXB does not recognise the shape) is "
        "three tiles of each suit at least three apart (1-4-7), one of each honour, and a "
        "pair of one of them.",
    ),
    (
        "Chicken Hand",
        "360",
        "A win whose items before Base Point total 1 scores Chicken Hand 20 instead of that "
        "point, 25 in all (LRC only).",
    ),
    (
        "Dice on the Wall",
        "25, 413-432",
        "The die showing n pays 2n + 1 (3, 5, 7, 9, 11, and on by the same step: 'No limit "
        "should be set'); table rule `die_cap` (DXB suggests 6). It scores when "
        "the dealer wins or the dealer gave the winning tile (line 428). A forgotten die "
        "(line 430) is a `dealer_streak` of 0.",
    ),
    (
        "Triple dice",
        "343-345",
        "Paid to the dealer at the wall-break, not part of a hand: `triple_dice_payment`.",
    ),
    (
        "Minimum",
        "23, 199",
        "None by default. Table option `minimum` (`dxb`: 22/22/24/26 by prevalent wind, "
        "`lrc`: 20, `lrc-after-win`: 18) or a ruleset's `minimum_points`; counted on the whole "
        "total, flowers and Base Point included, since the card excludes nothing (switch "
        "`flowers_count_toward_minimum` leaves the flower items out).",
    ),
    (
        "Situations that cannot happen",
        "124, 320, 327, 332-334, 336",
        "Errors: Ting with only a Nico Nico / orphan reading or when not in play; Heavenly "
        "Hand for a non-dealer, from a discard, with claimed sets; Earthly Hand for the "
        "dealer, self-drawn, with claimed sets, or without `discarder_is_dealer`; robbing a "
        "kong when self-drawn or of a tile the winner holds twice; a kong replacement with no "
        "kong; a flower replacement with no flower; Seabed from a discard or a replacement; "
        "a `dealer` that contradicts the seat wind (true with S/W/N, false with E); the "
        "dealer discarding to himself (`discarder_is_dealer` with seat wind East) or to a "
        "self-draw; fewer "
        "`tiles_on_table` than the winner has declared; flowers in the hand and the situation "
        "that differ.",
    ),
)
"""Every decision on a loose place of the card: title, card lines, what was decided."""


def render_document() -> str:
    """The whole of docs/rules/taiwanese.md."""
    out = [
        "# Taiwanese 16-tile scoring: the LRC and DXB sheets",
        "",
        "Generated by `python -m mahjongkit.scoring.taiwanese.docs` from the catalogue, the "
        "switches and the decisions in `mahjongkit.scoring.taiwanese`; do not edit by hand.",
        "",
        "Rulesets: `taiwanese-lrc` (alias `taiwanese`) and `taiwanese-dxb`. Card lines are "
        "those of seed `004_23ad4b5675410971.txt`; hand shapes (five sets and a pair, 17 "
        "tiles at the win; seven pairs and a pung) follow seed `003_ffe21acfe1a0ad61.txt`.",
        "",
        "## Catalogue",
        "",
        "Every line of section 4 and of the special hands, with the LRC and DXB values (— : "
        "not on that sheet). `Implies`: items never counted together with this one.",
        "",
        render_catalogue(CATALOGUE, ["lrc", "dxb"]),
        "",
        "## Sheet switches",
        "",
        "The fields of `scoring.sheet` (`[scoring.sheet]` in a house-rules file; "
        "`mahjongkit rules show taiwanese-lrc` prints them with every other rule). Ting is "
        "`play.ting_in_play` and the die's cap `table.die_cap` (see docs/rules/rulebook.md).",
        "",
        "| Option | Default | Values | Card lines | Meaning |",
        "| --- | --- | --- | --- | --- |",
    ]
    for s in SWITCHES:
        values = ", ".join(f"`{_show(c)}`" for c in s.choices) or "whole number"
        out.append(f"| `{s.key}` | `{_show(s.default)}` | {values} | {s.lines} | {s.text} |")
    out += ["", "## Decisions", ""]
    for title, lines, text in DECISIONS:
        out += [f"### {title}", "", f"Card lines {lines}. {text}", ""]
    return "\n".join(out)


def _show(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def main(argv: list[str]) -> int:
    """Rewrite the document (``--check``: only say whether it is current)."""
    path = Path.cwd() / DOCUMENT
    text = render_document()
    if "--check" in argv:
        current = path.exists() and path.read_text(encoding="utf-8") == text
        print(f"{DOCUMENT}: {'current' if current else 'out of date'}")
        return 0 if current else 1
    path.write_text(text, encoding="utf-8")
    print(f"{DOCUMENT} written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
