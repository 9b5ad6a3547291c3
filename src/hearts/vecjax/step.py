"""The rules as array code: legal cards, and one step (a passing pick or a card played) of every game.

:func:`step` follows :meth:`hearts.vec.VecHearts.step` exactly, on card
counts instead of bitmasks; it does not check the actions (see
:meth:`hearts.vecjax.JaxHearts.check_actions`): an illegal card gives an
undefined game.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import Array

from hearts.core.cards import JD
from hearts.core.kernel import JACK_POINTS, MOON_SCORE

from .config import POINT, SUIT, Config
from .deal import first_leader
from .state import State

PASS, PLAY, DONE = 0, 1, 3


def _seat_cards(cards: Array, seat: Array) -> Array:
    """Row ``b`` of the result: ``cards[b, seat[b]]`` (shape (B, 52))."""
    return cards[jnp.arange(cards.shape[0]), seat]


def legal(cfg: Config, s: State) -> Array:
    """The acting seats' legal cards, bool (B, 52) (none for a finished game)."""
    held = _seat_cards(s.hands, s.to_act)
    h = held > 0
    pass_legal = held > _seat_cards(s.picks, s.to_act)  # a card held twice may be picked twice
    suit = jnp.asarray(SUIT, dtype=jnp.int32)
    follow = h & (suit[None, :] == s.led_suit[:, None])
    first = (s.tricks_done == 0)[:, None]
    no_points = h & jnp.asarray(cfg.not_point)[None, :]
    no_points = jnp.where(no_points.any(axis=1, keepdims=True), no_points, h)
    no_hearts = h & jnp.asarray(cfg.not_heart)[None, :]
    no_hearts = jnp.where(no_hearts.any(axis=1, keepdims=True), no_hearts, h)
    following = jnp.where(follow.any(axis=1, keepdims=True), follow, jnp.where(first & cfg.restrict_first, no_points, h))
    first_lead = no_points if cfg.two_decks else jnp.broadcast_to(jnp.arange(52) == cfg.low_club, h.shape)
    leading = jnp.where(first, first_lead, jnp.where(s.broken[:, None], h, no_hearts))
    play_legal = jnp.where((s.trick_len == 0)[:, None], leading, following)
    phase = s.phase[:, None]
    out: Array = jnp.where(phase == PASS, pass_legal, (phase == PLAY) & play_legal)
    return out


def random_actions(cfg: Config, s: State, key: Array) -> Array:
    """A legal card drawn uniformly for each game (0 for a finished one), int32 (B,)."""
    mask = legal(cfg, s)
    count = mask.sum(axis=1, dtype=jnp.int32)
    k = jnp.minimum((jax.random.uniform(key, count.shape) * count).astype(jnp.int32), count - 1)  # the k-th legal card
    nth = mask & (_running_count(mask) == (k + 1)[:, None])
    return jnp.argmax(nth, axis=1).astype(jnp.int32)


def _running_count(mask: Array) -> Array:
    """The cumulative count along the cards (six shifted adds: faster on a CPU than XLA's cumsum)."""
    total = mask.astype(jnp.int32)
    shift = 1
    while shift < mask.shape[1]:
        total = total + jnp.pad(total[:, :-shift], ((0, 0), (shift, 0)))
        shift *= 2
    return total


