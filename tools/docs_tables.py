"""Write the docs' generated tables from the code: the search bot's settings and its presets (the levels) in ``docs/bots.md``.

Each table sits between ``<!-- NAME: ... -->`` and ``<!-- /NAME -->`` lines::

    python tools/docs_tables.py           # rewrite the tables
    python tools/docs_tables.py --check   # exit 1 if one is out of date
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def search_settings() -> str:
    from hearts.bots.search_settings import SETTINGS
    from hearts.bots.settings import markdown_table

    return markdown_table(SETTINGS)


def search_presets() -> str:
    """The settings a preset sets (one column a preset), then each preset's spec."""
    from hearts.bots.search_settings import PRESETS, SETTINGS

    names = list(PRESETS)
    rows = ["| setting | default | " + " | ".join(f"`{n}`" for n in names) + " |", "|---" * (len(names) + 2) + "|"]
    for s in SETTINGS:
        values = [getattr(PRESETS[n], s.name) for n in names]
        if any(v != s.default for v in values):
            cells = ["none" if v is None else s.text(v) if s.kind == "flag" else str(v) for v in values]
            rows.append(f"| `{s.key}` | {s.default_text()} | " + " | ".join(cells) + " |")
    rows.append("")
    rows += [f"- `{n}`: `{PRESETS[n].spec()}`" for n in names]
    return "\n".join(rows)


#: (file, table name) -> the function that makes the table
TABLES: dict[tuple[str, str], Callable[[], str]] = {
    ("docs/bots.md", "search settings"): search_settings,
    ("docs/bots.md", "search presets"): search_presets,
}


def fill(text: str, name: str, table: str) -> str:
    """``text`` with the block between the ``name`` markers replaced by ``table``."""
    pattern = re.compile(rf"(<!-- {re.escape(name)}:[^\n]*-->\n)(.*?)(<!-- /{re.escape(name)} -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"docs_tables: no <!-- {name}: ... --> block found")
    return pattern.sub(lambda m: m.group(1) + table + "\n" + m.group(3), text, count=1)


def main() -> int:
    parser = argparse.ArgumentParser(description="Write or check the docs' generated tables.")
    parser.add_argument("--check", action="store_true", help="exit 1 if a table is out of date, writing nothing")
    args = parser.parse_args()
    stale = []
    for (file, name), make in TABLES.items():
        path = ROOT / file
        text = path.read_text(encoding="utf-8")
        new = fill(text, name, make())
        if new != text:
            stale.append(f"{file} ({name})")
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print("out of date: " + ", ".join(stale) + "; run python tools/docs_tables.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
