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
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from hearts.core import Hand, Rules

from .random_play import play_random_hand, random_card, random_pass


def _rate(step: Callable[[int], int], seconds: float) -> tuple[float, int, float]:
    """Call ``step(i)`` (which returns how many operations it did) for about ``seconds``.

    One untimed call first warms up lazily built tables. Returns
    (operations per second, operations, elapsed seconds).
    """
    step(-1)
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    ops = 0
    i = 0
    while True:
        ops += step(i)
        i += 1
        now = clock()
        if now >= end:
            break
    elapsed = now - start
    return ops / elapsed, ops, elapsed


def bench_hands(rules: Rules, seed: int, seconds: float) -> tuple[float, int, float]:
    """Random complete hands per second, hand numbers cycling 1..4."""
    rng = random.Random(seed)

    def step(i: int) -> int:
        play_random_hand(rules, rng, number=i % 4 + 1)
        return 1

    return _rate(step, seconds)


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


def bench_clones(seed: int, seconds: float, batch: int = 200) -> tuple[float, int, float]:
    """Clone-and-play operations per second on mid-hand standard states."""
    states = _mid_hands(seed)

    def step(i: int) -> int:
        hand, cards = states[i % len(states)]
        for j in range(batch):
            hand.clone().play(cards[j % len(cards)])
        return batch

    return _rate(step, seconds)


def bench_openspiel(game: Any, seed: int, seconds: float) -> tuple[float, int, float]:
    """OpenSpiel ``hearts`` hands per second, driven from Python with a seeded ``random``."""
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

    return _rate(step, seconds)


def bench_pyspiel_decisions(game: Any, seed: int, seconds: float) -> tuple[float, int, float]:
    """Decisions (picks and cards, not chance outcomes) per second of a pyspiel game played at random from Python."""
    from hearts.openspiel.bridge import random_playout

    rng = random.Random(seed)

    def step(i: int) -> int:
        return random_playout(game.new_initial_state(), rng)[0]

    return _rate(step, seconds)


def bench_vec(seed: int, seconds: float, batch: int = 4096) -> tuple[float, int, float] | None:
    """``hearts.vec`` decisions per second, 4-player Hearts, ``batch`` hands at once (None without NumPy)."""
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

    return _rate(step, seconds)


def decisions_per_hand(rules: Rules) -> float:
    """Decisions of a hand (passing picks and cards), on average over the pass cycle: 61 for 4-player Hearts.

    >>> decisions_per_hand(Rules.standard(4))
    61.0
    """
    cycle = rules.pass_cycle
    passing = sum(d != "none" for d in cycle) / len(cycle)
    return rules.cards_each * rules.players + rules.players * rules.pass_count * passing