def step(cfg: Config, s: State, actions: Array) -> tuple[State, Array]:
    """One action per game (finished games ignore theirs): the new state and the rewards, float32 (B, players)."""
    n, B = cfg.players, cfg.batch
    rows = jnp.arange(B)
    a = jnp.clip(actions.astype(jnp.int32), 0, 51)
    active = s.phase != DONE
    P = active & (s.phase == PASS)
    Q = active & (s.phase == PLAY)
    seat = s.to_act
    # passing: a pick
    picks = s.picks.at[rows, seat, a].add(P.astype(jnp.int8))
    count = _seat_cards(picks, seat).sum(axis=1, dtype=jnp.int32)
    full = P & (count == cfg.pass_count)
    # playing: a card
    dq = Q.astype(jnp.int8)
    hands = s.hands.at[rows, seat, a].add(-dq)
    played = s.played.at[rows, seat, a].add(dq)
    trick = s.trick.at[rows, seat].set(jnp.where(Q, a, s.trick[rows, seat]))
    suit = jnp.asarray(SUIT, dtype=jnp.int32)[a]
    lead = Q & (s.trick_len == 0)
    led_suit = jnp.where(lead, suit, s.led_suit)
    off = Q & ~lead & (suit != led_suit)
    voids = s.voids.at[rows, seat, led_suit].set(s.voids[rows, seat, led_suit] | off)
    broken = s.broken | (Q & jnp.asarray(cfg.breakers)[a])
    trick_len = s.trick_len + Q
    to_act = jnp.where(Q, (seat + 1) % n, jnp.where(full, seat + 1, seat))
    s = s._replace(
        hands=hands,
        picks=picks,
        played=played,
        trick=trick,
        led_suit=led_suit,
        voids=voids,
        broken=broken,
        trick_len=trick_len,
        to_act=to_act,
        steps=s.steps + active,
        trick_winner=jnp.full((B,), -1, dtype=jnp.int32),
    )
    ended = Q & (trick_len == n)
    s = _finish_tricks(cfg, s, ended)
    s, rewards = _finish_hands(cfg, s, ended & (s.tricks_done == cfg.cards_each))
    exchange = full & (seat == n - 1)
    s = jax.lax.cond(exchange.any(), lambda t: _exchange(cfg, t, exchange), lambda t: t, s)
    return s, rewards


def _exchange(cfg: Config, s: State, ex: Array) -> State:
    """The games ``ex`` pass their picked cards and start playing."""
    n = cfg.players
    offset = jnp.asarray(cfg.offsets, dtype=jnp.int32)[s.number - 1]
    src = (jnp.arange(n)[None, :] - offset[:, None]) % n
    incoming = jnp.take_along_axis(s.picks, src[:, :, None], axis=1)
    e3 = ex[:, None, None]
    hands = jnp.where(e3, s.hands - s.picks + incoming, s.hands)
    first = first_leader(cfg, hands, s.dealer)
    return s._replace(
        hands=hands,
        received=jnp.where(e3, incoming, s.received),
        phase=jnp.where(ex, PLAY, s.phase),
        leader=jnp.where(ex, first, s.leader),
        to_act=jnp.where(ex, first, s.to_act),
    )


