"""The languages: choosing one, the catalogs (complete, placeholders intact, built files in sync), and the plain mode in each."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import hearts
from hearts import i18n
from hearts.core import Rules
from hearts.tui.plain import PlainUI
from hearts.tui.session import Session

ROOT = Path(__file__).resolve().parents[1]
SRC = str(Path(hearts.__file__).resolve().parents[1])
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "en"),
        ("EN_gb.UTF-8", "en"),
        ("id_ID.UTF-8", "id"),
        ("in", "id"),
        ("jv_ID", "jv"),
        ("jw", "jv"),
        ("tr-TR", "tr"),
        ("sr", "sr"),
        ("sr_RS.UTF-8@latin", "sr"),
        ("sr-Latn-RS", "sr"),
        ("sr@cyrl", "sr@cyrl"),
        ("sr-Cyrl-RS", "sr@cyrl"),
        ("sr_RS.UTF-8@cyrillic", "sr@cyrl"),
        ("C", "en"),
    ],
)
def test_a_language_code_in_any_usual_spelling(code: str, expected: str) -> None:
    assert i18n.resolve(code) == expected


def test_an_unknown_language_names_the_languages_there_are() -> None:
    with pytest.raises(i18n.UnknownLanguage) as e:
        i18n.resolve("xx")
    assert all(code in str(e.value) for code in i18n.LANGUAGES)


def test_the_environment_decides_as_gettext_reads_it() -> None:
    assert i18n.from_environment({}) == "en"
    assert i18n.from_environment({"LANG": "tr_TR.UTF-8"}) == "tr"
    assert i18n.from_environment({"LANGUAGE": "de:jv", "LANG": "tr_TR.UTF-8"}) == "jv"  # a list: its first language there is
    assert i18n.from_environment({"LC_ALL": "de_DE.UTF-8", "LANG": "tr_TR.UTF-8"}) == "en"  # LC_ALL is set: it decides
    assert i18n.from_environment({"LC_MESSAGES": "sr_RS@latin", "LANG": "en_US"}) == "sr"


def test_accept_language_by_quality_then_order() -> None:
    assert i18n.negotiate("tr;q=0.5, id;q=0.9") == "id"
    assert i18n.negotiate("de, fr;q=0.9") == "en"
    assert i18n.negotiate("de, fr;q=0.9", default="tr") == "tr"
    assert i18n.negotiate("sr-Latn, sr-Cyrl;q=0.8") == "sr"
    assert i18n.negotiate("jv;q=0, en;q=0.1") == "en"
    assert i18n.negotiate(None) == "en"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_translates_the_words_of_the_game(code: str) -> None:
    i18n.use(code)
    assert i18n._("Close") != "Close"
    assert "{points}" in i18n._("You take it, {points}")
    assert i18n.ngettext("{n} card", "{n} cards", 5) != "{n} cards"


def test_serbian_has_three_plural_forms_in_both_scripts() -> None:
    i18n.use("sr")
    assert [i18n.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 3, 5, 21, 12)] == [
        "1 karta",
        "3 karte",
        "5 karata",
        "21 karta",
        "12 karata",
    ]
    i18n.use("sr@cyrl")
    assert i18n.ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 карата"


@pytest.mark.skipif(importlib.util.find_spec("babel") is None, reason="needs Babel (the i18n extra)")
def test_the_catalogs_are_complete_with_their_placeholders_and_built() -> None:
    """No missing, stale, empty or fuzzy message; every placeholder kept; the .mo, Cyrillic and web JSON files up to date."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n as tool  # tools/i18n.py
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert tool.problems() == []
    assert tool.latin_to_cyrillic("Džak, ljubav i njiva (p) {name} Q♠ help") == "Џак, љубав и њива (p) {name} Q♠ help"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_plain_mode_speaks_the_language(code: str, tmp_path: Path) -> None:
    i18n.use(code)
    session = Session.new(Rules.standard(4), seed=48, save_path=tmp_path / "g.json")
    out = io.StringIO()
    PlainUI(session, stdin=io.StringIO("help\nrules\nhint\nquit\n"), stdout=out).run()
    text = out.getvalue()
    for english in ("Type help for the commands", "Your hand", "Hint:", "Each player passes", "Saved to"):
        assert english not in text, english
    assert i18n._("Hint: pass {cards}.").split("{")[0] in text


def test_hearts_play_lang_refuses_an_unknown_language_in_one_line(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": SRC}
    out = subprocess.run(
        [sys.executable, "-m", "hearts", "play", "--plain", "--lang", "xx"], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1
    assert "--lang" in out.stderr and "tr (Türkçe)" in out.stderr


def test_hearts_play_takes_its_language_from_lang(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": SRC, "LANG": "id_ID.UTF-8"}
    out = subprocess.run(
        [sys.executable, "-m", "hearts", "play", "--plain", "--delay", "0", "--seed", "5"],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "Ketik help untuk daftar perintah" in out.stdout


def test_hearts_serve_lang_refuses_an_unknown_language_in_one_line(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": SRC}
    out = subprocess.run([sys.executable, "-m", "hearts", "serve", "--lang", "fr"], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1
    assert "hearts serve: --lang" in out.stderr and "sr@cyrl" in out.stderr


@pytest.mark.parametrize("code", TRANSLATED)
def test_hearts_play_says_how_the_search_bots_run_in_the_language(code: str) -> None:
    from hearts.tui.cli import kernel_line

    english = {reason: kernel_line(reason) for reason in ("compiling", "unavailable", "failed")}
    i18n.use(code)
    for reason, line in english.items():
        assert line is not None and kernel_line(reason) not in (None, line), (code, reason)
    assert "pip install 'hearts-game[fast]'" in (kernel_line("unavailable") or "")
    assert kernel_line(None) is None
