"""``hearts arena``: arguments, the text table and the JSON (the arena itself is in :mod:`hearts.sim.arena`).

Exit status 0 on success, 2 for bad input (a one-line message on standard
error), 1 when a bot breaks the rules during play.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TypeVar

from hearts.bots import BotSpecError, split_specs
from hearts.core import HeartsError, Rules
from hearts.core.rules import rules_from_options
from hearts.frontend.options import add_seed_option, add_table_options, add_worker_options

from .arena import ArenaError, ArenaResult, BotFailure, run_arena
from .arena_progress import ProgressBar
from .arena_stats import BotStats

#: rules options settable with --rule (variant and players have their own flags)

DESCRIPTION = """\
Measure bots against each other with duplicate deals and seat rotation: each
deal is played once for every rotation of the line-up, so every bot plays
every seat's cards. With --hands K there are K deals of one hand each (the
bots see scores of 0); with --games G there are G games to the target score,
hand h of game g dealt alike in every rotation. The same seed gives the same
numbers, whatever --jobs, and with --ray on a Ray cluster.

Per distinct bot spec, over every seat it occupies:
  seats, hands the seats of the line-up it holds; the hands it played,
               counted once per seat (its seat-hands);
  points/hand  mean points per hand played, ± its standard error (se): the
               stdev of the bot's per-deal means (per-game in --games mode)
               divided by sqrt(number of deals);
  payoff       mean over its hands of (mean of the other seats' points minus
               its own points), ± se; zero-sum across the table;
  win rate     share of its games won, a win shared by k tied players
               counting 1/k (--games only; '-' and null with --hands);
  moons shot/tried
               hands in which its seat shot the moon / attempted it (below);
  moons conceded/tried
               hands in which another seat shot the moon / attempted it.

A seat attempted the moon in a hand if, at the end of some trick of that
hand, it had taken every point taken so far in the hand and those points
were at least 60 % of the moon total (16 of 26 in standard Hearts, 32 of 52
in Cancellation Hearts). Points are the point cards as the rules count them
(hearts 1, Q♠ 13; not the Omnibus J♦'s -10); the kitty and the cards of
set-aside tricks count once a seat takes them. A completed moon is always
also an attempt.

--json prints one object: "hands" = hands played in all (deals or games x
rotations), "deals" = distinct deals dealt, "games" = G (null with --hands),
"bots" = [{"name", "points_per_hand", "se", "payoff", "payoff_se",
"win_rate", "win_rate_se", "moons_shot", "moons_conceded", "moon_attempts",
"moon_attempts_conceded", "seats", "hands_played", "per_deal_payoff",
"per_deal_points"}] (the per-deal lists: the bot's mean over its seat-hands
of each deal, in deal order, to compare runs deal by deal), plus the line-up, rules
and seed; "faults" = the decisions a bot failed (an exec: bot that timed out,
crashed or replied badly: a fallback bot made them), each with "deal",
"rotation", "seat", "bot", "hand", "phase", "decision", "kind" and
"message"; "timing" is the only key that differs between runs (and, with a
bot that times out, "faults").

Bot specs (docs/write-a-bot.md): a name (random, heuristic, medium, ...)
with :key=value settings; exec:COMMAND, a program speaking hearts-bot/1
(the rest of the spec is its command line, split like a shell's; quote a
comma inside it: --bots "exec:./bot --tags 'a,b'",medium);
module:function[:key=value...], a Python factory; or a name an installed
package adds (the hearts.bots entry points)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs, one per seat (cycled when fewer), e.g. search,heuristic or 'exec:./mybot --level 3',medium",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds an exec: bot has for each decision (default 5); a fallback bot plays on after a fault",
    )
    add_table_options(parser, players="the number of bots given")
    parser.add_argument("--hands", type=int, default=None, metavar="K", help="play K deals of one hand each, K x players hands in all")
    parser.add_argument("--games", type=int, default=None, metavar="G", help="play G games to the target, each once per rotation")
    add_seed_option(parser, default=1)
    add_worker_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on standard error (default: when it is a terminal)",
    )


def lineup(args: argparse.Namespace, example: str, count: str) -> tuple[list[str], Rules]:
    """The bots and the rules of the options that ``hearts arena`` and ``hearts selfplay`` share
    (``--bots``, ``--hands``/``--games``, ``--players``, ``--variant``, ``--target``, ``--rule``);
    :class:`ArenaError` or :class:`~hearts.core.HeartsError` for bad ones. ``example``: bots for the
    error message; ``count``: the letter the usage gives ``--hands``."""
    bots = split_specs(args.bots)
    if any(not b for b in bots):
        raise ArenaError(f"--bots {args.bots!r} has an empty spec: write e.g. --bots {example}")
    if args.hands is not None and args.games is not None:
        raise ArenaError("give --hands or --games, not both")
    if args.hands is None and args.games is None:
        raise ArenaError(f"give --hands {count} ({count} deals of one hand) or --games G (G games)")
    players = len(bots) if args.players is None else args.players
    return bots, rules_from_options(args.variant, players, args.target, args.rule)


