"""Bot strength, measured with the arena and printed as markdown tables for the docs (the Bots page).

Every section plays duplicate deals (each deal once per rotation of the
line-up) with :func:`hearts.sim.arena.run_arena`, seeded by ``--seed``::

    python benchmarks/bot_strength.py [--sections mc,shooter,levels,games,cancellation] [--seed S] [--jobs J] [--json FILE]

Sections:

- ``mc``: the project's bots against hearts-engine's ``mc:128`` (an external
  tool, ``--tool DIR``): its ``match.py`` is run as a subprocess for each
  ``--mc-lineup`` and its JSON (written into ``--out-dir``) is read back,
  with the first bot's payoff split into what its moons, the other bot's
  moons and the other hands gave (:func:`payoff_split`); each later line-up
  with the same other bots is also paired deal by deal against the first
  (:func:`paired`: the difference ± se and how many deals ended
  differently; with ``sims`` budgets and no ``ms`` the deals a change does
  not reach cancel exactly); skipped, with one line, when the tool or
  cargo is missing.
- ``shooter``: the ``shooter`` bot against three copies of each level, in
  4-player standard Hearts: its moons completed and attempted per seat-hand
  and the defenders' points per hand.
- ``levels``: the difficulty levels in one arena (4-player standard Hearts).
- ``games``: game win rate of each ``--games-lineup`` over ``--games`` games.
- ``cancellation``: ``expert`` (``--cancellation-bot``) and seven ``heuristic`` in 8-player
  Cancellation Hearts.

The tables go to standard output; each arena's full text report (and
match.py's output) goes to standard error. Exit status 0, 1 when an engine
match failed, 2 for a bad option, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

from hearts.bots import BotSpecError, make_bot
from hearts.bots.play import play_hand
from hearts.core import Hand, HeartsError, Rules
from hearts.sim.arena import ArenaResult, derived_seed, hand_deal, pass_cycle, run_arena
from hearts.sim.arena_cli import text_report
from hearts.sim.arena_stats import BotStats, moon_runs, standard_error

ROOT = Path(__file__).resolve().parents[1]
SECTIONS = ("mc", "shooter", "levels", "games", "cancellation")
DEFAULT_TOOL = ROOT.parent / "shared" / "tools" / "hearts-engine"
DEFAULT_OUT = Path("/tmp/hearts-bot-strength")
MC_LINEUPS = ("expert,he-mc:128", "hard,he-mc:128")
GAMES_LINEUPS = ("expert,medium,medium,medium",)
ENGINE_RULES = "4-player standard Hearts as hearts-engine plays it: moon adds 26, only hearts break hearts"


# -- options ---------------------------------------------------------------------
def _count(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _specs(text: str) -> list[str]:
    """argparse type: comma-separated bot specs, none empty."""
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        raise argparse.ArgumentTypeError(f"empty bot spec in {text!r}: write e.g. medium,hard")
    return specs


def _sections(text: str) -> list[str]:
    """argparse type: comma-separated section names."""
    names = _specs(text)
    bad = [n for n in names if n not in SECTIONS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown section {bad[0]!r}: choose from {','.join(SECTIONS)}")
    return list(dict.fromkeys(names))


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sections", type=_sections, default=list(SECTIONS), help=f"comma-separated, from {','.join(SECTIONS)} (default all)")
    ap.add_argument("--seed", type=int, default=1, help="seed of every arena (default 1)")
    ap.add_argument("--jobs", type=_count, default=1, help="worker processes per arena (default 1); results are the same for any")
    ap.add_argument("--json", metavar="FILE", default=None, help="also write a JSON summary of every section to FILE")
    mc = ap.add_argument_group("mc: against hearts-engine")
    default_tool = os.environ.get("HEARTS_ENGINE_TOOL") or str(DEFAULT_TOOL)
    mc.add_argument(
        "--tool", metavar="DIR", default=default_tool, help="the hearts-engine tool folder (default: $HEARTS_ENGINE_TOOL, else %(default)s)"
    )
    mc.add_argument(
        "--mc-lineup",
        metavar="A,B",
        type=_specs,
        action="append",
        default=None,
        help=f"a line-up for match.py, repeatable (default {' and '.join(MC_LINEUPS)})",
    )
    mc.add_argument("--hands", type=_count, default=200, help="deals per mc line-up (default 200)")
    mc.add_argument("--out-dir", type=Path, default=DEFAULT_OUT, help="where match.py writes its JSON (default %(default)s)")
    sh = ap.add_argument_group("shooter: the moon shooter against three copies of each level")
    sh.add_argument("--shooter-levels", type=_specs, default=["medium", "hard", "expert"], help="defenders (default medium,hard,expert)")
    sh.add_argument("--shooter-hands", type=_count, default=100, help="deals per level (default 100)")
    sh.add_argument(
        "--shooter-one-seat",
        action="store_true",
        help="play each deal once, the shooter in seat deal %% 4, instead of once per rotation (a quarter of the time)",
    )
    lv = ap.add_argument_group("levels: the levels in one arena")
    lv.add_argument("--levels", type=_specs, default=["easy", "medium", "hard", "expert"], help="default easy,medium,hard,expert")
    lv.add_argument("--levels-hands", type=_count, default=100, help="deals (default 100)")
    gm = ap.add_argument_group("games: game win rates")
    gm.add_argument(
        "--games-lineup",
        metavar="A,B,...",
        type=_specs,
        action="append",
        default=None,
        help=f"a 4-player line-up, repeatable (default {' and '.join(GAMES_LINEUPS)})",
    )
    gm.add_argument("--games", type=_count, default=20, help="games per line-up (default 20)")
    cx = ap.add_argument_group("cancellation: search against heuristic in 8-player Cancellation Hearts")
    cx.add_argument("--cancellation-bot", default="expert", help="the bot against 7 heuristic (default %(default)s)")
    cx.add_argument("--cancellation-hands", type=_count, default=60, help="deals (default 60)")
    return ap


# -- formatting ------------------------------------------------------------------
def pm(value: float | None, se: float | None, digits: int = 2) -> str:
    """``value ± se`` (``-`` for a missing number)."""
    if value is None:
        return "-"
    return f"{value:.{digits}f} ± " + ("-" if se is None else f"{se:.{digits}f}")


def share(count: int, total: int) -> str:
    """``count`` of ``total`` as a percentage, with the counts."""
    return f"{100 * count / total:.1f} % ({count}/{total})" if total else "-"


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.3g}"


def md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def emit(title: str, body: str) -> None:
    print(f"### {title}\n\n{body}\n", flush=True)


def _arena(
    bots: Sequence[str], rules: Rules, args: argparse.Namespace, *, hands: int | None = None, games: int | None = None
) -> ArenaResult:
    """One arena; its full text report goes to standard error."""
    result = run_arena(bots, rules, hands=hands, games=games, seed=args.seed, jobs=args.jobs)
    sys.stderr.write(text_report(result) + "\n")
    return result


def _bot(result: ArenaResult, name: str) -> BotStats:
    return next(b for b in result.bots if b.name == name)


def _moons(b: BotStats) -> list[str]:
    return [str(b.moons_shot), str(b.moon_attempts), str(b.moons_conceded)]


def payoff_split(per_deal: Sequence[Mapping[str, Any]]) -> dict[str, tuple[float, float | None]]:
    """The first bot's payoff a hand in a line-up ``A,B,A,B``, split by the hand's moon, each ``(mean, se)`` over deals
    (the arena's :func:`~hearts.sim.arena_stats.standard_error`: None for one deal).

    ``ours``: hands a seat of the first bot shot the moon in; ``theirs``: hands
    the other bot's seat shot it in; ``rest``: the other hands (failed attempts
    included). The three add up to ``all``, the payoff. ``per_deal`` is
    match.py's JSON list: rotation ``r`` seats the first bot where ``seat - r``
    is even.

    >>> moon = {"rotation": 0, "points": [[0, 26, 26, 26]], "shooters": [0]}
    >>> plain = {"rotation": 1, "points": [[3, 10, 13, 0]], "shooters": [None]}
    >>> split = payoff_split([{"deal": 0, "tables": [moon, plain]}, {"deal": 1, "tables": [moon, moon]}])
    >>> {k: round(v[0], 3) for k, v in split.items()}
    {'all': 7.0, 'ours': 6.5, 'theirs': 0.0, 'rest': 0.5}
    """
    keys = ("all", "ours", "theirs", "rest")
    per: dict[str, list[Fraction]] = {k: [] for k in keys}
    for deal in per_deal:
        for k, v in _deal_split(deal).items():
            per[k].append(v)
    return {k: (float(sum(v, Fraction(0)) / len(v)), standard_error(v)) for k, v in per.items()}


def _deal_split(deal: Mapping[str, Any]) -> dict[str, Fraction]:
    """One deal's share of :func:`payoff_split`: the first bot's payoff a hand over its tables, split by the moon."""
    total = dict.fromkeys(("all", "ours", "theirs", "rest"), Fraction(0))
    hands = 0
    for table in deal["tables"]:
        r = table["rotation"]
        for points, shooter in zip(table["points"], table["shooters"], strict=True):
            n = len(points)
            mine = [s for s in range(n) if (s - r) % 2 == 0]
            pay = sum((Fraction(sum(points) - points[s], n - 1) - points[s] for s in mine), Fraction(0)) / len(mine)
            key = "rest" if shooter is None else "ours" if shooter in mine else "theirs"
            total["all"] += pay
            total[key] += pay
            hands += 1
    return {k: v / hands for k, v in total.items()}


def paired(base: Sequence[Mapping[str, Any]], other: Sequence[Mapping[str, Any]]) -> tuple[float, float | None, int, int]:
    """The first bot of ``other`` against the first bot of ``base`` on the deals both played (match.py's
    ``per_deal`` lists): the mean payoff difference a hand and its standard error over those deals, how many
    deals ended differently, and how many there were.

    With bots that do not read the clock (a ``sims`` budget and no ``ms``), the same spec plays a deal the
    same way every time, so a change that alters few decisions changes few deals: the rest cancel exactly,
    and the difference is measured far more closely than either payoff.

    >>> plain = {"rotation": 0, "points": [[3, 10, 13, 0]], "shooters": [None]}
    >>> worse = {"rotation": 0, "points": [[6, 7, 13, 0]], "shooters": [None]}
    >>> base = [{"deal": 0, "tables": [plain]}, {"deal": 1, "tables": [plain]}]
    >>> paired(base, [{"deal": 0, "tables": [plain]}, {"deal": 1, "tables": [worse]}])
    (-1.0, 1.0, 1, 2)
    """
    before = {d["deal"]: _deal_split(d)["all"] for d in base}
    diffs = [_deal_split(d)["all"] - before[d["deal"]] for d in other if d["deal"] in before]
    if not diffs:
        return math.nan, None, 0, 0
    return float(sum(diffs, Fraction(0)) / len(diffs)), standard_error(diffs), sum(1 for x in diffs if x), len(diffs)


# -- the sections ----------------------------------------------------------------
def section_mc(args: argparse.Namespace) -> dict[str, Any]:
    """match.py for each line-up; per bot from its JSON: points, payoff, moons, ms/move."""
    tool = Path(args.tool)
    match = tool / "match.py"
    cargo = shutil.which("cargo") or (Path.home() / ".cargo" / "bin" / "cargo").exists() or os.environ.get("HEBOT")
    if not match.is_file():
        reason = f"no hearts-engine tool at {tool} (no match.py): engine matches skipped"
    elif not cargo:
        reason = "cargo is not installed (needed to build hearts-engine's hebot): engine matches skipped"
    else:
        reason = ""
    if reason:
        print(f"mc: {reason}\n", flush=True)
        return {"skipped": reason}
    args.out_dir.mkdir(parents=True, exist_ok=True)
    runs: list[dict[str, Any]] = []
    rows: list[list[str]] = []
    splits: list[list[str]] = []
    notes: list[str] = []
    per_deals: list[tuple[list[str], list[dict[str, Any]]]] = []
    for lineup in args.mc_lineup or [s.split(",") for s in MC_LINEUPS]:
        spec = ",".join(lineup)
        out = args.out_dir / f"{re.sub(r'[^A-Za-z0-9]+', '-', spec).strip('-')}-h{args.hands}-s{args.seed}.json"
        cmd = [
            sys.executable,
            str(match),
            "--bots",
            spec,
            "--hands",
            str(args.hands),
            "--seed",
            str(args.seed),
            "--jobs",
            str(args.jobs),
            "--out",
            str(out),
        ]
        proc = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        sys.stderr.write(proc.stdout)
        if proc.returncode != 0 or not out.is_file():
            notes.append(f"`{spec}`: match.py failed (exit {proc.returncode}), see its messages above")
            runs.append({"lineup": spec, "error": f"match.py exit {proc.returncode}"})
            continue
        data = json.loads(out.read_text(encoding="utf-8"))
        timing = data.get("timing", {}).get("ms_per_move", {})
        bots = []
        for b in data["bots"]:
            row = {
                k: b.get(k)
                for k in (
                    "name",
                    "points_per_hand",
                    "se",
                    "payoff",
                    "payoff_se",
                    "moons_shot",
                    "moon_attempts",
                    "moons_conceded",
                    "moon_attempts_conceded",
                    "hands_played",
                )
            }
            row["ms_per_move"] = timing.get(b["name"])
            bots.append(row)
            rows.append(
                [
                    f"`{spec}`",
                    f"`{b['name']}`",
                    pm(b["points_per_hand"], b["se"]),
                    pm(b["payoff"], b["payoff_se"]),
                    str(b["moons_shot"]),
                    str(b.get("moon_attempts", "-")),
                    str(b["moons_conceded"]),
                    ms(row["ms_per_move"]),
                ]
            )
        if data.get("per_deal"):
            per_deals.append((lineup, data["per_deal"]))
            split = payoff_split(data["per_deal"])
            splits.append([f"`{spec}`", f"`{data['bots'][0]['name']}`", *(pm(*split[k]) for k in ("all", "ours", "theirs", "rest"))])
        legal = data.get("legal_check", {})
        if legal.get("legal_mismatch") or legal.get("engine_errors"):
            bad = f"{legal.get('legal_mismatch')} legal-card mismatches, {legal.get('engine_errors')} engine errors"
            notes.append(f"`{spec}`: the legal check failed: {bad}")
        runs.append(
            {
                "lineup": spec,
                "file": str(out),
                "hands": data["hands"],
                "deals": data["deals"],
                "bots": bots,
                "legal_check": {k: v for k, v in legal.items() if k != "examples"},
            }
        )
    header = ["line-up", "bot", "points/hand ± se", "payoff ± se", "moons shot", "moon attempts", "moons conceded", "ms/move"]
    body = md_table(header, rows)
    if splits:
        split_header = ["line-up", "bot", "payoff ± se", "from its moons", "from the other's moons", "from the other hands"]
        body += "\n\nThe first bot's payoff a hand, split by the hand's moon:\n\n" + md_table(split_header, splits)
    pairs = _paired_rows(per_deals)
    if pairs:
        pair_header = ["first bot", "against the first line-up's", "payoff difference ± se", "deals played differently"]
        body += "\n\nPaired on the same deals (line-ups with the same other bots):\n\n" + md_table(pair_header, pairs)
    body += "".join(f"\n\n{n}" for n in notes)
    emit(f"mc: against hearts-engine ({args.hands} deals × 4 rotations, seed {args.seed})", f"{ENGINE_RULES}.\n\n{body}")
    return {"runs": runs, "failed": any("error" in r for r in runs)}


def _paired_rows(per_deals: Sequence[tuple[list[str], list[dict[str, Any]]]]) -> list[list[str]]:
    """Each later line-up's first bot paired against the first line-up's, when their other bots are the same."""
    rows = []
    if per_deals:
        (base_lineup, base), rest = per_deals[0], per_deals[1:]
        for lineup, per_deal in rest:
            if lineup[1:] != base_lineup[1:]:
                continue
            mean, se, changed, deals = paired(base, per_deal)
            rows.append([f"`{lineup[0]}`", f"`{base_lineup[0]}`", pm(mean, se), f"{changed} of {deals}"])
    return rows


def section_shooter(args: argparse.Namespace) -> dict[str, Any]:
    """The shooter against three copies of each level: its moons completed and attempted, the defenders' points."""
    try:
        make_bot("shooter", seed=0)
    except BotSpecError as err:
        print(f"shooter: no shooter bot ({err}): section skipped\n", flush=True)
        return {"skipped": str(err)}
    if args.shooter_one_seat:
        return _shooter_one_seat(args)
    rows, runs = [], []
    for level in args.shooter_levels:
        result = _arena(["shooter", level, level, level], Rules.standard(4), args, hands=args.shooter_hands)
        s, d = _bot(result, "shooter"), _bot(result, level)
        rows.append(
            [
                f"`{level}`",
                share(s.moons_shot, s.hands_played),
                share(s.moon_attempts, s.hands_played),
                pm(s.points_per_hand, s.se),
                pm(d.points_per_hand, d.se),
                pm(s.payoff, s.payoff_se),
            ]
        )
        runs.append({"level": level, "arena": result.to_json()})
    header = [
        "defenders (× 3)",
        "shooter's moons",
        "shooter's attempts",
        "shooter points/hand ± se",
        "defenders' points/hand ± se",
        "shooter payoff ± se",
    ]
    title = f"shooter: `shooter` against three of a level (4-player standard; {args.shooter_hands} deals × 4 rotations, seed {args.seed})"
    emit(title, md_table(header, rows) + "\n\nmoons and attempts per seat-hand of the shooter")
    return {"runs": runs}


