"""``hearts players``: the operator's view of a server's players (needs the ``server`` extra).

List and look up players, give one a name that sticks, ban one or let
them back. A player is named by id (``p…``, as the list shows it) or by
account login. The change is in the database at once: a ban refuses the
player's next join, table and reconnect on every worker; a new name shows
from the next seat they take.

    hearts players list [TEXT]           # most recently seen first; TEXT: part of an id, login or name
    hearts players show PLAYER
    hearts players rename PLAYER NAME
    hearts players ban PLAYER
    hearts players unban PLAYER
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

INSTALL = "hearts players needs the server extra: pip install 'hearts-game[server]'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=None, metavar="URL", help="the server's SQLAlchemy URL (default: the SQLite of hearts serve)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="players, most recently seen first")
    listing.add_argument("text", nargs="?", default="", help="only players whose id, login or name holds this")
    listing.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    sub.add_parser("show", help="one player, with their stats and tables").add_argument("player", help="player id or login")
    rename = sub.add_parser("rename", help="give a player a name that sticks")
    rename.add_argument("player", help="player id or login")
    rename.add_argument("name", help="the new name (the rules of a name at a table apply)")
    sub.add_parser("ban", help="ban a player: no seat, no table, no reconnect").add_argument("player", help="player id or login")
    sub.add_parser("unban", help="let a banned player back").add_argument("player", help="player id or login")


def run(args: argparse.Namespace) -> int:
    try:
        from .cli import default_db
        from .identity import PLAYER_ID
        from .names import check_name
        from .players import Player, Players
        from .store import Store
        from .table import Refusal
    except ImportError as err:
        print(f"{INSTALL} ({err})", file=sys.stderr)
        return 2
    try:
        store = Store(args.db or default_db())
    except Exception as err:  # a bad URL or an unreachable database: one line, no traceback
        print(f"hearts players: cannot open the database: {err}", file=sys.stderr)
        return 2
    players = Players(store.engine)

    def find(ref: str) -> Player | None:
        if PLAYER_ID.fullmatch(ref):
            return players.get(ref)
        matches = [p for p in players.find(ref.lower(), limit=1000) if p.login == ref.lower()]
        return matches[0] if matches else None

    def out(data: Any, text: str) -> None:
        print(json.dumps(data, indent=1) if args.json else text)

    try:
        if args.action == "list":
            found = players.find(args.text, max(1, min(args.limit, 10_000)))
            out([p.json() for p in found], "\n".join(_line(p) for p in found) or "no players")
            return 0
        player = find(args.player)
        if player is None:
            print(f"hearts players: no player {args.player!r} (give an id as 'hearts players list' shows it, or a login)", file=sys.stderr)
            return 1
        if args.action == "show":
            stats, tables = store.player_stats(player.id), players.tables_of(player.id)
            text = "\n".join([_line(player), "stats: " + json.dumps(stats), "tables: " + json.dumps(tables)])
            out({**player.json(), "stats": stats, "tables": tables}, text)
        elif args.action == "rename":
            try:
                name = check_name(args.name)
            except Refusal as r:
                print(f"hearts players: {r.message}", file=sys.stderr)
                return 2
            players.rename(player.id, name)
            out({"id": player.id, "name": name}, f"{player.id} is {name!r} from their next seat")
        else:
            banned = args.action == "ban"
            players.ban(player.id, banned)
            out({"id": player.id, "banned": banned}, f"{player.id} is {'banned' if banned else 'no longer banned'}")
        return 0
    finally:
        store.close()


def _line(p: Any) -> str:
    seen = time.strftime("%Y-%m-%d %H:%M", time.gmtime(p.seen))
    account = f"login {p.login}" if p.login else "guest"
    return f"{p.id}  {p.name!r}  {account}  seen {seen} UTC" + ("  BANNED" if p.banned else "")
