"""Names as a person counts them: the server's check (hearts.server.names) and the page's (names.js) take the same names.

The page's check runs in Node (where it is installed) on the same names, so the two can be compared
without a browser; the browser test in test_browser_table.py does it in Chromium.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.server.app import STATIC
from hearts.server.names import MAX_NAME, check_name, name_length
from hearts.server.table import Refusal

FAMILY = "👩\u200d👩\u200d👧\u200d👦"
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # a flag of tag characters

NAMES = [
    "Ann",
    FAMILY,
    FAMILY * MAX_NAME,
    FAMILY * (MAX_NAME + 1),
    "👍🏽" * MAX_NAME,
    "👍🏽" * (MAX_NAME + 1),
    "🇹🇷" * MAX_NAME,
    "🇹🇷" * (MAX_NAME + 1),
    "Zoe\u0301" * 6,
    "e\u0301" * (MAX_NAME + 1),
    SCOTLAND + " Iain",
    "Ann\u200bSmith",
    "\u200dAnn",
    "Ann \u200d Lee",
    "a\u00adb",
    "\u202eevil",
    "tab\there",
    "nul\x00",
    "private\ue000",
    "x" * MAX_NAME,
    "x" * (MAX_NAME + 1),
    "  名前   / O'Brien ",
]


def server_takes(name: str) -> tuple[str | None, str | None]:
    """(the tidied name, None) if the server takes it, else (None, its reason)."""
    try:
        return check_name(name), None
    except Refusal as r:
        return None, r.message


def test_length_is_counted_as_a_person_counts() -> None:
    assert name_length(FAMILY) == 1 and name_length("👍🏽") == 1 and name_length("🇹🇷🇷🇸") == 2
    assert name_length("Zoe\u0301") == 3 and name_length(SCOTLAND) == 1 and name_length("Ann Lee") == 7
    assert check_name(FAMILY * MAX_NAME) == FAMILY * MAX_NAME  # 24 emoji of 7 code points each


@pytest.mark.parametrize(
    "name, reason",
    [
        ("Ann\u200bSmith", "invisible characters"),
        ("\u200dAnn", "invisible characters"),
        ("a\u00adb", "invisible characters"),
        ("nul\x00", "control characters"),
        ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} letters"),
        ("   ", "give your name"),
    ],
)
def test_each_refusal_gives_its_own_reason(name: str, reason: str) -> None:
    taken, why = server_takes(name)
    assert taken is None and why is not None and reason in why


def page_checks(names: list[str]) -> list[list[str | None]]:
    """``[nameProblem(n), cleanName(n)]`` of names.js for each name, run by Node."""
    script = (
        "import { readFileSync } from 'node:fs';"
        f"const m = await import({json.dumps((Path(STATIC) / 'js' / 'names.js').as_uri())});"
        "const names = JSON.parse(readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(names.map((n) => [m.nameProblem(n), m.cleanName(n)])));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script], input=json.dumps(names), capture_output=True, text=True, timeout=60, check=True
    )
    return list(json.loads(out.stdout))


needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the page's script")


def agree(names: list[str]) -> None:
    for name, (problem, cleaned) in zip(names, page_checks(names), strict=True):
        taken, _ = server_takes(name)
        assert (problem is None) == (taken is not None), (name, problem, taken)
        if taken is not None:
            assert cleaned == taken, name


@needs_node
def test_the_page_takes_the_names_the_server_takes() -> None:
    agree(NAMES)


ALPHABET = st.sampled_from(
    list("ab Zé\t")
    + ["\u0301", "\u200d", "\u200b", "\u00ad", "\x00", "\ue000", "👩", "👍", "🏽", "🇹", "🇷", "\ufe0f", "\U000e0067", "名", "\u3000"]
)


@needs_node
@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(ALPHABET, min_size=1, max_size=30), min_size=20, max_size=20))
def test_the_page_and_the_server_agree_on_any_mix_of_these_characters(names: list[str]) -> None:
    agree(names)
