"""The pass search's deals as a kernel: deal the unseen cards, pass as the others would, play each candidate out.

:func:`pass_deals` is the inner loop of :func:`hearts.bots.search_pass.search_pass`:
for deal index ``d``, from the generator seeded by ``(seed, d)``, it deals
the cards the seat cannot see to the other seats (``size`` each) and the
kitty, lets every other seat pass as the heuristic does, and for each
candidate pass still in the race makes the exchange and plays the hand out
from its first lead with the rollout policy (the seat going for the moon in
the shooter's line), valuing the final points for the seat
(:func:`hearts.bots.kernel.worlds.world_value`).
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import JD
from hearts.core.kernel import count_bits, mask_points

from .passing import choose_pass_cards
from .playout import (
    R_CANCELLATION,
    R_COPIES,
    R_FIRST_LEAD,
    R_JD,
    R_N,
    RUN_ON_AT,
    S_KITTY_JACKS,
    S_KITTY_MASK,
    S_KITTY_POINTS,
    S_KITTY_SIZE,
    S_LAST_WINNER,
    S_LEADER,
    S_SIZE,
    S_TO_MOVE,
    play_out,
)
from .rng import rng_seed
from .sampler import add_copy, shuffle_cards
from .worlds import world_value


def remove_copy(lo: list[int], hi: list[int], s: int, c: int) -> None:
    """Take one copy of card ``c`` from seat ``s`` (outputs ``lo``, ``hi``; the seat holds it).

    >>> lo, hi = [8], [8]
    >>> remove_copy(lo, hi, 0, 3); lo, hi
    ([8], [0])
    """
    b = 1 << c
    if hi[s] & b:
        hi[s] ^= b
    else:
        lo[s] ^= b


def pass_deals(
    rules: Sequence[int],
    me: int,
    dealer: int,
    offset: int,
    size: int,
    unknown: Sequence[int],
    n_unknown: int,
    mine_lo: int,
    mine_hi: int,
    candidates: Sequence[int],
    pass_count: int,
    alive: Sequence[int],
    n_alive: int,
    shoot: int,
    stopper: int,
    deck_mask: int,
    scores: Sequence[int],
    game: bool,
    seed: int,
    start: int,
    count: int,
    values: list[float],
    moons: list[int],
) -> None:
    """Deals ``start`` to ``start + count - 1`` (see the module): ``values[d * n_alive + a]`` is the value of
    candidate ``alive[a]`` (its cards at ``candidates[j * pass_count:]``) in deal ``start + d``, and
    ``moons[d]`` is 1 when the shooter's pass (candidate ``shoot``, -1: none) took the moon there (outputs).

    ``unknown``: the cards this seat cannot see, a card once per unseen copy;
    ``offset``: seats to the left a pass goes; ``size``: cards a seat holds.
    """
    n = rules[R_N]
    copies = rules[R_COPIES]
    jack_rule = rules[R_JD] == 1
    pool = [0] * (n_unknown + 1)
    dealt_lo = [0] * n
    dealt_hi = [0] * n
    lo = [0] * n
    hi = [0] * n
    passes = [0] * (n * pass_count + 1)
    out = [0] * (pass_count + 1)
    trick = [0] * n
    st = [0] * S_SIZE
    zeros = [0] * n
    final = [0] * n
    state = [0]
    for d in range(count):
        state[0] = rng_seed(seed, start + d)
        for i in range(n_unknown):
            pool[i] = unknown[i]
        shuffle_cards(pool, n_unknown, state)
        at = 0
        for s in range(n):
            dealt_lo[s] = dealt_hi[s] = 0
            if s == me:
                dealt_lo[s], dealt_hi[s] = mine_lo, mine_hi
                continue
            for _ in range(size):
                add_copy(dealt_lo, dealt_hi, s, pool[at])
                at += 1
        kitty_lo = kitty_hi = 0
        for i in range(at, n_unknown):
            b = 1 << pool[i]
            if kitty_lo & b:
                kitty_hi |= b
            else:
                kitty_lo |= b
        for s in range(n):
            if s != me:
                choose_pass_cards(dealt_lo[s], dealt_hi[s], deck_mask, n, copies, jack_rule, pass_count, stopper, out)
                for i in range(pass_count):
                    passes[s * pass_count + i] = out[i]
        for s in range(S_SIZE):
            st[s] = 0
        st[S_LAST_WINNER] = -1
        st[S_KITTY_MASK] = kitty_lo
        st[S_KITTY_POINTS] = mask_points(kitty_lo) + mask_points(kitty_hi)
        st[S_KITTY_JACKS] = (kitty_lo >> JD & 1) + (kitty_hi >> JD & 1)
        st[S_KITTY_SIZE] = count_bits(kitty_lo) + count_bits(kitty_hi)
        moons[d] = 0
        for a in range(n_alive):
            j = alive[a]
            for i in range(pass_count):
                passes[me * pass_count + i] = candidates[j * pass_count + i]
            for s in range(n):
                lo[s] = dealt_lo[s]
                hi[s] = dealt_hi[s]
            for s in range(n):
                for i in range(pass_count):
                    remove_copy(lo, hi, s, passes[s * pass_count + i])
            for s in range(n):
                target = (s + offset) % n
                for i in range(pass_count):
                    add_copy(lo, hi, target, passes[s * pass_count + i])
            leader = 0
            if rules[R_CANCELLATION] == 1:
                leader = (dealer + 1) % n
            else:
                for s in range(n - 1, -1, -1):
                    if lo[s] >> rules[R_FIRST_LEAD] & 1:
                        leader = s
            st[S_LEADER] = st[S_TO_MOVE] = leader
            line = 1 << me if j == shoot else 0
            shooter = play_out(rules, lo, hi, trick, st, zeros, zeros, zeros, -1, line, -1, RUN_ON_AT, final)
            values[d * n_alive + a] = world_value(final, n, shooter, me, scores, game, True, rules)
            if j == shoot and shooter == me:
                moons[d] = 1
