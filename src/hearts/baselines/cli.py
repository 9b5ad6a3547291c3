"""``hearts baseline``: ``ppo`` trains MaskablePPO against bots with a learning curve; ``plot`` draws curves as SVG.

Exit status 0 on success, 2 for bad input (a one-line message on standard
error), 130 when interrupted (the curve so far and the checkpoints stay).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from hearts.bots import split_specs
from hearts.core import HeartsError

from .config import EVAL_OPPONENTS, BaselineError, PPOConfig

DESCRIPTION = """\
Baselines from well-kept RL libraries, with learning curves.

  ppo   MaskablePPO (sb3-contrib) at seat 0 of the single-agent environment,
        the opponents' bots at the other seats, reward = the hand's payoff
        (the others' mean points less the learner's). Every --eval-every
        steps, and before the first, the greedy policy is exported as an
        rl-policy file and measured with the arena's duplicate deals (the
        same deals every time, every rotation) against each --eval-against
        bot: payoff and points per hand, each ± its standard error. Writes
        OUT/curve.json (format hearts-baseline-curve/1: the settings, the
        versions, and per checkpoint "steps", "hands", "cpu_s" (training
        CPU seconds of this process, the measurements left out), "wall_s"
        and "vs"), OUT/policy.npz (the final policy; play it with
        --bots rl-policy:file=OUT/policy.npz: NumPy only) and
        OUT/checkpoints/. Needs the baselines extra (sb3-contrib, PyTorch).
  plot  draw one or more curve.json files as one SVG: payoff against each
        bot by environment steps and by training CPU time (standard
        library only)."""


def _int_list(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"give widths separated by commas, e.g. 128,128, not {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    sub = parser.add_subparsers(dest="baseline", metavar="ALGORITHM")
    ppo = sub.add_parser("ppo", help="MaskablePPO (sb3-contrib) against bots, evaluated at checkpoints")
    ppo.add_argument("--steps", type=int, required=True, metavar="N", help="the learner's environment steps (decisions) to train")
    ppo.add_argument("--out", required=True, metavar="DIR", help="folder of curve.json, policy.npz and checkpoints/ (made if missing)")
    ppo.add_argument(
        "--opponents",
        default="heuristic",
        metavar="SPEC[,SPEC...]",
        help="one bot for every other seat, or one per seat (default heuristic)",
    )
    ppo.add_argument("--seed", type=int, default=1, help="seed of PyTorch, the deals and the bots (default 1)")
    ppo.add_argument("--variant", default="standard", help="standard, cancellation or omnibus (default standard)")
    ppo.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    ppo.add_argument("--envs", type=int, default=8, help="environments stepped together (default 8)")
    ppo.add_argument("--n-steps", type=int, default=256, help="steps of each environment per rollout (default 256)")
    ppo.add_argument("--batch", type=int, default=256, help="minibatch size (default 256)")
    ppo.add_argument("--epochs", type=int, default=10, help="passes over each rollout (default 10)")
    ppo.add_argument("--lr", type=float, default=3e-4, help="learning rate (default 0.0003)")
    ppo.add_argument("--ent-coef", type=float, default=0.01, help="entropy bonus (default 0.01)")
    ppo.add_argument(
        "--hidden", type=_int_list, default=(128, 128), metavar="W,W", help="ReLU layer widths of actor and critic (default 128,128)"
    )
    ppo.add_argument("--eval-every", type=int, default=0, metavar="N", help="steps between measurements (default: a tenth of --steps)")
    ppo.add_argument("--eval-deals", type=int, default=200, metavar="K", help="duplicate deals per bot measured against (default 200)")
    ppo.add_argument("--eval-seed", type=int, default=1, help="seed of the measuring deals (default 1)")
    ppo.add_argument(
        "--eval-against",
        default=",".join(EVAL_OPPONENTS),
        metavar="SPEC,...",
        help="bots to measure against (default random,heuristic,medium)",
    )
    ppo.add_argument("--threads", type=int, default=1, help="PyTorch threads (default 1)")
    plot = sub.add_parser("plot", help="draw curve.json files as one SVG (payoff by steps and by CPU time)")
    plot.add_argument("curves", nargs="+", metavar="CURVE", help="curve.json files (or their folders)")
    plot.add_argument("--out", required=True, metavar="FILE", help="the SVG to write")
    plot.add_argument("--title", default=None, help="the figure's title (default: the runs' algorithm and opponents)")


def _config(args: argparse.Namespace) -> PPOConfig:
    return PPOConfig(
        steps=args.steps,
        opponents=tuple(split_specs(args.opponents)),
        variant=args.variant,
        players=args.players,
        seed=args.seed,
        envs=args.envs,
        n_steps=args.n_steps,
        batch=args.batch,
        epochs=args.epochs,
        lr=args.lr,
        ent_coef=args.ent_coef,
        hidden=args.hidden,
        eval_every=args.eval_every,
        eval_deals=args.eval_deals,
        eval_seed=args.eval_seed,
        eval_against=tuple(split_specs(args.eval_against)),
        threads=args.threads,
    )


def run(args: argparse.Namespace, argv: list[str] | None = None) -> int:
    def fail(message: str) -> int:
        print(f"hearts baseline: {message}", file=sys.stderr)
        return 2

    if args.baseline is None:
        return fail("name an algorithm: hearts baseline ppo ... (or plot); see hearts baseline --help")
    if args.baseline == "plot":
        return _plot(args, fail)
    try:
        config = _config(args)
    except (HeartsError, ValueError) as err:
        return fail(str(err))
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        return fail(f"--out {args.out!r} is a file, not a folder")
    command = "hearts " + shlex.join(argv if argv is not None else sys.argv[1:])
    try:
        from .ppo import train

        data = train(config, out, command=command, report=lambda line: print(line, flush=True))
    except ImportError as err:
        return fail(f"training needs the baselines extra (pip install 'hearts-game[baselines]'): {err}")
    except KeyboardInterrupt:
        print(f"hearts baseline: interrupted (the curve so far is in {out / 'curve.json'})", file=sys.stderr)
        return 130
    except (HeartsError, OSError) as err:
        return fail(str(err))
    last = data["points"][-1]
    print(f"wrote {out / 'curve.json'} and {out / 'policy.npz'} after {last['steps']:,} steps ({last['cpu_s']:,.0f} CPU s of training)")
    return 0


def _plot(args: argparse.Namespace, fail: Callable[[str], int]) -> int:
    from .plot import curve_svg

    curves = []
    for name in args.curves:
        path = Path(name)
        path = path / "curve.json" if path.is_dir() else path
        try:
            curves.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as err:
            return fail(f"cannot read the curve {str(path)!r}: {err}")
    try:
        svg = curve_svg(curves, title=args.title)
    except BaselineError as err:
        return fail(str(err))
    Path(args.out).write_text(svg, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0
