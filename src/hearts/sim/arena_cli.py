"""``hearts arena``: arguments and entry point (the arena itself is in :mod:`hearts.sim.arena`)."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", required=True, help="comma-separated bot specs, one per seat (cycled when fewer)")


def run(args: argparse.Namespace) -> int:
    raise SystemExit("hearts arena: not built yet")
