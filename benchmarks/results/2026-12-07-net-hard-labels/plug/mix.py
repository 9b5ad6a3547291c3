"""Experiment: pass with one bot and play with another (``mix:net_hard`` etc.); the net's file from $NET_FILE."""

from __future__ import annotations

import os

from hearts.bots import Bot
from hearts.bots.registry import make_bot
from hearts.core import Card, SeatView


class Mix(Bot):
    name = "mix"

    def __init__(self, passer: Bot, player: Bot) -> None:
        self.passer, self.player = passer, player

    def pass_cards(self, view: SeatView) -> list[Card]:
        return self.passer.pass_cards(view)

    def play_card(self, view: SeatView) -> Card:
        return self.player.play_card(view)


def _net(seed):
    return make_bot(f"net:file={os.environ['NET_FILE']}", seed=seed)


def net_plays(params, seed):  # hard passes, the net plays
    return Mix(make_bot("hard", seed=seed), _net(seed))


def hard_plays(params, seed):  # the net passes, hard plays
    return Mix(_net(seed), make_bot("hard", seed=seed))
