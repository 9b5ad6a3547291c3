"""Packing a :class:`~hearts.core.Hand` into the kernel's arrays, and the playout as the bots call it.

Plain Python (not a kernel module): it reads the engine's objects and
hands lists to the kernel functions, which run them interpreted, or NumPy
arrays to their compiled versions.

>>> from hearts.core import Hand, Rules
>>> from hearts.bots.heuristic_rollout import rollout_card
>>> from hearts.bots.playout import playout
>>> world = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> card = world.legal_cards()[0]
>>> slow = world.clone()
>>> slow.play(card)
>>> fast_playout(world, card) == (playout(slow, rollout_card), slow.shooter)
True
"""

from __future__ import annotations

from typing import NamedTuple

from hearts.core import Card, Hand, Rules
from hearts.core.cards import JD, POINTS
from hearts.core.kernel import MOON_ADD, MOON_SUBTRACT

from . import playout as kp

#: the packs of the rules seen (a handful a process)
_PACKED: dict[Rules, list[int]] = {}


class World(NamedTuple):
    """A world's arrays, as :func:`hearts.bots.kernel.playout.play_out` reads them."""

    rules: list[int]
    lo: list[int]
    hi: list[int]
    trick: list[int]
    st: list[int]
    points: list[int]
    voids: list[int]
    jacks: list[int]


def pack_rules(rules: Rules) -> list[int]:
    """The rule facts of ``rules`` as the kernel's ``R_*`` pack (made once per rules; do not change it).

    >>> r = pack_rules(Rules.cancellation(8))
    >>> r[kp.R_N], r[kp.R_COPIES], r[kp.R_TRICKS], r[kp.R_MOON]
    (8, 2, 13, 52)
    """
    out = _PACKED.get(rules)
    if out is not None:
        return out
    out = _PACKED[rules] = [0] * kp.R_SIZE
    out[kp.R_N] = rules.players
    out[kp.R_COPIES] = rules.copies
    out[kp.R_TRICKS] = (len(rules.deck) - rules.kitty_size) // rules.players
    out[kp.R_RESTRICT] = int(not rules.points_on_first_trick)
    out[kp.R_BREAKERS] = rules.breakers
    out[kp.R_MOON] = rules.moon_points
    out[kp.R_JD] = int(bool(rules.jack_of_diamonds))
    out[kp.R_TWO_PAIRS] = int(rules.two_pairs_void_trick)
    out[kp.R_PILE_PREVIOUS] = int(rules.last_trick_unwon == "previous_winner")
    out[kp.R_MOON_RULE] = MOON_ADD if rules.moon == "add" else MOON_SUBTRACT if rules.moon == "subtract" else -1
    out[kp.R_TARGET] = rules.target or 0
    out[kp.R_TIES_SHARE] = int(rules.ties == "share")
    out[kp.R_FIRST_LEAD] = rules.lowest_club
    out[kp.R_CANCELLATION] = int(rules.is_cancellation)
    return out


def pack_world(world: Hand) -> World:
    """A hand in the play phase as the kernel's arrays (the hand is not changed)."""
    n = world.n
    st = [0] * kp.S_SIZE
    st[kp.S_TLEN] = len(world.trick)
    st[kp.S_LEADER] = world.leader
    st[kp.S_TO_MOVE] = world.to_move
    st[kp.S_BROKEN] = int(world.broken)
    st[kp.S_DONE] = len(world.tricks)
    st[kp.S_PILE_POINTS] = world.pile_points
    st[kp.S_PILE_JACKS] = world.pile.count(JD)
    st[kp.S_LAST_WINNER] = -1 if world.last_winner is None else world.last_winner
    kitty_mask = 0
    for c in world.kitty:
        kitty_mask |= 1 << c
    st[kp.S_KITTY_MASK] = kitty_mask
    st[kp.S_KITTY_POINTS] = sum(POINTS[c] for c in world.kitty)
    st[kp.S_KITTY_JACKS] = world.kitty.count(JD)
    st[kp.S_KITTY_SIZE] = len(world.kitty)
    trick = list(world.trick) + [0] * (n - len(world.trick))
    return World(
        pack_rules(world.rules),
        list(world.lo),
        list(world.hi),
        trick,
        st,
        list(world.points_taken),
        list(world.voids),
        [world.taken[s].count(JD) for s in range(n)],
    )


def fast_playable(world: Hand) -> bool:
    """Can :func:`fast_playout` play this world out? Any hand in the play phase."""
    return world.phase == "play"


def fast_playout(
    world: Hand, first: Card | None = None, shoot: int = 0, root: int = -1, root_run_on: int = kp.RUN_ON_AT
) -> tuple[list[int], int | None]:
    """Play ``first`` (legal for the seat to move; None: the policy's card) and then the rollout policy to the
    end of ``world`` (not changed): the hand's final points (a moon scored "add" when the shooter chooses) and the shooter."""
    w = pack_world(world)
    out = [0] * world.n
    shooter = kp.play_out(
        w.rules, w.lo, w.hi, w.trick, w.st, w.points, w.voids, w.jacks, -1 if first is None else first, shoot, root, root_run_on, out
    )
    return out, None if shooter < 0 else shooter
