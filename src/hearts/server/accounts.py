"""The HTTP routes about the asking player: who they are, their stats, their account.

The player is the one the request's signed cookie proves
(:func:`hearts.server.routes.who`); a request without one is a newcomer,
and the answer gives it a cookie. Nothing here takes a player id or a name
from the request: a player reads only their own stats and tables.

- ``GET /api/me``: the player, their name and login, and their tables not finished.
- ``GET /api/stats``: their results (``?name=`` is refused: stats are private).
- ``POST /api/account`` ``{"login", "password"}``: give this identity an account.
- ``POST /api/login`` ``{"login", "password"}``: become the account's player (in this browser).
- ``POST /api/logout``: become a new guest.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from .identity import IdentityError, new_player_id
from .limits import client_key
from .names import check_name
from .routes import as_player, body_of, context, error, ok, peer, who
from .table import Refusal


async def me(request: Request) -> Response:
    """``GET /api/me``: the asking player (its cookie is renewed)."""
    try:
        player = await who(request)
    except Refusal as r:
        return error(r.code, r.message)
    return await as_player(request, ok(await context(request).hub.lobby.me(player.player)), player.player, always=True)


async def stats(request: Request) -> Response:
    """``GET /api/stats``: the asking player's own results."""
    try:
        if "name" in request.query_params:
            raise Refusal("private", "a player's stats are their own: /api/stats answers with yours")
        player = await who(request)
    except Refusal as r:
        return error(r.code, r.message)
    return await as_player(request, ok(await context(request).hub.lobby.player_stats(player.player)), player.player)


async def _login_body(request: Request) -> tuple[Any, str]:
    """The body of an account request and the player asking, under the client's limit of such requests."""
    ctx = context(request)
    body = await body_of(request)
    if not isinstance(body, dict) or set(body) - {"login", "password", "name"}:
        raise Refusal("bad_request", "send a JSON object with 'login' and 'password'")
    if not ctx.logins.take(client_key(peer(request) or "")):
        raise Refusal("rate_limited", "too many attempts from your address: wait a minute")
    return body, (await who(request)).player


async def account(request: Request) -> Response:
    """``POST /api/account``: give the asking guest an account (login and password), to play as it elsewhere."""
    hub = context(request).hub
    try:
        body, player = await _login_body(request)
        name = check_name(body["name"]) if body.get("name") is not None else str(body.get("login", ""))[:24] or "Player"
        if await hub.db_call(hub.players.is_banned, player):
            raise Refusal("banned", "this player is banned from this server")
        try:
            login = await hub.db_call(hub.players.register, player, body.get("login"), body.get("password"), name)
        except IdentityError as err:
            raise Refusal("bad_request", str(err)) from None
    except Refusal as r:
        return error(r.code, r.message)
    return await as_player(request, ok({"player": player, "login": login}, 201), player, always=True)


async def login(request: Request) -> Response:
    """``POST /api/login``: this browser plays as the account's player from now on."""
    hub = context(request).hub
    try:
        body, _ = await _login_body(request)
        found = await hub.db_call(hub.players.login, body.get("login"), body.get("password"))
        if found is None:
            raise Refusal("login_failed", "wrong login or password")
        if found.banned:
            raise Refusal("banned", "this player is banned from this server")
    except Refusal as r:
        return error(r.code, r.message)
    return await as_player(request, ok({"player": found.id, "login": found.login, "name": found.name}), found.id, always=True)


async def logout(request: Request) -> Response:
    """``POST /api/logout``: this browser is a new guest (the account is still there, for the next log in)."""
    try:
        await body_of(request)
        await who(request)
    except Refusal as r:
        return error(r.code, r.message)
    fresh = new_player_id()
    return await as_player(request, ok({"player": fresh}), fresh, always=True)
