"""Write a Botzone bundle: one self-contained Python file that runs one of the project's
bots as a Botzone program, with the standard library only.

The file is a zip archive (Python runs a zip holding ``__main__.py`` as a script, whatever
its name): the engine's standard-library packages (everything but the adapters: the
command line, the web table, the simulator, the learning environments), the ruleset data
files, and a ``__main__.py`` that starts `mahjongkit.botzone.program.main` with the bot
chosen here. Upload it to Botzone as a Python 3 bot (docs/botzone.md).

    python scripts/botzone_bundle.py --bot defender [--keep-running] [--out FILE]

Prints the file written and its size.
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "mahjongkit"
LEFT_OUT = ("cli", "web", "sim", "env")
"""The adapters: they need packages beyond the standard library, and the bot none of them."""
KEPT_DATA = (".toml", ".json")
BOTS = ("defender", "scorer", "efficient", "random")

MAIN = '''"""A mahjongkit bot for Botzone (Chinese Standard Mahjong), bundled by
scripts/botzone_bundle.py: the {bot} bot{mode}."""
import json
import sys

if sys.version_info < (3, 11):
    # Too old for the package: stay legal, throwing each tile drawn (written for any
    # Python 3). The judge takes PASS to any request but the seat's own draw.
    sys.stderr.write("mahjongkit needs Python 3.11+, not %s: throwing what it draws\\n"
                     % sys.version.split()[0])
    try:
        last = json.loads(sys.stdin.readline())["requests"][-1].split()
    except Exception:
        last = []
    answer = "PLAY " + last[1] if len(last) == 2 and last[0] == "2" else "PASS"
    print(json.dumps({{"response": answer}}))
    sys.exit(0)

from mahjongkit.botzone.program import main

sys.exit(main({args!r} + sys.argv[1:]))
'''


def files() -> list[Path]:
    """The package files the bundle holds, in a stable order."""
    out = []
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if not path.is_file() or "__pycache__" in relative.parts:
            continue
        if relative.parts[0] in LEFT_OUT:
            continue
        if path.suffix == ".py" or path.suffix in KEPT_DATA:
            out.append(path)
    return out


def write(out: Path, bot: str, keep_running: bool) -> int:
    """Write the bundle to ``out``; its size in bytes."""
    args = ["--bot", bot] + (["--keep-running"] if keep_running else [])
    mode = ", in Botzone's long-running mode" if keep_running else ""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path in files():
            name = "mahjongkit/" + path.relative_to(PACKAGE).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, path.read_bytes())
        info = zipfile.ZipInfo("__main__.py", date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        bundle.writestr(info, MAIN.format(bot=bot, mode=mode, args=args))
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", choices=BOTS, default="defender")
    parser.add_argument("--keep-running", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="default: mahjongkit_BOT.py")
    args = parser.parse_args(argv)
    out = args.out or Path(f"mahjongkit_{args.bot}.py")
    size = write(out, args.bot, args.keep_running)
    print(f"{out}: {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
