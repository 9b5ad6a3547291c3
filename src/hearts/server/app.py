"""The ASGI app: the HTTP lobby, the websocket game, the browser client's files.

:func:`create_app` builds the parts (the database, the hub, the cluster
worker) and wires the routes to them; the handlers themselves are in
:mod:`hearts.server.routes` (HTTP) and :mod:`hearts.server.websocket`.

>>> app = create_app("sqlite://")
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/account', '/api/games']
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from hearts.bots.registry import LEVELS

from . import accounts, routes
from .bot_tokens import BotTokens
from .botpool import BOT_NICE
from .cluster import Cluster, ClusterConfig
from .edge import Edge, Origins, ShortUrls
from .hub import WAITING_TIMEOUT, Hub
from .limits import Limits
from .remote import MOVE_SECONDS
from .store import Store
from .websocket import websocket

STATIC = Path(__file__).parent / "static"


def create_app(
    db_url: str,
    *,
    bot_delay: float = 0.7,
    grace: float = 20.0,
    origins: Sequence[str] = (),
    limits: Limits | None = None,
    waiting_timeout: float = WAITING_TIMEOUT,
    cluster: ClusterConfig | None = None,
    bot_workers: int | None = None,
    bot_nice: int = BOT_NICE,
    bot_tokens: BotTokens | None = None,
    bot_move_seconds: float = MOVE_SECONDS,
    language: str = "en",
    default_level: str = "medium",
) -> Starlette:
    """The server's ASGI app on database ``db_url``; ``origins``: the allowed Origin values (default: the server's own address).

    ``cluster``: run as one worker of several sharing a PostgreSQL database (see :mod:`hearts.server.cluster`).
    ``bot_workers``: the processes the bots decide in (None: one per usable core; 0: a thread of the server process);
    ``bot_nice``: how far below the server's priority they run.
    ``bot_tokens``: the remote bots that may take seats (see :mod:`hearts.server.remote`), ``bot_move_seconds`` each decision.
    ``language``: the page's language when the browser's Accept-Language names none of ours (see :mod:`hearts.server.pages`).
    ``default_level``: the bots' level of a table made without one (``hearts serve``: ``hard`` where the search runs
    compiled, see :func:`hearts.server.lobby.default_level`).
    """
    if default_level not in LEVELS:
        raise ValueError(f"default_level must be one of {', '.join(LEVELS)}, not {default_level!r}")
    for name in ("uvicorn.error", "websockets.server", "websockets.protocol"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, NoFrames) for f in logger.filters):
            logger.addFilter(NoFrames())
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, ShortUrls) for f in access.filters):
        access.addFilter(ShortUrls())
    limits = limits or Limits()
    store = Store(db_url)
    hub = Hub(
        store,
        bot_delay=bot_delay,
        grace=grace,
        waiting_timeout=waiting_timeout,
        bot_workers=bot_workers,
        bot_nice=bot_nice,
        bot_tokens=bot_tokens,
        bot_move_seconds=bot_move_seconds,
        default_level=default_level,
    )
    peers = Cluster(hub, store, cluster) if cluster is not None else None
    allowed = Origins(origins)

    paths = [
        Route("/", routes.page),
        Route("/t/{table}", routes.page),
        Route("/healthz", routes.healthz),
        Route("/api/options", routes.options),
        Route("/api/tables", routes.create_table, methods=["POST"]),
        Route("/api/tables", routes.list_tables, methods=["GET"]),
        Route("/api/tables/{table}", routes.table_info),
        Route("/api/tables/{table}/join", routes.join, methods=["POST"]),
        Route("/api/games", routes.games),
        Route("/api/games/{table}/record", routes.record),
        Route("/api/stats", accounts.stats),
        Route("/api/me", accounts.me),
        Route("/api/account", accounts.account, methods=["POST"]),
        Route("/api/login", accounts.login, methods=["POST"]),
        Route("/api/logout", accounts.logout, methods=["POST"]),
        WebSocketRoute("/ws", websocket),
        WebSocketRoute("/w/{worker}/ws", websocket),  # a worker's own address behind a front proxy (see docs/scaling.md)
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=paths, lifespan=_lifespan, middleware=[Middleware(Edge, limits=limits, origins=allowed)])
    app.state.context = routes.AppContext(hub, peers, allowed, limits, language)
    app.state.hub = hub
    app.state.store = store
    app.state.cluster = peers
    app.state.origins = allowed  # the listener's own answers carry the same security headers
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """Start the hub (and the cluster worker), serve, then stop them in the order that writes nothing after the leases go."""
    hub: Hub = app.state.hub
    peers: Cluster | None = app.state.cluster
    await hub.start(load=peers is None)
    if peers is not None:
        await peers.start()
    try:
        yield
    finally:
        if peers is not None:
            await peers.halt()
        await hub.stop()  # its bots and timers stop before the leases go: nothing is written after
        if peers is not None:
            await peers.stop()
        app.state.store.close()


class NoFrames(logging.Filter):
    """Drop the websockets library's debug records: they quote frames, which hold cards and tokens."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.levelno <= logging.DEBUG and "websockets" in record.pathname.replace("\\", "/").split("/"))
