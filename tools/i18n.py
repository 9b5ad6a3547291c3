"""The translation catalogs: extract the messages, update every language's ``.po``, compile the ``.mo`` and the web's JSON.

    python tools/i18n.py update   # after changing messages: new .pot files, each .po merged with them
    python tools/i18n.py build    # after translating: .mo files, the Cyrillic Serbian catalogs, the web's JSON
    python tools/i18n.py check    # exit 1 if anything built is out of date or a catalog is incomplete

Two domains, each with a ``.po`` per language under ``src/hearts/i18n/locale/<code>/LC_MESSAGES/``:

- ``hearts``: the terminal app, the plain mode and ``hearts play``'s messages (``_``, ``N_``, ``ngettext`` in Python);
- ``web``: the browser client (``t("...")`` or ``tr("...")`` and ``tn("...", "...", n)`` in ``static/js``, ``data-i18n`` in ``index.html``),
  compiled to ``static/i18n/<code>.json``.

Serbian in Cyrillic (``sr@cyrl``) is not translated by hand: it is Serbian in Latin script transliterated
letter by letter (placeholders, card names and key names kept), so the two scripts always say the same.
Needs Babel (the ``i18n`` extra).
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "hearts"
LOCALE = SRC / "i18n" / "locale"
STATIC = SRC / "server" / "static"
WEB_JSON = STATIC / "i18n"
#: translated by hand; sr@cyrl is made from sr
LANGUAGES = ("id", "jv", "tr", "sr")
DERIVED = {"sr@cyrl": "sr"}
PY_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
JS_KEYWORDS = {"t": None, "tr": None, "tn": (1, 2)}
PY_SOURCES = [SRC / "tui", SRC / "i18n"]
_HTML = re.compile(r"<(?P<tag>[a-z0-9]+)(?P<attrs>[^>]*)>(?P<body>[^<]*)</(?P=tag)>", re.S)
_ATTR = re.compile(r'\b(title|aria-label|placeholder)="([^"]*)"')


def python_messages() -> Iterator[tuple[str | tuple[str, ...], str]]:
    """(message, where) of every marked message of the Python domain."""
    for folder in PY_SOURCES:
        for filename, lineno, message, _comments, _ctx in extract_from_dir(
            folder, [("**.py", "python")], keywords=PY_KEYWORDS, comment_tags=()
        ):
            yield message, f"{folder.relative_to(SRC)}/{filename}:{lineno}"


def web_messages() -> Iterator[tuple[str | tuple[str, ...], str]]:
    """(message, where) of every marked message of the web client: its JavaScript, and index.html's data-i18n elements."""
    for path in sorted((STATIC / "js").glob("*.js")):
        with path.open("rb") as f:
            for lineno, message, _comments, _ctx in extract("javascript", f, keywords=JS_KEYWORDS):
                yield message, f"static/js/{path.name}:{lineno}"
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    for m in _HTML.finditer(html):
        if re.search(r"\bdata-i18n(?![-\w])", m.group("attrs")) and m.group("body").strip():
            yield normalise(m.group("body")), "static/index.html"
    for tag in re.finditer(r"<[a-z][^>]*\bdata-i18n-attr\b[^>]*>", html):
        for _name, value in _ATTR.findall(tag.group(0)):
            yield value, "static/index.html"


def normalise(text: str) -> str:
    """Text as the browser's ``textContent`` trimmed and with its runs of white space as one space."""
    return " ".join(text.split())


def template(messages: Iterator[tuple[str | tuple[str, ...], str]], domain: str) -> Catalog:
    catalog = Catalog(project="hearts-game", domain=domain, fuzzy=False)
    for message, where in messages:
        if isinstance(message, tuple):
            message = tuple(m for m in message if m is not None)
        path, _, line = where.rpartition(":")
        catalog.add(message, locations=[(path, int(line))] if line.isdigit() else [(where, None)])
    return catalog


def po_path(code: str, domain: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{domain}.po"


def load(path: Path, code: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code.split("@")[0])


def save(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_bytes(catalog, path))


def po_bytes(catalog: Catalog, path: Path) -> bytes:
    """The .po file of a catalog (with this project's header) that goes to ``path``."""
    catalog.project, catalog.version, catalog.fuzzy = "hearts-game", "", False
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "hearts-game translators"
    catalog.language_team = f"{path.parts[-3]} (docs/languages.md)"
    catalog.header_comment = (
        f"# {path.parts[-3]} messages of hearts-game ({catalog.domain} domain).\n"
        "# Translate msgstr only; then python tools/i18n.py build. The terms are in docs/languages.md."
    )
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, omit_header=False, sort_output=False, no_location=True)
    return buf.getvalue()


def templates() -> dict[str, Catalog]:
    return {"hearts": template(python_messages(), "hearts"), "web": template(web_messages(), "web")}


