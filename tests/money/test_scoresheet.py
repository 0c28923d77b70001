"""The club scoresheet: hand by hand money, rotation, pot, undo and export."""

from __future__ import annotations

import pytest

from mahjongkit.money.scoresheet import Scoresheet, ScoresheetError
from mahjongkit.money.settlement import Win
from mahjongkit.notation import parse_tiles
from mahjongkit.tiles import RED


def test_mcr_sheet_16_hands_and_table_points_002_l219() -> None:
    sheet = Scoresheet("mcr", ("A", "B", "C", "D"))
    sheet.win(Win(0, 10, discarder=1))  # A +34, B -18, C -8, D -8
    sheet.win(Win(2, 8))  # C self-drawn: +48, others -16
    for _ in range(14):
        sheet.draw()
    assert sheet.over
    assert sheet.scores == (18, -34, 40, -24)
    assert sheet.table_points == (2, 0, 4, 1)
    with pytest.raises(ScoresheetError, match="over"):
        sheet.draw()


def test_taiwanese_sheet_dealer_die_pot_and_undo_004() -> None:
    """LRC: the dealer wins twice (die shows 1 then 2), a draw passes the deal and fills the
    pot, the next self-draw winner takes it."""
    sheet = Scoresheet("taiwanese-lrc")
    sheet.win(Win(0, 20))  # dealer self-draws, no die yet: +60
    assert sheet.deal is not None and sheet.deal.dealer_streak == 1
    sheet.win(Win(0, 10, discarder=2))  # die 1: +3 from the discarder: 13
    assert sheet.scores == (2073, 1980, 1967, 1980)
    sheet.draw()  # the deal passes (004 l.466), 5 each into the pot
    assert sheet.deal is not None and (sheet.deal.dealer, sheet.deal.dealer_streak) == (1, 0)
    assert sheet.pot.total == 20
    sheet.win(Win(3, 10))  # self-drawn: 30 + the pot
    assert sheet.scores == (2058, 1965, 1952, 2025) and sheet.pot.total == 0
    sheet.undo()
    assert sheet.pot.total == 20 and sheet.scores == (2068, 1975, 1962, 1975)
    assert sum(sheet.scores) + sheet.pot.total == 8000


def test_sheet_false_win_void_keeps_the_dealer_004_l480() -> None:
    sheet = Scoresheet("taiwanese-lrc")
    sheet.win(Win(0, 5))  # dealer self-draws 5: +15
    line = sheet.false_win(2)  # 25 to each other player (004 l.478)
    assert line.void and sheet.deal is not None
    assert (sheet.deal.dealer, sheet.deal.dealer_streak) == (0, 1)
    assert sheet.scores == (2040, 2020, 1920, 2020)


def test_sheet_instant_lines() -> None:
    sheet = Scoresheet("taiwanese-dxb")
    sheet.concealed_kong(1)  # 1: +15
    sheet.flowers(2, parse_tiles("1f2f3f"), parse_tiles("1f2f3f4f"))  # 2: +30
    sheet.chasing_tiles(3, RED)  # 3: -15
    sheet.triple_dice((5, 5, 5))  # DXB: no triple dice
    assert sheet.scores == (1990, 2010, 2030, 1970)
    assert "kind" in sheet.to_csv().splitlines()[0]
    assert sheet.to_json()["scores"] == list(sheet.scores)


def test_sheet_flower_win_and_errors() -> None:
    sheet = Scoresheet("taiwanese-lrc")
    sheet.flower_win(2, 8)
    assert sheet.scores == (1960, 1960, 2120, 1960)
    with pytest.raises(ScoresheetError):
        Scoresheet("mcr", ("A", "B"))
    with pytest.raises(ScoresheetError):
        Scoresheet("mcr").undo()
    with pytest.raises(ScoresheetError):
        Scoresheet("mcr").win()
