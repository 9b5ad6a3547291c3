"""``hearts bench``: how fast the engine plays random hands, in one process.

Measurements, each run for about ``seconds``:

- ``standard4``: random complete 4-player hands (deal, pass, play), hand
  numbers cycling 1..4 so every pass direction (and no pass) occurs;
- ``cancellation11``: the same for 11-player Cancellation Hearts;
- ``clones``: clone a mid-hand state and play one legal card on the copy;
- ``env_steps`` (where the ``rl`` extra imports): steps of the PettingZoo
  environment (:mod:`hearts.rl`), 4-player standard Hearts, random legal
  actions through the AEC API (``last``, ``step``), episodes of one hand;
- ``openspiel`` (where ``pyspiel`` imports): OpenSpiel's ``hearts`` driven
  from Python (pass direction cycling, random deal, random passes and
  plays), and the ratio of our speed to theirs.

The report makes three comparisons, each described as it is driven:

1. **our engine's own API against OpenSpiel's C++ through pyspiel**
   (``ratio_vs_openspiel``, hands per second): ours deals in one call and
   passes with one call per seat; OpenSpiel goes through 52 chance nodes
   for the deal and 12 pass actions, each a call from Python. Not the same
   work per hand: it measures what each API costs a Python caller;
2. **``python_hearts`` against C++ ``hearts`` through the same pyspiel
   loop** (``ratio_python_hearts_vs_openspiel``): both games driven by the
   same code (``chance_outcomes`` or ``legal_actions``, then
   ``apply_action``, random choices), counted in decisions (passing picks
   and cards played);
3. **``hearts.vec`` against both** (``ratio_vec_vs_openspiel``,
   ``ratio_vec_vs_engine``, decisions per second, one process, one core):
   4,096 hands stepped at once with NumPy, random legal cards drawn over the
   batch, finished hands dealt again; against the decisions of 2 (C++
   ``hearts``) and of ``standard4`` (our engine's API, 61 decisions a hand
   on average over the pass cycle).
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hearts.core import Hand, Rules

from .random_play import play_random_hand, random_card, random_pass

#: rounds of every loop (interleaved): the report gives each figure's median and spread
ROUNDS = 3
#: hands of ``hearts.vec`` stepped at once
VEC_BATCH = 4096


def _clocked(step: Callable[[int], int], seconds: float) -> tuple[float, int, float, float]:
    """Call ``step(i)`` (which returns how many operations it did) for about ``seconds`` of this process's CPU time.

    One untimed call first warms up lazily built tables. Returns (operations
    per CPU second, operations, CPU seconds, wall seconds).
    """
    step(-1)
    cpu, wall = time.process_time, time.perf_counter
    start_cpu, start_wall = cpu(), wall()
    end = start_cpu + seconds
    ops = 0
    i = 0
    while True:
        ops += step(i)
        i += 1
        now = cpu()
        if now >= end:
            break
    spent = max(now - start_cpu, 1e-9)
    return ops / spent, ops, spent, wall() - start_wall


def hands_step(rules: Rules, seed: int) -> Callable[[int], int]:
    """One random complete hand a call, hand numbers cycling 1..4."""
    rng = random.Random(seed)

    def step(i: int) -> int:
        play_random_hand(rules, rng, number=i % 4 + 1)
        return 1

    return step


def _mid_hands(seed: int, count: int = 16) -> list[tuple[Hand, list[int]]]:
    """Standard 4-player hands stopped after a random 10..40 plays, with their legal cards."""
    rng = random.Random(seed)
    out = []
    rules = Rules.standard(4)
    for i in range(count):
        hand = Hand.from_seed(rules, rng, number=i % 4 + 1)
        stop = rng.randrange(10, 40)
        if hand.phase == "pass":
            for seat in range(4):
                hand.pass_cards(seat, random_pass(hand, seat, rng))
        while len(hand.plays) < stop:
            hand.play(random_card(hand.legal_mask(), rng))
        out.append((hand, hand.legal_cards()))
    return out


def clones_step(seed: int, batch: int = 200) -> Callable[[int], int]:
    """``batch`` clone-and-play operations a call on mid-hand standard states."""
    states = _mid_hands(seed)

    def step(i: int) -> int:
        hand, cards = states[i % len(states)]
        for j in range(batch):
            hand.clone().play(cards[j % len(cards)])
        return batch

    return step


def openspiel_step(game: Any, seed: int) -> Callable[[int], int]:
    """One OpenSpiel ``hearts`` hand a call, driven from Python with a seeded ``random``."""
    from hearts.openspiel.bridge import HAND_NUMBER_FOR_OPENSPIEL_DIR

    cycle = tuple(sorted(HAND_NUMBER_FOR_OPENSPIEL_DIR, key=HAND_NUMBER_FOR_OPENSPIEL_DIR.__getitem__))
    rng = random.Random(seed)

    def step(i: int) -> int:
        state = game.new_initial_state()
        state.apply_action(cycle[i % 4])
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        return 1

    return step


def pyspiel_decisions_step(game: Any, seed: int) -> Callable[[int], int]:
    """The decisions (picks and cards, not chance outcomes) of one pyspiel game played at random from Python, a call."""
    from hearts.openspiel.bridge import random_playout

    rng = random.Random(seed)

    def step(i: int) -> int:
        return int(random_playout(game.new_initial_state(), rng)[0])

    return step


def vec_step(seed: int, batch: int = VEC_BATCH) -> Callable[[int], int] | None:
    """Eight steps of ``batch`` 4-player hands a call, random legal cards, finished hands dealt again (None without NumPy)."""
    try:
        import numpy as np

        from hearts.vec import VecHearts
    except ImportError:
        return None
    env = VecHearts(Rules.standard(4), batch)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)

    def step(i: int) -> int:
        decisions = 0
        for _ in range(8):
            active = batch - int(env.done.sum())
            env.step(env.random_actions(rng))
            env.reset_done()
            decisions += active
        return decisions

    return step


def decisions_per_hand(rules: Rules) -> float:
    """Decisions of a hand (passing picks and cards), on average over the pass cycle: 61 for 4-player Hearts.

    >>> decisions_per_hand(Rules.standard(4))
    61.0
    """
    cycle = rules.pass_cycle
    passing = sum(d != "none" for d in cycle) / len(cycle)
    return rules.cards_each * rules.players + rules.players * rules.pass_count * passing


def env_step(seed: int) -> Callable[[int], int] | None:
    """64 PettingZoo AEC steps a call, random legal actions (None when the ``rl`` extra is missing).

    ``hearts.rl`` needs the optional extra, so it is imported here only.
    """
    try:
        from hearts.rl import raw_env
    except ImportError:
        return None
    env = raw_env("standard", 4)
    rng = random.Random(seed)
    env.reset(seed=seed)

    def step(i: int) -> int:
        steps = 0
        for _ in range(64):
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.reset()
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        return steps

    return step


@dataclass
class Loop:
    """One measured loop: ``key`` names its rate in the JSON (``KEY_per_s``), ``unit`` what it counts."""

    key: str
    unit: str
    drives: str
    batch: int | None
    step: Callable[[int], int]
    rates: list[float] = field(default_factory=list)
    wall_rates: list[float] = field(default_factory=list)
    ops: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "drives": self.drives,
            "batch": self.batch,
            "counts": self.unit,
            "per_cpu_s": _summary(self.rates),
            "per_wall_s_median": statistics.median(self.wall_rates),
            "total": self.ops,
        }


def _summary(values: list[float]) -> dict[str, Any]:
    """The median of the rounds, their lowest and highest, and each round's value."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "rounds": values}


