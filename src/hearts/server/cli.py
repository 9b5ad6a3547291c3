"""``hearts serve``: run the web table (needs the ``server`` extra).

Only the argument parser lives at import time; Starlette, uvicorn and
SQLAlchemy are imported when the server starts, so ``hearts --help`` works
without them.
"""

from __future__ import annotations

import argparse
import logging
import sys

from hearts.record.storage import data_dir

INSTALL = "hearts serve needs the server extra: pip install 'hearts[server]'"


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
        "--origin", action="append", default=[], metavar="URL", help="another allowed Origin, e.g. https://cards.example.org (repeatable)"
    )
    parser.add_argument(
        "--log-level", default="info", choices=["debug", "info", "warning", "error"], help="server log level (default info)"
    )


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        print(f"hearts serve: --port must be from 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    if not 0 <= args.bot_delay <= 60 or not 0 <= args.grace <= 3600:
        print("hearts serve: --bot-delay must be from 0 to 60 seconds and --grace from 0 to 3600", file=sys.stderr)
        return 2
    try:
        import uvicorn

        from .app import create_app
    except ImportError as err:
        print(f"{INSTALL} ({err})", file=sys.stderr)
        return 2
    problem = _cannot_listen(args.host, args.port)
    if problem:
        print(f"hearts serve: cannot listen on {args.host}:{args.port}: {problem}", file=sys.stderr)
        return 2
    url = args.db
    if url is None:
        data_dir().mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{data_dir() / 'server.db'}"
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        app = create_app(url, bot_delay=args.bot_delay, grace=args.grace, origins=args.origin)
    except Exception as err:  # a bad URL or an unreachable database: one line, no traceback
        print(f"hearts serve: cannot open the database {_safe_url(url)}: {str(err).splitlines()[0]}", file=sys.stderr)
        return 2
    print(f"hearts serve: http://{args.host}:{args.port}/ (database {_safe_url(url)})", file=sys.stderr, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=16384, ws_ping_interval=20, ws_ping_timeout=20)
    return 0


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
