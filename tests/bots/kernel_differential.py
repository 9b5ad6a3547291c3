"""The search kernel checked world by world: compiled, interpreted and the engine agree.

For a seat's view, :func:`check_view` runs the per-world loop
(:class:`hearts.bots.kernel.driver.KernelWorlds`) with the interpreted
kernels and, where given, the compiled ones, and compares every output
exactly. Then, for each world, it deals the same hands again, builds the
world with the engine (:meth:`hearts.core.Hand.world`) and checks every
number against the engine's own path: each candidate card played with
:meth:`~hearts.core.Hand.play` and the rollout policy to the end
(:func:`~hearts.bots.playout.playout`), valued by
:class:`~hearts.bots.playout.Evaluator`; the shoot line the same way; the
policy's own card (:func:`~hearts.bots.heuristic_rollout.rollout_card`);
the weight from :func:`~hearts.bots.inference.plausibility` (a replay of the
hand through the engine) and :func:`~hearts.bots.inference.pass_plausibility`.

Used by ``tests/bots/test_kernel_worlds.py`` (a few thousand worlds) and
``benchmarks/kernel_check.py`` (at volume).
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hearts.bots.heuristic import view_card
from hearts.bots.heuristic_play import SHOOT
from hearts.bots.heuristic_rollout import rollout_card
from hearts.bots.inference import pass_plausibility, plausibility
from hearts.bots.kernel.driver import KernelWorlds
from hearts.bots.kernel.runtime import MODULES
from hearts.bots.kernel.runtime import interpreted as interpreted_kernels
from hearts.bots.playout import Evaluator, playout
from hearts.core import Hand, Rules, SeatView

#: every table shape, with a few house rules
TABLES: dict[str, Rules] = {
    **{f"standard-{n}": Rules.standard(n) for n in range(3, 8)},
    "omnibus-4": Rules.omnibus(4),
    **{f"cancellation-{n}": Rules.cancellation(n) for n in range(6, 12)},
    "standard-4-house": Rules.standard(4, moon="subtract", queen_breaks_hearts=False, points_on_first_trick=True),
    "cancellation-8-house": Rules.cancellation(8, two_pairs_void_trick=True, last_trick_unwon="previous_winner", moon="add"),
}

MISS, PASS_MISS = 0.6, 0.5


@dataclass
class Tally:
    """What a check saw: views, worlds, numbers compared, and the first differences (empty when all agree)."""

    views: int = 0
    worlds: int = 0
    compared: int = 0
    differences: list[str] = field(default_factory=list)

    def differ(self, what: str) -> None:
        if len(self.differences) < 20:
            self.differences.append(what)


def random_view(rules: Rules, seed: int, scores: bool = True) -> SeatView | None:
    """A view of the seat to move after the passes and some random plays (None when the hand is over)."""
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, rng, dealer=rng.randrange(rules.players), number=rng.randint(1, 4))
    if hand.phase == "pass":
        for s in range(rules.players):
            hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
    for _ in range(rng.randrange(rules.cards_each * rules.players)):
        if hand.phase != "play":
            break
        hand.play(rng.choice(hand.legal_cards()))
    if hand.phase != "play" or len(hand.legal_cards()) < 2:
        return None
    target = rules.target or 100
    table = [rng.randrange(target) for _ in range(rules.players)] if scores and rng.random() < 0.5 else None
    return hand.view(hand.to_move, table)


def check_view(
    view: SeatView,
    seed: int,
    worlds: int,
    tally: Tally,
    compiled: types.SimpleNamespace | None = None,
    array: Callable[[Any], Any] | None = None,
    interpreted: types.SimpleNamespace | None = None,
    engine: bool = True,
) -> None:
    """Compare the kernel's ``worlds`` worlds of ``view`` (compiled, interpreted, the engine) into ``tally``."""
    me = view.seat
    assert me is not None
    points = view.points_taken
    shoot = view_card(view, SHOOT) if view.rules.copies == 1 and sum(points) == points[me] else None
    driver = KernelWorlds(view, seed, "payoff", shoot, MISS, PASS_MISS, 1, view.legal)
    ns = interpreted if interpreted is not None else interpreted_kernels()
    chunk = driver.run(0, worlds, ns, list)
    tally.views += 1
    tally.worlds += worlds
    if compiled is not None and array is not None:
        fast = driver.run(0, worlds, compiled, array)
        tally.compared += 1
        if fast != chunk:
            tally.differ(f"compiled != interpreted: {view.rules.variant} {view.players}p seed {seed}")
    if not engine:
        return
    value = Evaluator(me, view.rules, view.scores, "payoff").value
    for j in range(worlds):
        hands, kitty = driver.deal(j)
        world = Hand.world(view, hands, kitty)
        where = f"{view.rules.variant} {view.players}p seed {seed} world {j}"
        for c, card in enumerate(view.legal):
            w = world.clone()
            w.play(card)
            got = value(playout(w, lambda h, m: rollout_card(h, m, me), 0), w.shooter)
            tally.compared += 1
            if got != chunk.values[j][c]:
                tally.differ(f"{where}: card {card} valued {chunk.values[j][c]}, engine {got}")
        if shoot is not None:
            w = world.clone()
            w.play(shoot)
            got = value(playout(w, lambda h, m: rollout_card(h, m, me), 1 << me), w.shooter)
            tally.compared += 2
            if got != chunk.shoot_values[j] or (w.shooter == me) != chunk.shoot_moons[j]:
                tally.differ(f"{where}: shoot line {chunk.shoot_values[j]}, engine {got}")
        tally.compared += 2
        if rollout_card(world) != chunk.preferred[j]:
            tally.differ(f"{where}: policy card {chunk.preferred[j]}, engine {rollout_card(world)}")
        weight = plausibility(view, hands, kitty, MISS) * pass_plausibility(view, hands, PASS_MISS)
        if abs(weight - chunk.weights[j]) > 1e-12 * max(1.0, weight):
            tally.differ(f"{where}: weight {chunk.weights[j]}, engine {weight}")


