"""A world played out to the end by the rollout policy: the search's playouts, as a kernel.

A *world* is a full state of a hand in the play phase, packed as arrays
(:mod:`hearts.bots.kernel.pack` builds them from a :class:`~hearts.core.Hand`):

- ``rules``: the rule facts as ints, indexed by the ``R_*`` constants;
- ``st``: the hand's scalars, indexed by the ``S_*`` constants;
- per seat: ``lo`` (cards held at least once), ``hi`` (held twice: two decks),
  ``points`` (taken so far), ``voids`` (suits shown void, bit per suit) and
  ``jacks`` (copies of the J♦ taken); and ``trick``, the cards of the trick
  so far (``st[S_TLEN]`` of them).

:func:`play_out` plays a first card and then the rollout policy
(:func:`rollout_choice`) to the end, for one deck and two (Cancellation
Hearts: cancelled twins, set-aside tricks, the kitty with the first trick),
taking every rule fact from :mod:`hearts.core.kernel`. A test plays the same
worlds through :meth:`~hearts.core.Hand.play` and compares.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import JD, SUIT_MASKS, SUIT_OF
from hearts.core.kernel import (
    JACK_POINTS,
    JD_BIT,
    MOON_ADD,
    MOON_SCORE,
    MOON_SUBTRACT,
    POINT_MASK,
    card_points,
    legal_mask,
    moon_shooter,
    settle,
    top_bit,
)

from .policy import SHOOT, card_by_position, defend_at, runner_of, shooting, total_points

#: in a rollout, a seat holding every point so far, at least this many (of 26), keeps running the moon.
RUN_ON_AT = 16
#: in a rollout, a seat holding every point so far, at least this many (of 26), is defended against as a runner
ROLLOUT_DEFEND_AT = 8

# -- the rules pack ----------------------------------------------------------
R_N = 0  #: players
R_COPIES = 1  #: copies of each card (2: Cancellation Hearts)
R_TRICKS = 2  #: tricks in the hand
R_RESTRICT = 3  #: 1: no point card may be discarded on the first trick
R_BREAKERS = 4  #: the cards that break hearts
R_MOON = 5  #: the points of the deck (what a moon takes)
R_JD = 6  #: 1: the J♦ is worth -10 (Omnibus)
R_TWO_PAIRS = 7  #: 1: two cancelled pairs set a trick aside
R_PILE_PREVIOUS = 8  #: 1: a set-aside last trick goes to the previous winner
R_MOON_RULE = 9  #: the moon's rule: kernel.MOON_ADD, kernel.MOON_SUBTRACT, or -1 (the shooter chooses)
R_TARGET = 10  #: the game's target score
R_TIES_SHARE = 11  #: 1: a tie for the lowest total shares the win
R_FIRST_LEAD = 12  #: the card that leads the first trick (one deck)
R_CANCELLATION = 13  #: 1: Cancellation Hearts
R_SIZE = 14

# -- the hand's scalars --------------------------------------------------------
S_TLEN = 0  #: cards in the trick so far
S_LEADER = 1  #: the seat that led it
S_TO_MOVE = 2  #: the seat to play
S_BROKEN = 3  #: 1: hearts are broken
S_DONE = 4  #: tricks done
S_PILE_POINTS = 5  #: points of set-aside tricks, waiting for the next trick won
S_PILE_JACKS = 6  #: J♦s among them
S_LAST_WINNER = 7  #: the last seat to win a trick (-1: none)
S_KITTY_MASK = 8  #: the kitty's cards (unseen by every seat)
S_KITTY_POINTS = 9  #: the kitty's points (they go with the first trick)
S_KITTY_JACKS = 10  #: J♦s in the kitty
S_KITTY_SIZE = 11  #: cards in the kitty
S_SIZE = 12


def rollout_choice(
    rules: Sequence[int],
    legal: int,
    mine: int,
    out: int,
    trick: Sequence[int],
    tlen: int,
    leader: int,
    seat: int,
    points: Sequence[int],
    voids: Sequence[int],
    pts: int,
    live: int,
    runner: int,
    shoot: int,
    run_on: int,
) -> int:
    """The rollout policy's card for ``seat``: the heuristic's, with its moon mode from the points.

    ``pts``: what the trick is worth to its winner so far (its cards, the
    pile, the kitty's expected half, the J♦); ``live``: the trick's live
    cards of the led suit; ``runner``: the seat defended against as a runner
    (:func:`rollout_runner`); ``shoot``: seats (bit ``s``) going for the moon
    while nobody else has a point; ``run_on``: this seat keeps running the
    moon from ``run_on`` points (per 26) when it holds every point.
    """
    n = rules[R_N]
    copies = rules[R_COPIES]
    moon = rules[R_MOON]
    jd = rules[R_JD] == 1
    taken = points[seat]
    mode = 0
    if taken == total_points(points, n) and (
        shoot >> seat & 1 or copies == 1 and taken * MOON_SCORE >= run_on * moon or shooting(points, n, seat, moon, mine, out)
    ):
        mode = SHOOT
    return card_by_position(legal, mine, out, trick, tlen, leader, n, seat, points, copies, jd, pts, live, runner, mode, voids)


def trick_sums(trick: Sequence[int], tlen: int) -> tuple[int, int, int, int]:
    """The first ``tlen`` cards of a trick as (its cards, the cards played twice, its points, its J♦s).

    >>> from hearts.core.cards import parse_card as p
    >>> trick_sums([p("JD"), p("2H"), p("JD")], 3) == (1 << p("JD") | 1 << p("2H"), 1 << p("JD"), 1, 2)
    True
    """
    seen = dup = tpts = tjacks = 0
    for i in range(tlen):
        b = 1 << trick[i]
        if seen & b:
            dup |= b
        seen |= b
        tpts += card_points(trick[i])
        if trick[i] == JD:
            tjacks += 1
    return seen, dup, tpts, tjacks


def rollout_runner(rules: Sequence[int], points: Sequence[int]) -> int:
    """The seat the rollout policy defends against: one holding every point, at least
    :data:`ROLLOUT_DEFEND_AT` of 26 (one deck; with two decks a moon is too rare to defend against)."""
    if rules[R_COPIES] != 1:
        return -1
    return runner_of(points, rules[R_N], defend_at(rules[R_MOON], ROLLOUT_DEFEND_AT))


def play_out(
    rules: Sequence[int],
    lo0: Sequence[int],
    hi0: Sequence[int],
    trick0: Sequence[int],
    st: Sequence[int],
    points0: Sequence[int],
    voids0: Sequence[int],
    jacks0: Sequence[int],
    first: int,
    shoot: int,
    root: int,
    root_run_on: int,
    out_points: list[int],
) -> int:
    """Play ``first`` (legal for the seat to move; -1: the policy's card) and then the rollout policy to the
    end of the world; the hand's final points go into ``out_points`` and the shooter (-1: none) is returned.

    The world's arrays are not changed. A moon is scored as the rules say,
    "add" when the shooter chooses (a payoff is the same either way).
    ``shoot`` and ``root_run_on`` are :func:`rollout_choice`'s: the seat
    ``root`` (the searching seat) keeps running from ``root_run_on``.
    """
    n = rules[R_N]
    moon = rules[R_MOON]
    jd = rules[R_JD] == 1
    restrict = rules[R_RESTRICT] == 1
    breakers = rules[R_BREAKERS]
    cancellation = rules[R_CANCELLATION] == 1
    total = rules[R_TRICKS]
    scoring = POINT_MASK | JD_BIT if jd else POINT_MASK  # the cards that change the points when taken
    lo = [0] * n
    hi = [0] * n
    points = [0] * n
    voids = [0] * n
    jacks = [0] * n
    trick = [0] * n
    one = two = 0  # cards with a copy in some hand, and with both copies in hands
    for s in range(n):
        lo[s] = lo0[s]
        hi[s] = hi0[s]
        points[s] = points0[s]
        voids[s] = voids0[s]
        jacks[s] = jacks0[s]
        two |= hi[s] | one & lo[s]
        one |= lo[s]
    tlen = st[S_TLEN]
    for i in range(tlen):
        trick[i] = trick0[i]
    leader = st[S_LEADER]
    seat = st[S_TO_MOVE]
    broken = st[S_BROKEN] == 1
    done = st[S_DONE]
    pile_points = st[S_PILE_POINTS]
    pile_jacks = st[S_PILE_JACKS]
    last_winner = st[S_LAST_WINNER]
    kitty_mask = st[S_KITTY_MASK]
    kitty_half = st[S_KITTY_SIZE] // 2  # the first trick's expected extra points, to the policy
    seen, dup, tpts, tjacks = trick_sums(trick, tlen)  # the trick's cards (a twin in both), its points and its J♦s
    suit_mask = void_bit = 0
    if tlen:
        suit = SUIT_OF[trick[0]]
        suit_mask, void_bit = SUIT_MASKS[suit], 1 << suit
    runner = rollout_runner(rules, points)
    card = first
    while True:
        h = lo[seat]
        if card < 0:
            legal = legal_mask(h, SUIT_OF[trick[0]] if tlen else -1, done == 0, broken, restrict, cancellation, rules[R_FIRST_LEAD])
            if legal & (legal - 1):
                out = one & ~h | two & ~hi[seat] | kitty_mask  # a copy in another hand, or the kitty
                pts = tpts + pile_points + (kitty_half if done == 0 else 0) + (JACK_POINTS * tjacks if jd else 0)
                run_on = root_run_on if seat == root else RUN_ON_AT
                live = seen & ~dup & suit_mask
                card = rollout_choice(rules, legal, h, out, trick, tlen, leader, seat, points, voids, pts, live, runner, shoot, run_on)
            else:
                card = top_bit(legal)
        b = 1 << card
        if hi[seat] & b:
            hi[seat] ^= b
        else:
            lo[seat] ^= b
        if two & b:
            two ^= b
        else:
            one ^= b
        if b & breakers:
            broken = True
        trick[tlen] = card
        tlen += 1
        if seen & b:
            dup |= b
        seen |= b
        tpts += card_points(card)
        tjacks += card == JD
        card = -1
        if tlen == 1:
            suit = SUIT_OF[trick[0]]
            suit_mask, void_bit = SUIT_MASKS[suit], 1 << suit
            seat = (seat + 1) % n
            continue
        if not b & suit_mask:
            voids[seat] |= void_bit
        if tlen < n:
            seat = (seat + 1) % n
            continue
        gained, gained_jacks = tpts, tjacks
        if done == 0:
            gained += st[S_KITTY_POINTS]
            gained_jacks += st[S_KITTY_JACKS]
        live = seen & ~dup & suit_mask
        if not live or rules[R_TWO_PAIRS] == 1 and dup & (dup - 1):  # set aside, for the next trick won
            pile_points += gained
            pile_jacks += gained_jacks
        else:
            best = top_bit(live)
            k = 0
            while trick[k] != best:
                k += 1
            winner = (leader + k) % n
            points[winner] += gained + pile_points
            jacks[winner] += gained_jacks + pile_jacks
            pile_points = pile_jacks = 0
            last_winner = leader = winner
            runner = rollout_runner(rules, points)
        done += 1
        if done == total or not one & scoring and not pile_points and not pile_jacks:
            break  # the last trick, or nothing left that scores and no pile: the points are final
        tlen = 0
        seen = dup = tpts = tjacks = 0
        seat = leader
    if pile_points or pile_jacks:  # the last trick was set aside too: its pile goes by the rules
        if rules[R_PILE_PREVIOUS] == 1 and last_winner >= 0:
            points[last_winner] += pile_points
            jacks[last_winner] += pile_jacks
    shooter = moon_shooter(points, n, moon)
    settle(points, n, shooter, MOON_SUBTRACT if rules[R_MOON_RULE] == MOON_SUBTRACT else MOON_ADD, jacks, jd, out_points)
    return shooter


def world_choice(
    rules: Sequence[int],
    lo: Sequence[int],
    hi: Sequence[int],
    trick: Sequence[int],
    st: Sequence[int],
    points: Sequence[int],
    voids: Sequence[int],
    shoot: int,
    root: int,
    root_run_on: int,
) -> int:
    """The rollout policy's card for the seat to move in a world (what :func:`play_out` plays first when
    its ``first`` is -1)."""
    n = rules[R_N]
    jd = rules[R_JD] == 1
    seat = st[S_TO_MOVE]
    tlen = st[S_TLEN]
    done = st[S_DONE]
    one = two = 0
    for s in range(n):
        two |= hi[s] | one & lo[s]
        one |= lo[s]
    h = lo[seat]
    legal = legal_mask(
        h,
        SUIT_OF[trick[0]] if tlen else -1,
        done == 0,
        st[S_BROKEN] == 1,
        rules[R_RESTRICT] == 1,
        rules[R_CANCELLATION] == 1,
        rules[R_FIRST_LEAD],
    )
    if not legal & (legal - 1):
        return top_bit(legal)
    seen, dup, tpts, tjacks = trick_sums(trick, tlen)
    live = seen & ~dup & SUIT_MASKS[SUIT_OF[trick[0]]] if tlen else 0
    out = one & ~h | two & ~hi[seat] | st[S_KITTY_MASK]
    pts = tpts + st[S_PILE_POINTS] + (st[S_KITTY_SIZE] // 2 if done == 0 else 0) + (JACK_POINTS * tjacks if jd else 0)
    run_on = root_run_on if seat == root else RUN_ON_AT
    runner = rollout_runner(rules, points)
    return rollout_choice(rules, legal, h, out, trick, tlen, st[S_LEADER], seat, points, voids, pts, live, runner, shoot, run_on)