def shooter_deal(level: str, seed: int, i: int) -> tuple[int, bool, bool, list[int]]:
    """Deal ``i`` (as the arena deals it) with the shooter in seat ``i % 4`` and ``level`` in the others:
    (shooter's seat, moon completed, moon attempted, points)."""
    rules = Rules.standard(4)
    deal, kitty = hand_deal(rules, seed, i)
    me = i % 4
    bots = [make_bot("shooter" if s == me else level, seed=derived_seed(seed, "shooter", i, s)) for s in range(4)]
    hand = Hand(rules, deal, kitty, dealer=i % 4, number=i % pass_cycle(rules) + 1)
    play_hand(hand, bots, [0] * 4)
    assert hand.points is not None
    return me, hand.shooter == me, me in moon_runs(hand), list(hand.points)


def _shooter_one_seat(args: argparse.Namespace) -> dict[str, Any]:
    rows, runs = [], []
    n = args.shooter_hands
    for level in args.shooter_levels:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                out = list(pool.map(shooter_deal, [level] * n, [args.seed] * n, range(n), chunksize=4))
        else:
            out = [shooter_deal(level, args.seed, i) for i in range(n)]
        moons = sum(o[1] for o in out)
        tried = sum(o[2] for o in out)
        own = [o[3][o[0]] for o in out]
        others = [sum(o[3]) - o[3][o[0]] for o in out]
        rows.append([f"`{level}`", share(moons, n), share(tried, n), f"{statistics.fmean(own):.2f}", f"{statistics.fmean(others) / 3:.2f}"])
        runs.append({"level": level, "deals": n, "moons": moons, "attempts": tried})
    header = ["defenders (× 3)", "shooter's moons", "shooter's attempts", "shooter points/hand", "defenders' points/hand"]
    title = (
        f"shooter: `shooter` against three of a level (4-player standard; {n} deals, each once, "
        f"the shooter in seat deal % 4, seed {args.seed})"
    )
    emit(title, md_table(header, rows))
    return {"runs": runs}


