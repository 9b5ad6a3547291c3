"""The ``net`` bot's plays with the search's pass race: an experiment, loaded as a factory path.

``netpass:make:pass=24:pass_guard=5:pass_miss=0.5:pass_alone=1:pass_ms=140`` with this folder
on PYTHONPATH: every setting goes to the search bot that passes; the net plays every card.
"""

from __future__ import annotations

from hearts.bots import Bot
from hearts.bots.search import SearchBot, SearchSettings
from hearts.core import Card, SeatView
from hearts.net.bot import NetBot


class NetPass(Bot):
    """Plays as ``net``, passes as ``search`` with ``pass=N``."""

    name = "netpass"

    def __init__(self, passer: SearchBot) -> None:
        self.net = NetBot()
        self.passer = passer

    def pass_cards(self, view: SeatView) -> list[Card]:
        return self.passer.pass_cards(view)

    def play_card(self, view: SeatView) -> Card:
        return self.net.play_card(view)


def make(params: dict[str, str], seed: int | None) -> Bot:
    params = dict(params)
    params.pop("seed", None)
    return NetPass(SearchBot(SearchSettings.from_params(params, "netpass"), seed=seed))
