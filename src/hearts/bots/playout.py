"""Playing a world out to the end, and what its final points are worth to one seat.

>>> from hearts.core import Hand, Rules
>>> from hearts.bots.heuristic_rollout import rollout_card
>>> world = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> sum(playout(world, rollout_card)) in (26, 78)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hearts.core import Card, Hand, Rules

from .base import moon_choice_for

#: ``policy(hand, shoot)``: the card for ``hand.to_move``; ``shoot`` is a mask of seats going for the moon
Policy = Callable[[Hand, int], Card]


def playout(world: Hand, policy: Policy, shoot: int = 0) -> list[int]:
    """Play ``world`` to the end with ``policy`` (the shooter adds 26; :class:`Evaluator` weighs the other choice); its points."""
    play = world.play
    while world.phase == "play":
        play(policy(world, shoot))
    if world.phase == "moon":
        world.choose_moon(world.to_move, "add")
    assert world.points is not None
    return world.points


class Evaluator:
    """The value of a hand's final points for one seat.

    ``payoff``: the mean of the others' points minus its own; ``points``:
    minus its own; ``hand``: the payoff, never the game. With ``payoff``,
    when the game's scores are known and this hand can end the game (some
    total can reach the target), a world in which the game ends is valued by
    its result instead: :data:`GAME_SCALE` times ``0.7 * win + 0.3 * place``
    (``place``: the share of the others it finishes below), less that of an
    average seat, with the shooter's moon choice made for the shooter's own
    game (:func:`~hearts.bots.base.moon_choice_for`).

    >>> from hearts.core import Rules
    >>> e = Evaluator(0, Rules.standard(4), [0, 0, 0, 0], "payoff")
    >>> e.value([2, 10, 7, 7], None)
    6.0
    >>> late = Evaluator(0, Rules.standard(4), [90, 80, 85, 95], "payoff")
    >>> late.game, late.value([0, 10, 12, 4], None) > 0 > late.value([10, 0, 12, 4], None)
    (True, True)
    """

    def __init__(self, me: int, rules: Rules, scores: Sequence[int] | None, evaluation: str) -> None:
        self.me = me
        self.n = rules.players
        self.payoff = evaluation in ("payoff", "hand")
        self.scores = list(scores) if scores is not None else None
        self.target = rules.target or 0
        self.share = rules.ties == "share"
        #: the shooter chooses how its moon scores (the moon rule "choose"); else the playout scored it already
        self.choose = rules.moon == "choose"
        self.game = bool(
            evaluation == "payoff" and self.scores is not None and self.target and max(self.scores) + rules.moon_points >= self.target
        )
        self.average = 0.7 / self.n + 0.15

    def value(self, points: Sequence[int], shooter: int | None) -> float:
        me, n = self.me, self.n
        if self.game:
            assert self.scores is not None
            if shooter is not None and self.choose and moon_choice_for(self.scores, shooter, self.target) == "subtract":
                points = [-26 if s == shooter else 0 for s in range(n)]
            totals = [a + b for a, b in zip(self.scores, points, strict=True)]
            if max(totals) >= self.target:
                low = min(totals)
                tied = totals.count(low)
                if tied == 1 or self.share:
                    win = 1 / tied if totals[me] == low else 0.0
                    mine = totals[me]
                    place = (sum(1 for t in totals if t > mine) + 0.5 * (sum(1 for t in totals if t == mine) - 1)) / (n - 1)
                    return GAME_SCALE * (0.7 * win + 0.3 * place - self.average)
        own = points[me]
        if self.payoff:
            return (sum(points) - own) / (n - 1) - own
        return -own


#: points of payoff that a game's result is worth (winning against an average seat's chance)
GAME_SCALE = 100.0
