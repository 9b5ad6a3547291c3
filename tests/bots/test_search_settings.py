"""The search's settings: one frozen class, its presets (the levels), and the spec text both ways."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.bots import LEVELS, BotSpecError, make_bot
from hearts.bots.search import SearchBot
from hearts.bots.search_settings import PRESETS, SETTINGS, SearchSettings
from hearts.bots.settings import Setting

MODELS = Path(__file__).resolve().parents[2] / "src" / "hearts" / "net" / "models"


def _values(s: Setting) -> st.SearchStrategy[Any]:
    """Every value of one setting (None too where the setting may be left out)."""
    if s.kind == "flag":
        return st.booleans()
    if s.kind == "choice":
        return st.sampled_from(s.choices)
    values: st.SearchStrategy[Any]
    if s.kind == "int":
        values = st.integers(int(s.low), int(s.high))
    else:
        values = st.floats(s.low, s.high, allow_nan=False)
    return st.none() | values if s.default is None else values


SEARCH_SETTINGS = st.fixed_dictionaries({s.name: _values(s) for s in SETTINGS}).map(lambda d: SearchSettings(**d))


@given(SEARCH_SETTINGS)
def test_a_spec_written_from_settings_reads_back_to_the_same_settings(settings: SearchSettings) -> None:
    spec = settings.spec()
    assert SearchSettings.from_spec(spec) == settings
    bot = make_bot(spec)
    assert isinstance(bot, SearchBot) and bot.settings == settings and bot.name == spec


@pytest.mark.parametrize("level", sorted(PRESETS))
def test_a_level_is_its_preset(level: str) -> None:
    assert LEVELS[level] == PRESETS[level].spec()
    assert SearchSettings.from_spec(LEVELS[level]) == PRESETS[level] == getattr(SearchSettings, level)()
    bot = make_bot(level, seed=1)
    assert isinstance(bot, SearchBot) and bot.settings == PRESETS[level] and bot.name == level


def test_expert_is_hard_with_more_simulations_and_the_moon_guards() -> None:
    hard, expert = SearchSettings.hard(), SearchSettings.expert()
    changed = {f.name for f in dataclasses.fields(SearchSettings) if getattr(hard, f.name) != getattr(expert, f.name)}
    assert changed == {"ms", "sims", "pass_ms", "pass_top", "stopper", "boss_over"}


def test_the_settings_are_frozen_and_checked_when_built() -> None:
    settings = SearchSettings(sims=40)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.sims = 50  # type: ignore[misc]
    for bad, message in [
        ({"jobs": 3}, "jobs must be between 1 and 2, not 3"),
        ({"miss": 0.0}, "miss must be between 0.05 and 1.0"),
        ({"evaluation": "points"}, "eval must be one of payoff, hand"),
        ({"moon": 1}, "moon must be True or False"),
        ({"sims": 2.5}, "sims must be a whole number"),
    ]:
        with pytest.raises(ValueError, match=message):
            SearchSettings(**bad)
    assert SearchSettings(boss=3).boss == 3.0 and isinstance(SearchSettings(boss=3).boss, float)
    assert SearchSettings().ms == 700 and SearchSettings(sims=10).ms is None  # the default budget without ms and sims


def test_from_spec_reads_only_search_specs() -> None:
    with pytest.raises(BotSpecError, match="not a search spec"):
        SearchSettings.from_spec("heuristic:noise=0.5")
    with pytest.raises(BotSpecError, match="jobs must be between 1 and 2 in bot spec 'search:jobs=3', not 3"):
        SearchSettings.from_spec("search:jobs=3")


def test_the_recipes_teachers_are_the_ones_the_shipped_models_were_trained_with() -> None:
    from hearts.learn.recipe import RECIPES

    names = sorted(p.stem for p in MODELS.glob("*.npz"))
    assert {"standard-4", "cancellation-8"} <= set(names)
    for name in names:
        report = json.loads((MODELS / f"{name}.json").read_text(encoding="utf-8"))["report"]
        assert RECIPES[name].teacher == report["recipe"]["teacher"] == report["teacher"]
        assert SearchSettings.from_spec(RECIPES[name].teacher).spec() == RECIPES[name].teacher
        # the recipe of that name rebuilds the shipped file: every setting it was made with is the recipe's now
        made = {k: v for k, v in RECIPES[name].to_dict().items() if k in report["recipe"]}
        assert made == report["recipe"], name
