"""The search's per-world loop (hearts.bots.kernel): compiled, interpreted and the engine agree on every world."""

from __future__ import annotations

import pytest
from kernel_differential import TABLES, Tally, check_view, compiled_kernels, linked, random_view

from hearts.bots.kernel import playout, policy
from hearts.bots.kernel.runtime import MODULES, interpreted, kernels, status

#: views per table shape and worlds per view: about 2,000 worlds in all, each checked against the engine
VIEWS, WORLDS = 12, 12


@pytest.mark.parametrize("table", sorted(TABLES))
def test_the_kernel_matches_the_engine_world_by_world(table: str) -> None:
    tally = Tally()
    for seed in range(VIEWS):
        view = random_view(TABLES[table], 1000 * len(table) + seed)
        if view is not None:
            check_view(view, seed, WORLDS, tally)
    assert tally.views >= VIEWS // 2 and tally.compared > tally.worlds
    assert tally.differences == []


def test_compiled_kernels_give_what_interpreted_ones_give() -> None:
    pytest.importorskip("numba")
    compiled, array = compiled_kernels()
    tally = Tally()
    for k, table in enumerate(sorted(TABLES)):
        for seed in range(6):
            view = random_view(TABLES[table], 7 * k + seed)
            if view is not None:
                check_view(view, seed, 40, tally, compiled, array, engine=False)
    assert tally.compared >= 40 and tally.worlds >= 2000
    assert tally.differences == []


@pytest.mark.parametrize(
    ("module", "old", "new", "table"),
    [
        # the probe's mutation: one comparison in the lead rule
        (
            policy,
            "            if r < rank:\n                best, rank = c, r",
            "            if r <= rank:\n                best, rank = c, r",
            "standard-4",
        ),
        # a house rule ignored: a set-aside last trick always goes to the previous winner
        (playout, "        if rules[R_PILE_PREVIOUS] == 1 and last_winner >= 0:", "        if last_winner >= 0:", "cancellation-8"),
    ],
)
def test_the_check_can_fail(module: object, old: str, new: str, table: str) -> None:
    mutant = linked(MODULES, module, old, new)  # type: ignore[arg-type]
    tally = Tally()
    for seed in range(40):
        view = random_view(TABLES[table], seed)
        if view is not None:
            check_view(view, seed, 8, tally, interpreted=mutant)
    assert tally.differences


def test_the_kernels_served_are_the_interpreted_ones_or_the_compiled_ones() -> None:
    ns, array = kernels(start=False)
    if array is list:
        assert ns is interpreted() and ns.play_out is playout.play_out
    else:
        assert status() == "ready" and ns.play_out is not playout.play_out


def test_a_compiled_kernel_that_fails_gives_way_to_the_interpreted_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    from hearts.bots.kernel import runtime
    from hearts.bots.kernel.driver import KernelWorlds

    def broken(*args: object) -> int:
        raise RuntimeError("a compiled kernel that fails")

    view = random_view(TABLES["standard-4"], 3)
    assert view is not None
    worlds = KernelWorlds(view, 7, "payoff", None, 1.0, 1.0, 1, view.legal)
    monkeypatch.setattr(runtime, "_state", "ready")
    got = worlds.run(0, 4, types.SimpleNamespace(search_worlds=broken), lambda values: list(values))
    assert got == worlds.run(0, 4, interpreted(), list)  # the move is made, by the interpreted kernel
    assert status() == "failed" and "a compiled kernel that fails" in (runtime.notice() or "")
    assert kernels(start=False)[1] is list  # and the interpreted kernels are served from then on
