"""The ``rules`` commands: the whole rulebook of a ruleset, and the list of rulesets.

``mahjongkit rules show mcr`` prints every part, every rule with its value and its meaning
(with the seed line it rests on); ``--json`` prints the same as one JSON object. A path to
a house-rules TOML file shows the ruleset that file describes. ``mahjongkit rules list``
names every registered ruleset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from mahjongkit.cli.app import app, fail
from mahjongkit.errors import MahjongError
from mahjongkit.rules.book import render_rulebook, rulebook
from mahjongkit.rules.ruleset import Ruleset, get_ruleset, ruleset_names

rules_app = typer.Typer(help="Read the rulebook of a ruleset.", no_args_is_help=True)
app.add_typer(rules_app, name="rules")


def ruleset_or_file(name: str) -> Ruleset:
    """A ruleset by name or alias, or the one a house-rules TOML file describes."""
    try:
        if name.endswith(".toml") or Path(name).is_file():
            from mahjongkit.rules.house import load_house_rules

            return load_house_rules(name)
        return get_ruleset(name)
    except MahjongError as err:
        raise fail(str(err)) from None


@rules_app.command("show")
def show(
    ruleset: Annotated[str, typer.Argument(help="A ruleset name or alias, or a house-rules file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print every rule of a ruleset with its value and the seed line it rests on."""
    rules = ruleset_or_file(ruleset)
    if as_json:
        print(json.dumps(rulebook(rules), ensure_ascii=False, indent=2))
    else:
        print(render_rulebook(rules))


@rules_app.command("list")
def list_rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Name every ruleset, with its aliases and title."""
    rows = [get_ruleset(n) for n in ruleset_names()]
    if as_json:
        print(
            json.dumps(
                [{"name": r.name, "aliases": list(r.aliases), "title": r.title} for r in rows]
            )
        )
        return
    for r in rows:
        also = f" (also {', '.join(r.aliases)})" if r.aliases else ""
        print(f"{r.name}{also}: {r.title}")
