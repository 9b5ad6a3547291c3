"""The players a server knows, in its database: names, accounts, bans, and the key that signs their ids.

A guest is stored when it first takes a seat (:meth:`Players.seen`); until
then its signed cookie is all there is. The operator renames and bans
players with ``hearts players`` (:mod:`hearts.server.players_cli`).

>>> from hearts.server.store import Store
>>> players = Players(Store("sqlite://").engine)
>>> len(players.key())
32
>>> players.seen("p" + "A" * 22, "Dee")
'Dee'
>>> players.rename("p" + "A" * 22, "Dee L.")
True
>>> players.seen("p" + "A" * 22, "Someone else")  # the operator's name sticks
'Dee L.'
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .identity import IdentityError, check_login, check_new_password, check_password, hash_password
from .store import meta_t, players_t, seats_t, tables_t
from .table import FINISHED

#: the row of :data:`~hearts.server.store.meta_t` that holds the signing key
KEY_ROW = "player_key"


@dataclass(frozen=True)
class Player:
    """One stored player: ``login`` is None for a guest."""

    id: str
    name: str
    login: str | None
    banned: bool
    created: float
    seen: float

    def json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "login": self.login, "banned": self.banned, "created": self.created, "seen": self.seen}


def _player(row: Any) -> Player:
    return Player(row.id, row.name, row.login, bool(row.banned), row.created, row.seen)


class Players:
    """The players of one database; every call is short and synchronous (the hub runs them on its threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._key: bytes | None = None

    @property
    def known_key(self) -> bytes | None:
        """The key if it was read already (no database call), else None."""
        return self._key

    def key(self) -> bytes:
        """The key that signs player ids: made once per database (every worker of a cluster reads the same one)."""
        if self._key is None:
            with self.engine.begin() as conn:
                row = conn.execute(select(meta_t.c.value).where(meta_t.c.key == KEY_ROW)).first()
            if row is None:
                try:
                    with self.engine.begin() as conn:
                        conn.execute(insert(meta_t).values(key=KEY_ROW, value=secrets.token_hex(32)))
                except IntegrityError:  # another worker made it first
                    pass
                with self.engine.begin() as conn:
                    row = conn.execute(select(meta_t.c.value).where(meta_t.c.key == KEY_ROW)).first()
            assert row is not None
            self._key = bytes.fromhex(row.value)
        return self._key

    def get(self, pid: str) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(players_t).where(players_t.c.id == pid)).first()
        return None if row is None else _player(row)

    def seen(self, pid: str, name: str) -> str:
        """Player ``pid`` sits down as ``name``: stored if new, its name updated (unless the operator set it). Returns
        the name to seat it with."""
        now = time.time()
        with self.engine.begin() as conn:
            row = conn.execute(select(players_t.c.name, players_t.c.name_locked).where(players_t.c.id == pid)).first()
            if row is None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(players_t).values(id=pid, name=name, name_locked=False, created=now, seen=now, banned=False))
                    return name
                except IntegrityError:  # the same player in two requests at once
                    row = conn.execute(select(players_t.c.name, players_t.c.name_locked).where(players_t.c.id == pid)).first()
                    assert row is not None
            if row.name_locked:
                conn.execute(update(players_t).where(players_t.c.id == pid).values(seen=now))
                return str(row.name)
            conn.execute(update(players_t).where(players_t.c.id == pid).values(seen=now, name=name))
            return name

    def is_banned(self, pid: str) -> bool:
        with self.engine.connect() as conn:
            row = conn.execute(select(players_t.c.banned).where(players_t.c.id == pid)).first()
        return row is not None and bool(row.banned)

    # -- accounts -------------------------------------------------------------
    def register(self, pid: str, login: object, password: object, name: str) -> str:
        """Give player ``pid`` (a guest) an account; returns the login. Raises IdentityError: a bad login or
        password, a login taken, or a player that already has one. The password is hashed before the database is
        touched; ``name`` stores a guest that never sat down."""
        login = check_login(login)
        stored = hash_password(check_new_password(password))
        self.seen_once(pid, name)
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    update(players_t).where(players_t.c.id == pid, players_t.c.login.is_(None)).values(login=login, password=stored)
                ).rowcount
        except IntegrityError:
            raise IdentityError("that login is taken: choose another") from None
        if not done:
            raise IdentityError("you already have an account: log out to make another")
        return login

    def seen_once(self, pid: str, name: str) -> None:
        """Store player ``pid`` if it is not stored yet (its name unchanged if it is)."""
        if self.get(pid) is None:
            self.seen(pid, name)

    def login(self, login: object, password: object) -> Player | None:
        """The player whose account this is, if the password is right (None otherwise, whichever part was wrong)."""
        try:
            login = check_login(login)
        except IdentityError:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(players_t).where(players_t.c.login == login)).first()
        if row is None:
            check_password(password, hash_password("x" * 8))  # the same work as a real check: no timing hint
            return None
        return _player(row) if check_password(password, row.password) else None

    # -- the operator ---------------------------------------------------------
    def rename(self, pid: str, name: str) -> bool:
        """Give a player a name that sticks: their own choices no longer change it. It shows from the next seat they
        take (a seat held now keeps its label)."""
        with self.engine.begin() as conn:
            return bool(conn.execute(update(players_t).where(players_t.c.id == pid).values(name=name, name_locked=True)).rowcount)

    def ban(self, pid: str, banned: bool = True) -> bool:
        """Ban (or let back) a player: a banned player takes no seat, makes no table, and is not let back to one."""
        with self.engine.begin() as conn:
            return bool(conn.execute(update(players_t).where(players_t.c.id == pid).values(banned=banned)).rowcount)

    def find(self, text: str = "", limit: int = 50) -> list[Player]:
        """Players whose id, login or name contains ``text``, most recently seen first."""
        query = select(players_t).order_by(players_t.c.seen.desc()).limit(limit)
        if text:
            like = f"%{text}%"
            query = query.where(or_(players_t.c.id.like(like), players_t.c.login.like(like), players_t.c.name.like(like)))
        with self.engine.connect() as conn:
            return [_player(r) for r in conn.execute(query).all()]

    # -- their tables ---------------------------------------------------------
    def tables_of(self, pid: str) -> list[dict[str, Any]]:
        """The tables not finished where player ``pid`` holds a seat: ``{"table", "seat", "status"}``, newest first."""
        query = (
            select(seats_t.c.table_id, seats_t.c.seat, tables_t.c.status)
            .join(tables_t, tables_t.c.id == seats_t.c.table_id)
            .where(seats_t.c.player == pid, tables_t.c.status != FINISHED)
            .order_by(tables_t.c.created.desc())
            .limit(50)
        )
        with self.engine.connect() as conn:
            return [{"table": r.table_id, "seat": r.seat, "status": r.status} for r in conn.execute(query).all()]

    def finished_with(self, pid: str) -> set[str]:
        """The finished tables where player ``pid`` held a seat."""
        query = (
            select(seats_t.c.table_id)
            .join(tables_t, tables_t.c.id == seats_t.c.table_id)
            .where(seats_t.c.player == pid, tables_t.c.status == FINISHED)
        )
        with self.engine.connect() as conn:
            return {r.table_id for r in conn.execute(query).all()}
