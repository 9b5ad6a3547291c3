"""``net-rollout`` whose gated incumbent is the ``net`` bot's card (its moon defence and stopper applied).

An experiment, loaded as a factory path: ``incumbent:make:sims=64:depth=1:...`` with this folder on PYTHONPATH.
"""

from __future__ import annotations

from hearts.bots import Bot
from hearts.bots.search import WorldResult
from hearts.core import Card, SeatView
from hearts.net.rollout import NetRolloutBot
from hearts.net.rollout import make as rollout_make


class Incumbent(NetRolloutBot):
    def _run(self, view: SeatView, limit: int, base: int, deadline: float | None, shoot_card: Card | None) -> list[WorldResult]:
        results = super()._run(view, limit, base, deadline, shoot_card)
        card = self.net.play_card(view)
        return [r._replace(preferred=card) for r in results]


def make(params: dict[str, str], seed: int | None) -> Bot:
    bot = rollout_make(params, seed)
    bot.__class__ = Incumbent
    return bot