def bench_env_steps(seed: int, seconds: float) -> tuple[float, int, float] | None:
    """PettingZoo environment steps per second (None when the ``rl`` extra is missing).

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

    return _rate(step, seconds)


def measure(*, seconds: float, seed: int, openspiel: bool) -> dict[str, Any]:
    """Run every measurement; the result is what ``--json`` prints."""
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "seconds": seconds,
        "seed": seed,
    }
    rate, n, _ = bench_hands(Rules.standard(4), seed, seconds)
    result.update(standard4_hands_per_s=rate, standard4_hands=n)
    rate, n, _ = bench_hands(Rules.cancellation(11), seed, seconds)
    result.update(cancellation11_hands_per_s=rate, cancellation11_hands=n)
    rate, n, _ = bench_clones(seed, seconds)
    result.update(clones_per_s=rate, clones=n)
    env_rate = bench_env_steps(seed, seconds)
    if env_rate is None:
        result["env_steps"] = "not installed (pip install '.[rl]')"
    else:
        result.update(env_steps_per_s=env_rate[0], env_steps=env_rate[1])
    vec_rate = bench_vec(seed, seconds)
    if vec_rate is None:
        result["vec"] = "not installed (pip install '.[rl]')"
    else:
        engine = result["standard4_hands_per_s"] * decisions_per_hand(Rules.standard(4))
        result.update(
            vec_decisions_per_s=vec_rate[0],
            vec_decisions=vec_rate[1],
            engine_decisions_per_s=engine,
            ratio_vec_vs_engine=vec_rate[0] / engine,
        )
    if not openspiel:
        result["openspiel"] = "skipped (--no-openspiel)"
        return result
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

        from hearts.openspiel.bridge import load_hearts
    except ImportError:
        result["openspiel"] = "not installed (pip install 'hearts-game[openspiel]')"
        return result
    game = load_hearts()

    rate, n, _ = bench_openspiel(game, seed, seconds)
    result.update(
        openspiel="measured",
        openspiel_version=getattr(pyspiel, "__version__", None) or _dist_version("open_spiel"),
        openspiel_hands_per_s=rate,
        openspiel_hands=n,
        ratio_vs_openspiel=result["standard4_hands_per_s"] / rate,
    )
    cpp, _, _ = bench_pyspiel_decisions(game, seed, seconds)
    result.update(openspiel_decisions_per_s=cpp)
    try:
        import hearts.openspiel  # noqa: F401  (registers python_hearts)

        ours, _, _ = bench_pyspiel_decisions(pyspiel.load_game("python_hearts", {"moon": "add"}), seed, seconds)
        result.update(python_hearts_decisions_per_s=ours, ratio_python_hearts_vs_openspiel=ours / cpp)
    except ImportError:
        result["python_hearts"] = "not available (hearts.openspiel needs NumPy)"
    if "vec_decisions_per_s" in result:
        result["ratio_vec_vs_openspiel"] = result["vec_decisions_per_s"] / cpp
    return result


def _dist_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def format_table(r: dict[str, Any]) -> str:
    """The human-readable report."""
    rows = [
        ("standard hands, 4 players", f"{r['standard4_hands_per_s']:,.0f} /s", f"{r['standard4_hands']} hands"),
        ("cancellation hands, 11 players", f"{r['cancellation11_hands_per_s']:,.0f} /s", f"{r['cancellation11_hands']} hands"),
        ("clone + play one card", f"{r['clones_per_s']:,.0f} /s", f"{r['clones']} ops"),
    ]
    if "env_steps_per_s" in r:
        rows.append(("RL environment steps (AEC, 4p)", f"{r['env_steps_per_s']:,.0f} /s", f"{r['env_steps']} steps"))
    else:
        rows.append(("RL environment steps", "-", r["env_steps"]))
    if "vec_decisions_per_s" in r:
        vec = f"{r['vec_decisions_per_s']:,.0f} /s"
        rows.append(("hearts.vec decisions (4p, 4,096 hands at once)", vec, f"{r['vec_decisions']} decisions"))
    else:
        rows.append(("hearts.vec", "-", r["vec"]))
    if "openspiel_hands_per_s" in r:
        rows.append(("OpenSpiel hearts (from Python)", f"{r['openspiel_hands_per_s']:,.0f} /s", f"{r['openspiel_hands']} hands"))
        rows.append(("", "", ""))
        rows.append(
            (
                "1. our Hand API / OpenSpiel C++ via pyspiel",
                f"{r['ratio_vs_openspiel']:.2f}x",
                "hands; ours deals in 1 call, passes 1 call a seat; theirs 52 chance + 12 pass calls",
            )
        )
        if "ratio_python_hearts_vs_openspiel" in r:
            rows.append(
                (
                    "2. python_hearts / C++ hearts, same pyspiel loop",
                    f"{r['ratio_python_hearts_vs_openspiel']:.2f}x",
                    f"decisions: {r['python_hearts_decisions_per_s']:,.0f} vs {r['openspiel_decisions_per_s']:,.0f} /s",
                )
            )
        if "ratio_vec_vs_openspiel" in r:
            rows.append(("3. hearts.vec / C++ hearts via pyspiel", f"{r['ratio_vec_vs_openspiel']:.1f}x", "decisions, one core"))
    else:
        rows.append(("OpenSpiel hearts", "-", r["openspiel"]))
    if "ratio_vec_vs_engine" in r:
        rows.append(
            (
                "3. hearts.vec / our Hand API",
                f"{r['ratio_vec_vs_engine']:.1f}x",
                f"decisions (Hand API: {r['engine_decisions_per_s']:,.0f} /s, 61 a hand)",
            )
        )
    w0 = max(len(a) for a, _, _ in rows)
    w1 = max(len(b) for _, b, _ in rows)
    head = f"hearts bench: Python {r['python']} ({r['implementation']}), {r['seconds']:g} s each, seed {r['seed']}"
    lines = [head, ""] + [f"  {a:<{w0}}  {b:>{w1}}  {c}".rstrip() for a, b, c in rows]
    return "\n".join(lines)


def run_bench(*, seconds: float, seed: int, as_json: bool, openspiel: bool) -> int:
    """Entry point of ``hearts bench``; returns the exit status."""
    if not seconds > 0:
        print("hearts bench: --seconds must be more than 0", file=sys.stderr)
        return 2
    result = measure(seconds=seconds, seed=seed, openspiel=openspiel)
    print(json.dumps(result, sort_keys=True) if as_json else format_table(result))
    return 0
