"""A player's name as the server takes it: white space folded, at most :data:`MAX_NAME` characters as a person counts them.

A person counts an emoji built of several code points (👩‍👩‍👧‍👦, 👍🏽, 🇹🇷) or a letter with its accents
as one character, so the length is the number of such clusters (:func:`name_length`), not of code
points. Invisible characters (a zero-width space, direction marks) are refused with their own
reason: two names that look the same must be the same name. The web client's ``names.js`` checks the
same way, so the page refuses exactly what the server would.

>>> check_name("  Ann   Lee ")
'Ann Lee'
>>> name_length("👩\u200d👩\u200d👧\u200d👦 Ann"), name_length("Zoe\u0301"), name_length("🇹🇷🇷🇸")
(5, 3, 2)
>>> check_name("Ann\u200bSmith")
Traceback (most recent call last):
...
hearts.session.table.Refusal: a name cannot hold invisible characters (such as a zero-width space)
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .table import Refusal

#: the most characters a name may have, as a person counts them
MAX_NAME = 24
_ZWJ = "\u200d"


def _tag(ch: str) -> bool:
    """An emoji tag character (a flag such as Scotland's is a black flag and tags); invisible, but part of the emoji."""
    return 0xE0020 <= ord(ch) <= 0xE007F


def _joins(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it: a mark, a variation selector, a skin tone, an emoji tag."""
    return unicodedata.category(ch) in ("Mn", "Mc", "Me") or 0x1F3FB <= ord(ch) <= 0x1F3FF or _tag(ch)


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def name_length(name: str) -> int:
    """The characters of ``name`` as a person counts them (a joined emoji, a flag, a letter with its marks: one each)."""
    count = 0
    previous = ""
    pending_flag = False  # a regional indicator that may take a second one (a flag is two)
    for ch in name:
        if previous == _ZWJ or ch == _ZWJ or (_joins(ch) and previous):
            pass  # part of the character before
        elif _regional(ch) and pending_flag:
            pending_flag = False
        else:
            count += 1
            pending_flag = _regional(ch)
        previous = ch
    return count


def _invisible(name: str) -> bool:
    """Whether ``name`` holds a format character (zero-width space, direction marks, soft hyphen) other than a joiner
    between two visible characters (inside an emoji) and the emoji tags."""
    for i, ch in enumerate(name):
        if unicodedata.category(ch) != "Cf" or _tag(ch):
            continue
        inside = 0 < i < len(name) - 1 and name[i - 1] != " " and name[i + 1] != " "  # a tidied name's only space
        if ch != _ZWJ or not inside:
            return True
    return False


def check_name(name: Any) -> str:
    """A player's name, tidied (white space runs made one space); raises :class:`Refusal` with the reason."""
    if not isinstance(name, str) or not name.strip():
        raise Refusal("bad_request", f"give your name (1 to {MAX_NAME} characters)")
    cleaned = " ".join(name.split())
    if _invisible(cleaned):
        raise Refusal("bad_request", "a name cannot hold invisible characters (such as a zero-width space)")
    if any(unicodedata.category(ch) in ("Cc", "Cn", "Co", "Cs") for ch in cleaned):
        raise Refusal("bad_request", "a name cannot hold control characters or characters that cannot be shown")
    if name_length(cleaned) > MAX_NAME:
        raise Refusal("bad_request", f"a name has at most {MAX_NAME} letters, digits or signs")
    return cleaned