def _points_table(result: ArenaResult) -> str:
    header = ["bot", "points/hand ± se", "payoff ± se", "moons shot", "moon attempts", "moons conceded", "ms/move"]
    rows = [[f"`{b.name}`", pm(b.points_per_hand, b.se), pm(b.payoff, b.payoff_se), *_moons(b), ms(b.ms_per_move)] for b in result.bots]
    return md_table(header, rows)


def section_levels(args: argparse.Namespace) -> dict[str, Any]:
    """The levels in one 4-player arena."""
    result = _arena(args.levels, Rules.standard(4), args, hands=args.levels_hands)
    lineup = ",".join(result.lineup)
    emit(f"levels: `{lineup}` (4-player standard; {args.levels_hands} deals × 4 rotations, seed {args.seed})", _points_table(result))
    return {"arena": result.to_json()}


def section_games(args: argparse.Namespace) -> dict[str, Any]:
    """Game win rates of each line-up."""
    rows, runs = [], []
    for lineup in args.games_lineup or [s.split(",") for s in GAMES_LINEUPS]:
        result = _arena(lineup, Rules.standard(4), args, games=args.games)
        for b in result.bots:
            win = "-" if b.win_rate is None else f"{100 * b.win_rate:.1f} %"
            if b.win_rate is not None and b.win_rate_se is not None:
                win += f" ± {100 * b.win_rate_se:.1f}"
            rows.append([f"`{','.join(result.lineup)}`", f"`{b.name}`", str(b.seats), win, pm(b.points_per_hand, b.se)])
        runs.append({"lineup": list(result.lineup), "arena": result.to_json()})
    header = ["line-up", "bot", "seats", "game win rate ± se", "points/hand ± se"]
    played = f"{args.games} game{'s' if args.games != 1 else ''} × 4 rotations, seed {args.seed}"
    emit(f"games: win rates (4-player standard, to 100; {played})", md_table(header, rows))
    return {"runs": runs}