def update() -> None:
    """Merge each language's .po with the messages of the sources (new ones empty, gone ones dropped)."""
    for domain, pot in templates().items():
        for code in LANGUAGES:
            path = po_path(code, domain)
            catalog = load(path, code) if path.exists() else Catalog(locale=code, domain=domain)
            catalog.update(pot, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            save(catalog, path)


# -- Serbian in Cyrillic ---------------------------------------------------------------------------
_DIGRAPHS = {"lj": "љ", "nj": "њ", "dž": "џ", "Lj": "Љ", "Nj": "Њ", "Dž": "Џ", "LJ": "Љ", "NJ": "Њ", "DŽ": "Џ"}
_LETTERS = dict(zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж", strict=True))
_LETTERS.update({k.upper(): v.upper() for k, v in list(_LETTERS.items())})
#: kept as written: placeholders, card names (Q♠, 10♥, QS), key names, commands, options and words that are not Serbian (q w x y)
_KEEP = re.compile(
    "|".join(
        [
            r"\{[a-z_]*\}",  # placeholders
            r"\b(?:10|[2-9JQKA])[♣♦♥♠]",  # cards as drawn
            r"\b[2-9TJQKA][CDHS]\b",  # cards as typed
            r"Ctrl\+Q",
            r"\([a-z0-9](?: [a-z0-9])*(?:, [a-z0-9](?: [a-z0-9])*)*\)",  # keys: (q s, 1 0 h)
            r"(?<=\()[a-z]\b",  # a key in brackets: (p to pass)
            r"\b[a-z]\b(?=[:)])",  # a key before a colon: p: pass
            r"--[a-z-]+",  # options
            r"\b[A-Za-z]*[qwxyQWXY][A-Za-z]*\b",  # words that are not Serbian (Textual)
            r"\b(?:hand|last|tricks|scores|history|hint|undo|claim|rules|help|quit|add|subtract|yes|no|qs|ah|kh|10h|play|hearts|"
            r"Enter|F1|Hearts|pip install -e|FILE|tui|sr|en|id|jv|tr)\b",  # commands, names and codes
            r"'\.\[[a-z]+\]'",
            r"https?://\S+",
        ]
    )
)


def latin_to_cyrillic(text: str) -> str:
    """Serbian Latin script in Cyrillic, letter by letter, keeping what :data:`_KEEP` matches."""
    out, last = [], 0
    for m in _KEEP.finditer(text):
        out.append(_transliterate(text[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_transliterate(text[last:]))
    return "".join(out)


def _transliterate(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        pair = text[i : i + 2]
        if pair in _DIGRAPHS:
            out.append(_DIGRAPHS[pair])
            i += 2
            continue
        out.append(_LETTERS.get(text[i], text[i]))
        i += 1
    return "".join(out)


def derived(code: str, domain: str) -> Catalog:
    """The catalog of a derived language (Serbian in Cyrillic), made from its source's."""
    source = load(po_path(DERIVED[code], domain), DERIVED[code])
    catalog = Catalog(locale="sr_Cyrl", domain=domain, fuzzy=False, creation_date=source.creation_date, revision_date=source.revision_date)
    for m in source:
        if not m.id:
            continue
        string: str | tuple[str, ...] = (
            tuple(latin_to_cyrillic(s) for s in m.string) if isinstance(m.string, tuple) else latin_to_cyrillic(m.string)
        )
        catalog.add(m.id, string)
    return catalog


# -- building ---------------------------------------------------------------------------------------
def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def web_json(catalog: Catalog, code: str) -> str:
    """The web catalog of a language: its plural rule's number of forms and every message (plurals as lists)."""
    messages: dict[str, str | list[str]] = {}
    for m in catalog:
        if not m.id or not m.string:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        messages[key] = list(m.string) if isinstance(m.string, tuple) else m.string
    data = {"language": code, "plural_forms": catalog.plural_forms, "messages": dict(sorted(messages.items()))}
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def outputs() -> dict[Path, bytes]:
    """Every built file and its content: the derived .po files, the .mo files and the web's JSON."""
    files: dict[Path, bytes] = {}
    for code in (*LANGUAGES, *DERIVED):
        for domain in ("hearts", "web"):
            if code in DERIVED:
                catalog = derived(code, domain)
                files[po_path(code, domain)] = po_bytes(catalog, po_path(code, domain))
            else:
                catalog = load(po_path(code, domain), code)
            if domain == "hearts":
                files[po_path(code, domain).with_suffix(".mo")] = mo_bytes(catalog)
            else:
                files[WEB_JSON / f"{code.replace('@cyrl', '-Cyrl')}.json"] = web_json(catalog, code).encode()
    return files


def build() -> None:
    for path, content in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)


def problems() -> list[str]:
    """What :func:`check` finds wrong: stale built files, missing or stale messages, empty or broken translations."""
    built = outputs().items()
    out = [f"{p.relative_to(ROOT)} is out of date (python tools/i18n.py build)" for p, c in built if not p.exists() or p.read_bytes() != c]
    for domain, pot in templates().items():
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in pot if m.id}
        for code in LANGUAGES:
            catalog = load(po_path(code, domain), code)
            have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
            out += [f"{code}/{domain}: missing {k!r}" for k in sorted(wanted - set(have))]
            out += [f"{code}/{domain}: stale {k!r}" for k in sorted(set(have) - wanted)]
            for m in have.values():
                out += [f"{code}/{domain}: {p}" for p in message_problems(m, catalog.num_plurals)]
    return out


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[a-z_]*\}", text))


def message_problems(m: Message, plurals: int) -> list[str]:
    """An untranslated, fuzzy or broken message: its placeholders must be those of the English (every form)."""
    ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
    strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
    if m.fuzzy:
        return [f"fuzzy {ids[0]!r}"]
    if not all(strings) or (len(ids) > 1 and len(strings) != plurals):
        return [f"untranslated {ids[0]!r}"]
    want = set(placeholders(ids[-1])) | set(placeholders(ids[0]))
    need = set(placeholders(ids[0]))
    return [f"placeholders of {ids[0]!r}: {s!r}" for s in strings if set(placeholders(s)) - want or need - set(placeholders(s))]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "build":
        build()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "the catalogs are complete and built")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