def compiled_kernels() -> tuple[types.SimpleNamespace, Callable[[Any], Any]]:
    """The compiled kernels (Numba must be installed; compiled from the cache or now)."""
    from hearts import jit
    from hearts.bots.kernel.runtime import as_array

    return jit.compile_modules(MODULES), as_array


def linked(modules: tuple[types.ModuleType, ...], module: types.ModuleType, old: str, new: str) -> types.SimpleNamespace:
    """The kernels run interpreted with ``old`` replaced by ``new`` in ``module``'s source (a mutant, to show that a
    check can fail), every kernel calling the mutant's functions."""
    import inspect

    source = inspect.getsource(module)
    assert source.count(old) == 1, f"{old!r} is not in {module.__name__} once"
    spaces = []
    originals: dict[int, tuple[int, str]] = {}
    for k, m in enumerate(modules):
        space: dict[str, Any] = {"__name__": m.__name__, "__package__": m.__package__}
        exec(compile(source.replace(old, new) if m is module else inspect.getsource(m), m.__file__ or m.__name__, "exec"), space)
        spaces.append(space)
        for name, value in vars(m).items():
            if isinstance(value, types.FunctionType) and value.__module__ == m.__name__:
                originals[id(value)] = (k, name)
    functions: dict[str, Any] = {}
    for m, space in zip(modules, spaces, strict=True):
        for name, value in list(space.items()):
            if isinstance(value, types.FunctionType) and value.__code__.co_filename == (m.__file__ or m.__name__):
                functions[name] = value
    for space in spaces:
        for name, value in list(space.items()):
            if isinstance(value, types.FunctionType) and id(value) in originals:
                k, original = originals[id(value)]
                space[name] = spaces[k][original]
    return types.SimpleNamespace(**functions)
