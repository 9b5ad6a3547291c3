"""The rule book (docs/rules.md) agrees with the engine, and the docs stay inside the repository."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from hearts.core.cards import card_name, parse_card
from hearts.core.errors import RulesError
from hearts.core.rules import LAST_TRICK_RULES, MOON_CHOICES, RULE_KEYS, TIE_RULES, Rules

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "rules.md"
PLAYERS = {"standard": range(3, 8), "omnibus": range(3, 8), "cancellation": range(6, 12)}
CHOICES = {"moon": MOON_CHOICES, "ties": TIE_RULES, "last_trick_unwon": LAST_TRICK_RULES}


def tables(text: str) -> dict[tuple[str, ...], list[list[str]]]:
    """Every Markdown table of ``text``: header cells -> body rows (cells stripped)."""
    out: dict[tuple[str, ...], list[list[str]]] = {}
    block: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            block.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif block:
            out[tuple(block[0])] = [row for row in block[2:]]
            block = []
    return out


def table(header: tuple[str, ...]) -> list[list[str]]:
    found = tables(RULES_MD.read_text(encoding="utf-8"))
    assert header in found, f"docs/rules.md has no table headed {header}"
    return found[header]


def ticked(cell: str) -> list[str]:
    """The `code` items of a cell, in order."""
    return re.findall(r"`([^`]*)`", cell)


def value(text: str) -> bool | int | str:
    return {"true": True, "false": False}.get(text, int(text) if text.isdigit() else text)


def numbers(cell: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", cell)]


def cards(cell: str) -> list[str]:
    return sorted(card_name(parse_card(t)) for t in cell.split() if t != "none")


OPTIONS = table(("option", "values", "standard", "omnibus", "cancellation", "what it changes"))


def test_the_option_table_lists_every_option_once_in_the_engines_order() -> None:
    assert [ticked(row[0])[0] for row in OPTIONS] == list(RULE_KEYS)


@pytest.mark.parametrize("row", OPTIONS, ids=lambda row: ticked(row[0])[0])
def test_each_options_defaults_match_the_engine(row: list[str]) -> None:
    name = ticked(row[0])[0]
    for variant, cell in zip(("standard", "omnibus", "cancellation"), row[2:5], strict=True):
        written = value(ticked(cell)[0])
        for players in PLAYERS[variant]:
            actual = Rules(variant=variant, players=players).to_dict()[name]
            assert written == actual and type(written) is type(actual), (name, variant, players, written, actual)
        if "(fixed)" in cell:  # any other value is refused in this variant
            other = True if written is False else "previous_winner"
            with pytest.raises(RulesError, match=name):
                Rules(variant=variant, players=4, **{name: other})


@pytest.mark.parametrize("row", OPTIONS, ids=lambda row: ticked(row[0])[0])
def test_each_options_values_match_the_engine(row: list[str]) -> None:
    name, values = ticked(row[0])[0], ticked(row[1])
    default = Rules.cancellation(8).to_dict()[name]
    if name in CHOICES:
        assert tuple(values) == CHOICES[name]
    elif isinstance(default, bool):
        assert values == ["true", "false"]
        for v in (True, False):
            assert Rules.cancellation(8, **{name: v}).to_dict()[name] is v
        with pytest.raises(RulesError, match=name):
            Rules.cancellation(8, **{name: 1})
    elif name == "target":
        lo, hi = (int(v) for v in values)
        assert Rules.standard(4, target=lo).target == lo and Rules.standard(4, target=hi).target == hi
        for bad in (lo - 1, hi + 1):
            with pytest.raises(RulesError, match="target"):
                Rules.standard(4, target=bad)
    else:
        assert name == "pass_count" and values == ["0"]
        for variant, counts in PLAYERS.items():
            for players in counts:
                most = Rules(variant=variant, players=players).cards_each - 1
                assert Rules(variant=variant, players=players, pass_count=most).pass_count == most
                assert Rules(variant=variant, players=players, pass_count=0).pass_direction(1) == "none"
                for bad in (-1, most + 1):
                    with pytest.raises(RulesError, match="pass_count"):
                        Rules(variant=variant, players=players, pass_count=bad)


def test_the_variant_table_matches_the_engine() -> None:
    rows = table(("variant", "players", "decks", "default target", "in short"))
    assert [ticked(row[0])[0] for row in rows] == ["standard", "omnibus", "cancellation"]
    for row in rows:
        variant = ticked(row[0])[0]
        lo, hi = numbers(row[1])
        assert range(lo, hi + 1) == PLAYERS[variant]
        for players in (lo - 1, hi + 1):
            with pytest.raises(RulesError, match="players"):
                Rules(variant=variant, players=players)
        rules = Rules(variant=variant, players=lo)
        assert numbers(row[2]) == [rules.copies] and numbers(row[3]) == [rules.target]


def test_the_stripped_deck_table_matches_the_engine() -> None:
    rows = table(("players", "cards removed", "cards each", "lowest club"))
    assert [int(row[0]) for row in rows] == list(PLAYERS["standard"])
    for row in rows:
        for variant in ("standard", "omnibus"):
            rules = Rules(variant=variant, players=int(row[0]))
            assert cards(row[1]) == sorted(rules.removed_cards)
            assert int(row[2]) == rules.cards_each
            assert parse_card(row[3]) == rules.lowest_club


def test_the_kitty_table_matches_the_engine() -> None:
    rows = table(("players", "cards each", "kitty"))
    assert [int(row[0]) for row in rows] == list(PLAYERS["cancellation"])
    for row in rows:
        rules = Rules.cancellation(int(row[0]))
        assert (int(row[1]), int(row[2])) == (rules.cards_each, rules.kitty_size)


def test_the_passing_table_matches_the_engine() -> None:
    rows = table(("game", "players", "passing cycle"))
    covered: set[tuple[str, int]] = set()
    for game, players, cycle in rows:
        variants = ("cancellation",) if game.startswith("Cancellation") else ("standard", "omnibus")
        directions = [d.strip() for d in cycle.split(",")]
        for variant in variants:
            for n in numbers(players):
                rules = Rules(variant=variant, players=n)
                assert [rules.pass_direction(k) for k in range(1, 2 * len(directions) + 1)] == directions * 2
                covered.add((variant, n))
    assert covered == {(v, n) for v, counts in PLAYERS.items() for n in counts}


def test_the_examples_of_the_rule_book_run() -> None:
    result = doctest.testfile(str(RULES_MD), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def _shared_mentions() -> list[str]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "shared/" in line
    ]


def test_the_rule_book_is_the_projects_own() -> None:
    assert RULES_MD.exists()
    assert not [m for m in _shared_mentions() if "rules.md" in m]


def test_no_doc_sends_the_reader_outside_the_repository() -> None:
    assert _shared_mentions() == []
