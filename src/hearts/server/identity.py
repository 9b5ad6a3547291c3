"""Who a player is: a signed guest identity, and the password of an account: standard library only.

A browser's first visit gets a new player id in a cookie, signed with the
server's key (HMAC-SHA256), like lichess's anonymous players: nothing is
stored until the player takes a seat. Stats, seats and the lobby's "your
tables" go by this id; the name typed at a table is only a label. A cookie
whose signature does not check is no identity at all (the request is
answered as from a newcomer), so an id cannot be forged from another one.

A player may give the identity an account (a login and a password) to
carry it to another browser; the password is kept as a salted scrypt hash.

>>> key = b"k" * 32
>>> pid = new_player_id()
>>> value = sign(key, pid)
>>> verify(key, value) == pid
True
>>> verify(key, value[:-1] + ("A" if value[-1] != "A" else "B")) is None
True
>>> verify(b"another key" * 3, value) is None
True
>>> check_password("correct horse battery", hash_password("correct horse battery"))
True
>>> check_password("Correct horse battery", hash_password("correct horse battery"))
False
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

#: the cookie that carries a player's signed id
COOKIE = "hearts_player"
#: seconds the cookie lasts (a year; each visit renews it)
COOKIE_SECONDS = 365 * 24 * 3600
#: a player id: "p" and 22 URL-safe characters (128 random bits)
PLAYER_ID = re.compile(r"p[A-Za-z0-9_-]{22}")
#: an account's login: 3-24 lowercase letters, digits, '.', '-' or '_', starting with a letter or digit
LOGIN = re.compile(r"[a-z0-9][a-z0-9._-]{2,23}")
#: the shortest and longest password taken
PASSWORD_LENGTH = (8, 200)
#: scrypt's cost (about 50 ms and 16 MB a hash)
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1


class IdentityError(ValueError):
    """A login or password that cannot be taken; the message says why, for the player."""


def new_player_id() -> str:
    """A fresh player id.

    >>> PLAYER_ID.fullmatch(new_player_id()) is not None
    True
    """
    return "p" + secrets.token_urlsafe(16)


def _mac(key: bytes, pid: str) -> str:
    digest = hmac.new(key, b"hearts-player|" + pid.encode(), hashlib.sha256).digest()[:18]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def sign(key: bytes, pid: str) -> str:
    """The cookie value that proves ``pid``: the id, a dot, its signature."""
    return f"{pid}.{_mac(key, pid)}"


def verify(key: bytes, value: str | None) -> str | None:
    """The player id a cookie value proves, or None (no cookie, a malformed one, or a signature that does not check)."""
    if not value or len(value) > 80:
        return None
    pid, dot, mac = value.partition(".")
    if not dot or PLAYER_ID.fullmatch(pid) is None:
        return None
    return pid if hmac.compare_digest(mac.encode(), _mac(key, pid).encode()) else None


def cookie_header(value: str, secure: bool, max_age: int = COOKIE_SECONDS) -> str:
    """The Set-Cookie value: sent back only to this site (SameSite=Lax), never readable by scripts (HttpOnly).

    >>> cookie_header("pX.y", secure=True)
    'hearts_player=pX.y; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax; Secure'
    """
    out = f"{COOKIE}={value}; Max-Age={max_age}; Path=/; HttpOnly; SameSite=Lax"
    return out + "; Secure" if secure else out


def check_login(login: object) -> str:
    """A login, lowercased and checked (raises IdentityError).

    >>> check_login(" Dee.Lee ")
    'dee.lee'
    >>> check_login("d")
    Traceback (most recent call last):
    ...
    hearts.server.identity.IdentityError: a login is 3 to 24 letters (a-z), digits, '.', '-' or '_'
    """
    text = login.strip().lower() if isinstance(login, str) else ""
    if LOGIN.fullmatch(text) is None:
        raise IdentityError("a login is 3 to 24 letters (a-z), digits, '.', '-' or '_'")
    return text


def check_new_password(password: object) -> str:
    """A new password, checked for length only (raises IdentityError)."""
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise IdentityError(f"a password is {low} to {high} characters")
    return password


def hash_password(password: str) -> str:
    """``scrypt$N$r$p$salt$hash`` of a password, with a fresh salt."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32)
    return "$".join(["scrypt", str(SCRYPT_N), str(SCRYPT_R), str(SCRYPT_P), salt.hex(), digest.hex()])


def check_password(password: object, stored: str | None) -> bool:
    """Does ``password`` match ``stored`` (a :func:`hash_password` string)? False for anything malformed."""
    if not isinstance(password, str) or not stored or len(password) > PASSWORD_LENGTH[1]:
        return False
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        mine = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32)
    except ValueError:
        return False
    return hmac.compare_digest(mine.hex(), digest)


def seat_token(key: bytes, table_id: str, seat: int, pid: str) -> str:
    """The secret token of seat ``seat`` of a table for player ``pid``: the same each time that player asks, so a
    player who comes back (another tab, another browser with the same account) gets the seat's token again.

    >>> seat_token(b"k" * 32, "t1", 0, "pA") == seat_token(b"k" * 32, "t1", 0, "pA") != seat_token(b"k" * 32, "t1", 1, "pA")
    True
    """
    digest = hmac.new(key, f"hearts-seat|{table_id}|{seat}|{pid}".encode(), hashlib.sha256).digest()[:24]
    return base64.urlsafe_b64encode(digest).decode()
