"""``hearts play`` with ``exec:`` opponents: program starts and wall time of whole hands, bots kept per game vs one a move.

``kept``: the session as it is (:class:`hearts.session.SeatBots`, one bot a
seat for the game). ``per-move``: the way ``hearts play`` worked before, a
fresh bot (so a fresh program) for every decision, emulated by a session whose
``step_bot`` makes one. The human seat plays its first legal card. Each start
of a program is counted by the wrapper it runs under (it logs its pid).

    python benchmarks/play_exec_bots.py --hands 1 --out benchmarks/results/2026-12-07-play-exec-bots/result.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from provenance import provenance

from hearts.bots import make_bot
from hearts.core import Rules
from hearts.tui.session import Session

ROOT = Path(__file__).resolve().parents[1]
WRAPPER = """\
import os, runpy, sys
with open({log!r}, "a") as f:
    f.write(f"{{os.getpid()}}\\n")
{run}
"""
#: the programs: the example bot (standard library only), or a bot of ours served by ``python -m hearts.bots.serve``
PROGRAMS = {
    "lowest": f"sys.argv = [{str(ROOT / 'examples' / 'bots' / 'lowest.py')!r}]; runpy.run_path(sys.argv[0], run_name='__main__')",
    "serve-heuristic": "sys.argv = ['serve', 'heuristic']; runpy.run_module('hearts.bots.serve', run_name='__main__')",
}


class PerMove(Session):
    """The old ``hearts play``: a fresh bot for every decision (its program started each time, never told ``end``)."""

    def step_bot(self) -> str | None:
        seat = self.bot_to_act()
        if seat is None:
            return None
        hand = self.hand
        bot = make_bot(self.bots[seat], seed=self._seed("bot", hand.number, len(hand.plays), seat))
        self.game.apply(bot.act(self.game.view(seat)))
        bot.close()
        self.save()
        return ""


def run(mode: str, program: str, hands: int, seed: int, folder: Path) -> dict[str, Any]:
    log = folder / f"{mode}-{program}.log"
    script = folder / f"{program}.py"
    script.write_text(WRAPPER.format(log=str(log), run=PROGRAMS[program]))
    cls = PerMove if mode == "per-move" else Session
    s = cls.new(Rules.standard(4), seed=seed, bots=f"exec:{sys.executable} {script}", save_path=None, autosave=False)
    decisions = 0
    t = time.perf_counter()
    while not s.game_over and (len(s.game.hands) < hands or not s.hand_over):
        if s.hand_over:
            s.next_hand()
        elif not s.human_to_act():
            s.step_bot()
            decisions += 1
        elif s.phase == "pass":
            s.pass_cards(s.view().hand[:3])
        elif s.phase == "play":
            s.play(s.view().legal[0])
        else:
            s.choose_moon("add")
    wall = time.perf_counter() - t
    s.close()
    starts = len(log.read_text().split()) if log.exists() else 0
    row: dict[str, Any] = {"mode": mode, "program": program, "hands": hands, "bot_decisions": decisions, "program_starts": starts}
    return row | {"wall_s": round(wall, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = [run(mode, program, args.hands, args.seed, Path(tmp)) for program in PROGRAMS for mode in ("kept", "per-move")]
    result = {"command": " ".join(["python", *sys.argv]), "python": sys.version.split()[0], "seed": args.seed, "runs": rows}
    result["provenance"] = provenance()
    text = json.dumps(result, indent=2)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