#: the ratios the report makes, each (name, numerator loop, denominator loop): one per round
RATIOS = (
    ("ratio_vs_openspiel", "standard4_hands", "openspiel_hands"),
    ("ratio_python_hearts_vs_openspiel", "python_hearts_decisions", "openspiel_decisions"),
    ("ratio_vec_vs_openspiel", "vec_decisions", "openspiel_decisions"),
)


def loops(seed: int, openspiel: bool, notes: dict[str, Any]) -> list[Loop]:
    """The loops of this machine (those whose packages import); what is skipped is said in ``notes``."""
    out = [
        Loop(
            "standard4_hands",
            "hands",
            "random complete 4-player hands through the Hand API (deal, pass, play)",
            None,
            hands_step(Rules.standard(4), seed),
        ),
        Loop(
            "cancellation11_hands",
            "hands",
            "random complete 11-player Cancellation Hearts hands through the Hand API",
            None,
            hands_step(Rules.cancellation(11), seed),
        ),
        Loop(
            "clones",
            "clone-and-play operations",
            "clone a mid-hand 4-player state and play one legal card on the copy",
            None,
            clones_step(seed),
        ),
    ]
    env = env_step(seed)
    if env is None:
        notes["env_steps"] = "not installed (pip install '.[rl]')"
    else:
        out.append(Loop("env_steps", "steps", "PettingZoo AEC steps (last, step), 4-player Hearts, random legal actions", None, env))
    vec = vec_step(seed)
    if vec is None:
        notes["vec"] = "not installed (pip install '.[rl]')"
    else:
        out.append(
            Loop(
                "vec_decisions",
                "decisions",
                "hearts.vec: 4-player hands stepped at once with NumPy, random legal "
                "cards drawn over the batch, finished hands dealt again",
                VEC_BATCH,
                vec,
            )
        )
    if not openspiel:
        notes["openspiel"] = "skipped (--no-openspiel)"
        return out
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

        from hearts.openspiel.bridge import load_hearts
    except ImportError:
        notes["openspiel"] = "not installed (pip install 'hearts-game[openspiel]')"
        return out
    game = load_hearts()
    notes.update(openspiel="measured", openspiel_version=getattr(pyspiel, "__version__", None) or _dist_version("open_spiel"))
    out.append(
        Loop(
            "openspiel_hands",
            "hands",
            "OpenSpiel's C++ hearts through pyspiel from Python: 52 chance actions, 12 pass actions and 52 plays a hand, each a call",
            None,
            openspiel_step(game, seed),
        )
    )
    out.append(
        Loop(
            "openspiel_decisions",
            "decisions",
            "OpenSpiel's C++ hearts through a pyspiel loop (chance_outcomes or legal_actions, then apply_action), counting picks and plays",
            None,
            pyspiel_decisions_step(game, seed),
        )
    )
    try:
        import hearts.openspiel  # noqa: F401  (registers python_hearts)

        ours = pyspiel.load_game("python_hearts", {"moon": "add"})
        out.append(
            Loop(
                "python_hearts_decisions",
                "decisions",
                "our engine behind pyspiel's Python game interface, the same pyspiel loop",
                None,
                pyspiel_decisions_step(ours, seed),
            )
        )
    except ImportError:
        notes["python_hearts"] = "not available (hearts.openspiel needs NumPy)"
    return out