def progress_bar(args: argparse.Namespace) -> ProgressBar | None:
    """A progress bar on standard error when ``--progress`` (by default: when it is a terminal)."""
    show = sys.stderr.isatty() if args.progress is None else args.progress
    return ProgressBar("deals" if args.hands is not None else "games", sys.stderr) if show else None


T = TypeVar("T")


def play_lineup(
    command: str, args: argparse.Namespace, default: str, letter: str, play: Callable[[list[str], Rules, ProgressBar | None], T]
) -> tuple[T | None, int]:
    """Read the line-up and rules (:func:`lineup`), then ``play(bots, rules, bar)`` with a progress bar.

    Returns ``(result, 0)``; a failure is one line ``COMMAND: message`` on
    standard error and ``(None, status)``: 1 for a bot that broke the rules,
    2 for bad options, 130 when interrupted.
    """
    try:
        bots, rules = lineup(args, default, letter)
        bar = progress_bar(args)
        try:
            return play(bots, rules, bar), 0
        finally:
            if bar:
                bar.close()
    except BotFailure as err:
        print(f"{command}: {err}", file=sys.stderr)
        return None, 1
    except (HeartsError, BotSpecError) as err:
        print(f"{command}: {err}", file=sys.stderr)
        return None, 2
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return None, 130


def run(args: argparse.Namespace) -> int:
    def play(bots: list[str], rules: Rules, bar: ProgressBar | None) -> ArenaResult:
        return run_arena(
            bots,
            rules,
            hands=args.hands,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            progress=bar,
            ray=args.ray,
            time_limit=args.time_limit,
        )

    result, status = play_lineup("hearts arena", args, "random,heuristic", "K", play)
    if result is None:
        return status
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        sys.stdout.write(text_report(result))
    return 0


# -- the text report -------------------------------------------------------------
def _pm(value: float, se: float | None) -> str:
    return f"{value:.3f} ± {se:.3f}" if se is not None else f"{value:.3f} ± -"


def _row(b: BotStats) -> list[str]:
    win = "-" if b.win_rate is None else f"{100 * b.win_rate:.1f} %" + ("" if b.win_rate_se is None else f" ± {100 * b.win_rate_se:.1f}")
    ms = "-" if b.ms_per_move is None else f"{b.ms_per_move:.3g}"
    pts, pay = _pm(b.points_per_hand, b.se), _pm(b.payoff, b.payoff_se)
    shot, conceded = f"{b.moons_shot}/{b.moon_attempts}", f"{b.moons_conceded}/{b.moon_attempts_conceded}"
    return [b.name, str(b.seats), str(b.hands_played), pts, pay, win, shot, conceded, ms]


#: faults listed in the text report (the JSON has them all)
MAX_FAULTS_SHOWN = 10

HEADER = ["bot", "seats", "hands", "points/hand ± se", "payoff ± se", "win rate", "moons shot/tried", "moons conceded/tried", "ms/move"]


def text_report(result: ArenaResult) -> str:
    """The table of ``hearts arena`` without ``--json``."""
    rules = result.rules
    n = rules.players
    default = Rules(variant=rules.variant, players=n).to_dict()
    changed = [f"{k}={v}" for k, v in rules.to_dict().items() if default[k] != v]
    if result.mode == "hands":
        played = f"{len(result.deals)} deals x {n} rotations = {result.hands_played} hands"
    else:
        g = len(result.deals)
        played = f"{g} games x {n} rotations = {g * n} games, {result.hands_played} hands ({result.distinct_deals} distinct deals)"
    lines = [
        f"{rules.variant} Hearts, {n} players{', ' + ', '.join(changed) if changed else ''}: {played}, seed {result.seed}",
        f"line-up (seats 0..{n - 1}, rotated): {', '.join(result.lineup)}",
        "",
    ]
    rows = [HEADER] + [_row(b) for b in result.bots]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    for k, r in enumerate(rows):
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    se_over = "deals" if result.mode == "hands" else "games"
    lines += [
        "",
        f"se: standard error over {se_over}; payoff: others' mean points minus own, per hand",
        "moons shot/tried: completed / attempted (after some trick, the seat had every point taken so far, at least 60 % of the moon's)",
        f"time: {result.seconds:.1f} s (jobs {result.jobs})",
    ]
    faults = result.faults
    if faults:
        where = "deal" if result.mode == "hands" else "game"
        lines += ["", f"faults: {len(faults)} decisions failed (a fallback bot made them; all in --json):"]
        lines += [f"  {where} {f['deal']}, rotation {f['rotation']}: {f['message']}" for f in faults[:MAX_FAULTS_SHOWN]]
        if len(faults) > MAX_FAULTS_SHOWN:
            lines.append(f"  ... and {len(faults) - MAX_FAULTS_SHOWN} more")
    return "\n".join(lines) + "\n"
