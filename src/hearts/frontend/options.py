"""The options every front end of a table takes, written once: ``--variant``, ``--players``, ``--target``, ``--rule``,
``--seed``, ``--jobs`` and ``--ray``.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_table_options(parser, players="4, and 8 in Cancellation Hearts")
>>> add_seed_option(parser, default=1)
>>> args = parser.parse_args(["--variant", "cancellation", "--rule", "moon=add"])
>>> args.variant, args.players, args.rule, args.seed
('cancellation', None, ['moon=add'], 1)
"""

from __future__ import annotations

import argparse

from hearts.core.rules import RULE_KEYS


def add_table_options(parser: argparse.ArgumentParser, *, players: str) -> None:
    """``--variant``, ``--players`` (its default said by ``players``), ``--target`` and ``--rule KEY=VALUE``."""
    parser.add_argument("--variant", default="standard", help="standard, cancellation or omnibus (default standard)")
    parser.add_argument("--players", type=int, default=None, help=f"number of seats, 3-11 (default: {players})")
    parser.add_argument("--target", type=int, default=None, help="target score of a game (default: the variant's)")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=f"a rules option (a house rule), repeatable; one of {', '.join(RULE_KEYS)}",
    )


def add_seed_option(parser: argparse.ArgumentParser, *, default: int | None, of: str = "the deals and the bots") -> None:
    """``--seed``: the seed of ``of`` (``default`` None: a random one)."""
    said = "a random one" if default is None else str(default)
    parser.add_argument("--seed", type=int, default=default, help=f"seed of {of} (default: {said})")


def add_worker_options(parser: argparse.ArgumentParser, *, work: str = "the deals") -> None:
    """``--jobs`` (worker processes) and ``--ray [ADDRESS]`` (a Ray cluster), for ``work``."""
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1); the results are the same for any J")
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help=f"play {work} on a Ray cluster (the ray extra): local (the default) starts one for the run, with --jobs CPUs; "
        "or HOST:PORT, ray://HOST:PORT, auto",
    )