def _finish_tricks(cfg: Config, s: State, ended: Array) -> State:
    """The games ``ended`` (their trick complete) give it to its winner, or set it aside (two decks)."""
    rows = jnp.arange(cfg.batch)
    cards = s.trick
    safe = jnp.maximum(cards, 0)
    in_suit = jnp.asarray(SUIT, dtype=jnp.int32)[safe] == s.led_suit[:, None]
    gained = jnp.asarray(POINT, dtype=jnp.int32)[safe].sum(axis=1)
    jd = (cards == JD).sum(axis=1, dtype=jnp.int32)
    if cfg.two_decks:  # identical cards cancel; a trick nothing wins waits for the next trick won
        dup = (cards[:, :, None] == cards[:, None, :]).sum(axis=2) > 1
        live = in_suit & ~dup
        none = ~live.any(axis=1)
        if cfg.two_pairs_void_trick:
            none |= dup.sum(axis=1) >= 4
        winner = jnp.argmax(jnp.where(live, cards, -1), axis=1).astype(jnp.int32)
        first = s.tricks_done == 0  # the kitty goes with the first trick's cards
        gained = gained + jnp.where(first, s.kitty_points, 0)
        jd = jd + jnp.where(first, s.kitty_jd, 0)
        aside, won = ended & none, ended & ~none
        s = s._replace(
            points_taken=s.points_taken.at[rows, winner].add(jnp.where(won, gained + s.pile_points, 0)),
            jd_taken=s.jd_taken.at[rows, winner].add(jnp.where(won, jd + s.pile_jd, 0)),
            pile_points=jnp.where(aside, s.pile_points + gained, jnp.where(won, 0, s.pile_points)),
            pile_jd=jnp.where(aside, s.pile_jd + jd, jnp.where(won, 0, s.pile_jd)),
            pile=(s.pile | aside) & ~won,
            kitty_taker=jnp.where(won & (s.kitty_taker < 0), winner, s.kitty_taker),
            last_winner=jnp.where(won, winner, s.last_winner),
            trick_winner=jnp.where(aside, -2, jnp.where(won, winner, s.trick_winner)),
            leader=jnp.where(won, winner, s.leader),
            to_act=jnp.where(aside, s.leader, jnp.where(won, winner, s.to_act)),
        )
    else:
        winner = jnp.argmax(jnp.where(in_suit, cards, -1), axis=1).astype(jnp.int32)
        jd_add = jnp.where(ended, jd, 0) if cfg.jack_of_diamonds else jnp.zeros_like(jd)
        s = s._replace(
            points_taken=s.points_taken.at[rows, winner].add(jnp.where(ended, gained, 0)),
            jd_taken=s.jd_taken.at[rows, winner].add(jd_add),
            trick_winner=jnp.where(ended, winner, s.trick_winner),
            leader=jnp.where(ended, winner, s.leader),
            to_act=jnp.where(ended, winner, s.to_act),
        )
    return s._replace(
        trick=jnp.where(ended[:, None], -1, s.trick),
        trick_len=jnp.where(ended, 0, s.trick_len),
        tricks_done=s.tricks_done + ended,
    )


def _finish_hands(cfg: Config, s: State, over: Array) -> tuple[State, Array]:
    """The games ``over`` (their last trick done) score the hand, the moon settled; their rewards (zero elsewhere)."""
    rows = jnp.arange(cfg.batch)
    if cfg.two_decks and cfg.previous_winner:  # the waiting cards go to the latest winner
        g = over & s.pile & (s.last_winner >= 0)
        to = jnp.maximum(s.last_winner, 0)
        s = s._replace(
            points_taken=s.points_taken.at[rows, to].add(jnp.where(g, s.pile_points, 0)),
            jd_taken=s.jd_taken.at[rows, to].add(jnp.where(g, s.pile_jd, 0)),
        )
    taken = s.points_taken
    shot = taken == cfg.moon_points
    moon = shot.any(axis=1)
    shooter = jnp.where(moon, jnp.argmax(shot, axis=1), -1).astype(jnp.int32)
    adds = jnp.asarray(cfg.moon_adds)[jnp.maximum(shooter, 0)]
    moon_points = jnp.where(adds[:, None], jnp.where(shot, 0, MOON_SCORE), jnp.where(shot, -MOON_SCORE, 0))
    points = jnp.where(moon[:, None], moon_points, taken)
    if cfg.jack_of_diamonds:
        points = points + JACK_POINTS * s.jd_taken
    own = points.astype(jnp.float32)
    if cfg.reward == "points":
        reward = -own
    else:
        # a true division, as NumPy's: XLA would turn one by a scalar into a product by 1/(n-1), off by an ulp
        others: Array = jax.lax.optimization_barrier(jnp.full(own.shape, cfg.players - 1, dtype=jnp.float32))  # type: ignore[no-untyped-call]
        reward = (own.sum(axis=1, keepdims=True) - own) / others - own
    o = over[:, None]
    s = s._replace(
        points=jnp.where(o, points, s.points),
        shooter=jnp.where(over, shooter, s.shooter),
        phase=jnp.where(over, DONE, s.phase),
        pile=s.pile & ~over,
    )
    return s, jnp.where(o, reward, 0.0).astype(jnp.float32)
