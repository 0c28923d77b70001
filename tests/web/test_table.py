"""The web table's game (`TableGame`), the SVG tiles and terminal play (issue 8)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mahjongkit.bots import BOTS
from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.cli.play import read_action
from mahjongkit.game.actions import DISCARDS, PASS
from mahjongkit.game.match import verify
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.runner import play
from mahjongkit.hand import Hand, Meld
from mahjongkit.tiles import NAMES
from mahjongkit.web.table import (
    HUMAN,
    SEAT_DRAWS,
    SPECTATOR,
    TableConfig,
    TableError,
    TableGame,
    timed_out_discard,
)


def play_randomly(game: TableGame, rng: random.Random, steps: int | None = None) -> int:
    done = 0
    while not game.over and (steps is None or done < steps):
        if game.between_hands:
            game.next_hand()
            continue
        player = game.pending()[0]
        game.act(player, rng.choice(game.view(player)["you"]["legal_actions"]))
        done += 1
    return done


@pytest.mark.parametrize("ruleset", ["mcr", "bp-club", "taiwanese-lrc"])
def test_a_stored_game_resumes_exactly(ruleset: str) -> None:
    """Issue 8, deliver 5: the configuration and each hand's decisions rebuild the game."""
    config = TableConfig(ruleset, seed=4, seats=("human", "random", "human", "random"), hands=3)
    game = TableGame(config)
    play_randomly(game, random.Random(1), steps=40)
    resumed = TableGame(config, [list(h) for h in game.hand_logs])
    assert resumed.view(0) == game.view(0) and resumed.view(2) == game.view(2)
    play_randomly(game, random.Random(2))
    assert game.over and len(game.hands) == 3


def test_a_table_stored_before_the_table_drove_matchstate_resumes_with_the_same_views() -> None:
    """tests/data/web-games-v1.json: tables stored by the table's own loop of old (its
    walls from the same generator, its actions as (seat, action index)) replay into the
    same game: every view is the one the players had (see tests/data/README.md)."""
    path = Path(__file__).parent.parent / "data" / "web-games-v1.json"
    for stored in json.loads(path.read_text()):
        config = TableConfig.from_json(stored["config"])
        game = TableGame(config, [[(s, a) for s, a in hand] for hand in stored["log"]])
        assert game.hand_logs == [[tuple(a) for a in hand] for hand in stored["log"]]
        for player, view in stored["views"].items():
            shown = game.view(int(player))
            # Help with your hand came later; an old table has it on (tests/web/test_hand_help).
            assert config.help
            assert ("help" in shown) == (game.in_play and int(player) != SPECTATOR)
            shown.pop("help", None)
            assert _as_stored(shown, view) == view
        play_randomly(game, random.Random(1))
        assert game.over and verify(game.record()) == []


def _as_stored(view: Any, stored: Any) -> Any:
    """``view`` with only the fields ``stored`` has: a view gains fields (the events for
    the page's narration, each meld's giver), those the players had must be unchanged."""
    if isinstance(view, dict) and isinstance(stored, dict):
        return {k: _as_stored(v, stored[k]) for k, v in view.items() if k in stored}
    if isinstance(view, list) and isinstance(stored, list) and len(view) == len(stored):
        return [_as_stored(v, s) for v, s in zip(view, stored, strict=True)]
    return view


@pytest.mark.parametrize("ruleset", ["mcr", "bp-club", "taiwanese-lrc"])
def test_a_table_of_bots_plays_the_game_of_the_bot_loop(ruleset: str) -> None:
    """The table drives `MatchState` as `Match.play` and the simulator do: a table of bots
    plays the game the bot loop (`mahjongkit.game.runner.play`) plays on the same match
    (positions as seated, the walls from the table's generator after the seats' draws)."""
    seats = ("scorer", "defender", "random", "efficient")
    game = TableGame(TableConfig(ruleset, seed=6, seats=seats, hands=3, walls="match"))
    rng = random.Random(6)
    for _ in range(SEAT_DRAWS):
        rng.getrandbits(64)
    state = MatchState(ruleset, 6, seating=(0, 1, 2, 3), rng=rng, max_hands=3)
    play(state, [BOTS[kind]() for kind in seats])
    assert game.over and [h.to_json() for h in game.hands] == [h.to_json() for h in state.hands]
    assert game.scores == state.scores


def test_a_finished_match_record_verifies() -> None:
    """The table's hands carry the same records and money as `Match` (game.match.verify)."""
    game = TableGame(TableConfig("mcr", seed=8, seats=("human",) + ("random",) * 3, hands=2))
    play_randomly(game, random.Random(3))
    assert verify(game.record()) == []


