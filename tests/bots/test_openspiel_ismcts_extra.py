"""The ``openspiel-ismcts`` adapter without OpenSpiel: a clear error, and the rules it accepts."""

from __future__ import annotations

import sys

import pytest

from hearts.bots import make_bot
from hearts.bots.registry import BotSpecError
from hearts.core import Rules
from hearts.openspiel.bridge import openspiel_params, why_not_openspiel


def test_missing_openspiel_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes ``import pyspiel`` fail
    with pytest.raises(BotSpecError, match=r"needs the openspiel extra: pip install -e '\.\[openspiel\]'"):
        make_bot("openspiel-ismcts:sims=10")


def test_bad_settings_fail_before_openspiel_is_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(BotSpecError, match="sims must be"):
        make_bot("openspiel-ismcts:sims=0")


def test_rules_openspiel_can_play() -> None:
    assert why_not_openspiel(Rules.standard(4, target=50, ties="share")) is None
    assert why_not_openspiel(Rules.standard(4, pass_count=0)) is None
    assert "4-player" in (why_not_openspiel(Rules.cancellation(8)) or "")
    assert "subtract" in (why_not_openspiel(Rules.standard(4, moon="subtract")) or "")
    assert openspiel_params(Rules.standard(4)) == {"no_pts_on_first_trick": True, "qs_breaks_hearts": True}
    assert openspiel_params(Rules.standard(4, points_on_first_trick=True, queen_breaks_hearts=False)) == {
        "no_pts_on_first_trick": False,
        "qs_breaks_hearts": False,
    }
