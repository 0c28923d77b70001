"""The `efficient` bot: the fastest way to a complete hand, whatever it scores.

How it plays:

- It declares every win it is offered (the engine only offers wins that qualify).
- On its turn it discards the tile that leaves the lowest shanten; among those, the one
  that leaves the most useful tiles still unseen (four of a kind, less its own tiles and
  every tile on the table); among those, an honour before a terminal before a middle tile.
  Under Taiwanese rules it declares Ting with that discard when it may.
- It declares a kong (concealed or promoted) when that does not raise its shanten.
- It claims a chow or pung when the best discard afterwards leaves a lower shanten than
  passing, a kong when it does not raise it; otherwise it passes.

Deterministic: it leaves nothing to chance, and what it keeps between decisions (the
ruleset's hand forms, the shanten its last discard left) only saves work: a bot made
anew takes the same decisions.

>>> from mahjongkit.game.match_state import MatchState
>>> state = MatchState("mcr", seed=3)
>>> bot = EfficientBot()
>>> bot.act(state.observation(0), state.decision(0)) in state.legal_actions(0)
True
"""

from __future__ import annotations

from mahjongkit.bots.efficient_choice import DISCARD_ORDER, least_discard
from mahjongkit.bots.hand_view import (
    HandView,
    after_discard,
    after_taking,
    claim_tiles,
    forms_argument,
    least_discards,
    useful_after_discards,
)
from mahjongkit.game.actions import DISCARDS, PASS, TINGS, WIN, Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.rules.ruleset import Form
from mahjongkit.shanten import (
    GroupEntries,
    discard_shanten,
    discard_ties,
    group_entries,
    shanten,
)
from mahjongkit.tiles import NUM_KINDS

# Enum members as module names: looking one up on its class costs ten times as much, and
# every decision compares each legal action's kind.
_CHOW = ActionKind.CHOW
_CONCEALED_KONG = ActionKind.CONCEALED_KONG
_DISCARD = ActionKind.DISCARD
_KONG = ActionKind.KONG
_PROMOTED_KONG = ActionKind.PROMOTED_KONG
_PUNG = ActionKind.PUNG
_WIN = ActionKind.WIN


def best_discards(
    counts: tuple[int, ...],
    melds: int,
    unseen: tuple[int, ...],
    forms: frozenset[Form] | None,
    allowed: frozenset[int] | None = None,
) -> list[tuple[int, int, int]]:
    """``(tile, shanten, unseen useful)`` of the discards that leave the least shanten,
    best first (most unseen useful tiles, then `DISCARD_ORDER`): `least_discards`
    ordered.
    """
    least, best, useful = least_discards(counts, melds, unseen, forms, allowed)
    options = [(t, least, u) for t, u in zip(best, useful, strict=True)]
    options.sort(key=lambda o: (-o[2], DISCARD_ORDER[o[0]], o[0]))
    return options


