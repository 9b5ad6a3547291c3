"""``hearts serve``: run the web table (needs the ``server`` extra).

Only the argument parser lives at import time; Starlette, uvicorn and
SQLAlchemy are imported when the server starts, so ``hearts --help`` works
without them.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from hearts.bots.registry import LEVELS
from hearts.record.storage import data_dir

INSTALL = "hearts serve needs the server extra: pip install 'hearts-game[server]'"
#: the most bot worker processes one server may have
MAX_BOT_WORKERS = 256


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in the data directory)",
    )
    parser.add_argument("--bot-delay", type=float, default=0.7, metavar="S", help="seconds a bot waits before each move (default 0.7)")
    parser.add_argument(
        "--grace", type=float, default=20.0, metavar="S", help="seconds before a bot plays for a disconnected player (default 20)"
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=None,
        metavar="N",
        help="processes the bots decide in (default: one per core; 0: a thread of the server process)",
    )
    parser.add_argument(
        "--bot-nice",
        type=int,
        default=10,
        metavar="N",
        help="how far below the server's priority the bot processes run, 0 to 19 (default 10: people's actions first)",
    )
    parser.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help="the public origin browsers use, e.g. https://cards.example.org (repeatable; default: the address the server is reached at)",
    )
    bots = parser.add_argument_group("remote bots (see docs/write-a-bot.md, section 5)")
    bots.add_argument(
        "--bot-token",
        action="append",
        default=[],
        metavar="NAME=SECRET",
        help="let bot NAME take seats with this secret (repeatable; 16+ characters; the tokens may also come from "
        "--bot-tokens-file or the HEARTS_BOT_TOKENS environment variable, which keep them off the command line)",
    )
    bots.add_argument("--bot-tokens-file", default=None, metavar="PATH", help="a file of bot tokens, one NAME=SECRET a line (# comments)")
    bots.add_argument(
        "--bot-move-seconds",
        type=float,
        default=5.0,
        metavar="S",
        help="seconds a remote bot has for each decision before the house bot makes it (default 5)",
    )
    workers = parser.add_argument_group("several workers on one PostgreSQL database (see docs/scaling.md)")
    w = workers.add_argument
    w("--workers", type=int, default=1, metavar="N", help="worker processes on this host, on ports PORT to PORT+N-1 (default 1)")
    w("--cluster", action="store_true", help="be one worker of several sharing --db (implied by --workers 2 or more)")
    w(
        "--public-ws",
        default=None,
        metavar="URL",
        help="the websocket URL clients are sent to for this worker's tables "
        "(default: ws://HOST:PORT/ws, or ORIGIN/w/I/ws with --origin and --workers)",
    )
    w("--internal-url", default=None, metavar="URL", help="the URL the other workers reach this one at (default http://HOST:PORT)")
    w("--lease-seconds", type=float, default=10.0, metavar="S", help="seconds a table's lease lasts unless renewed (default 10)")
    w("--worker-name", default="worker", metavar="NAME", help="this worker's name in the logs and the database (default worker)")
    limits = parser.add_argument_group("limits (0 turns a per-client limit off)")
    add = limits.add_argument
    add("--trusted-proxy", action="append", default=[], metavar="CIDR", help="a proxy whose X-Forwarded-For is believed (repeatable)")
    add("--header-timeout", type=float, default=10.0, metavar="S", help="seconds a connection has to send a request (default 10)")
    add("--idle-timeout", type=int, default=5, metavar="S", help="seconds an idle keep-alive connection stays open (default 5)")
    add("--max-connections", type=int, default=None, metavar="N", help="connections the server holds at once (default 1000)")
    add("--client-connections", type=int, default=32, metavar="N", help="open connections per client (default 32)")
    add(
        "--client-requests",
        type=float,
        default=20.0,
        metavar="N",
        help="HTTP requests per client per second, bursts of 5x (default 20); the page's files get 10x that",
    )
    add("--client-messages", type=float, default=200.0, metavar="N", help="websocket messages per client per second (default 200)")
    add("--client-tables", type=int, default=10, metavar="N", help="tables one client may create per minute (default 10)")
    add("--client-waiting", type=int, default=5, metavar="N", help="tables one client may have waiting for their start (default 5)")
    parser.add_argument(
        "--lang",
        default=None,
        metavar="CODE",
        help="the page's language when the browser asks for none there is: en, id, jv, tr, sr, sr@cyrl (default en)",
    )
    parser.add_argument(
        "--level",
        default=None,
        choices=list(LEVELS),
        help="the bots' level of a table made without one (default: hard, or medium where the search bots cannot be compiled)",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["debug", "info", "warning", "error"], help="server log level (default info)"
    )


def default_db() -> str:
    """The database of a server run without ``--db``: SQLite in the data directory (made if missing)."""
    data_dir().mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir() / 'server.db'}"


def run(args: argparse.Namespace) -> int:
    from hearts.i18n import UnknownLanguage, resolve

    try:
        language = resolve(args.lang) if args.lang is not None else "en"
    except UnknownLanguage as err:
        print(f"hearts serve: --lang: {err}", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print(f"hearts serve: --port must be from 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    if not 0 <= args.bot_delay <= 60 or not 0 <= args.grace <= 3600:
        print("hearts serve: --bot-delay must be from 0 to 60 seconds and --grace from 0 to 3600", file=sys.stderr)
        return 2
    if args.bot_workers is not None and not 0 <= args.bot_workers <= MAX_BOT_WORKERS:
        print(
            f"hearts serve: --bot-workers must be from 0 (bots in the server process) to {MAX_BOT_WORKERS}, not {args.bot_workers}",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.bot_nice <= 19:
        print(f"hearts serve: --bot-nice must be from 0 (the server's priority) to 19, not {args.bot_nice}", file=sys.stderr)
        return 2
    if not 0.1 <= args.bot_move_seconds <= 600:
        print("hearts serve: --bot-move-seconds must be from 0.1 to 600", file=sys.stderr)
        return 2
    tokens = bot_tokens_of(args)
    if tokens is None:
        return 2
    limits, why = limits_of(args)
    if limits is None:
        print(f"hearts serve: {why}", file=sys.stderr)
        return 2
    try:  # the server extra is there (one line if not)
        import uvicorn  # noqa: F401

        from . import app, listener  # noqa: F401
    except ImportError as err:
        print(f"{INSTALL} ({err})", file=sys.stderr)
        return 2
    problem = _cannot_listen(args.host, args.port)
    if problem:
        print(f"hearts serve: cannot listen on {args.host}:{args.port}: {problem}", file=sys.stderr)
        return 2
    url = args.db or default_db()
    clustered = args.cluster or args.workers > 1
    if clustered and not url.startswith("postgresql"):
        print("hearts serve: several workers share one PostgreSQL database: give --db postgresql+psycopg://...", file=sys.stderr)
        return 2
    if not 1 <= args.workers <= 64 or not 1 <= args.lease_seconds <= 600 or args.port + args.workers > 65536:
        print("hearts serve: --workers must be from 1 to 64 (ports up to 65535) and --lease-seconds from 1 to 600", file=sys.stderr)
        return 2
    presence = _presence(url, clustered)  # one database, one mode: see hearts.server.presence
    if presence is None:
        return 2
    with presence:
        watching = _watch(presence)
        try:
            return _serve(args, url, clustered, limits, tokens, language)
        finally:
            watching.set()


#: seconds between two checks that this server still holds its database's lock
PRESENCE_CHECK = 10.0


def _watch(presence: Any) -> threading.Event:
    """Check the database lock every PRESENCE_CHECK seconds (taken again if its connection dropped); a server
    that lost it to another one stops (SIGTERM to itself: a clean stop). Set the returned event to end the checks."""
    done = threading.Event()
    if not presence.checked:
        return done

    def loop() -> None:
        while not done.wait(PRESENCE_CHECK):
            why = presence.check()
            if why is not None:
                print(f"hearts serve: this server lost its database lock and {why[0].lower()}{why[1:]}: stopping", file=sys.stderr)
                os.kill(os.getpid(), signal.SIGTERM)
                return

    threading.Thread(target=loop, name="hearts-presence", daemon=True).start()
    return done


def _presence(url: str, clustered: bool) -> Any:
    """This server's lock on its database, or None (the reason printed in one line) when another server forbids it."""
    from .presence import InUse, Presence

    try:
        return Presence.take(url, cluster=clustered)
    except InUse as err:
        print(f"hearts serve: {err}", file=sys.stderr)
    except Exception as err:
        print(f"hearts serve: cannot open the database {_safe_url(url)}: {str(err).splitlines()[0]}", file=sys.stderr)
    return None