def test_the_table_refuses_what_a_player_may_not_do() -> None:
    """Issue 8, deliver 6: only a person's seat, only what the match takes, with the
    engine's reason (issue 16: `MatchState.verify`)."""
    game = TableGame(TableConfig("mcr", seed=1, seats=("human", "random", "human", "random")))
    with pytest.raises(TableError, match="bot"):
        game.act(1, "pass")
    with pytest.raises(TableError, match="no player"):
        game.act(1.0, "pass")  # type: ignore[arg-type]
    mover = game.pending()[0]
    assert game.state.phase.value == "turn"
    other = 2 if mover == 0 else 0
    with pytest.raises(TableError, match=r"it is E's turn, not W's"):
        game.act(other, "pass")
    with pytest.raises(TableError, match="pung answers a discard"):
        game.act(mover, "pung")
    with pytest.raises(TableError, match="still being played"):
        game.next_hand()
    assert game.hand_logs == [[]]  # nothing refused was taken


def _claim_window(ruleset: str) -> tuple[TableGame, int]:
    """A table of people where a person is asked about a discard they cannot make a
    kong of (the first found), and that person."""
    for seed in range(300):
        game = TableGame(TableConfig(ruleset, seed, seats=(HUMAN,) * 4, hands=1))
        rng = random.Random(seed)
        while game.in_play:
            if game.claim_open:
                player = game.pending()[0]
                legal = game.view(player)["you"]["legal_actions"]
                if not any(a.startswith("kong") for a in legal) and "win" not in legal:
                    return game, player
                game.act(player, "pass")
                continue
            player = game.pending()[0]
            legal = game.view(player)["you"]["legal_actions"]
            game.act(player, rng.choice([a for a in legal if a.startswith("discard")]))
    raise AssertionError("no claim window found")


def test_a_person_s_invalid_claim_reaches_the_rules_001_l52() -> None:
    """bp-club (seed 001 l.52): a person who claims a meld they cannot make forfeits the
    right to win the hand, and the claim counts as a pass; the browser's message reaches
    the rules instead of being refused. MCR has no such rule: the claim is refused with
    the engine's reason."""
    game, player = _claim_window("bp-club")
    seat = game.seat_of(player)
    game.act(player, "kong")
    assert game.state.forfeited[seat]
    assert any(e.kind.value == "invalid-claim" and e.seat == seat for e in game.state.events)
    assert any(" invalid-claim kong " in line for line in game.view(player)["log"])
    mcr, person = _claim_window("mcr")
    with pytest.raises(TableError, match="cannot make that kong"):
        mcr.act(person, "kong")


def test_a_person_s_false_win_reaches_the_rules_001_l43() -> None:
    """bp-club (seed 001 l.43): a win declared without a winning hand disqualifies the
    declarer from winning this hand, and play resumes: the person still discards."""
    game = TableGame(TableConfig("bp-club", seed=3, seats=(HUMAN,) * 4, hands=1))
    player = game.pending()[0]
    assert "win" not in game.view(player)["you"]["legal_actions"]
    game.act(player, "win")
    seat = game.seat_of(player)
    assert game.state.forfeited[seat] and game.in_play and game.pending() == (player,)
    assert game.state.events[-1].kind.value == "false-win"
    assert all(a.startswith("discard") for a in game.view(player)["you"]["legal_actions"])


def test_a_claim_time_out_passes_for_everyone_still_asked() -> None:
    """Issue 8, deliver 2: the window closes as a pass; a stale timer changes nothing."""
    for seed in range(200):
        game = TableGame(TableConfig("mcr", seed, hands=1))
        while game.in_play and not game.claim_open:
            game.act(0, game.view(0)["you"]["legal_actions"][0])
        if game.claim_open:
            break
    key = game.decision_key
    seat = game.seat_of(0)
    assert not game.time_out((key[0], key[1] - 1))
    assert game.claim_open
    assert game.time_out(key)
    assert (seat, PASS.to_index()) in game.hand_logs[-1][key[1] :]
    assert game.decision_key != key


def _turn_game(seed: int, **config: Any) -> TableGame:
    """A game where the person (player 0, East) is on their own turn, having drawn."""
    game = TableGame(TableConfig("mcr", seed, hands=1, **config))
    assert game.in_play and game.pending() == (0,) and game.state.phase.value == "turn"
    return game


