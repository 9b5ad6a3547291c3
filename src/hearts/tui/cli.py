"""``hearts play``: arguments, and the start of the Textual app or the plain mode.

Exit status 0 when the game ends or is left (it is saved), or after ``--stats``; 2 for bad options.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import hearts.i18n as i18n
from hearts.bots import split_specs
from hearts.bots.kernel.runtime import start_reason as start_kernels
from hearts.core import HeartsError, Rules
from hearts.core.rules import rules_from_options
from hearts.frontend.options import add_seed_option, add_table_options
from hearts.i18n import _
from hearts.session.guide import GUIDE_LEVEL, GUIDE_SEED

from . import saves, stats
from .command import command_name
from .session import Session, SessionError

LEVEL_NAMES = ("easy", "medium", "hard", "expert")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Play a game of Hearts or Cancellation Hearts in the terminal against bots."
    add_table_options(parser, players="4, and 8 in Cancellation Hearts")
    parser.add_argument("--name", default=None, help="your name (default You)")
    parser.add_argument("--names", default=None, metavar="A,B,...", help="the opponents' names, in seat order")
    parser.add_argument(
        "--level",
        default=None,
        help=f"bot level of every opponent: {', '.join(LEVEL_NAMES)} (default medium; with --resume, the saved game's bots)",
    )
    parser.add_argument("--bots", default=None, metavar="SPEC,...", help="a bot level or spec per opponent, cycled (overrides --level)")
    add_seed_option(parser, default=None, of="the deals")
    parser.add_argument("--delay", type=float, default=0.6, metavar="SECONDS", help="pause between bot cards (default 0.6)")
    parser.add_argument("--save", default=None, metavar="FILE", help="save the game here (default: a new file in the data directory)")
    parser.add_argument("--resume", default=None, metavar="FILE", help="go on with a saved game (saved back to FILE unless --save)")
    parser.add_argument("--continue", dest="cont", action="store_true", help="go on with the last game played, if it is not over")
    parser.add_argument("--stats", action="store_true", help="print the stats across your games (or --name's) and exit")
    parser.add_argument("--plain", action="store_true", help="line-based text, for screen readers and simple terminals")
    parser.add_argument("--four-colour", action="store_true", help="a four-colour deck: clubs green, diamonds blue (the app)")
    parser.add_argument("--large-cards", action="store_true", help="taller cards in your hand (the app)")
    parser.add_argument("--auto-play", action="store_true", help="play your only legal card by itself")
    parser.add_argument(
        "--guide", action="store_true", help="a first hand with a guide: notes on each rule as it comes up (standard Hearts, easy bots)"
    )
    parser.add_argument(
        "--lang",
        default=None,
        metavar="CODE",
        help=f"the language of the game: {', '.join(i18n.LANGUAGES)} (default: from LANGUAGE, LC_ALL or LANG, else en)",
    )


def choose_language(code: str | None) -> str | None:
    """Use ``--lang`` (or the environment's language); an error line for an unknown code, else None."""
    try:
        i18n.use(i18n.resolve(code) if code is not None else i18n.from_environment())
    except i18n.UnknownLanguage as e:
        return f"hearts play: --lang: {e}"
    return None


def parse_rules(args: argparse.Namespace) -> Rules:
    """The rules of the options (players default to 4, or 8 in Cancellation Hearts)."""
    return rules_from_options(args.variant, args.players, args.target, args.rule)


def make_session(args: argparse.Namespace) -> Session:
    """The session of the options: a new game, or a saved one with the names and bots it was played with."""
    saved_seats = None
    if args.resume:
        from hearts.record import read_record

        record = read_record(args.resume)
        players = record.rules.players
        if record.players is not None:
            saved_seats = {"names": [p.name for p in record.players], "bots": [p.bot or "medium" for p in record.players]}
    else:
        players = parse_rules(args).players
    opponents = [n.strip() for n in args.names.split(",")] if args.names else []
    names = [args.name or _("You")] + opponents
    if len(names) > players:
        raise SessionError(_("--names gives {given} names for {wanted} opponents").format(given=len(opponents), wanted=players - 1))
    bots: list[str] | str = split_specs(args.bots) if args.bots else args.level or "medium"  # quotes keep their commas
    if args.resume:
        known = saves.lookup(args.resume) or saved_seats  # the save index, else the record's own players
        if known is not None and len(known["names"]) == players and len(known["bots"]) == players:
            names = [args.name or known["names"][0]] + (opponents or known["names"][1:])  # the saved names unless given again
            if not args.bots and not args.level:
                bots = [b for seat, b in enumerate(known["bots"]) if seat != 0]
        session = Session.resume(args.resume, bots=bots, names=names, save_path=args.save)
    else:
        session = Session.new(parse_rules(args), seed=args.seed, bots=bots, names=names, save_path=args.save)
        if args.save is None:
            saves.clean_autosaves(spare=session.save_path)
    remember(session)
    return session


def guided_session(name: str | None = None, save: str | None = None) -> Session:
    """The guided first hand's game: standard Hearts for 4 against easy bots, the guide's deal (as the web table's)."""
    session = Session.new(Rules.standard(4), seed=GUIDE_SEED, bots=GUIDE_LEVEL, names=[name or _("You")], save_path=save)
    remember(session)
    return session


def guided_instead(fresh: Session, name: str | None) -> Session:
    """The guided hand, chosen at the first run in place of the game just dealt (whose untouched file is dropped)."""
    if fresh.save_path is not None and saves.untouched(fresh.save_path):
        fresh.save_path.unlink(missing_ok=True)
    return guided_session(name)


def first_run() -> bool:
    """No game of ``hearts play`` was ever saved here: the guided hand is offered."""
    return not saves.load_index().get("games")


def remember(session: Session) -> None:
    """Note the session's file as the last game, with its names and bots."""
    if session.save_path is not None:
        saves.remember(session.save_path, session.names, session.bots)


def continue_from(previous: Path, fresh: Session) -> Session:
    """The last game, with its names and bots, instead of the new one just dealt (whose untouched file is dropped)."""
    known = saves.lookup(previous) or {"names": [], "bots": []}
    bots = [b for seat, b in enumerate(known["bots"]) if seat != 0] or "medium"
    session = Session.resume(previous, bots=bots, names=known["names"] or None)
    fresh.close()
    if fresh.save_path is not None and saves.untouched(fresh.save_path):
        fresh.save_path.unlink(missing_ok=True)
    remember(session)
    return session


def again(session: Session) -> Session:
    """A new game with the same rules, seats and bots, autosaved (the factory of "play again")."""
    others = [b for seat, b in enumerate(session.bots) if seat != session.human]
    fresh = Session.new(session.rules, bots=others, names=session.names, human=session.human)
    saves.clean_autosaves(spare=fresh.save_path)
    remember(fresh)
    return fresh


def show_stats(name: str | None) -> int:
    """``--stats``: one table of every player's stats, or of ``name``'s; a warning line on standard error."""
    loaded = stats.load()
    if loaded.warning:
        print(f"hearts play: {loaded.warning}", file=sys.stderr)
    print(stats.table(loaded.data["players"], only=name))
    return 0


def typed_a_deal(args: argparse.Namespace) -> bool:
    """Whether the command line gives the rules or the deal (variant, players, target, a house rule, the seed), which
    a saved game takes from its file.

    >>> parser = argparse.ArgumentParser(); add_arguments(parser)
    >>> typed_a_deal(parser.parse_args(["--seed", "3"])), typed_a_deal(parser.parse_args(["--level", "easy"]))
    (True, False)
    """
    return args.variant != "standard" or bool(args.rule) or any(v is not None for v in (args.players, args.target, args.seed))


def typed_a_game(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a particular game (its table, rules, seed or bots): then the last unfinished
    game is not offered in its place.

    >>> parser = argparse.ArgumentParser(); add_arguments(parser)
    >>> typed_a_game(parser.parse_args([])), typed_a_game(parser.parse_args(["--variant", "cancellation"]))
    (False, True)
    >>> typed_a_game(parser.parse_args(["--plain", "--name", "Ann"])), typed_a_game(parser.parse_args(["--rule", "moon=add"]))
    (False, True)
    """
    return typed_a_deal(args) or any(value is not None for value in (args.level, args.bots, args.names))


def kernel_line(reason: str | None) -> str | None:
    """The line that tells a person how the search bots run, in the chosen language (None: nothing to tell).

    ``reason`` is :func:`hearts.bots.kernel.runtime.start_reason`'s word.

    >>> kernel_line(None) is None, kernel_line("compiling").startswith("compiling the search bots")
    (True, True)
    """
    if reason == "compiling":
        return _("compiling the search bots in the background (once on this machine, about a minute); until then they play slower")
    if reason == "unavailable":
        return _("Numba is not installed: the search bots (hard, expert) run several times slower ({command})").format(
            command="pip install 'hearts-game[fast]'"
        )
    if reason == "failed":
        return _("the search bots could not be compiled: they run several times slower")
    return None


def run(args: argparse.Namespace) -> int:
    problem = choose_language(getattr(args, "lang", None))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    if args.stats:
        return show_stats(args.name)
    if args.delay < 0:
        print("hearts play: " + _("--delay must be 0 or more"), file=sys.stderr)
        return 2
    if args.cont:
        if args.resume:
            print("hearts play: " + _("give --continue or --resume FILE, not both"), file=sys.stderr)
            return 2
        last = saves.last_game()
        if last is None:
            print("hearts play: " + _("there is no unfinished game to continue; start one with hearts play"), file=sys.stderr)
            return 2
        args.resume = str(last)
    if (args.resume or args.cont) and typed_a_deal(args):
        print(
            "hearts play: "
            + _(
                "--resume and --continue take the rules and the deal from the file: drop --variant, --players, --target, --rule and --seed"
            ),
            file=sys.stderr,
        )
        return 2
    guide = getattr(args, "guide", False)
    if guide and (args.resume or typed_a_game(args)):
        print(
            "hearts play: "
            + _(
                "--guide plays its own game (standard Hearts, easy bots, its own deal): drop the options of the table, bots and saved games"
            ),
            file=sys.stderr,
        )
        return 2
    offer_guide = not guide and not args.resume and not typed_a_game(args) and first_run()
    previous = saves.last_game() if not args.resume else None
    plain = args.plain
    if not plain:
        try:
            import textual  # noqa: F401
        except ImportError:
            print(
                "hearts play: "
                + _("the Textual app needs the tui extra (pip install -e '.[tui]' in the project's folder); playing in plain mode instead"),
                file=sys.stderr,
            )
            plain = True
    try:
        session = guided_session(args.name, args.save) if guide else make_session(args)
    except (HeartsError, OSError) as e:
        print(f"hearts play: {' '.join(str(e).split())}", file=sys.stderr)
        return 2
    line = kernel_line(start_kernels())  # the search bots' compile, in the background (never inside a move)
    if line is not None:
        print(f"hearts play: {line}", file=sys.stderr)
    offer = None
    resume_last = None
    if previous is not None and previous.exists() and previous != session.save_path:
        if typed_a_game(args):  # the game asked for is played: no offer to go on with another one, one line instead
            line = _("Your last game is still saved in {path}; {command} play --resume {path} goes on with it.")
            print("hearts play: " + line.format(path=previous, command=command_name()), file=sys.stderr)
        else:
            offer = _("Your last game is saved in {path}; {command} play --continue goes on with it.")
            offer = offer.format(path=previous, command=command_name())
            last, fresh = previous, session
            resume_last = lambda: continue_from(last, fresh)  # noqa: E731
    if plain:
        from .plain import PlainUI

        ui = PlainUI(session, delay=args.delay, new_game=lambda: again(ui.s), auto_play=args.auto_play, guide=guide)
        if offer:
            ui.say(offer)
        if offer_guide:
            ui.say(_("New to Hearts? {command} play --plain --guide plays a first hand with a guide.").format(command=command_name()))
        try:
            return ui.run()
        finally:
            ui.s.close()  # the bots' programs stop with the app
    from .app import HeartsApp

    app = HeartsApp(
        session,
        delay=args.delay,
        new_game=lambda: again(app.session),
        continue_last=resume_last,
        four_colour=args.four_colour,
        large_cards=args.large_cards,
        auto_play=args.auto_play,
        guide=guide,
        offer_guide=(lambda: guided_instead(session, args.name)) if offer_guide else None,
    )
    try:
        app.run()
    finally:
        app.session.close()  # the bots' programs stop with the app
    session = app.session
    if session.save_path is not None and not session.game_over:
        print(
            _("Saved to {path}; go on with: {command} play --continue (or --resume {path})").format(
                path=session.save_path, command=command_name()
            )
        )
    return 0
