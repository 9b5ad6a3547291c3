"""Rules: presets, derived facts, pass cycle, and a clear error for every bad option."""

from __future__ import annotations

import pytest

from hearts.core import Rules, RulesError, names


@pytest.mark.parametrize(
    ("players", "removed", "each"),
    [(3, ["2D"], 17), (4, [], 13), (5, ["2C", "2D"], 10), (6, ["3C", "4C", "2D", "3D"], 8), (7, ["3C", "2D", "3D"], 7)],
)
def test_standard_decks_are_stripped_to_divide_evenly(players: int, removed: list[str], each: int) -> None:
    rules = Rules.standard(players)
    assert rules.removed_cards == removed
    assert rules.cards_each == each and rules.kitty_size == 0
    assert len(rules.deck) == players * each and rules.moon_points == 26


@pytest.mark.parametrize(("players", "each", "kitty"), [(6, 17, 2), (7, 14, 6), (8, 13, 0), (9, 11, 5), (10, 10, 4), (11, 9, 5)])
def test_cancellation_deals_two_decks_with_a_kitty(players: int, each: int, kitty: int) -> None:
    rules = Rules.cancellation(players)
    assert (rules.cards_each, rules.kitty_size, len(rules.deck)) == (each, kitty, 104)
    assert rules.moon_points == 52 and rules.target == 150 and rules.points_on_first_trick is True


def test_defaults_and_presets() -> None:
    std = Rules.standard(4)
    assert (std.target, std.pass_count, std.moon, std.ties, std.points_on_first_trick) == (100, 3, "choose", "play_on", False)
    assert Rules.omnibus(5).jack_of_diamonds and not std.jack_of_diamonds
    assert Rules.standard(4, points_on_first_trick=True).points_on_first_trick is True
    assert Rules.from_dict(std.to_dict()) == std
    assert names(Rules.standard(5).deck)[0] == "3C"


def test_pass_cycle() -> None:
    four = Rules.standard(4)
    assert [four.pass_direction(n) for n in range(1, 9)] == ["left", "right", "across", "none"] * 2
    for rules in (Rules.standard(3), Rules.standard(7), Rules.cancellation(8)):
        assert [rules.pass_direction(n) for n in range(1, 5)] == ["left", "right"] * 2
    assert Rules.standard(4, pass_count=0).pass_direction(1) == "none"
    assert four.pass_target(0, 2) == 3 and four.pass_target(0, 3) == 2
    for rules in (four, Rules.standard(5), Rules.cancellation(11), Rules.standard(4, pass_count=0)):
        cycle = rules.pass_cycle
        assert [rules.pass_direction(n) for n in range(1, 3 * len(cycle) + 1)] == list(cycle) * 3


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "bridge"}, "unknown variant"),
        ({"players": 2}, "3 to 7 players, not 2"),
        ({"players": 8}, "3 to 7 players, not 8"),
        ({"variant": "cancellation", "players": 5}, "6 to 11 players"),
        ({"variant": "cancellation", "players": 12}, "6 to 11 players"),
        ({"players": "4"}, "players must be an integer"),
        ({"players": True}, "players must be an integer"),
        ({"target": 0}, "target must be between"),
        ({"target": 2.5}, "target must be an integer"),
        ({"pass_count": -1}, "pass_count must be between 0 and 12"),
        ({"pass_count": 13}, "pass_count must be between 0 and 12"),
        ({"moon": "double"}, "moon must be one of"),
        ({"ties": "coin"}, "ties must be one of"),
        ({"queen_breaks_hearts": "yes"}, "queen_breaks_hearts must be true or false"),
        ({"jack_of_diamonds": 1}, "jack_of_diamonds must be true or false"),
        ({"two_pairs_void_trick": True}, "Cancellation Hearts only"),
        ({"last_trick_unwon": "previous_winner"}, "Cancellation Hearts only"),
        ({"variant": "cancellation", "players": 8, "last_trick_unwon": "me"}, "last_trick_unwon must be one of"),
    ],
)
def test_bad_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    kwargs: dict[str, object] = {"variant": "standard", "players": 4} | options
    with pytest.raises(RulesError, match=message):
        Rules(**kwargs)  # type: ignore[arg-type]


def test_from_dict_rejects_unknown_or_missing_keys() -> None:
    with pytest.raises(RulesError, match="unknown rules option 'trumps'"):
        Rules.from_dict({"variant": "standard", "players": 4, "trumps": "S"})
    with pytest.raises(RulesError, match="must give"):
        Rules.from_dict({"variant": "standard"})
    with pytest.raises(RulesError):
        Rules.from_dict(["standard", 4])


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        Rules.standard(4).target = 50  # type: ignore[misc]
