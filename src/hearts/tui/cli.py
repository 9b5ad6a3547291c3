"""``hearts play``: arguments, and the start of the Textual app or the plain mode.

Exit status 0 when the game ends or is left (it is saved), 2 for bad options.
"""

from __future__ import annotations

import argparse
import sys

from hearts.core import HeartsError, Rules
from hearts.core.rules import RULE_KEYS, rules_from_options

from .session import Session, SessionError

LEVEL_NAMES = ("easy", "medium", "hard", "expert")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Play a game of Hearts or Cancellation Hearts in the terminal against bots."
    parser.add_argument("--variant", default="standard", help="standard, cancellation or omnibus (default standard)")
    parser.add_argument("--players", type=int, default=None, help="number of seats, 3-11 (default 4, 8 in cancellation)")
    parser.add_argument("--target", type=int, default=None, help="target score (default: the variant's)")
    parser.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help=f"a house rule, repeatable; one of {', '.join(RULE_KEYS)}"
    )
    parser.add_argument("--name", default=None, help="your name (default You)")
    parser.add_argument("--names", default=None, metavar="A,B,...", help="the opponents' names, in seat order")
    parser.add_argument(
        "--level",
        default=None,
        help=f"bot level of every opponent: {', '.join(LEVEL_NAMES)} (default medium; with --resume, the saved game's bots)",
    )
    parser.add_argument("--bots", default=None, metavar="SPEC,...", help="a bot level or spec per opponent, cycled (overrides --level)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal (default: random)")
    parser.add_argument("--delay", type=float, default=0.6, metavar="SECONDS", help="pause between bot cards (default 0.6)")
    parser.add_argument("--save", default=None, metavar="FILE", help="save the game here (default: a new file in the data directory)")
    parser.add_argument("--resume", default=None, metavar="FILE", help="go on with a saved game (saved back to FILE unless --save)")
    parser.add_argument("--plain", action="store_true", help="line-based text, for screen readers and simple terminals")


def parse_rules(args: argparse.Namespace) -> Rules:
    """The rules of the options (players default to 4, or 8 in Cancellation Hearts)."""
    players = args.players if args.players is not None else (8 if args.variant == "cancellation" else 4)
    return rules_from_options(args.variant, players, args.target, args.rule)


def make_session(args: argparse.Namespace) -> Session:
    bots: list[str] | str = [b.strip() for b in args.bots.split(",")] if args.bots else args.level or "medium"
    opponents = [n.strip() for n in args.names.split(",")] if args.names else []
    you = args.name or "You"
    if args.resume:
        from hearts.record import read_record

        record = read_record(args.resume)
        players = record.rules.players
        if record.players is not None:  # the saved seats: the same bots and names unless the options say otherwise
            if not args.bots and args.level is None:
                bots = [p.bot or "medium" for p in record.players[1:]]
            you = args.name or record.players[0].name
            opponents = opponents or [p.name for p in record.players[1:]]
    else:
        players = parse_rules(args).players
    names = [you] + opponents
    if len(names) > players:
        raise SessionError(f"--names gives {len(opponents)} names for {players - 1} opponents")
    if args.resume:
        return Session.resume(args.resume, bots=bots, names=names, save_path=args.save)
    return Session.new(parse_rules(args), seed=args.seed, bots=bots, names=names, save_path=args.save)


def run(args: argparse.Namespace) -> int:
    if args.delay < 0:
        print("hearts play: --delay must be 0 or more", file=sys.stderr)
        return 2
    if (
        args.resume
        and any(v is not None for v in (args.players, args.target, args.seed))
        or (args.resume and (args.rule or args.variant != "standard"))
    ):
        print(
            "hearts play: --resume takes the rules and the deal from the file: drop --variant, --players, --target, --rule and --seed",
            file=sys.stderr,
        )
        return 2
    plain = args.plain
    if not plain:
        try:
            import textual  # noqa: F401
        except ImportError:
            print(
                "hearts play: the Textual app needs the tui extra (pip install 'hearts[tui]', or -e '.[tui]' from the project's folder);"
                " playing in plain mode instead",
                file=sys.stderr,
            )
            plain = True
    try:
        session = make_session(args)
    except (HeartsError, OSError) as e:
        print(f"hearts play: {' '.join(str(e).split())}", file=sys.stderr)
        return 2
    if plain:
        from .plain import PlainUI

        return PlainUI(session, delay=args.delay).run()
    from .app import HeartsApp

    HeartsApp(session, delay=args.delay).run()
    if session.save_path is not None:
        print(f"Saved to {session.save_path}; go on with: hearts play --resume {session.save_path}")
    return 0
