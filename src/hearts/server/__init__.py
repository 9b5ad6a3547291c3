"""``hearts serve``: multiplayer tables in the browser, bots filling the seats.

The optional ``server`` extra (Starlette, uvicorn, SQLAlchemy, websockets).
The parts, each with one job:

- :mod:`~hearts.server.protocol`: the JSON messages of protocol v1, checked
  field by field (docs/protocol.md).
- :mod:`~hearts.server.projection`: the state message built from one seat's
  view (the only way cards reach a client).
- :mod:`~hearts.server.table`: a table's truth, rules + seed + ordered action
  log, and the engine state derived from it.
- :mod:`~hearts.server.store`: the database (SQLite or PostgreSQL).
- :mod:`~hearts.server.hub`: the live tables, their clients, bots and timers.
- :mod:`~hearts.server.remote`: remote bot seats: a bot with an operator's
  token plays a seat over the websocket, under a per-move limit;
  :mod:`~hearts.server.bot_tokens` holds the tokens (hashed, compared in
  constant time); :mod:`~hearts.server.botlink` puts any bot spec on a table.
- :mod:`~hearts.server.limits`: the server's limits, who a client is
  (trusted proxies), the per-client counters.
- :mod:`~hearts.server.edge`: the app's edge: per-client HTTP and websocket
  limits, the allowed origins, security headers.
- :mod:`~hearts.server.listener`: below the app: the request timeout, the
  connection caps, the uvicorn settings.
- :mod:`~hearts.server.app`: the ASGI app (HTTP lobby + websocket).
- :mod:`~hearts.server.cli`: ``hearts serve``.
"""