def measure(*, seconds: float, seed: int, openspiel: bool, rounds: int = ROUNDS) -> dict[str, Any]:
    """Run every loop for ``seconds`` of CPU time, ``rounds`` times, interleaved; the result is what ``--json`` prints.

    Each round runs every loop once, starting one loop later than the round
    before, so that a slow spell of the machine falls on different loops;
    ratios are taken within each round (the two loops measured minutes
    apart at most), and every figure is the median of the rounds.
    """
    notes: dict[str, Any] = {}
    measured = loops(seed, openspiel, notes)
    for r in range(rounds):
        for loop in measured[r % len(measured) :] + measured[: r % len(measured)]:
            rate, ops, _, wall = _clocked(loop.step, seconds)
            loop.rates.append(rate)
            loop.wall_rates.append(ops / max(wall, 1e-9))
            loop.ops += ops
    by_key = {loop.key: loop for loop in measured}
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": {"processor": platform.processor() or platform.machine(), "cpus": os.cpu_count(), "system": platform.system()},
        "seconds": seconds,
        "rounds": rounds,
        "seed": seed,
        "clock": "process CPU time (time.process_time) per loop; the wall time's rate is given too",
        **notes,
        "loops": {loop.key: loop.to_json() for loop in measured},
    }
    for loop in measured:  # each loop's median and count at the top too (``standard4_hands_per_s``, ``standard4_hands``)
        result[f"{loop.key}_per_s"] = statistics.median(loop.rates)
        result[loop.key] = loop.ops
    ratios: dict[str, Any] = {}
    for name, top, bottom in RATIOS:
        if top in by_key and bottom in by_key:
            per_round = [a / b for a, b in zip(by_key[top].rates, by_key[bottom].rates, strict=True)]
            ratios[name] = _summary(per_round)
            result[name] = ratios[name]["median"]
    if "standard4_hands" in by_key and "vec_decisions" in by_key:
        per_hand = decisions_per_hand(Rules.standard(4))
        engine = [rate * per_hand for rate in by_key["standard4_hands"].rates]
        result["engine_decisions_per_s"] = statistics.median(engine)
        ratios["ratio_vec_vs_engine"] = _summary([v / e for v, e in zip(by_key["vec_decisions"].rates, engine, strict=True)])
        result["ratio_vec_vs_engine"] = ratios["ratio_vec_vs_engine"]["median"]
    result["ratios"] = ratios
    return result