def test_a_turn_time_out_discards_the_tile_the_person_drew() -> None:
    """Issue 8 asks for a table people can leave: an absent person's turn does not stall
    the bots for ever. Timed out, the tile just drawn goes (a win is never declared)."""
    game = _turn_game(1)
    assert game.turn_waiting and game.timeout == 90.0
    seat = game.seat_of(0)
    drawn = game.state.observation(seat).last_tile
    key = game.decision_key
    assert not game.time_out((key[0], key[1] - 1))  # a stale timer changes nothing
    assert game.hand_logs[-1] == []
    assert game.time_out(key)
    first = game.hand_logs[-1][0]
    assert first == (seat, DISCARDS[drawn].to_index())
    assert game.decision_key != key and not game.time_out(key)


def test_after_a_claim_the_rightmost_tile_goes() -> None:
    """With no drawn tile (the person claimed), the table discards the highest tile."""
    for seed in range(300):
        game = TableGame(TableConfig("mcr", seed, hands=1))
        while game.in_play:
            legal = game.view(0)["you"]["legal_actions"]
            claims = [a for a in legal if a.startswith(("pung", "chow"))]
            if claims:
                game.act(0, claims[0])
                break
            game.act(0, legal[0] if not game.claim_open else "pass")
        if game.in_play and game.turn_waiting:
            break
    else:
        raise AssertionError("no seed lets the person claim")
    seat = game.seat_of(0)
    assert game.state.observation(seat).last_tile < 0
    highest = max(t for t, n in enumerate(game.state.concealed[seat]) if n)
    assert timed_out_discard(game.state, seat) == DISCARDS[highest]
    made = len(game.hand_logs[-1])
    assert game.time_out(game.decision_key)
    assert game.hand_logs[-1][made] == (seat, DISCARDS[highest].to_index())


def test_turn_time_outs_can_be_switched_off_and_are_checked() -> None:
    game = _turn_game(1, turn_timeout=0)
    assert not game.turn_waiting and game.timeout is None
    assert not game.time_out(game.decision_key) and game.hand_logs[-1] == []
    with pytest.raises(TableError, match=r"turn timeout must be 1\.\.3600 seconds or 0"):
        TableConfig("mcr", turn_timeout=0.5)
    with pytest.raises(TableError, match="needs 'ruleset'"):
        TableConfig.from_json({"seed": 1})
    with pytest.raises(TableError, match="wrong type"):
        TableConfig.from_json({"ruleset": "mcr", "turn_timeout": "soon"})
    config = TableConfig.from_json({"ruleset": "mcr", "seed": 3})
    assert config == TableConfig("mcr", 3, walls="match")  # stored before commitments
    assert TableConfig.from_json(config.to_json()) == config


def test_a_spectator_sees_a_concealed_kong_as_backs_only() -> None:
    """The spectator's view hides a concealed kong's tile from everyone (as every other
    player's view does), and shows no one's concealed tiles."""
    rng = random.Random(0)
    for seed in range(100):
        game = TableGame(TableConfig("mcr", seed, seats=(HUMAN,) * 4, hands=1))
        while game.in_play and not any(m.concealed for ms in game.state.melds for m in ms):
            player = game.pending()[0]
            legal = game.view(player)["you"]["legal_actions"]
            kongs = [a for a in legal if a.startswith("concealed-kong")]
            game.act(player, kongs[0] if kongs else rng.choice(legal))
        if game.in_play:
            break
    else:
        raise AssertionError("no concealed kong was declared")
    seat = next(s for s in range(4) if any(m.concealed for m in game.state.melds[s]))
    owner = game.player_at(seat)
    watched = game.view(SPECTATOR)
    assert watched["players"][owner]["hidden_kongs"] == 1
    assert not any(Meld.parse(m).concealed for m in watched["players"][owner]["melds"])
    assert any(Meld.parse(m).concealed for m in game.view(owner)["players"][owner]["melds"])
    assert watched["you"]["concealed"] == [] and watched["player"] is None


def test_hands_and_melds_draw_themselves_as_svg() -> None:
    """Issue 8, deliver 2: `_repr_svg_` for notebooks, drawn by mahjongkit.svg."""
    svg = Hand.parse("1f[123m2][EEEE]456p789s1sCC1s")._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<g data-tile") == 18
    assert svg.count('data-tile="back"') == 0
    kong = Meld.parse("[EEEE]")._repr_svg_()
    assert kong.count('data-tile="back"') == 2 and kong.count('data-tile="E"') == 2