def bot_tokens_of(args: argparse.Namespace) -> Any:
    """The bot tokens of the flags, the file and the environment (None: a bad one, said in one line that holds no secret).

    With ``--workers``, the workers get the flags' tokens through the environment, not on their command lines.
    """
    from .bot_tokens import ENV, BotTokens

    try:
        tokens = BotTokens.gather(args.bot_token, args.bot_tokens_file, os.environ)
    except ValueError as err:
        print(f"hearts serve: {err}", file=sys.stderr)
        return None
    if args.workers > 1 and args.bot_token:
        os.environ[ENV] = " ".join([os.environ.get(ENV, ""), *args.bot_token]).strip()
        args.bot_token = []
    return tokens


def _serve(args: argparse.Namespace, url: str, clustered: bool, limits: Any, tokens: Any = None, language: str = "en") -> int:
    """Run the server (or, with --workers, its workers) until it stops."""
    import uvicorn

    from hearts.bots.kernel.runtime import warm as warm_kernels

    from .app import create_app
    from .listener import server_config
    from .lobby import default_level

    # the search bots' kernels compiled (or loaded from the cache) before any table is taken
    warm_kernels(lambda line: print(f"hearts serve: {line}", file=sys.stderr, flush=True))
    if args.workers > 1:
        from .store import Store
        from .supervisor import supervise, worker_argv

        try:  # one clear line now, rather than N workers failing again and again; and the schema made once, before they start
            from .lease import Leases

            store = Store(url)
            Leases(store.engine, "setup", args.lease_seconds)
            store.close()
        except Exception as err:
            print(f"hearts serve: cannot open the database {_safe_url(url)}: {str(err).splitlines()[0]}", file=sys.stderr)
            return 2

        return supervise(lambda i: worker_argv(args, i), args.workers)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cluster = None
    if clustered:
        from .cluster import ClusterConfig

        here = f"{args.host}:{args.port}" if ":" not in args.host else f"[{args.host}]:{args.port}"
        cluster = ClusterConfig(
            internal=args.internal_url or f"http://{here}",
            public_ws=args.public_ws or f"ws://{here}/ws",
            name=args.worker_name,
            lease=args.lease_seconds,
        )
    settings: dict[str, Any] = {
        "bot_delay": args.bot_delay,
        "grace": args.grace,
        "origins": args.origin,
        "limits": limits,
        "cluster": cluster,
        "bot_workers": args.bot_workers,
        "bot_nice": args.bot_nice,
        "bot_tokens": tokens,
        "bot_move_seconds": args.bot_move_seconds,
        "language": language,
        "default_level": args.level or default_level(),
    }
    try:
        try:
            app = create_app(url, **settings)
        except Exception:
            if cluster is None:
                raise
            time.sleep(1.0)  # workers started at once on a new database may race to make the schema: once more
            app = create_app(url, **settings)
    except Exception as err:  # a bad URL or an unreachable database: one line, no traceback
        print(f"hearts serve: cannot open the database {_safe_url(url)}: {str(err).splitlines()[0]}", file=sys.stderr)
        return 2
    print(f"hearts serve: http://{args.host}:{args.port}/ (database {_safe_url(url)})", file=sys.stderr, flush=True)
    uvicorn.Server(server_config(app, args.host, args.port, limits, args.log_level)).run()
    return 0


