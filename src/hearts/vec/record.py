"""One game of a :class:`~hearts.vec.VecHearts` batch as the reference engine's hand, or as a record.

The game's deal, hand number and actions (``history``) are replayed
through :class:`hearts.core.Hand`, which checks every one, with the
shooter's choice made as the environment made it. A hand numbered 1 (pass
left) is a game's first hand, so it is written as a hearts-record/1 record
that ``hearts replay`` accepts; a record cannot start with another hand
number, so for those :func:`record_of` raises.

>>> import numpy as np
>>> from hearts.core import Rules
>>> from hearts.vec import VecHearts
>>> env = VecHearts(Rules.standard(4), batch=16)
>>> env.reset(seed=3)
>>> rng = np.random.default_rng(3)
>>> while not env.done.all():
...     _ = env.step(env.random_actions(rng))
>>> g = int(np.flatnonzero(env.number == 1)[0])
>>> hand_of(env, g).points == env.points[g].tolist()
True
>>> from hearts.record import replay
>>> replay(record_of(env, g))["ok"]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hearts.core import Hand
from hearts.core.cards import mask_cards
from hearts.record import hand_record

if TYPE_CHECKING:
    from .engine import VecHearts


def hand_of(env: VecHearts, game: int) -> Hand:
    """Game ``game`` of the batch replayed through the engine, as far as it has gone (raises if it breaks a rule)."""
    if not 0 <= game < env.batch:
        raise IndexError(f"game must be from 0 to {env.batch - 1}, not {game}")
    rules, n = env.rules, env.players
    number = int(env.number[game])
    deal = [sorted(mask_cards(int(env.dealt[game, s])) + mask_cards(int(env.dealt_hi[game, s]))) for s in range(n)]
    kitty = sorted(mask_cards(int(env.kitty[game])) + mask_cards(int(env.kitty_hi[game])))
    hand = Hand(rules, deal, kitty, number=number, dealer=int(env.dealer[game]))
    actions = [int(a) for a in env.history[game, : int(env.steps[game])]]
    k = rules.pass_count if hand.phase == "pass" else 0
    for s in range(n if k else 0):
        if len(actions) >= (s + 1) * k:  # a seat still picking has passed nothing yet
            hand.pass_cards(s, actions[s * k : (s + 1) * k])
    for card in actions[n * k :]:
        hand.play(card)
        if hand.phase == "moon":
            shooter = hand.to_move
            hand.choose_moon(shooter, "add" if env.moon_adds[shooter] else "subtract")
    return hand


def record_of(env: VecHearts, game: int) -> dict[str, Any]:
    """Game ``game`` as a one-hand hearts-record/1 record (its hand number must be 1)."""
    number = int(env.number[game])
    if number != 1:
        raise ValueError(f"game {game} is hand {number} of the pass cycle: a record starts with hand 1")
    if int(env.dealer[game]) != 0:
        raise ValueError(f"game {game} was dealt by seat {int(env.dealer[game])}: a record's first hand is dealt by seat 0")
    return hand_record(hand_of(env, game))