def test_terminal_play_reads_numbers_notation_and_tiles() -> None:
    """Issue 8, deliver 7: keyboard input picks a legal action."""
    legal = ["discard 1m", "discard E", "ting 1m", "win"]
    assert read_action("4", legal) == "win"
    assert read_action("E", legal) == "discard E"
    assert read_action("ting 1m", legal) == "ting 1m"
    with pytest.raises(ValueError):
        read_action("discard 9p", legal)


def test_terminal_play_runs_a_match_to_its_end() -> None:
    """Issue 8, deliver 7: ``mahjongkit play`` against three bots, to the final scores."""
    assert "play" in COMMAND_MODULES and "web" in COMMAND_MODULES
    for name in COMMAND_MODULES:
        __import__(f"mahjongkit.cli.{name}")
    runner = CliRunner()
    result = runner.invoke(
        app, ["play", "--ruleset", "mcr", "--seed", "4", "--hands", "1"], input="1\n" * 400
    )
    assert result.exit_code == 0, result.output
    assert "your hand:" in result.output and "table" in result.output.splitlines()[-1]


def test_a_centre_table_shows_one_pond_and_hides_who_threw_what() -> None:
    """Taiwanese discards lie in the centre (seed 003 line 45, seed 004 line 46): each
    view shows them as one group in tile order, no player's row, and the log names the
    tile of the latest discard only; a table with rows shows no pond."""
    game = TableGame(TableConfig("taiwanese-lrc", seed=5, seats=(HUMAN,) * 4, hands=1))
    play_randomly(game, random.Random(5), steps=30)
    state = game.state
    lying = sorted(
        t
        for row, claimed in zip(state.discards, state.claimed, strict=True)
        for t, c in zip(row, claimed, strict=True)
        if not c
    )
    thrown = [e for e in state.events if e.kind.value == "discard"]
    for player in (0, 1, SPECTATOR):
        view = game.view(player)
        assert all(p["discards"] == [] for p in view["players"])
        assert view["pond"] == [NAMES[t] for t in lying]
        assert view["last_discard"] == NAMES[thrown[-1].tile]
        assert view["last_discarder"] == game.player_at(thrown[-1].seat)
        named = [line for line in view["log"] if " discard " in line and "?" not in line]
        assert len(named) == 1 and named[0].endswith(f"discard {NAMES[thrown[-1].tile]}")
    rows = TableGame(TableConfig("mcr", seed=5, seats=(HUMAN,) * 4, hands=1))
    play_randomly(rows, random.Random(5), steps=30)
    assert rows.view(0)["pond"] is None and any(p["discards"] for p in rows.view(0)["players"])


def test_terminal_play_shows_a_centre_table() -> None:
    """``mahjongkit play`` at a Taiwanese table: the discards as one group, the last named."""
    command = ["play", "--ruleset", "taiwanese-lrc", "--seed", "4", "--hands", "1"]
    result = CliRunner().invoke(app, command, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "centre: " in result.output and "    discards:" not in result.output
    assert "; last " in result.output


def test_the_view_narrates_events_and_says_where_each_claimed_tile_came_from() -> None:
    """What the table page lays out and narrates (issue 18): each event with its place in
    the stream, another's draw hidden; each meld's claimed tile and the player it came
    from, as the claim's event names them; the dead wall; a win's hand in sets."""
    for seed in range(1, 40):
        game = TableGame(TableConfig("taiwanese-lrc", seed, seats=("efficient",) * 4, hands=1))
        claims = [e for e in game.view(0)["events"] if e["kind"] in ("chow", "pung", "kong")]
        if claims and game.hands[-1].money.payments and game.view(0)["last_hand"]["wins"]:
            break
    else:
        raise AssertionError("no won hand with a claim")
    view = game.view(0)
    events = view["events"]
    assert [e["index"] for e in events] == list(range(events[0]["index"], events[-1]["index"] + 1))
    assert all(e["tile"] is None for e in events if e["kind"] == "draw" and e["player"] != 0)
    assert any(e["tile"] for e in events if e["kind"] == "draw" and e["player"] == 0)
    claim = claims[-1]
    claimer = view["players"][claim["player"]]
    meld = next(m for m in claimer["meld_sets"] if m["claimed"] == claim["tile"])
    assert meld["from"] == claim["from"] != claim["player"]
    assert claim["tile"] in meld["tiles"]
    assert view["dead_wall"] == 16  # 003 l.141: the dead wall is kept to the end
    win = view["last_hand"]["wins"][0]
    tiles = sum(len(s) for s in win["sets"])
    assert tiles >= 17 and win["flowers"] == sorted(win["flowers"], key=NAMES.index)