def limits_of(args: argparse.Namespace) -> tuple[Any, str]:
    """The server's Limits from the options, or (None, why not)."""
    from .limits import Limits, networks

    try:
        networks(args.trusted_proxy)
    except ValueError as err:
        return None, f"--trusted-proxy: {err}"
    for origin in args.origin:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/") or parts.query:
            return None, f"--origin must be a scheme and a host, such as https://cards.example.org, not {origin!r}"
    numbers = ("header_timeout", "idle_timeout", "client_connections", "client_requests", "client_messages", "client_tables")
    for name in (*numbers, "client_waiting"):
        if not 0 <= getattr(args, name) <= 1_000_000:
            return None, f"--{name.replace('_', '-')} must be from 0 to 1000000"
    most = args.max_connections if args.max_connections is not None else default_max_connections()
    if not 1 <= most <= 1_000_000:
        return None, "--max-connections must be from 1 to 1000000"
    limits = Limits(
        header_timeout=args.header_timeout,
        idle_timeout=args.idle_timeout,
        max_connections=most,
        client_connections=args.client_connections,
        client_requests=args.client_requests,
        client_messages=args.client_messages,
        client_tables=args.client_tables,
        client_waiting=args.client_waiting,
        trusted_proxies=tuple(args.trusted_proxy),
    )
    return limits, ""


def default_max_connections() -> int:
    """1000, or fewer when the process may open fewer files (leaving 100 for the database and the logs)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 1000
    if soft == resource.RLIM_INFINITY:
        return 1000
    return max(1, min(1000, soft - 100))


def _cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen there (None: it can), checked before anything starts."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(infos[0][4])
    except OSError as err:
        return err.strerror or str(err)
    return None


def _safe_url(url: str) -> str:
    """The database URL without its password."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url.split("@")[-1]