def _dist_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def _rate_text(r: dict[str, Any], key: str) -> str:
    """A loop's median rate with its spread over the rounds: ``6,500 /s (6,300-6,800)``."""
    spread = r["loops"][key]["per_cpu_s"]
    return f"{spread['median']:,.0f} /s ({spread['min']:,.0f}-{spread['max']:,.0f})"


def _ratio_text(r: dict[str, Any], name: str) -> str:
    spread = r["ratios"][name]
    return f"{spread['median']:.2f}x ({spread['min']:.2f}-{spread['max']:.2f})"


def format_table(r: dict[str, Any]) -> str:
    """The human-readable report: each rate per CPU second, the median of the rounds (their lowest-highest)."""
    loops = r["loops"]
    rows = [
        ("standard hands, 4 players", _rate_text(r, "standard4_hands"), f"{r['standard4_hands']} hands"),
        ("cancellation hands, 11 players", _rate_text(r, "cancellation11_hands"), f"{r['cancellation11_hands']} hands"),
        ("clone + play one card", _rate_text(r, "clones"), f"{r['clones']} ops"),
    ]
    if "env_steps" in loops:
        rows.append(("RL environment steps (AEC, 4p)", _rate_text(r, "env_steps"), f"{r['env_steps']} steps"))
    else:
        rows.append(("RL environment steps", "-", r["env_steps"]))
    if "vec_decisions" in loops:
        rows.append(("hearts.vec decisions (4p, 4,096 hands at once)", _rate_text(r, "vec_decisions"), f"{r['vec_decisions']} decisions"))
    else:
        rows.append(("hearts.vec", "-", r["vec"]))
    if "openspiel_hands" in loops:
        rows.append(("OpenSpiel hearts (from Python)", _rate_text(r, "openspiel_hands"), f"{r['openspiel_hands']} hands"))
        rows.append(("", "", ""))
        rows.append(
            (
                "1. our Hand API / OpenSpiel C++ via pyspiel",
                _ratio_text(r, "ratio_vs_openspiel"),
                "hands; ours deals in 1 call, passes 1 call a seat; theirs 52 chance + 12 pass calls",
            )
        )
        if "ratio_python_hearts_vs_openspiel" in r["ratios"]:
            rows.append(
                (
                    "2. python_hearts / C++ hearts, same pyspiel loop",
                    _ratio_text(r, "ratio_python_hearts_vs_openspiel"),
                    f"decisions: {r['python_hearts_decisions_per_s']:,.0f} vs {r['openspiel_decisions_per_s']:,.0f} /s",
                )
            )
        if "ratio_vec_vs_openspiel" in r["ratios"]:
            rows.append(("3. hearts.vec / C++ hearts via pyspiel", _ratio_text(r, "ratio_vec_vs_openspiel"), "decisions, one core"))
    else:
        rows.append(("OpenSpiel hearts", "-", r["openspiel"]))
    if "ratio_vec_vs_engine" in r["ratios"]:
        rows.append(
            (
                "3. hearts.vec / our Hand API",
                _ratio_text(r, "ratio_vec_vs_engine"),
                f"decisions (Hand API: {r['engine_decisions_per_s']:,.0f} /s, 61 a hand)",
            )
        )
    w0 = max(len(a) for a, _, _ in rows)
    w1 = max(len(b) for _, b, _ in rows)
    head = (
        f"hearts bench: Python {r['python']} ({r['implementation']}), {r['machine']['processor']}, {r['rounds']} rounds of "
        f"{r['seconds']:g} CPU s a loop, seed {r['seed']}: per CPU second, median of the rounds (lowest-highest)"
    )
    lines = [head, ""] + [f"  {a:<{w0}}  {b:>{w1}}  {c}".rstrip() for a, b, c in rows]
    return "\n".join(lines)


def run_bench(*, seconds: float, seed: int, as_json: bool, openspiel: bool, rounds: int = ROUNDS) -> int:
    """Entry point of ``hearts bench``; returns the exit status."""
    if not seconds > 0:
        print("hearts bench: --seconds must be more than 0", file=sys.stderr)
        return 2
    if rounds < 1:
        print("hearts bench: --rounds must be 1 or more", file=sys.stderr)
        return 2
    result = measure(seconds=seconds, seed=seed, openspiel=openspiel, rounds=rounds)
    print(json.dumps(result, sort_keys=True) if as_json else format_table(result))
    return 0
