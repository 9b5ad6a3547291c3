"""Every app hints with the same bot: :func:`hearts.session.bots.hint`'s spec (HINT_SPEC), from the seat's view only."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import hearts.session.bots as session_bots
from hearts.core import Action, Rules, SeatView
from hearts.server import services
from hearts.server.table import HUMAN, Table
from hearts.session import HINT_SPEC, hint
from hearts.tui.session import Session
from hearts.web import host as page_host


@pytest.fixture
def specs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The specs of every bot the session's bots module makes; each is made a random bot, so that its choice depends
    on its seed and view only (the hint bot has a time budget: its choice depends on the machine's speed too)."""
    made: list[str] = []
    real = session_bots.make_bot

    def recording(spec: str, **kw: Any) -> Any:
        made.append(spec)
        return real("random", **kw)

    monkeypatch.setattr(session_bots, "make_bot", recording)
    return made


def test_the_terminal_hints_with_the_session_hint(tmp_path: Path, specs: list[str]) -> None:
    s = Session.new(Rules.standard(4), seed=3, bots="random", save_path=tmp_path / "g.json")
    for _ in range(2):  # the pass, then the first play of the human
        specs.clear()
        got = s.hint()
        assert specs == [HINT_SPEC]
        assert got == hint(s.view(), s.table.bot_seed(s.human, "hint"))  # the same seed and view
        if s.phase == "pass":
            s.pass_cards(list(got.cards))  # type: ignore[union-attr]
        s.run_bots()
        while not s.human_to_act():
            s.run_bots()
    s.close()


def playing_table() -> Table:
    t = Table.new("t1", Rules.standard(4), level="easy", turn_seconds=0, secret="ab" * 32)
    t.seats[0].kind, t.seats[0].name = HUMAN, "Ann"
    t.apply({"kind": "start", "seat": 0, "by": "player"})
    return t


def test_the_server_hints_with_the_same_bot(specs: list[str]) -> None:
    asked: list[tuple[str, int]] = []

    class Pool:
        """The bot pool's decision, made here (its workers run :func:`hearts.session.decide` too)."""

        async def decide(self, spec: str, seed: int, view: SeatView) -> Action:
            asked.append((spec, seed))
            return session_bots.decide(spec, seed, view)

    t = playing_table()
    reply = asyncio.run(services.hint(SimpleNamespace(bots=Pool()), SimpleNamespace(table=t), 0))  # type: ignore[arg-type]
    assert asked == [(HINT_SPEC, t.bot_seed(0, "hint"))]
    want = t.entry_for(0, hint(t.game.view(0), t.bot_seed(0, "hint")), "hint")  # type: ignore[union-attr,arg-type]
    assert reply == {"seq": t.seq, "action": {"kind": "pass", "cards": want["cards"]}}


def test_the_page_hints_with_the_same_bot(specs: list[str]) -> None:
    t = playing_table()
    reply = page_host.PageHost(bot_delay=0.0)._hint(t, 0)
    assert specs == [HINT_SPEC]
    want = t.entry_for(0, hint(t.game.view(0), t.bot_seed(0, "hint")), "hint")  # type: ignore[union-attr,arg-type]
    assert reply == {"seq": t.seq, "action": {"kind": "pass", "cards": want["cards"]}}
