"""The search's per-world loop as one kernel: deal a world, weigh it, play every candidate card out in it.

For each world index ``i`` in ``[start, start + count)``, :func:`search_worlds`

1. deals the hidden cards with the sampler kernel (:mod:`hearts.bots.kernel.sampler`),
   from the generator seeded by ``(seed, i)``, so a world does not depend on
   which call or process deals it;
2. builds the world: the view's public state with the dealt hands, and the
   kitty where the first trick left it;
3. weighs it by the plays seen (:mod:`hearts.bots.kernel.evidence`) and the
   cards passed to the viewer (:func:`hearts.bots.kernel.passing.pass_misses`);
4. plays each candidate card out (:func:`hearts.bots.kernel.playout.play_out`)
   and values the final points for the viewer (:func:`world_value`), then the
   shoot line, and asks the policy's own card in the world.

Scalars travel in one int array indexed by the ``K_*`` constants.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import JD
from hearts.core.kernel import MOON_SCORE, MOON_SUBTRACT, best_moon, count_bits, mask_points

from .evidence import E_SEAT, E_SIZE, play_misses
from .passing import pass_misses
from .playout import (
    R_MOON,
    R_MOON_RULE,
    R_N,
    R_RESTRICT,
    R_TARGET,
    R_TIES_SHARE,
    RUN_ON_AT,
    S_DONE,
    S_KITTY_JACKS,
    S_KITTY_MASK,
    S_KITTY_POINTS,
    S_KITTY_SIZE,
    S_PILE_JACKS,
    S_PILE_POINTS,
    S_SIZE,
    play_out,
    world_choice,
)
from .rng import rng_seed
from .sampler import sample_world

#: points of payoff that a game's result is worth (winning against an average seat's chance)
GAME_SCALE = 100.0

#: slots a seat of the play evidence's memo (a power of two)
MEMO = 256


def memo_slot(hand: int) -> int:
    """The memo's slot of a hand (a one-deck mask): its bits folded, without a multiplication that could overflow.

    >>> 0 <= memo_slot((1 << 52) - 1) < MEMO
    True
    """
    h = hand ^ hand >> 8 ^ hand >> 16 ^ hand >> 24 ^ hand >> 32 ^ hand >> 40 ^ hand >> 48
    return h & (MEMO - 1)


# -- the decision's scalars ------------------------------------------------------
K_ME = 0  #: the searching seat
K_SHOOT_CARD = 1  #: the shoot line's first card (-1: no shoot line)
K_KITTY_SEAT = 2  #: where the first trick left the kitty: a seat, -1 the pile, -2 not yet played
K_GAME = 3  #: 1: a world in which the game ends is valued by the game's result
K_PAYOFF = 4  #: 1: a card's worth is the payoff (others' mean minus own), 0: minus its own points
K_EV_COUNT = 5  #: play decisions to explain (0: no play evidence)
K_PASS_ON = 6  #: 1: weigh the pass received
K_PASSER = 7  #: the seat that passed to the viewer
K_PASS_KNOWN = 8  #: the passer's plays and the cards it passed the viewer
K_PASS_GOT = 9  #: the cards the viewer passed it, where the viewer passed to it
K_PASS_RECEIVED = 10  #: the cards passed to the viewer
K_PASS_DECK = 11  #: the deck's cards
K_PASS_COUNT = 12  #: cards a seat passes
K_PASS_STOPPER = 13  #: the heart the passer keeps back (hearts.bots.heuristic_pass)
K_JACK_RULE = 14  #: 1: the J♦ counts
K_POOL_SIZE = 15  #: the sampler's unseen cards
K_N_CONSTRAINED = 16  #: the sampler's constrained seats
K_N_FREE = 17  #: the sampler's free seats
K_N_CARDS = 18  #: candidate cards
K_SEED = 19  #: the decision's seed (below 2**32)
K_SIZE = 20


def world_value(
    points: Sequence[int], n: int, shooter: int, me: int, scores: Sequence[int], game: bool, payoff: bool, rules: Sequence[int]
) -> float:
    """What a hand's final ``points`` are worth to seat ``me``: the payoff (the mean of the others' points minus
    its own; ``payoff`` False: minus its own), or, when ``game`` and the hand ends the game, the game's result:
    :data:`GAME_SCALE` times ``0.7 * win + 0.3 * place``, less an average seat's, with a moon the shooter
    chooses made for the shooter's own game.

    >>> rules = [0] * 14
    >>> rules[R_N], rules[R_TARGET], rules[R_MOON_RULE] = 4, 100, -1
    >>> world_value([2, 10, 7, 7], 4, -1, 0, [0, 0, 0, 0], False, True, rules)
    6.0
    >>> world_value([0, 10, 12, 4], 4, -1, 0, [90, 80, 85, 95], True, True, rules) > 0
    True
    """
    final = [0] * n
    for s in range(n):
        final[s] = points[s]
    if game:
        target = rules[R_TARGET]
        if shooter >= 0 and rules[R_MOON_RULE] < 0 and best_moon(scores, n, shooter, target) == MOON_SUBTRACT:
            for s in range(n):
                final[s] = -MOON_SCORE if s == shooter else 0
        totals = [0] * n
        high = -(1 << 40)
        for s in range(n):
            totals[s] = scores[s] + final[s]
            high = max(high, totals[s])
        if high >= target:
            low = totals[0]
            for s in range(n):
                low = min(low, totals[s])
            tied = 0
            above = 0
            level = 0
            mine = totals[me]
            for s in range(n):
                if totals[s] == low:
                    tied += 1
                if totals[s] > mine:
                    above += 1
                elif totals[s] == mine:
                    level += 1
            if tied == 1 or rules[R_TIES_SHARE] == 1:
                win = 1.0 / tied if mine == low else 0.0
                place = (above + 0.5 * (level - 1)) / (n - 1)
                return GAME_SCALE * (0.7 * win + 0.3 * place - (0.7 / n + 0.15))
    own = final[me]
    if payoff:
        total = 0
        for s in range(n):
            total += final[s]
        return (total - own) / (n - 1) - own
    return -float(own)


def search_worlds(
    rules: Sequence[int],
    k: Sequence[int],
    misses: Sequence[float],
    trick: Sequence[int],
    st0: Sequence[int],
    points0: Sequence[int],
    voids: Sequence[int],
    jacks0: Sequence[int],
    scores: Sequence[int],
    cards: Sequence[int],
    pool: Sequence[int],
    allowed: Sequence[int],
    caps: Sequence[int],
    constrained: Sequence[int],
    free: Sequence[int],
    base_lo: Sequence[int],
    base_hi: Sequence[int],
    ev_fields: Sequence[int],
    ev_tricks: Sequence[int],
    ev_points: Sequence[int],
    ev_voids: Sequence[int],
    start: int,
    count: int,
    values: list[float],
    weights: list[float],
    shoot_values: list[float],
    shoot_moons: list[int],
    preferred: list[int],
) -> int:
    """Worlds ``start`` to ``start + count - 1`` of one decision (see the module); their results go into the
    outputs at index ``j = i - start``: ``values[j * n_cards + c]`` for candidate ``c``, ``weights[j]``,
    ``shoot_values[j]``, ``shoot_moons[j]`` (1: the shoot line took the moon) and ``preferred[j]``.

    ``k``: the decision's scalars (``K_*``); ``misses``: the play and the pass
    evidence's factors per miss; the view's public state (``trick``, ``st0``,
    ``points0``, ``voids``, ``jacks0``: the kitty not in them), the game's
    ``scores`` before the hand, the candidate ``cards``, the sampler's arrays
    (:mod:`hearts.bots.kernel.sampler`) and the play evidence's
    (:mod:`hearts.bots.kernel.evidence`). Returns the worlds dealt, or -1 when
    no deal agrees with the view.
    """
    n = rules[R_N]
    me = k[K_ME]
    n_cards = k[K_N_CARDS]
    shoot_card = k[K_SHOOT_CARD]
    kitty_seat = k[K_KITTY_SEAT]
    game = k[K_GAME] == 1
    payoff = k[K_PAYOFF] == 1
    jd = k[K_JACK_RULE] == 1
    pool_size = k[K_POOL_SIZE]
    slots = [0] * (pool_size + 1)
    owner = [0] * (pool_size + 1)
    deck = [0] * (pool_size + 1)
    out_lo = [0] * (n + 1)
    out_hi = [0] * (n + 1)
    st = [0] * S_SIZE
    points = [0] * n
    jacks = [0] * n
    final = [0] * n
    state = [0]
    restrict = rules[R_RESTRICT] == 1
    seats_seen = 0  # the seats with plays to explain
    for i in range(k[K_EV_COUNT]):
        seats_seen |= 1 << ev_fields[i * E_SIZE + E_SEAT]
    memo_keys = [-1] * (n * MEMO)
    memo_values = [0] * (n * MEMO)
    for j in range(count):
        state[0] = rng_seed(k[K_SEED], start + j)
        dealt = sample_world(
            pool,
            pool_size,
            allowed,
            caps,
            constrained,
            k[K_N_CONSTRAINED],
            free,
            k[K_N_FREE],
            base_lo,
            base_hi,
            n,
            state,
            slots,
            owner,
            deck,
            out_lo,
            out_hi,
        )
        if dealt == 0:
            return -1
        # the world: the public state, the hands dealt, the kitty where the first trick left it
        for i in range(S_SIZE):
            st[i] = st0[i]
        for s in range(n):
            points[s] = points0[s]
            jacks[s] = jacks0[s]
        kitty_lo, kitty_hi = out_lo[n], out_hi[n]
        if kitty_lo:
            kitty_points = mask_points(kitty_lo) + mask_points(kitty_hi)
            kitty_jacks = (kitty_lo >> JD & 1) + (kitty_hi >> JD & 1)
            st[S_KITTY_MASK] = kitty_lo
            if st0[S_DONE] == 0:
                st[S_KITTY_POINTS] = kitty_points
                st[S_KITTY_JACKS] = kitty_jacks
                st[S_KITTY_SIZE] = count_bits(kitty_lo) + count_bits(kitty_hi)
            elif kitty_seat >= 0:
                points[kitty_seat] += kitty_points
                jacks[kitty_seat] += kitty_jacks
            elif kitty_seat == -1:
                st[S_PILE_POINTS] += kitty_points
                st[S_PILE_JACKS] += kitty_jacks
        # its weight: the plays and the pass seen
        weight = 1.0
        if k[K_EV_COUNT]:
            m = 0
            for s in range(n):
                if seats_seen >> s & 1:  # a seat's misses by its hand: late in a hand the same hands recur
                    slot = s * MEMO + memo_slot(out_lo[s])
                    if memo_keys[slot] != out_lo[s]:
                        memo_keys[slot] = out_lo[s]
                        count_seen = k[K_EV_COUNT]
                        memo_values[slot] = play_misses(
                            out_lo, count_seen, ev_fields, ev_tricks, ev_points, ev_voids, n, rules[R_MOON], jd, restrict, s
                        )
                    m += memo_values[slot]
            for _ in range(m):
                weight *= misses[0]
        if k[K_PASS_ON]:
            m = pass_misses(
                out_lo[k[K_PASSER]],
                k[K_PASS_KNOWN],
                k[K_PASS_GOT],
                k[K_PASS_RECEIVED],
                k[K_PASS_DECK],
                n,
                jd,
                k[K_PASS_COUNT],
                k[K_PASS_STOPPER],
            )
            weight *= misses[1] ** m
        weights[j] = weight
        for c in range(n_cards):
            shooter = play_out(rules, out_lo, out_hi, trick, st, points, voids, jacks, cards[c], 0, me, RUN_ON_AT, final)
            values[j * n_cards + c] = world_value(final, n, shooter, me, scores, game, payoff, rules)
        shoot_values[j] = 0.0
        shoot_moons[j] = 0
        if shoot_card >= 0:
            shooter = play_out(rules, out_lo, out_hi, trick, st, points, voids, jacks, shoot_card, 1 << me, me, RUN_ON_AT, final)
            shoot_values[j] = world_value(final, n, shooter, me, scores, game, payoff, rules)
            shoot_moons[j] = 1 if shooter == me else 0
        preferred[j] = world_choice(rules, out_lo, out_hi, trick, st, points, voids, 0, -1, RUN_ON_AT)
    return count
