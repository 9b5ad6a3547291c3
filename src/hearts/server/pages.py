"""The table's page in the player's language: ``index.html`` with the language chosen from ``Accept-Language``.

The page names its language in ``<html lang data-lang>``; the client loads
that language's catalog (``static/i18n/<code>.json``) unless the player chose
another one in the options (kept in the browser).

>>> html = index_page("tr-TR,tr;q=0.9,en;q=0.5", "en")
>>> '<html lang="tr" data-lang="tr">' in html
True
>>> '<html lang="sr-Cyrl" data-lang="sr-Cyrl">' in index_page("de", "sr@cyrl")
True
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from hearts.i18n import negotiate

STATIC = Path(__file__).parent / "static"


@lru_cache(maxsize=1)
def _template() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8")


def web_code(code: str) -> str:
    """A language of :data:`hearts.i18n.LANGUAGES` as the web names it (``sr@cyrl`` is ``sr-Cyrl``)."""
    return code.replace("@cyrl", "-Cyrl")


def index_page(accept_language: str | None, default: str) -> str:
    """The page, in the best language of ``accept_language`` (``default`` when the browser asks for none there is)."""
    code = web_code(negotiate(accept_language, default=default))
    return _template().replace('<html lang="en">', f'<html lang="{code}" data-lang="{code}">', 1)
