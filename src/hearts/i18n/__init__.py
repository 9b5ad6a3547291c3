"""The languages of the table: gettext catalogs for the terminal app, the plain mode and the CLI.

Standard library only. One domain, ``hearts``, with a compiled catalog per
language under ``locale/<code>/LC_MESSAGES/hearts.mo`` (the web client's
catalogs are JSON files generated from the ``web`` domain's ``.po`` files by
``tools/i18n.py``). English is the source language and needs no catalog.

The language comes from ``--lang`` (:func:`resolve`), else from the
environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext
reads them: :func:`from_environment`), else English. A browser's
``Accept-Language`` header is read by :func:`negotiate`.

>>> resolve("tr_TR.UTF-8"), resolve("sr-Latn-RS"), resolve("sr-Cyrl"), resolve("sr_RS@cyrillic")
('tr', 'sr', 'sr@cyrl', 'sr@cyrl')
>>> negotiate("de-DE,de;q=0.9,jv;q=0.8,en;q=0.5")
'jv'
>>> from_environment({"LANG": "id_ID.UTF-8"})
'id'
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Mapping
from pathlib import Path

#: the languages there are: code -> the language's own name
LANGUAGES: dict[str, str] = {
    "en": "English",
    "id": "Bahasa Indonesia",
    "jv": "Basa Jawa",
    "tr": "Türkçe",
    "sr": "Srpski (latinica)",
    "sr@cyrl": "Српски (ћирилица)",
}
DEFAULT = "en"
DOMAIN = "hearts"
LOCALE_DIR = Path(__file__).parent / "locale"


class UnknownLanguage(ValueError):
    """A language code that names none of :data:`LANGUAGES`; its message lists them."""


def resolve(code: str) -> str:
    """The code of :data:`LANGUAGES` that ``code`` means (``tr_TR.UTF-8``, ``sr-Cyrl``, ``EN``); UnknownLanguage if none.

    Serbian is written in Latin script unless the code says Cyrillic (``sr@cyrl``, ``sr-Cyrl``, ``sr_RS@cyrillic``).
    """
    found = _match(code)
    if found is None:
        known = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise UnknownLanguage(f"there is no language {code!r}; the languages are {known}")
    return found


def _match(code: str) -> str | None:
    text = code.strip().lower().replace("-", "_")
    base, _, modifier = text.partition("@")
    base, modifier = base.split(".")[0], modifier.split(".")[0]  # tr_TR.UTF-8, sr_RS.UTF-8@latin
    parts = base.split("_")
    lang = parts[0]
    if lang in ("c", "posix"):
        return DEFAULT
    if lang == "sr":
        cyrillic = modifier in ("cyrl", "cyrillic") or "cyrl" in parts[1:]
        return "sr@cyrl" if cyrillic else "sr"
    if lang == "in":  # the old code of Indonesian
        lang = "id"
    if lang == "jw":  # an old code of Javanese, still sent by some systems
        lang = "jv"
    return lang if lang in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first language of ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` that there is, else English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            found = _match(item) if item else None
            if found is not None:
                return found
        if var != "LANGUAGE":
            return DEFAULT  # the first of these that is set decides, as in gettext
    return DEFAULT


def negotiate(header: str | None, default: str = DEFAULT) -> str:
    """The best language of an ``Accept-Language`` header (by its q-values, then its order), else ``default``."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate((header or "").split(",")):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        found = _match(tag) if tag and tag != "*" else None
        if found is not None and q > 0:
            ranked.append((-q, i, found))
    return min(ranked)[2] if ranked else default


def translation(code: str) -> gettext.NullTranslations:
    """The catalog of a language (English: the messages as written)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


_current: gettext.NullTranslations = gettext.NullTranslations()
_code = DEFAULT


def use(code: str) -> None:
    """Speak ``code`` (a key of :data:`LANGUAGES`) from now on."""
    global _current, _code
    _current, _code = translation(code), code


def current() -> str:
    """The code of the language in use."""
    return _code


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the language in use (Serbian has three)."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (it is translated where it is shown)."""
    return message
