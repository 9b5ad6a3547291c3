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

from .kernel.pack import pack_rules
from .kernel.worlds import GAME_SCALE, world_value

__all__ = ["GAME_SCALE", "Evaluator", "Policy", "playout"]

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
    its result instead: :data:`~hearts.bots.kernel.worlds.GAME_SCALE` times ``0.7 * win + 0.3 * place``
    (``place``: the share of the others it finishes below), less that of an
    average seat, with the shooter's moon choice made for the shooter's own
    game (:func:`~hearts.core.moon.moon_choice_for`), where the rules let the shooter choose
    (:func:`~hearts.bots.kernel.worlds.world_value`).

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
        self.scores = list(scores) if scores is not None else [0] * self.n
        target = rules.target or 0
        self.game = bool(evaluation == "payoff" and scores is not None and target and max(scores) + rules.moon_points >= target)
        self.rules = pack_rules(rules)

    def value(self, points: Sequence[int], shooter: int | None) -> float:
        """What the final ``points`` (a moon scored "add" where the shooter chooses) are worth to the seat."""
        shot = -1 if shooter is None else shooter
        return world_value(points, self.n, shot, self.me, self.scores, self.game, self.payoff, self.rules)
