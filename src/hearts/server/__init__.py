"""``hearts serve``: multiplayer tables in the browser, bots filling the seats.

The optional ``server`` extra (Starlette, uvicorn, SQLAlchemy, websockets).
The parts, each with one job:

- :mod:`~hearts.server.protocol`: the JSON messages of protocol v1, checked
  field by field (docs/protocol.md).
- :mod:`~hearts.server.projection`: the state message built from one seat's
  view (the only way cards reach a client).
- :mod:`~hearts.server.table`: a table's truth, rules + seed + seats on the
  session's ordered action log (:class:`hearts.session.table.TableSession`),
  and the engine state derived from it.
- :mod:`~hearts.server.store`: the database (SQLite or PostgreSQL).
- :mod:`~hearts.server.hub`: every live table of the process, and what they
  share (the database threads, the bot pool, the settings), handed down to
  them as one :mod:`~hearts.server.context` (nothing below the hub reaches
  back up to it).
- :mod:`~hearts.server.lobby`: create, join, list and look up tables; stats
  and records.
- :mod:`~hearts.server.live`: one live table as an actor: its lock, its
  clients, the one way an action enters it, the broadcast of each seat's
  view; :mod:`~hearts.server.turns` its turn timer, score-sheet pause and
  bot driver; :mod:`~hearts.server.services` hint, claim and undo;
  :mod:`~hearts.server.chat` the talk at the table.
- :mod:`~hearts.server.connection`: one websocket connection (its seat, rate
  limit and outgoing queue).
- :mod:`~hearts.server.remote`: a table's remote bot seats: a bot with an operator's
  token plays a seat over the websocket, under a per-move limit;
  :mod:`~hearts.server.bot_tokens` holds the tokens (hashed, compared in
  constant time); :mod:`~hearts.server.botlink` puts any bot spec on a table.
- :mod:`~hearts.server.limits`: the server's limits, who a client is
  (trusted proxies), the per-client counters.
- :mod:`~hearts.server.edge`: the app's edge: per-client HTTP and websocket
  limits, the allowed origins, security headers.
- :mod:`~hearts.server.listener`: below the app: the request timeout, the
  connection caps, the uvicorn settings.
- :mod:`~hearts.server.app`: the ASGI app (HTTP lobby + websocket), its
  handlers in :mod:`~hearts.server.routes` (HTTP) and
  :mod:`~hearts.server.websocket`.
- :mod:`~hearts.server.cli`: ``hearts serve``.
"""
