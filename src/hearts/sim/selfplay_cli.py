"""``hearts selfplay``: arguments and the summary line (the work is in :mod:`hearts.sim.selfplay_io`).

Exit status 0 on success, 2 for bad input (a one-line message on standard
error), 1 when a bot breaks the rules during play.
"""

from __future__ import annotations

import argparse

from hearts.core import Rules
from hearts.frontend.options import add_seed_option, add_table_options, add_worker_options

from .arena_cli import play_lineup
from .arena_progress import ProgressBar
from .selfplay_io import DEFAULT_SHARD, SelfplayResult, run_selfplay

DESCRIPTION = """\
Write decision datasets for training: the bots play seeded deals (the
arena's deals; seat s of deal i is played by bot (s - i) mod n of the
line-up) and every card decision of every seat becomes a row: the encoded
observation (hearts.rl.encode), the legal mask, the card chosen, the bot's
own values where it has them (the search bot's mean payoff per card), and
the hand's and the game's points and returns of that seat. The rows go to
sharded Parquet files in DIR with a _manifest.json (rules, bots, seeds,
columns, versions). The same seed gives the same files, whatever --jobs or
--ray. Needs the selfplay extra (pyarrow, NumPy)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--bots", required=True, help="comma-separated bot specs, one per seat (cycled when fewer)")
    add_table_options(parser, players="the number of bots given")
    parser.add_argument("--hands", type=int, default=None, metavar="N", help="play N deals of one hand each")
    parser.add_argument("--games", type=int, default=None, metavar="G", help="play G games to the target instead")
    parser.add_argument("--out", required=True, metavar="DIR", help="output directory (new or empty)")
    add_seed_option(parser, default=1)
    add_worker_options(parser)
    parser.add_argument(
        "--shard-size", type=int, default=DEFAULT_SHARD, metavar="D", help=f"deals (or games) per Parquet file (default {DEFAULT_SHARD})"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on standard error (default: when it is a terminal)",
    )


def run(args: argparse.Namespace) -> int:
    def play(bots: list[str], rules: Rules, bar: ProgressBar | None) -> SelfplayResult:
        return run_selfplay(
            bots,
            rules,
            args.out,
            hands=args.hands,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            ray=args.ray,
            shard_size=args.shard_size,
            progress=bar,
        )

    result, status = play_lineup("hearts selfplay", args, "search,heuristic", "N", play)
    if result is None:
        return status
    rate = result.rows / result.seconds if result.seconds > 0 else 0.0
    print(f"{result.rows} rows in {result.shards} shards written to {result.out} in {result.seconds:.1f} s ({rate:,.0f} rows/s)")
    return 0
