"""``hearts train``: generate a recipe's data (resumably), train its model, write it with a manifest.

Exit status 0 on success, 2 for bad input (a one-line message on standard
error), 130 when interrupted (the finished chunks stay and are reused).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearts.core import HeartsError

from .recipe import RECIPES, Recipe

if TYPE_CHECKING:  # the CLI builds its parser without NumPy: the model is imported when training starts
    from hearts.net.model import NetModel

DESCRIPTION = """\
Train a learned player (the net bot) from a recipe: its data is self-play
decisions labelled by search (hearts selfplay, in chunks under --work; an
interrupted run resumes at the first unfinished chunk), then a network is
fitted to the teacher's per-card values, pass picks and hand returns and
written as a hearts-net/1 model (NumPy .npz) with a JSON manifest beside
it: the recipe, data size, compute, training curve and held-out agreement
and regret. The same recipe and seed rebuild the same data; training is
seeded too. Needs the learn extra (PyTorch, CPU build is enough)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--recipe", default="standard-4", help=f"one of {', '.join(RECIPES)} (default standard-4)")
    parser.add_argument("--work", required=True, metavar="DIR", help="folder of the data chunks (made if missing; reused)")
    parser.add_argument("--out", default=None, metavar="FILE", help="the model file to write (default: WORK/RECIPE.npz)")
    parser.add_argument("--chunks", type=int, default=None, metavar="N", help="use N chunks of round 0's data (default: the recipe's)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        metavar="R",
        help="rounds of data (default: the recipe's); a round past its fixed teachers is labelled by net-search on round r-1's model",
    )
    parser.add_argument("--epochs", type=int, default=None, metavar="E", help="training epochs (default: the recipe's)")
    parser.add_argument("--seed", type=int, default=None, help="the recipe's seed (data and training; default: the recipe's)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes for the data (default 1)")
    parser.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS", help="play the data on a Ray cluster")
    parser.add_argument("--device", default="auto", help="auto (CUDA where there is one), cpu or cuda")
    parser.add_argument("--threads", type=int, default=None, help="PyTorch threads on the CPU (default: PyTorch's)")
    parser.add_argument("--data-only", action="store_true", help="generate the data (and train only the rounds before the last)")
    parser.add_argument("--skip-data", action="store_true", help="train on the chunks already there, generate none")
    parser.add_argument(
        "--from-model",
        default=None,
        metavar="FILE",
        help="round 0's model is FILE (a committed checkpoint, such as the shipped model of the recipe), not one trained "
        "here: round 1's teacher stands on it",
    )


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    def fail(message: str) -> int:
        print(f"hearts train: {message}", file=sys.stderr)
        return 2

    if args.recipe not in RECIPES:
        return fail(f"unknown recipe {args.recipe!r}: choose one of {', '.join(RECIPES)}")
    recipe = RECIPES[args.recipe]
    for name in ("chunks", "epochs", "rounds"):
        value = getattr(args, name)
        if value is not None and value < 1:
            return fail(f"--{name} must be at least 1, not {value}")
    changes = {k: getattr(args, k) for k in ("chunks", "epochs", "seed", "rounds") if getattr(args, k) is not None}
    recipe = replace(recipe, **changes)
    start: NetModel | None = None
    if args.from_model is not None:
        if not (recipe.rounds > 1 and recipe.stands_on_model(1)):
            return fail("--from-model needs a second round labelled by the search on round 0's model (--rounds 2 or more)")
        try:
            start = _starting_model(Path(args.from_model), recipe)
        except ImportError as err:
            return fail(f"--from-model needs NumPy (pip install 'hearts-game[learn]'): {err}")
        except (HeartsError, OSError) as err:
            return fail(f"--from-model: {err}")
    work = Path(args.work)
    out = Path(args.out) if args.out else work / f"{recipe.name}.npz"
    try:
        model, report = _rounds(recipe, work, out, args, start)
    except KeyboardInterrupt:
        print("hearts train: interrupted (finished chunks are kept)", file=sys.stderr)
        return 130
    except ImportError as err:
        return fail(f"training needs the learn extra (pip install 'hearts-game[learn]'): {err}")
    except (HeartsError, OSError, ValueError) as err:
        return fail(str(err))
    if model is None:
        return 0  # --data-only
    held = report["held_out"]
    print(
        f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB) and {out.with_suffix('.json').name}: held-out agreement "
        f"{held['held_agreement']:.3f}, regret {held['held_regret']:.3f} points a decision, "
        f"pass agreement {held['held_pass_agreement']:.3f}"
        + (f", pass regret {held['held_pass_regret']:.3f}" if "held_pass_regret" in held else "")
    )
    return 0


def _rounds(
    recipe: Recipe, work: Path, out: Path, args: argparse.Namespace, given: NetModel | None = None
) -> tuple[NetModel | None, dict[str, Any]]:
    """Every round: its data (unless --skip-data), then a model trained on the data of this round and those before.

    ``given`` (``--from-model``) is round 0's model: it is written where round 0's would be, and none is trained.

    Round ``r``'s model goes to ``WORK/round-r.npz`` where the next round's teacher stands on it (otherwise none is
    trained); the last round's to ``out``.
    With ``--data-only`` the last round's training is skipped.
    """
    from .data import chunk_dir, chunk_summary, generate, load, round_dir

    folders: list[Path] = []
    model: NetModel | None = None
    report: dict[str, Any] = {}
    for r in range(recipe.rounds):
        previous = (work / f"round-{r - 1}.npz").resolve() if r else None
        teacher = recipe.teacher_for(r, previous)
        place = round_dir(work, r)
        start = time.perf_counter()
        if args.skip_data:
            folders += [chunk_dir(place, k) for k in range(recipe.chunks_in(r))]
        else:

            def show(done: int, total: int, r: int = r) -> None:
                print(f"round {r}: data {done}/{total} chunks", file=sys.stderr, flush=True)

            folders += generate(recipe, place, teacher=teacher, round_=r, jobs=args.jobs, ray=args.ray, progress=show)
        summary = chunk_summary(folders)
        print(f"round {r}: {summary['chunks']} chunks, {summary['deals']} deals, {summary['rows']} rows in {work}", flush=True)
        last = r == recipe.rounds - 1
        if last and args.data_only:
            return None, {}
        if not last and not recipe.stands_on_model(r + 1):
            continue  # the next round's teacher is a fixed search: no model of this round is needed
        if r == 0 and given is not None:
            print(f"round 0: the model is {args.from_model}, not trained here", flush=True)
            _write(given, work / "round-0.npz")
            continue
        from .train import _torch, train

        torch = _torch()
        device = args.device
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        if args.threads:
            torch.set_num_threads(args.threads)
        data = load(folders, recipe)
        print(f"round {r}: training on {len(data)} teacher rows ({device})", flush=True)
        extra = {"data": summary, "round": r, "teacher": teacher, "data_seconds_this_run": round(time.perf_counter() - start, 1)}
        model, report = train(recipe, data, device=device, extra_meta=extra)
        _write(model, out if last else work / f"round-{r}.npz")
    return model, report


def _starting_model(source: Path, recipe: Recipe) -> NetModel:
    """The model of ``--from-model``, read and checked to fit the recipe's table before any data is played."""
    from hearts.net.model import NetModel

    model = NetModel.load(source)
    model.check_fits(recipe.rules())
    return model


def _write(model: NetModel, path: Path) -> None:
    """The model and, beside it, its manifest (the metadata as JSON)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    model.save(path)
    path.with_suffix(".json").write_text(json.dumps(model.meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
