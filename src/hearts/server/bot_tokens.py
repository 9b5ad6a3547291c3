"""The bot tokens an operator issues: ``NAME=SECRET`` pairs, checked in constant time and never shown.

A remote bot proves who it is with its name and secret (docs/protocol.md,
*Bot seats*). The server keeps only the SHA-256 of each secret; a check
hashes what the bot sent and compares the digests with
:func:`hmac.compare_digest`, so how long it takes says nothing about the
secret. Neither the secrets nor their hashes appear in a log line, an error
message or :func:`repr`.

Tokens come from ``--bot-token NAME=SECRET`` (repeatable), from a file
(``--bot-tokens-file PATH``: one ``NAME=SECRET`` a line, ``#`` comments), and
from the environment variable ``HEARTS_BOT_TOKENS`` (pairs separated by
white space), so the secrets need not be on a command line.

>>> tokens = BotTokens.parse(["lowbot=correct-horse-battery"])
>>> tokens.check("lowbot", "correct-horse-battery"), tokens.check("lowbot", "wrong"), tokens.check("other", "x")
(True, False, False)
>>> tokens
BotTokens(names=['lowbot'])
>>> BotTokens.parse(["lowbot=short"])
Traceback (most recent call last):
...
ValueError: the secret of bot token 'lowbot' is too short: give 16 to 200 printable ASCII characters without spaces
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

#: the environment variable that may hold bot tokens
ENV = "HEARTS_BOT_TOKENS"
#: a bot's name: what the lobby and the table show (letters, digits, ``-``, ``_``, ``.``)
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,23}")
#: the length of a secret, in characters
SECRET_MIN, SECRET_MAX = 16, 200
_NOBODY = hashlib.sha256(b"no such bot").digest()


def _digest(secret: str) -> bytes:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).digest()


def good_secret(secret: str) -> bool:
    return SECRET_MIN <= len(secret) <= SECRET_MAX and secret.isascii() and secret.isprintable() and " " not in secret


class BotTokens:
    """The operator's bot tokens: name to the hash of its secret."""

    def __init__(self, hashes: Mapping[str, bytes] | None = None) -> None:
        self._hashes = dict(hashes or {})

    @classmethod
    def parse(cls, pairs: Iterable[str]) -> BotTokens:
        """Tokens from ``NAME=SECRET`` texts; ValueError (naming the bot, never the secret) for a bad one or a name given twice."""
        hashes: dict[str, bytes] = {}
        for pair in pairs:
            name, sep, secret = pair.partition("=")
            name = name.strip()
            if not sep or not NAME.fullmatch(name):
                raise ValueError(
                    f"a bot token is NAME=SECRET, NAME being 1 to 24 letters, digits, '-', '_' or '.' (got a token named {name[:30]!r})"
                )
            if not good_secret(secret):
                raise ValueError(
                    f"the secret of bot token {name!r} is too short: give {SECRET_MIN} to {SECRET_MAX} printable ASCII characters"
                    " without spaces"
                    if len(secret) < SECRET_MIN
                    else f"the secret of bot token {name!r} must be {SECRET_MIN} to {SECRET_MAX} printable ASCII characters without spaces"
                )
            if name in hashes:
                raise ValueError(f"bot token {name!r} is given twice")
            hashes[name] = _digest(secret)
        return cls(hashes)

    @classmethod
    def gather(cls, flags: Iterable[str] = (), file: str | Path | None = None, env: Mapping[str, str] | None = None) -> BotTokens:
        """The tokens of the flags, the file and the environment together (ValueError for a bad one, or a name given twice)."""
        pairs = list(flags)
        if file is not None:
            try:
                text = Path(file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as err:
                raise ValueError(f"cannot read the bot tokens file {str(file)!r}: {getattr(err, 'strerror', None) or err}") from None
            pairs += [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
        if env is not None and env.get(ENV):
            pairs += [p for p in env[ENV].split() if p]
        return cls.parse(pairs)

    def check(self, name: str, secret: str) -> bool:
        """Is ``secret`` the secret of bot ``name``? (The comparison takes the same time whatever the secret.)"""
        expected = self._hashes.get(name)
        same = hmac.compare_digest(_digest(secret), expected if expected is not None else _NOBODY)
        return same and expected is not None

    def names(self) -> list[str]:
        return sorted(self._hashes)

    def __bool__(self) -> bool:
        return bool(self._hashes)

    def __repr__(self) -> str:
        return f"BotTokens(names={self.names()!r})"
