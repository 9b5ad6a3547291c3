"""``heuristic``: a rule-based player, from its seat's view only.

Passing sheds the queen of spades (unless guarded by four low spades), A/K of
spades and high hearts, and empties a short side suit; a hand fit for the moon
passes its low cards instead. Play follows :func:`~hearts.bots.heuristic_play.choose_play`:
duck under the winner, dump the queen then high hearts when void, lead low
spades to flush the queen, take or stop the moon, and in Cancellation cancel a
winning card with its twin and duck the first trick (the kitty goes with it).

Settings: ``noise=`` (0..1, the chance of a uniformly random legal choice
instead, for easier levels) and ``seed=``. The fast policy for full-information
playouts is :func:`rollout_card` (re-exported from
:mod:`hearts.bots.heuristic_rollout`).

>>> from hearts.core import Game, Rules
>>> from hearts.bots.registry import make_bot
>>> from hearts.bots.play import play_game
>>> game = play_game(Game(Rules.standard(4, target=30), seed=1), [make_bot("heuristic", seed=s) for s in range(4)])
>>> game.game_over
True
>>> make_bot("heuristic:noise=2")
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: noise must be between 0.0 and 1.0 in bot spec 'heuristic', not 2.0
"""

from __future__ import annotations

import random

from hearts.core import Card, SeatView
from hearts.core.cards import BIT, POINTS
from hearts.core.deal import card_masks

from .base import Bot
from .heuristic_pass import choose_pass, moon_hand
from .heuristic_play import NORMAL, SHOOT, choose_play, shooting
from .heuristic_rollout import rollout_card, rollout_moon
from .registry import float_setting, reject_unknown

__all__ = ["HeuristicBot", "make", "out_cards", "rollout_card", "rollout_moon", "view_card", "waiting_points"]


def out_cards(view: SeatView) -> int:
    """Mask of the cards with a copy neither played nor in the seat's hand (other hands and the kitty)."""
    rules = view.rules
    mine_lo, mine_hi = card_masks(view.hand)
    played_lo, played_hi = card_masks(view.played_cards())
    if rules.copies == 1:
        return rules.deck_mask & ~mine_lo & ~played_lo
    out = 0
    for c in range(52):
        b = BIT[c]
        used = bool(mine_lo & b) + bool(mine_hi & b) + bool(played_lo & b) + bool(played_hi & b)
        if used < 2:
            out |= b
    return out


def waiting_points(view: SeatView) -> int:
    """Points the current trick's winner takes besides the trick's own cards: set-aside cards, and
    the kitty's expected points while it waits (it goes with the first trick won, so after a
    set-aside first trick it still waits).

    >>> from hearts.core import Hand, Rules
    >>> waiting_points(Hand.from_seed(Rules.cancellation(9), seed=1).view(1))  # a kitty of 5 cards
    3
    """
    extra = sum(POINTS[c] for c in view.set_aside)
    if view.kitty_size and view.kitty_taker is None and all(t.winner is None for t in view.tricks):
        extra += view.kitty_size // 2 + 1
    return extra


class HeuristicBot(Bot):
    """The rule-based player; ``noise`` is the chance of a random legal action instead."""

    def __init__(self, noise: float = 0.0, seed: int | None = None, name: str = "heuristic") -> None:
        self.noise = noise
        self.rng = random.Random(seed)
        self.name = name

    def _noisy(self) -> bool:
        return self.noise > 0 and self.rng.random() < self.noise

    def pass_cards(self, view: SeatView) -> list[Card]:
        if self._noisy():
            return self.rng.sample(list(view.hand), view.rules.pass_count)
        return choose_pass(view.hand, view.rules)

    def play_card(self, view: SeatView) -> Card:
        if self._noisy():
            return self.rng.choice(view.legal)
        return view_card(view)


def view_card(view: SeatView, mode: int | None = None) -> Card:
    """The heuristic's card for the view's seat; ``mode`` forces :data:`SHOOT` or :data:`NORMAL`
    (by default it shoots while it holds every point and can take the rest, or has a hand for it)."""
    seat = view.seat
    assert seat is not None
    rules = view.rules
    legal = 0
    for c in view.legal:
        legal |= BIT[c]
    mine = card_masks(view.hand)[0]
    out = out_cards(view)
    points = list(view.points_taken)
    moon = rules.moon_points
    if mode is None:
        mode = NORMAL
        if sum(points) == points[seat] and (shooting(points, seat, moon, mine, out) or moon_try(view, mine, out)):
            mode = SHOOT
    leader = view.trick_leader if view.trick_leader is not None else seat
    return choose_play(
        legal,
        mine,
        out,
        list(view.trick),
        leader,
        view.players,
        seat,
        points,
        moon,
        rules.copies,
        bool(rules.jack_of_diamonds),
        waiting_points(view),
        mode,
        view.voids,
    )


def moon_try(view: SeatView, mine: int, out: int) -> bool:
    """Go for the moon with a hand that can take it (one deck only)."""
    if view.rules.copies != 1:
        return False
    return moon_hand(mine, out, 2, view.players)


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``heuristic``: settings ``noise`` (0..1, default 0) and ``seed``."""
    params = dict(params)
    params.pop("seed", None)
    noise = float_setting(params, "noise", 0.0, 1.0, 0.0, "heuristic")
    reject_unknown(params, "heuristic")
    return HeuristicBot(noise=noise, seed=seed)
