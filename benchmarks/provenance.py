"""Where a result came from: the command, the commit and the machine, in every JSON under ``benchmarks/results/``.

A benchmark script adds :func:`provenance` to the JSON it writes::

    from provenance import provenance
    result["provenance"] = provenance()

and before an entry is committed, this fills in any JSON that lacks it::

    python benchmarks/provenance.py            # add "provenance" where it is missing
    python benchmarks/provenance.py --check    # exit 1 if a results JSON lacks it (the docs tests run this)

For an entry written before a script recorded it, the command is taken from
the entry's README (the line of its code blocks that names the file, else
every command there), the commit is the one that added the file (the run
used the code just before it), and the machine is the project's 2-core
development machine, as every such run was.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
#: what a JSON's provenance must name
FIELDS = ("command", "commit", "machine")


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 else ""


def machine() -> dict[str, Any]:
    """This machine, as a result names it."""
    return {
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "system": platform.system(),
        "python": platform.python_version(),
    }


def provenance(command: str | None = None) -> dict[str, Any]:
    """The command (default: this process's), the commit (``-dirty`` with uncommitted changes) and the machine."""
    commit = _git("rev-parse", "HEAD") or None
    if commit and _git("status", "--porcelain", "--untracked-files=no"):
        commit += "-dirty"
    return {"command": command or " ".join(["python", *sys.argv]), "commit": commit, "machine": machine()}


def _known(data: dict[str, Any]) -> bool:
    """Does a result already say all of :data:`FIELDS` (at its top, or in ``provenance``)?"""
    where = {**data, **(data.get("provenance") or {})}
    return all(where.get(f) for f in FIELDS)


def _commands(readme: Path) -> list[str]:
    """The command lines of an entry's README (its code blocks, continuation lines joined)."""
    if not readme.exists():
        return []
    lines: list[str] = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", readme.read_text(encoding="utf-8"), re.S):
        joined = block.replace("\\\n", " ")
        lines += [" ".join(line.split()) for line in joined.splitlines() if line.strip() and not line.startswith("#")]
    return lines


def recorded_later(path: Path) -> dict[str, Any]:
    """The provenance of a result written before its script recorded one (see the module's notes)."""
    commands = _commands(path.parent / "README.md")
    named = [c for c in commands if path.name in c]
    added = _git("log", "--diff-filter=A", "--format=%H", "-1", "--", str(path.relative_to(ROOT)))
    commit, what = added, "the commit that added this file: the run used the code just before it"
    if not added:  # not committed yet: the run was made from this checkout
        commit, what = str(provenance()["commit"]), "the checkout the run was made from (-dirty: with uncommitted changes)"
    out: dict[str, Any] = {
        "command": named[0] if named else (commands[0] if len(commands) == 1 else commands) or "see the entry's README.md",
        "commit": commit or None,
        "commit_is": what,
        "machine": "the project's 2-core development machine (AMD EPYC, 24 GB), as the entry's README says",
        "recorded": "afterwards, from the entry's README and the history",
    }
    return out


def missing(results: Path = RESULTS) -> list[Path]:
    """The results JSON files that do not say where they came from."""
    out = []
    for path in sorted(results.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not _known(data):
            out.append(path)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="only list the results that lack a provenance (exit 1 if any)")
    args = ap.parse_args()
    lacking = missing()
    if args.check:
        for path in lacking:
            print(f"no provenance: {path.relative_to(ROOT)} (python benchmarks/provenance.py adds it)", file=sys.stderr)
        return 1 if lacking else 0
    for path in lacking:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        block = {**recorded_later(path), **(data.get("provenance") or {})}
        if "provenance" in data:  # an incomplete one: completed, the file written again
            data["provenance"] = block
            new = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        else:  # put first, the rest of the file byte for byte as it was
            start = text.index("{") + 1
            sep = "" if not data else ","
            new = text[:start] + '"provenance": ' + json.dumps(block, ensure_ascii=False) + sep + " " + text[start:].lstrip(" ")
        if json.loads(new) != {**data, "provenance": block}:
            raise SystemExit(f"{path}: the provenance could not be added without changing the result")
        path.write_text(new, encoding="utf-8")
        print(f"added a provenance to {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
