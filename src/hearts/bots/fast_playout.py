"""The search's playouts for one-deck Hearts, fused into one loop.

:func:`fast_playout` plays a card and then the rollout policy
(:func:`~hearts.bots.heuristic_rollout.rollout_card`) to the end of the
hand, exactly as cloning the world, :meth:`~hearts.core.Hand.play` and
:func:`~hearts.bots.playout.playout` would, but on plain local state: no
clone, no trick records, no checks of cards the policy knows are legal,
the cards still out kept as one running mask, and the runner found once a
trick instead of once a card. The same points and shooter come out (a test
compares the two on many worlds); it takes about half the time.

It covers one deck without a kitty (every standard hand, 3-7 players) and
two decks (Cancellation Hearts: cancelled twins, set-aside tricks, the
kitty with the first trick): :func:`fast_playable` says whether a world
qualifies.

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

from hearts.core import Card, Hand
from hearts.core.cards import HEARTS, HEARTS_MASK, JD, POINTS, QS, SUIT_MASKS, SUIT_OF
from hearts.core.hand import POINT_MASK

from .heuristic_play import SHOOT, _discard, _follow, _lead, defend_at, runner_of, shooting
from .heuristic_rollout import ROLLOUT_DEFEND_AT, RUN_ON_AT, rollout_card

_QS_BIT = 1 << QS
_JD_BIT = 1 << JD


def fast_playable(world: Hand) -> bool:
    """Can :func:`fast_playout` play this world out? One deck without a kitty, or Cancellation Hearts, in the play phase."""
    rules = world.rules
    return world.phase == "play" and (rules.copies == 1 and not world.kitty or rules.is_cancellation)


def fast_playout(
    world: Hand, first: Card | None = None, shoot: int = 0, root: int = -1, root_run_on: int = RUN_ON_AT
) -> tuple[list[int], int | None]:
    """Play ``first`` (legal for the seat to move; None: the policy's card) and then the rollout policy
    to the end of ``world``.

    ``world`` is not changed. ``shoot``, ``root`` and ``root_run_on`` are
    :func:`~hearts.bots.heuristic_rollout.rollout_card`'s. Returns the hand's
    final points (a moon scored as :func:`~hearts.bots.playout.playout`
    scores it: "add" when the shooter chooses) and the shooter, or None.
    """
    if world.rules.copies == 2:
        return _two_deck_playout(world, first, shoot, root, root_run_on)
    rules = world.rules
    n = world.n
    lo = world.lo[:]
    held = 0
    for m in lo:
        held |= m
    trick = world.trick[:]
    leader = world.leader
    seat = world.to_move
    points = world.points_taken[:]
    voids = world.voids[:]
    broken = world.broken
    done = len(world.tricks)
    total = rules.cards_each
    restrict = not rules.points_on_first_trick
    breakers = rules.breakers
    nxt = world.next_seats
    moon = rules.moon_points
    jd = bool(rules.jack_of_diamonds)
    jd_taker = next((s for s in range(n) if JD in world.taken[s]), -1) if jd else -1
    scoring = POINT_MASK | _JD_BIT if jd else POINT_MASK  # the cards that change the points when taken
    threshold = defend_at(moon, ROLLOUT_DEFEND_AT)
    run_on = [(root_run_on if s == root else RUN_ON_AT) * moon for s in range(n)]
    tmask = tpts = 0  # the trick's cards, and its points (the J♦'s -10 counted when it plays)
    for c in trick:
        tmask |= 1 << c
        tpts += 13 if c == QS else 1 if SUIT_OF[c] == HEARTS else -10 if jd and c == JD else 0
    if trick:
        suit = SUIT_OF[trick[0]]
        suit_mask, void_bit = SUIT_MASKS[suit], 1 << suit
    else:
        suit_mask = void_bit = 0
    runner, sum_points = runner_of(points, threshold), sum(points)
    card = rollout_card(world, shoot, root, root_run_on) if first is None else first
    while True:
        b = 1 << card
        lo[seat] ^= b
        held ^= b
        if b & breakers:
            broken = True
        trick.append(card)
        tmask |= b
        if b & POINT_MASK:
            tpts += 13 if card == QS else 1
        elif jd and card == JD:
            tpts -= 10
        if len(trick) == 1:
            suit = SUIT_OF[card]
            suit_mask, void_bit = SUIT_MASKS[suit], 1 << suit
            seat = nxt[seat]
        else:
            if not b & suit_mask:
                voids[seat] |= void_bit
            if len(trick) == n:
                winner = (leader + trick.index((tmask & suit_mask).bit_length() - 1)) % n
                points[winner] += (tmask & HEARTS_MASK).bit_count() + (13 if tmask & _QS_BIT else 0)
                if tmask & _JD_BIT:
                    jd_taker = winner
                done += 1
                if done == total or not held & scoring:
                    break  # the last trick, or no card left that scores: the points are final
                trick = []
                tmask = tpts = 0
                leader = seat = winner
                runner, sum_points = runner_of(points, threshold), sum(points)
            else:
                seat = nxt[seat]
        h = lo[seat]
        if trick:
            legal = h & suit_mask
            if not legal:
                legal = (h & ~POINT_MASK or h) if restrict and not done else h
        else:
            legal = h if broken else (h & ~HEARTS_MASK or h)
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
            continue
        out = held ^ h
        taken = points[seat]
        mode = 0
        if taken == sum_points and (
            shoot >> seat & 1 or taken * 26 >= run_on[seat] or taken * 2 >= moon and shooting(points, seat, moon, h, out)
        ):
            mode = SHOOT
        # what choose_play does for one deck, with the trick's cards and points kept as it grows
        against = -1 if runner == seat else runner
        if not trick:
            card = _lead(legal, h, out, against, mode, jd, seat, n, voids)
        else:
            live = tmask & suit_mask
            w = live.bit_length() - 1
            if legal & suit_mask:
                card = _follow(legal, out, trick, leader, n, w, live, tpts, len(trick) == n - 1, against, mode, 1, jd, points)
            else:
                card = _discard(legal, out, trick, leader, n, w, against, mode, jd, points, tpts)
    points, shooter = _with_moon(points, rules.moon_points, rules.moon)
    if jd and jd_taker >= 0:
        points[jd_taker] -= 10
    return points, shooter


def _two_deck_playout(world: Hand, first: Card | None, shoot: int, root: int, root_run_on: int) -> tuple[list[int], int | None]:
    """:func:`fast_playout` for Cancellation Hearts: what :meth:`~hearts.core.Hand.play` and the policy do
    with two copies of each card (twins cancel, a trick with no live card of the led suit is set aside for
    the next trick won, the kitty goes with the first trick's cards, the J♦ counted by copies taken)."""
    rules = world.rules
    n = world.n
    lo = world.lo[:]  # a card a seat holds once or twice
    hi = world.hi[:]  # ... and twice
    one = two = 0  # cards with a copy in some hand, and with both copies in hands
    for s in range(world.n):
        two |= hi[s] | one & lo[s]
        one |= lo[s]
    trick = world.trick[:]
    leader = world.leader
    seat = world.to_move
    points = world.points_taken[:]
    voids = world.voids[:]
    broken = world.broken
    done = len(world.tricks)
    total = world.tricks_total
    restrict = world.first_trick_restricted
    breakers = world.breakers
    nxt = world.next_seats
    moon = rules.moon_points
    jd = bool(rules.jack_of_diamonds)
    two_pairs = rules.two_pairs_void_trick
    kitty = world.kitty
    kitty_mask = 0
    for c in kitty:
        kitty_mask |= 1 << c  # unseen by every seat: out, as far as it knows
    kitty_points = sum(POINTS[c] for c in kitty)
    kitty_half = len(kitty) // 2  # the first trick's expected extra points, to the policy
    jacks = [world.taken[s].count(JD) for s in range(n)] if jd else [0] * n
    scoring = POINT_MASK | _JD_BIT if jd else POINT_MASK  # the cards that change the points when taken
    kitty_jacks = kitty.count(JD) if jd else 0
    pile_points = world.pile_points
    pile_jacks = world.pile.count(JD) if jd else 0
    last_winner = world.last_winner
    sum_points = sum(points)
    seen = dup = tpts = tjacks = 0  # the trick's cards (a twin in both), its points and its J♦s
    for c in trick:
        b = 1 << c
        if seen & b:
            dup |= b
        seen |= b
        tpts += POINTS[c]
        tjacks += c == JD
    if trick:
        suit = SUIT_OF[trick[0]]
        suit_mask, void_bit = SUIT_MASKS[suit], 1 << suit
    else:
        suit_mask = void_bit = 0
    card = rollout_card(world, shoot, root, root_run_on) if first is None else first
    while True:
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
        trick.append(card)
        if seen & b:
            dup |= b
        seen |= b
        tpts += POINTS[card]
        tjacks += card == JD
        if len(trick) == 1:
            suit = SUIT_OF[card]
            suit_mask, void_bit = SUIT_MASKS[suit], 1 << suit
            seat = nxt[seat]
        else:
            if not b & suit_mask:
                voids[seat] |= void_bit
            if len(trick) == n:
                gained, gained_jacks = tpts, tjacks
                if not done:
                    gained += kitty_points
                    gained_jacks += kitty_jacks
                live = seen & ~dup & suit_mask
                if not live or two_pairs and dup.bit_count() >= 2:  # set aside, for the next trick won
                    pile_points += gained
                    pile_jacks += gained_jacks
                else:
                    winner = (leader + trick.index(live.bit_length() - 1)) % n
                    points[winner] += gained + pile_points
                    jacks[winner] += gained_jacks + pile_jacks
                    pile_points = pile_jacks = 0
                    last_winner = leader = winner
                    sum_points = sum(points)
                done += 1
                if done == total or not one & scoring and not pile_points and not pile_jacks:
                    break  # the last trick, or nothing left that scores and no pile: the points are final
                trick = []
                seen = dup = tpts = tjacks = 0
                seat = leader
            else:
                seat = nxt[seat]
        h = lo[seat]
        if trick:
            legal = h & suit_mask
            if not legal:
                legal = (h & ~POINT_MASK or h) if restrict and not done else h
        elif not done:
            legal = h & ~POINT_MASK or h
        else:
            legal = h if broken else (h & ~HEARTS_MASK or h)
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
            continue
        out = one & ~h | two & ~hi[seat] | kitty_mask  # a copy in another hand, or the kitty
        taken = points[seat]
        mode = 0
        if taken == sum_points and (shoot >> seat & 1 or taken * 2 >= moon and shooting(points, seat, moon, h, out)):
            mode = SHOOT
        # what choose_play does for two decks (no runner is defended against), with the trick kept as it grows
        if not trick:
            card = _lead(legal, h, out, -1, mode, jd, seat, n, voids)
        else:
            live = seen & ~dup & suit_mask
            w = live.bit_length() - 1
            pts = tpts + pile_points + (kitty_half if not done else 0) - (10 * tjacks if jd else 0)
            if legal & suit_mask:
                card = _follow(legal, out, trick, leader, n, w, live, pts, len(trick) == n - 1, -1, mode, 2, jd, points)
            else:
                card = _discard(legal, out, trick, leader, n, w, -1, mode, jd, (), pts)
    if pile_points or pile_jacks:  # the last trick was set aside too: its pile goes by the rules
        if rules.last_trick_unwon == "previous_winner" and last_winner is not None:
            points[last_winner] += pile_points
            jacks[last_winner] += pile_jacks
    points, shooter = _with_moon(points, rules.moon_points, rules.moon)
    if jd:
        for s in range(n):
            points[s] -= 10 * jacks[s]
    return points, shooter


def _with_moon(points: list[int], moon_points: int, moon: str) -> tuple[list[int], int | None]:
    """The hand's points with a moon scored as :func:`~hearts.bots.playout.playout` scores it ("add" when the
    shooter chooses), and the shooter or None.

    >>> _with_moon([26, 0, 0, 0], 26, "choose"), _with_moon([20, 6, 0, 0], 26, "subtract")
    (([0, 26, 26, 26], 0), ([20, 6, 0, 0], None))
    """
    shooter = None
    for s, p in enumerate(points):
        if p == moon_points:
            shooter = s
    if shooter is None:
        return points, None
    if moon == "subtract":
        return [-26 if s == shooter else 0 for s in range(len(points))], shooter
    return [0 if s == shooter else 26 for s in range(len(points))], shooter
