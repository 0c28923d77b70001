"""The rulebook of a ruleset as people read it: every part, every rule, its value and what
it means with the seed line it rests on (the field's own docstring in the code).

`rulebook` gives it as data (for ``mahjongkit rules show --json``), `render_rulebook` as
text, and `render_comparison` as one Markdown table of several rulesets side by side (the
generated part of ``docs/rules/rulebook.md``).

>>> book = rulebook(get_ruleset("bp-club"))
>>> [p["part"] for p in book["parts"]]
['play', 'table', 'scoring']
>>> rule = next(r for r in book["parts"][0]["rules"] if r["rule"] == "draw_stacks_left")
>>> rule["value"], rule["meaning"].split(":")[0]
(7, 'Stacks left when the hand is drawn')
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Sequence
from dataclasses import fields
from enum import Enum
from functools import cache
from typing import Any

from mahjongkit.rules.combinations import FanCombinations
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.rules.scoring import ScoringRules
from mahjongkit.rules.table import TableRules
from mahjongkit.rules.taiwanese import SWITCHES, TaiwaneseOptions

PARTS: tuple[tuple[str, type], ...] = (
    ("play", PlayRules),
    ("table", TableRules),
    ("scoring", ScoringRules),
    ("scoring.sheet", TaiwaneseOptions),
)
"""The parts of a rulebook, in the order they are shown, with their types."""


@cache
def field_docs(cls: type) -> dict[str, str]:
    """Each field's docstring (the string written under it in the class), one line.

    >>> field_docs(PlayRules)["flower_win"][:35]
    'Seven or eight flowers are a win on'
    """
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body if isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, after in zip(body, [*body[1:], None], strict=True):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = " ".join(after.value.value.split())
    if cls is TaiwaneseOptions:
        for switch in SWITCHES:
            docs[switch.key] = f"{switch.text} (004 l.{switch.lines})"
    return docs


def plain(value: Any) -> Any:
    """A rule's value as JSON: sets sorted, enums by value, pairs as lists.

    >>> plain(frozenset({"b", "a"})), plain(None)
    (['a', 'b'], None)
    """
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, FanCombinations):
        return {"reading": value.name, "description": value.description, **value.as_table()}
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def _parts(ruleset: Ruleset) -> list[tuple[str, type, Any]]:
    objects = {
        "play": ruleset.play,
        "table": ruleset.table,
        "scoring": ruleset.scoring,
        "scoring.sheet": ruleset.scoring.sheet,
    }
    return [(name, cls, objects[name]) for name, cls in PARTS if objects[name] is not None]


def rulebook(ruleset: str | Ruleset) -> dict[str, Any]:
    """The whole rulebook as JSON-ready data."""
    rules = get_ruleset(ruleset)
    parts = []
    for name, cls, part in _parts(rules):
        docs = field_docs(cls)
        parts.append(
            {
                "part": name,
                "rules": [
                    {
                        "rule": f.name,
                        "value": plain(getattr(part, f.name)),
                        "meaning": docs.get(f.name, ""),
                    }
                    for f in fields(part)
                    if f.name != "sheet"
                ],
            }
        )
    return {
        "name": rules.name,
        "title": rules.title,
        "aliases": list(rules.aliases),
        "description": rules.description,
        "tiles": rules.tiles,
        "contents_hash": rules.contents_hash(),
        "parts": parts,
    }


def _shown(value: Any) -> str:
    value = plain(value)
    if value is None:
        return "none"
    if isinstance(value, dict) and "reading" in value:
        return f"{value['reading']} ({value['description']})"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        if value and isinstance(value[0], list):  # priced items
            return ", ".join(f"{k} {v}" for k, v in value) or "—"
        return ", ".join(str(v) for v in value) or "—"
    return str(value)


def render_rulebook(ruleset: str | Ruleset) -> str:
    """The rulebook as text: a heading per part, a line per rule with its meaning.

    >>> print(render_rulebook("mcr").splitlines()[0])
    mcr — Chinese Official (MCR), as the seed documents value it
    """
    book = rulebook(ruleset)
    lines = [f"{book['name']} — {book['title']}"]
    if book["aliases"]:
        lines.append(f"also called: {', '.join(book['aliases'])}")
    if book["description"]:
        lines.append(book["description"])
    lines.append(f"{book['tiles']} tiles; contents hash {book['contents_hash']}")
    for part in book["parts"]:
        lines += ["", f"[{part['part']}]"]
        for rule in part["rules"]:
            lines.append(f"{rule['rule']} = {_shown(rule['value'])}")
            if rule["meaning"]:
                lines += textwrap.wrap(
                    rule["meaning"], 88, initial_indent="    ", subsequent_indent="    "
                )
    return "\n".join(lines)


def render_comparison(names: Sequence[str]) -> str:
    """A Markdown table per part: each rule, its value under each ruleset, its meaning.

    >>> print(render_comparison(["mcr", "taiwanese-lrc"]).splitlines()[4][:29])
    | hand_size | 13 | 16 | Tiles
    """
    books = [get_ruleset(n) for n in names]
    out: list[str] = []
    for name, cls in PARTS:
        present = [b for b in books if any(p[0] == name for p in _parts(b))]
        if not present:
            continue
        docs = field_docs(cls)
        out += [f"### `{name}`", ""]
        out.append("| rule | " + " | ".join(b.name for b in books) + " | meaning |")
        out.append("|---|" + "---|" * len(books) + "---|")
        for f in fields(cls):
            if f.name == "sheet":
                continue
            cells = []
            for b in books:
                part = dict((p[0], p[2]) for p in _parts(b)).get(name)
                cells.append(
                    "—" if part is None else _shown(getattr(part, f.name)).replace("|", "/")
                )
            out.append(f"| {f.name} | " + " | ".join(cells) + f" | {docs.get(f.name, '')} |")
        out.append("")
    return "\n".join(out).strip()


__all__ = ["PARTS", "field_docs", "plain", "render_comparison", "render_rulebook", "rulebook"]