class EfficientBot:
    """Minimises shanten, then maximises unseen useful tiles; takes every win."""

    name = "efficient"

    def __init__(self) -> None:
        self._forms: dict[str, frozenset[Form] | None] = {}
        self._held: tuple[tuple[int, ...], int, int, frozenset[Form] | None, int] | None = None
        """The hand this bot's last discard was made from (counts), that discard, the
        melds, the forms, and the shanten the discard left: the claims that follow until
        its next turn ask about the hand it left (made only when a claim asks: most
        turns are followed by none)."""

    def forms(self, ruleset: str) -> frozenset[Form] | None:
        """The hand forms of the ruleset, as `mahjongkit.shanten` takes them."""
        if ruleset not in self._forms:
            self._forms[ruleset] = forms_argument(ruleset)
        return self._forms[ruleset]

    def act(self, observation: Observation, decision: Decision) -> Action:
        """Win if offered; otherwise the discard, kong or claim described above (the
        decision plays no part: nothing is left to chance)."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.kind is _WIN:  # a win takes no tile: this is `WIN`
                return WIN
        view = HandView(observation)
        if observation.phase == "turn":
            return self.turn(view)
        return self.claim(view)

    def turn(self, view: HandView) -> Action:
        """The discard (or kong) of the seat in turn."""
        forms = self.forms(view.obs.ruleset)
        counts, m = view.counts, view.melds
        legal = view.legal
        others = [a for a in legal if a.kind is not _DISCARD]
        # The usual turn offers a discard of every held kind: then no need to list them.
        discardable = (
            None
            if len(legal) - len(others) == NUM_KINDS - counts.count(0)
            else {a.tile for a in legal if a.kind is _DISCARD}
        )
        tile, least = self.best_discard(view, forms, discardable)
        for a in others:
            if a.kind is _CONCEALED_KONG:
                if shanten(after_taking(counts, (a.tile,) * 4), m + 1, forms) <= least:
                    return a
            elif (
                a.kind is _PROMOTED_KONG
                and shanten(after_discard(counts, a.tile), m, forms) <= least
            ):
                return a
        self._held = (counts, tile, m, forms, least)
        ting = TINGS[tile]
        return ting if ting in others else DISCARDS[tile]

    def best_discard(
        self, view: HandView, forms: frozenset[Form] | None, allowed: set[int] | None
    ) -> tuple[int, int]:
        """The first of `best_discards` (tile and shanten) among the discards of
        ``allowed`` (None: every held kind), counting the unseen useful tiles only when
        several discards leave the least shanten
        (`mahjongkit.bots.efficient_choice.least_discard`)."""
        return least_discard(view, forms, allowed)

    def claim(self, view: HandView) -> Action:
        """A claim that brings the hand closer, else pass."""
        forms = self.forms(view.obs.ruleset)
        counts, m, tile = view.counts, view.melds, view.obs.claim_tile
        held = self._held
        if (
            held is not None
            and held[2] == m
            and held[3] is forms
            and after_discard(held[0], held[1]) == counts
        ):
            now = held[4]
        else:
            now = shanten(counts, m, forms)
        for a in view.legal:
            if a.kind is _KONG:
                after = after_taking(counts, claim_tiles(a, tile))
                if shanten(after, m + 1, forms) <= now:
                    return a
        # A chow or pung then a discard leaves the hand no closer than some discard from
        # the hand with the claimed tile added and no set fixed, which is no closer than
        # that hand of one tile too many counts (a form's distance never grows with more
        # tiles). So when the claimed tile does not bring the hand below its shanten, no
        # claim does: the bot passes without trying each (most claims it is offered).
        grown = list(counts)
        grown[tile] += 1
        if shanten(tuple(grown), m, forms) >= now:
            return PASS
        # Each chow or pung by the shanten its best discard leaves; the unseen useful
        # tiles are counted only to choose between claims that leave the same least.
        closer: list[tuple[int, Action, GroupEntries, list[int]]] = []
        for a in view.legal:
            if a.kind is _PUNG or a.kind is _CHOW:
                after = after_taking(counts, claim_tiles(a, tile))
                es = group_entries(after)
                found = discard_ties(es, m + 1) if forms is None else None
                if found is not None:
                    s, discards, _ = found
                else:
                    shanten_after = discard_shanten(after, m + 1, forms, es)
                    s = min(shanten_after)
                    discards = [t for t in range(NUM_KINDS) if shanten_after[t] == s]
                if s < now and s != 99:
                    closer.append((s, a, es, discards))
        if not closer:
            return PASS
        least = min(c[0] for c in closer)
        tied = [c for c in closer if c[0] == least]
        if len(tied) == 1:
            return tied[0][1]
        best_useful, best_claim = -1, PASS
        for _, a, es, discards in tied:
            useful = max(useful_after_discards(es, discards, m + 1, view.unseen, forms, least))
            if useful > best_useful:  # the first of equals, as the legal actions list them
                best_useful, best_claim = useful, a
        return best_claim


__all__ = ["DISCARD_ORDER", "EfficientBot", "best_discards"]
