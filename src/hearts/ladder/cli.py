"""``hearts ladder``: arguments, progress lines, and the leaderboard files.

Exit status 0 on success, 2 for bad input (one line on standard error), 1
when a bot breaks the rules in a way no fallback can mend, 130 when
interrupted (the matches finished so far stay saved: run the same command
again to resume).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hearts.bots import BotSpecError, split_specs
from hearts.core import HeartsError, Rules
from hearts.core.rules import rules_from_options
from hearts.frontend.options import add_seed_option, add_table_options, add_worker_options
from hearts.sim.arena import BotFailure

from .board import board_json, markdown
from .rating import require_openskill, standings
from .run import run_ladder
from .schedule import LadderError

DESCRIPTION = """\
Rate bots against each other: a round robin of duplicate matches. Every group
of --players bots (all of them, cycled to fill the seats, when there are
fewer) plays the same --hands deals, each deal once in every rotation; every
deal is one rated game, the bots ranked by their mean points over its
rotations (OpenSkill's Plackett-Luce model: pip install 'hearts-game[ladder]').

Each finished match is saved under OUT/matches/; run the same command again
and only the matches not saved yet are played (an interrupted ladder resumes;
a bot added later plays only its new matches). OUT/leaderboard.md and
OUT/leaderboard.json list the bots by their conservative rating mu - 3 sigma,
with mu ± sigma, the payoff a hand (others' mean points minus its own) ± its
standard error over deals, points a hand, deals, matches and faults (decisions
an exec: bot failed). Bot specs are the arena's (hearts arena --help,
docs/write-a-bot.md)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--bots", required=True, help="comma-separated bot specs, at least two, e.g. medium,hard,'exec:./mybot'")
    parser.add_argument("--hands", type=int, required=True, metavar="K", help="deals a match (each played in every rotation)")
    add_table_options(parser, players="4, and 8 in Cancellation Hearts")
    add_seed_option(parser, default=1)
    parser.add_argument("--out", default="ladder", metavar="DIR", help="where matches and the leaderboard are saved (default ladder)")
    add_worker_options(parser)
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS", help="seconds an exec: bot has a decision (default 5)")
    parser.add_argument("--json", action="store_true", help="print the leaderboard's JSON instead of its Markdown")
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None, help="a line a match on standard error (default: on a terminal)"
    )


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except BotFailure as err:
        print(f"hearts ladder: {err}", file=sys.stderr)
        return 1
    except (HeartsError, BotSpecError, OSError) as err:
        print(f"hearts ladder: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"hearts ladder: interrupted; the finished matches are saved in {args.out}: run the same command to resume", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    require_openskill()
    bots = split_specs(args.bots)
    if any(not b for b in bots):
        raise LadderError(f"--bots {args.bots!r} has an empty spec: write e.g. --bots medium,hard")
    rules: Rules = rules_from_options(args.variant, args.players, args.target, args.rule)
    out = Path(args.out)
    show = sys.stderr.isatty() if args.progress is None else args.progress

    def progress(k: int, total: int, lineup: tuple[str, ...], how: str) -> None:
        if show:
            print(f"hearts ladder: match {k}/{total} ({', '.join(lineup)}): {how}", file=sys.stderr, flush=True)

    records = run_ladder(
        bots, rules, hands=args.hands, seed=args.seed, out=out, jobs=args.jobs, ray=args.ray, time_limit=args.time_limit, progress=progress
    )
    rows = standings(bots, records)
    title = f"{rules.variant} Hearts, {rules.players} players, {args.hands} deals a match, seed {args.seed}"
    settings = {"variant": rules.variant, "players": rules.players, "hands": args.hands, "seed": args.seed, "rules": rules.to_dict()}
    text, data = markdown(rows, title), board_json(rows, settings, len(records))
    (out / "leaderboard.md").write_text(text, encoding="utf-8")
    (out / "leaderboard.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(json.dumps(data) + "\n" if args.json else text)
    return 0
