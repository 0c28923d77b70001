"""Every named switch a ruleset option may set, and the check that a ruleset's are valid.

Options are read by several layers: the rules of play (`PlayRules`), the table's money
(`TableRules`) and, for Taiwanese rulesets, the scoresheet's switches. A house-rules file
may set only these names, each to a value its reader accepts, so a typo in a club's file
is an error rather than a rule that silently does nothing.

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> "draw_stacks_left" in known_options(get_ruleset("mcr"))
True
>>> "dxb_no_terminals" in known_options(get_ruleset("mcr"))
False
>>> check_options(get_ruleset("taiwanese-dxb"))
"""

from __future__ import annotations

from dataclasses import fields

from mahjongkit.errors import MahjongError
from mahjongkit.rules.money import READ_FROM_PLAY, TableRules, table_rules
from mahjongkit.rules.play import PlayRules, play_rules
from mahjongkit.rules.ruleset import Ruleset


def known_options(ruleset: Ruleset) -> dict[str, str]:
    """Option name -> the layer that reads it, for this ruleset's scoring family."""
    known = {f.name: "play" for f in fields(PlayRules) if f.name not in _DERIVED}
    known.update(
        {
            f.name: "table"
            for f in fields(TableRules)
            if f.name != "family" and f.name not in READ_FROM_PLAY
        }
    )
    if ruleset.scoring == "taiwanese":
        from mahjongkit.scoring.taiwanese.options import SWITCHES

        known.update({s.key: "taiwanese scoresheet" for s in SWITCHES})
    return known


_DERIVED = frozenset({"hand_size", "uses_flowers"})
"""Play-rule fields that come from the ruleset itself, not from its options."""


def check_options(ruleset: Ruleset) -> None:
    """Raise `ValueError` naming the first unknown option or value its reader refuses."""
    known = known_options(ruleset)
    for key, _ in ruleset.options:
        if key not in known:
            close = sorted(k for k in known if k.split("_")[0] == key.split("_")[0])
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise ValueError(f"unknown option {key!r}{hint}")
    try:
        play_rules(ruleset)
        table_rules(ruleset)
        if ruleset.scoring == "taiwanese":
            from mahjongkit.scoring.taiwanese.options import TaiwaneseOptions

            TaiwaneseOptions.from_ruleset(ruleset)
    except MahjongError as err:
        raise ValueError(str(err)) from None


__all__ = ["check_options", "known_options"]