def section_cancellation(args: argparse.Namespace) -> dict[str, Any]:
    """One bot against seven heuristic in 8-player Cancellation Hearts."""
    result = _arena([args.cancellation_bot] + ["heuristic"] * 7, Rules.cancellation(8), args, hands=args.cancellation_hands)
    played = f"{args.cancellation_hands} deals × 8 rotations, seed {args.seed}"
    title = f"cancellation: `{args.cancellation_bot}` + 7 × `heuristic` (8-player Cancellation Hearts; {played})"
    emit(title, _points_table(result))
    return {"arena": result.to_json()}


RUNNERS: dict[str, Callable[[argparse.Namespace], dict[str, Any]]] = {
    "mc": section_mc,
    "shooter": section_shooter,
    "levels": section_levels,
    "games": section_games,
    "cancellation": section_cancellation,
}


def _check_specs(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Bad bot specs of the chosen sections are argparse errors, before anything is played."""
    specs: list[str] = []
    if "levels" in args.sections:
        specs += args.levels
    if "shooter" in args.sections:
        specs += args.shooter_levels
    if "games" in args.sections:
        for lineup in args.games_lineup or []:
            if len(lineup) > 4:
                ap.error(f"--games-lineup {','.join(lineup)}: at most 4 bots for 4 seats")
            specs += lineup
    if "cancellation" in args.sections:
        specs.append(args.cancellation_bot)
    for lineup in args.mc_lineup or []:
        if len(lineup) > 4:
            ap.error(f"--mc-lineup {','.join(lineup)}: at most 4 bots for 4 seats")
    if len(args.levels) > 4 and "levels" in args.sections:
        ap.error(f"--levels: at most 4 bots for 4 seats, not {len(args.levels)}")
    for spec in dict.fromkeys(specs):
        try:
            make_bot(spec, seed=0)
        except BotSpecError as err:
            ap.error(str(err))


def main(argv: Sequence[str] | None = None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    _check_specs(ap, args)
    if args.json and not Path(args.json).resolve().parent.is_dir():
        ap.error(f"--json {args.json}: no such folder {Path(args.json).resolve().parent}")
    summary: dict[str, Any] = {"seed": args.seed, "jobs": args.jobs, "sections": {}}
    status = 0
    try:
        for name in args.sections:
            summary["sections"][name] = out = RUNNERS[name](args)
            if out.get("failed"):
                status = 1
    except KeyboardInterrupt:
        print("bot_strength: interrupted", file=sys.stderr)
        return 130
    except (HeartsError, OSError) as err:  # a bot breaking the rules, a folder not writable
        print(f"bot_strength: {err}", file=sys.stderr)
        return 1
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        except OSError as err:
            print(f"bot_strength: cannot write --json {args.json}: {err}", file=sys.stderr)
            return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
