"""``python_hearts`` through pyspiel: random play and clones per second, against OpenSpiel's C++ ``hearts``.

Each game is driven the same way from Python (``legal_actions`` or
``chance_outcomes``, then ``apply_action``), one complete hand at a time.

    PYTHONPATH=src python benchmarks/openspiel_game.py [--seconds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import pyspiel

import hearts.openspiel  # noqa: F401  (registers python_hearts)
from hearts.openspiel.bridge import random_playout


def random_hands(game: Any, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(hands per second, states per second) of uniformly random play for about ``seconds``."""
    rng = random.Random(seed)
    hands = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += random_playout(game.new_initial_state(), rng)[1]
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, steps / elapsed


def clones(game: Any, seconds: float, seed: int = 2) -> float:
    """Clone a mid-hand state and play one card, per second."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 80:
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        copy = state.clone()
        copy.apply_action(copy.legal_actions()[0])
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = {
        "python_hearts_standard4": pyspiel.load_game("python_hearts", {"moon": "add"}),
        "openspiel_hearts": pyspiel.load_game("hearts"),
        "python_hearts_cancellation8": pyspiel.load_game("python_hearts", {"variant": "cancellation", "players": 8}),
    }
    out: dict[str, float] = {}
    for name, game in games.items():
        hands, states = random_hands(game, args.seconds)
        out[f"{name}_hands_per_s"] = round(hands, 1)
        out[f"{name}_states_per_s"] = round(states)
        out[f"{name}_clones_per_s"] = round(clones(game, args.seconds / 3))
    out["ratio_states_vs_openspiel"] = round(out["python_hearts_standard4_states_per_s"] / out["openspiel_hearts_states_per_s"], 3)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:45} {v:>12,}")


if __name__ == "__main__":
    main()
