"""Write the terminal app's save fixtures and what resuming them must give (run once, with the code of the day).

The saves were written by ``hearts play``'s session as it stood before it
drove :class:`hearts.session.table.TableSession` (commit ec93e41); the test
``tests/tui/test_old_saves.py`` loads them with today's code and checks that
each resumes to the same state and goes on with the same moves.

    PYTHONPATH=src python tests/data/saves/make_saves.py
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hearts.core import Rules
from hearts.record import game_record
from hearts.tui.session import Session

HERE = Path(__file__).parent
#: the opponents of every fixture (reseeded each decision, so their moves depend only on the moment)
BOTS = ["random", "easy", "random"]


def step(s: Session) -> None:
    """One move of the human (the first legal card, the lowest three to pass, add for the moon), then the bots."""
    if s.hand_over:
        s.next_hand()
    elif s.phase == "pass":
        s.pass_cards(s.view().hand[:3])
    elif s.phase == "play":
        s.play(s.view().legal[0])
    else:
        s.choose_moon("add")
    s.run_bots()


def go_on(s: Session, hands: int) -> dict[str, Any]:
    """Play on until ``hands`` hands are dealt and the last is over (or the game ends); the game's record."""
    while not s.game_over and not (len(s.game.hands) >= hands and s.hand_over):
        step(s)
    return game_record(s.game)


def main() -> None:
    out: dict[str, Any] = {}
    tmp = Path(tempfile.mkdtemp())
    try:
        # mid-hand: hand 2, five tricks in, the human to play, one undo on the way
        s = Session.new(Rules.standard(4), seed=11, bots=BOTS, save_path=tmp / "mid.json")
        while not (len(s.game.hands) == 2 and s.phase == "play" and len(s.hand.plays) >= 20 and s.human_to_act()):
            step(s)
        s.undo()
        s.play(s.view().legal[-1])
        s.run_bots()
        shutil.copy(tmp / "mid.json", HERE / "mid-hand.json")
        # the score sheet: hand 1 over, hand 2 not dealt yet (3 players, hearts broken rule defaults)
        t = Session.new(Rules.standard(3), seed=5, bots=BOTS, save_path=tmp / "sheet.json")
        while not t.hand_over:
            step(t)
        shutil.copy(tmp / "sheet.json", HERE / "score-sheet.json")
        # the same save without its deals block: an older version's record (later deals from hand 1's deal)
        old = json.loads((tmp / "mid.json").read_text())
        old.pop("deals")
        for h in old["hands"]:
            h.pop("seed", None)
        (HERE / "mid-hand-no-deals.json").write_text(json.dumps(old, indent=1) + "\n")
        for name in ("mid-hand", "score-sheet", "mid-hand-no-deals"):
            r = Session.resume(HERE / f"{name}.json", bots=BOTS, save_path=tmp / f"{name}-r.json")
            out[name] = {
                "view": repr(r.view()),
                "undo": r.can_undo(),
                "claim": r.can_claim() if not r.hand_over else None,
                "hint": repr(r.hint()) if r.human_to_act() else None,
                "after": go_on(r, 4),
            }
    finally:
        shutil.rmtree(tmp)
    (HERE / "expected.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
