"""``hearts web build DIR``: the command line of the static table (:mod:`hearts.web.build`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .build import PYODIDE_VERSION, BuildError, build


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="web_command", metavar="ACTION")
    make = sub.add_parser("build", help="write the table as a folder of static files (played in the page, offline)")
    make.add_argument("dir", metavar="DIR", type=Path, help="the folder to write (new, empty, or an earlier build)")
    make.add_argument(
        "--pyodide",
        metavar="PATH",
        type=Path,
        help=f"Pyodide {PYODIDE_VERSION}: the npm package's .tgz or its unpacked folder (default: the cache, else npm pack)",
    )


def run(args: argparse.Namespace) -> int:
    if args.web_command != "build":
        print("hearts web: say what to do: hearts web build DIR", file=sys.stderr)
        return 2
    try:
        build(args.dir, args.pyodide, say=lambda text: print(text, file=sys.stderr))
    except (BuildError, OSError) as err:
        print(f"hearts web build: {err}", file=sys.stderr)
        return 1
    return 0
