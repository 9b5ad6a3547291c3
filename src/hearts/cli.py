"""The ``hearts`` command and its subcommands.

Each subcommand lives in its own module; this file only parses arguments
and turns a :class:`HeartsError` into a one-line message.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearts", description="Hearts and Cancellation Hearts.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    replay = sub.add_parser("replay", help="check and replay a hearts-record/1 file")
    replay.add_argument("file", metavar="FILE", nargs="?", help="the record, or - for standard input")
    replay.add_argument("--example", metavar="NAME", help="replay a record shipped with the package instead (standard4, cancellation8)")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.add_argument("--trace", action="store_true", help="list the legal cards at every play")

    bench = sub.add_parser("bench", help="measure the engine's speed (and OpenSpiel's, where installed)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of each loop in each round (default 1)")
    bench.add_argument("--rounds", type=int, default=3, help="rounds of every loop, interleaved; figures are their medians (default 3)")
    bench.add_argument("--seed", type=int, default=1, help="seed of the random hands (default 1)")
    bench.add_argument("--no-openspiel", action="store_true", help="skip OpenSpiel even where it is installed")

    from .sim import arena_cli

    arena = sub.add_parser("arena", help="measure bots against each other with duplicate deals and seat rotation")
    arena_cli.add_arguments(arena)

    from .ladder import cli as ladder_cli

    ladder = sub.add_parser("ladder", help="rate bots with a round robin of duplicate matches (OpenSkill), resumable, on Ray too")
    ladder_cli.add_arguments(ladder)

    from .sim import selfplay_cli

    selfplay = sub.add_parser("selfplay", help="write decision datasets for training (sharded Parquet, with a manifest)")
    selfplay_cli.add_arguments(selfplay)

    from .learn import cli as train_cli

    train = sub.add_parser("train", help="train a learned player (the net bot) from a recipe: self-play data, then a network")
    train_cli.add_arguments(train)

    from .baselines import cli as baseline_cli

    baseline = sub.add_parser("baseline", help="train RL baselines (MaskablePPO, sb3-contrib) against bots, with learning curves")
    baseline_cli.add_arguments(baseline)

    from .tui import cli as play_cli

    play = sub.add_parser("play", help="play a game in the terminal against bots (Textual app, or --plain text)")
    play_cli.add_arguments(play)

    from .server import cli as serve_cli

    serve = sub.add_parser("serve", help="run the multiplayer web table (browser client, bots fill empty seats)")
    serve_cli.add_arguments(serve)

    from .server import players_cli

    players = sub.add_parser("players", help="a web server's players: list, look up, rename, ban (the operator's command)")
    players_cli.add_arguments(players)

    from .web import cli as web_cli

    web = sub.add_parser("web", help="the table as static files that play in the browser, offline, with nothing installed")
    web_cli.add_arguments(web)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        from .record.replay_cli import run_replay

        return run_replay(args.file, as_json=args.json, trace=args.trace, example=args.example)
    if args.command == "bench":
        from .sim.bench import run_bench

        return run_bench(seconds=args.seconds, seed=args.seed, as_json=args.json, openspiel=not args.no_openspiel, rounds=args.rounds)
    if args.command == "arena":
        from .sim import arena_cli

        return arena_cli.run(args)
    if args.command == "ladder":
        from .ladder import cli as ladder_cli

        return ladder_cli.run(args)
    if args.command == "selfplay":
        from .sim import selfplay_cli

        return selfplay_cli.run(args)
    if args.command == "train":
        from .learn import cli as train_cli

        return train_cli.run(args)
    if args.command == "baseline":
        from .baselines import cli as baseline_cli

        return baseline_cli.run(args, list(argv) if argv is not None else None)
    if args.command == "play":
        from .tui import cli as play_cli

        return play_cli.run(args)
    if args.command == "serve":
        from .server import cli as serve_cli

        return serve_cli.run(args)
    if args.command == "players":
        from .server import players_cli

        return players_cli.run(args)
    if args.command == "web":
        from .web import cli as web_cli

        return web_cli.run(args)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
