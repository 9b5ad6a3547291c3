"""Saves written by an earlier ``hearts play`` still load and go on exactly as they would have.

The files under ``tests/data/saves/`` were written by the terminal app's
session before it drove :class:`hearts.session.table.TableSession`, with
what resuming them gave then (``expected.json``); ``make_saves.py`` there
made both.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from hearts.tui.session import Session

SAVES = Path(__file__).parents[1] / "data" / "saves"
EXPECTED: dict[str, Any] = json.loads((SAVES / "expected.json").read_text())


def _maker() -> Any:
    spec = importlib.util.spec_from_file_location("make_saves", SAVES / "make_saves.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKER = _maker()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_save_resumes_to_the_same_state_and_goes_on_alike(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.json"
    shutil.copy(SAVES / f"{name}.json", path)
    want = EXPECTED[name]
    s = Session.resume(path, bots=MAKER.BOTS)
    try:
        saved = json.loads((SAVES / f"{name}.json").read_text())
        assert json.loads(path.read_text()) == s.record() == saved  # loading writes the same file back
        assert repr(s.view()) == want["view"]
        assert s.can_undo() == want["undo"]
        assert (s.can_claim() if not s.hand_over else None) == want["claim"]
        assert (repr(s.hint()) if s.human_to_act() else None) == want["hint"]
        assert MAKER.go_on(s, 4) == want["after"]
    finally:
        s.close()
