"""The search's world sampler as a kernel: one consistent deal of a view's hidden cards, compiled or interpreted.

The algorithm is :class:`hearts.bots.sampler.WorldSampler`'s, step for step:
shuffle the unseen cards and let the constrained seats (tightest first) take
the first cards they may hold, the free seats and the kitty the rest, up to
:data:`TRIES` times (:func:`deal_sequential`); then, if every try failed, the
augmenting-path assignment, which always finds a deal when one exists
(:func:`assign_deal`); then, with two or more constrained seats, the
constraint-keeping swaps (:func:`mix_deal`). The random numbers come from
:mod:`hearts.bots.kernel.rng`, so a deal is the same compiled and
interpreted; it is not the Python sampler's deal card for card, but it has
the same distribution.

The per-view bookkeeping stays in Python (``WorldSampler.__init__``);
:mod:`hearts.bots.kernel.pack_sampler` packs it into these arrays (seat
``players`` is the kitty wherever a sequence runs over ``players + 1``):

- ``pool``: the unseen cards still to deal, a card once per unseen copy
  (``pool_size`` of them);
- ``allowed``, ``caps`` (``players + 1``): per seat the mask of cards it may
  hold and how many pool cards it takes (0 for the viewer; the kitty: every
  card, the kitty's size);
- ``constrained`` (``n_constrained``, tightest first) and ``free``
  (``n_free``): the other seats that take cards;
- ``base_lo``, ``base_hi`` (``players``): per seat what it surely holds (the
  viewer its hand, a pass target the cards passed to it, the first leader the
  lowest club), as ``Hand.lo``/``Hand.hi`` masks.

The deal comes back in ``out_lo``/``out_hi`` (``players + 1``): per seat the
cards it holds at least once and twice (one deck: ``out_hi`` is all 0), the
kitty at index ``players``.

>>> pool, allowed, caps = [0, 13, 26, 39], [0, 1 | 1 << 13, 1 << 26 | 1 << 39, ALL_CARDS], [0, 2, 2, 0]
>>> out_lo, out_hi = [0, 0, 0, 0], [0, 0, 0, 0]
>>> sample_world(pool, 4, allowed, caps, [1, 2], 2, [0], 0, [1 << 5, 0, 0], [0, 0, 0], 3, [7920],
...              [0] * 4, [0] * 4, [0] * 4, out_lo, out_hi)
1
>>> out_lo == [1 << 5, 1 | 1 << 13, 1 << 26 | 1 << 39, 0], out_hi
(True, [0, 0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.bots.kernel.rng import rng_below

#: every card of one deck
ALL_CARDS = (1 << 52) - 1
#: failed sequential tries before the augmenting-path assignment (``hearts.bots.sampler._TRIES``)
TRIES = 30
#: swap attempts per card dealt to the constrained seats (``hearts.bots.sampler._MIX``)
MIX = 8
#: what :func:`sample_world` returns when the assignment dealt (every sequential try failed)
FALLBACK = TRIES + 1


def add_copy(lo: list[int], hi: list[int], s: int, c: int) -> None:
    """Give seat ``s`` one more copy of card ``c`` (outputs ``lo``, ``hi``): ``lo`` holds it once, ``hi`` twice.

    >>> lo, hi = [0], [0]
    >>> add_copy(lo, hi, 0, 3); add_copy(lo, hi, 0, 3); add_copy(lo, hi, 0, 1)
    >>> lo, hi
    ([10], [8])
    """
    b = 1 << c
    if lo[s] & b:
        hi[s] |= b
    else:
        lo[s] |= b


def shuffle_cards(cards: list[int], count: int, state: Sequence[int]) -> None:
    """Shuffle ``cards[0:count]`` in place (output), every order alike: Fisher-Yates, as ``random.shuffle``.

    >>> cards = [1, 2, 3, 4, 5]
    >>> shuffle_cards(cards, 5, [23758])
    >>> sorted(cards)
    [1, 2, 3, 4, 5]
    """
    for i in range(count - 1, 0, -1):
        j = rng_below(state, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t


def deal_sequential(
    pool: Sequence[int],
    pool_size: int,
    allowed: Sequence[int],
    caps: Sequence[int],
    constrained: Sequence[int],
    n_constrained: int,
    free: Sequence[int],
    n_free: int,
    players: int,
    state: Sequence[int],
    slots: list[int],
    owner: list[int],
    deck: list[int],
) -> bool:
    """One sequential try (``WorldSampler._try``); False when a constrained seat found too few cards it may hold.

    Shuffles the pool into ``deck`` (scratch); each constrained seat, tightest
    first, takes the first ``caps[s]`` cards it may hold, in that order; the
    free seats then take the rest in turn, and the kitty what is left. The
    deal goes to ``slots``/``owner`` (outputs, ``pool_size`` each): card and
    seat, the constrained seats' cards first.

    >>> slots, owner = [0, 0], [0, 0]
    >>> deal_sequential([4, 7], 2, [0, 1 << 7, ALL_CARDS], [0, 1, 1], [1], 1, [0], 0, 2, [15839],
    ...                 slots, owner, [0, 0])
    True
    >>> slots, owner
    ([7, 4], [1, 2])
    """
    for i in range(pool_size):
        deck[i] = pool[i]
    shuffle_cards(deck, pool_size, state)
    left = pool_size  # deck[0:left] still to deal, in shuffled order
    pos = 0
    for i in range(n_constrained):
        s = constrained[i]
        take = caps[s]
        ok = allowed[s]
        rest = 0
        for j in range(left):
            c = deck[j]
            if take > 0 and ok >> c & 1:
                slots[pos] = c
                owner[pos] = s
                pos += 1
                take -= 1
            else:
                deck[rest] = c  # rest <= j: compacting in place keeps the order
                rest += 1
        if take > 0:
            return False
        left = rest
    j = 0
    for i in range(n_free):
        s = free[i]
        for _ in range(caps[s]):
            slots[pos] = deck[j]
            owner[pos] = s
            pos += 1
            j += 1
    while j < left:
        slots[pos] = deck[j]
        owner[pos] = players
        pos += 1
        j += 1
    return True


def assign_deal(
    pool: Sequence[int],
    pool_size: int,
    allowed: Sequence[int],
    caps: Sequence[int],
    constrained: Sequence[int],
    n_constrained: int,
    free: Sequence[int],
    n_free: int,
    players: int,
    state: Sequence[int],
    slots: list[int],
    owner: list[int],
    deck: list[int],
) -> bool:
    """The augmenting-path assignment (``WorldSampler._assign``): a deal whenever one exists, else False.

    The shuffled cards (``deck``, scratch) are placed one by one, each with a
    random seat (or the kitty) that may hold it and has room; when none has
    room, a breadth-first search finds a chain of placed cards that can each
    move one seat further, ending at a seat with room. The deal goes to
    ``slots``/``owner`` (outputs) as in :func:`deal_sequential`. Its working
    lists are made here: this runs only when the sequential tries fail.

    >>> slots, owner = [0, 0], [0, 0]
    >>> assign_deal([4, 7], 2, [0, 1 << 4 | 1 << 7, 1 << 7, ALL_CARDS], [0, 1, 1, 0], [2, 1], 2, [0], 0, 3, [39596],
    ...             slots, owner, [0, 0])
    True
    >>> slots, owner
    ([7, 4], [2, 1])
    """
    seats_n = players + 1
    seats = [0] * seats_n  # the seats that take cards, in seat order
    n_seats = 0
    start = [0] * seats_n  # seat s's placed cards: placed[start[s]:start[s] + count[s]], in placing order
    count = [0] * seats_n
    at = 0
    for s in range(seats_n):
        start[s] = at
        at += caps[s]
        if caps[s] > 0:
            seats[n_seats] = s
            n_seats += 1
    placed = [0] * (at + 1)
    order = [0] * seats_n
    frontier = [0] * seats_n
    nxt = [0] * seats_n
    seen = [0] * seats_n
    prev_seat = [0] * seats_n
    prev_index = [0] * seats_n
    for i in range(pool_size):
        deck[i] = pool[i]
    shuffle_cards(deck, pool_size, state)
    for i in range(pool_size):
        c = deck[i]
        n_order = 0
        for j in range(n_seats):
            s = seats[j]
            if allowed[s] >> c & 1:
                order[n_order] = s
                n_order += 1
        shuffle_cards(order, n_order, state)
        room = -1
        for j in range(n_order):
            if count[order[j]] < caps[order[j]]:
                room = order[j]
                break
        if room >= 0:
            placed[start[room] + count[room]] = c
            count[room] += 1
            continue
        # breadth-first search: seat -> seat through a placed card that may move there
        for s in range(seats_n):
            seen[s] = 0
            prev_seat[s] = -1
        for j in range(n_order):
            frontier[j] = order[j]
            seen[order[j]] = 1
        n_front = n_order
        end = -1
        while n_front > 0 and end < 0:
            n_next = 0
            for f in range(n_front):
                s = frontier[f]
                for k in range(count[s]):
                    d = placed[start[s] + k]
                    for j in range(n_seats):
                        t = seats[j]
                        if seen[t] == 0 and allowed[t] >> d & 1:
                            seen[t] = 1
                            prev_seat[t] = s
                            prev_index[t] = k
                            if count[t] < caps[t]:
                                end = t
                                break
                            nxt[n_next] = t
                            n_next += 1
                    if end >= 0:
                        break
                if end >= 0:
                    break
            for j in range(n_next):
                frontier[j] = nxt[j]
            n_front = n_next
        if end < 0:
            return False
        t = end
        while prev_seat[t] >= 0:  # move each card of the chain one seat on, keeping each seat's order
            s = prev_seat[t]
            k = prev_index[t]
            placed[start[t] + count[t]] = placed[start[s] + k]
            count[t] += 1
            for j in range(start[s] + k, start[s] + count[s] - 1):
                placed[j] = placed[j + 1]
            count[s] -= 1
            t = s
        placed[start[t] + count[t]] = c
        count[t] += 1
    pos = 0
    for g in range(n_constrained + n_free + 1):  # the layout of deal_sequential: constrained, free, kitty
        if g < n_constrained:
            s = constrained[g]
        elif g < n_constrained + n_free:
            s = free[g - n_constrained]
        else:
            s = players
        for k in range(count[s]):
            slots[pos] = placed[start[s] + k]
            owner[pos] = s
            pos += 1
    return True


def mix_deal(slots: list[int], owner: Sequence[int], k: int, total: int, allowed: Sequence[int], state: Sequence[int]) -> None:
    """Swap cards between seats, keeping every constraint (``WorldSampler._mix``; outputs ``slots``).

    ``MIX * k`` tries: a card among the first ``k`` slots (the constrained
    seats') and one among all ``total``; they swap when each may go to the
    other's seat. The chain is symmetric, and its steady state the uniform
    deal: it removes most of the lean of the sequential deal.

    >>> slots = [1, 2, 3]
    >>> mix_deal(slots, [0, 1, 2], 3, 3, [ALL_CARDS, 1 << 2, ALL_CARDS], [112649])
    >>> slots[1], sorted(slots)
    (2, [1, 2, 3])
    """
    for _ in range(MIX * k):
        a = rng_below(state, k)
        b = rng_below(state, total)
        sa = owner[a]
        sb = owner[b]
        ca = slots[a]
        cb = slots[b]
        if sa != sb and allowed[sb] >> ca & 1 and allowed[sa] >> cb & 1:
            slots[a] = cb
            slots[b] = ca


def write_deal(
    slots: Sequence[int],
    owner: Sequence[int],
    pool_size: int,
    base_lo: Sequence[int],
    base_hi: Sequence[int],
    players: int,
    out_lo: list[int],
    out_hi: list[int],
) -> None:
    """Every seat's hand and the kitty as lo/hi masks (outputs): what it surely holds plus its slots.

    >>> out_lo, out_hi = [0, 0, 0], [0, 0, 0]
    >>> write_deal([3, 3, 9], [1, 1, 2], 3, [1, 1 << 3], [0, 0], 2, out_lo, out_hi)
    >>> out_lo == [1, 1 << 3, 1 << 9], out_hi == [0, 1 << 3, 0]
    (True, True)
    """
    for s in range(players):
        out_lo[s] = base_lo[s]
        out_hi[s] = base_hi[s]
    out_lo[players] = 0
    out_hi[players] = 0
    for i in range(pool_size):
        add_copy(out_lo, out_hi, owner[i], slots[i])


def sample_world(
    pool: Sequence[int],
    pool_size: int,
    allowed: Sequence[int],
    caps: Sequence[int],
    constrained: Sequence[int],
    n_constrained: int,
    free: Sequence[int],
    n_free: int,
    base_lo: Sequence[int],
    base_hi: Sequence[int],
    players: int,
    state: Sequence[int],
    slots: list[int],
    owner: list[int],
    deck: list[int],
    out_lo: list[int],
    out_hi: list[int],
) -> int:
    """One consistent deal (``WorldSampler.sample``) into ``out_lo``/``out_hi`` (outputs; seat ``players``: the kitty).

    ``slots``, ``owner`` and ``deck`` are scratch (``pool_size`` each). Returns
    the number of sequential tries used (1 to :data:`TRIES`), :data:`FALLBACK`
    when the assignment dealt, or 0 when no deal agrees with the view (the
    outputs are then left as they were). See the module's docstring for the
    inputs and an example.
    """
    tries = 0
    dealt = False
    while tries < TRIES and not dealt:
        tries += 1
        dealt = deal_sequential(
            pool, pool_size, allowed, caps, constrained, n_constrained, free, n_free, players, state, slots, owner, deck
        )
    if not dealt:
        tries = FALLBACK
        dealt = assign_deal(pool, pool_size, allowed, caps, constrained, n_constrained, free, n_free, players, state, slots, owner, deck)
        if not dealt:
            return 0
    if n_constrained > 1:
        k = 0
        for i in range(n_constrained):
            k += caps[constrained[i]]
        mix_deal(slots, owner, k, pool_size, allowed, state)
    write_deal(slots, owner, pool_size, base_lo, base_hi, players, out_lo, out_hi)
    return tries


def sample_worlds(
    pool: Sequence[int],
    pool_size: int,
    allowed: Sequence[int],
    caps: Sequence[int],
    constrained: Sequence[int],
    n_constrained: int,
    free: Sequence[int],
    n_free: int,
    base_lo: Sequence[int],
    base_hi: Sequence[int],
    players: int,
    state: Sequence[int],
    count: int,
    out_lo: list[int],
    out_hi: list[int],
) -> int:
    """``count`` deals in a row (:func:`sample_world`), deal ``i`` at ``out_lo[i * (players + 1) + s]`` (outputs).

    Returns how many deals needed the assignment, or -1 when no deal agrees
    with the view.

    >>> out_lo, out_hi = [0] * 9, [0] * 9
    >>> sample_worlds([0, 13], 2, [0, 1 << 13, ALL_CARDS], [0, 1, 1], [1], 1, [0], 0, [0, 0], [0, 0], 2,
    ...               [71272], 3, out_lo, out_hi)
    0
    >>> out_lo == [0, 1 << 13, 1] * 3
    True
    """
    width = players + 1
    slots = [0] * (pool_size + 1)
    owner = [0] * (pool_size + 1)
    deck = [0] * (pool_size + 1)
    lo = [0] * width
    hi = [0] * width
    fallbacks = 0
    for i in range(count):
        got = sample_world(
            pool,
            pool_size,
            allowed,
            caps,
            constrained,
            n_constrained,
            free,
            n_free,
            base_lo,
            base_hi,
            players,
            state,
            slots,
            owner,
            deck,
            lo,
            hi,
        )
        if got == 0:
            return -1
        if got == FALLBACK:
            fallbacks += 1
        for s in range(width):
            out_lo[i * width + s] = lo[s]
            out_hi[i * width + s] = hi[s]
    return fallbacks
