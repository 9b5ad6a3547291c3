"""``net``: a bot that decides with one forward pass of a learned model.

It plays the legal card the model values highest, passes one pick at a time
by the model's pass logits, and makes the moon choice by the score sheet.
One cheap rule stands before the model, as in the search: the live moon
defence (:func:`~hearts.bots.heuristic_play.defended`: no point card to a
seat holding every point, five or more, that could win the trick; beat
its card when it is winning, if possible); ``defend=0`` turns it off, and
``live`` sets the runner's points from which it stands (default 5). It keeps a
moon stopper as ``expert`` does (``stopper=M``, default 3; 0: off): the
lowest heart where that keeps a higher one home, unless the net values
another card higher by ``M`` payoff points or more.
While the moon is open to the seat (no other seat has a point), the model's
shoot head says whether its teacher would be shooting here; above
``shoot`` (default 0.5; 1: never) the bot plays the heuristic's shooting
card instead of the best-valued one.
``net`` uses the model shipped for the table's shape; ``net:file=PATH``
loads another (written by ``hearts train``). A model used at a table it
was not trained for raises a clear :class:`~hearts.net.model.ModelError`.

>>> from hearts.bots import make_bot
>>> from hearts.core import Game, Rules
>>> make_bot("net:file=nowhere.npz")
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: cannot read the model file 'nowhere.npz': [Errno 2] No such file or directory: 'nowhere.npz'
"""

from __future__ import annotations

import numpy as np

from hearts.bots import Bot
from hearts.bots.heuristic import view_card
from hearts.bots.heuristic_play import LIVE_DEFEND_AT, SHOOT, defended, stopper_card
from hearts.bots.registry import BotSpecError, float_setting, int_setting, reject_unknown
from hearts.core import Card, Rules, SeatView

from .encoding import action_mask, encode
from .model import ModelError, NetModel, load_shipped


class NetBot(Bot):
    """Plays ``model`` (or the shipped model of each table's shape when None) from the seat's view."""

    def __init__(
        self,
        model: NetModel | None = None,
        name: str = "net",
        defend: bool = True,
        shoot: float = 0.5,
        live: int = LIVE_DEFEND_AT,
        stopper: float = 3.0,
    ) -> None:
        self.model = model
        self.name = name
        self.defend = defend
        self.shoot = shoot
        self.live = live
        self.stopper = stopper
        self._shipped: dict[tuple[str, int], NetModel] = {}
        self._values: dict[Card, float] | None = None

    def model_for(self, rules: Rules) -> NetModel:
        """The model this bot uses at a table with ``rules`` (checked to fit)."""
        if self.model is not None:
            self.model.check_fits(rules)
            return self.model
        key = (rules.variant, rules.players)
        if key not in self._shipped:
            self._shipped[key] = load_shipped(rules)
        return self._shipped[key]

    def decision_values(self) -> dict[Card, float] | None:
        """The model's value of each legal card in the last play (None after a pass or a forced card)."""
        return self._values

    def pass_cards(self, view: SeatView) -> list[Card]:
        self._values = None
        model = self.model_for(view.rules)
        picked: list[Card] = []
        for _ in range(view.rules.pass_count):
            logits = model.pass_logits(encode(view, picked)[None, :])[0]
            mask = action_mask(view, picked)
            picked.append(int(np.argmax(np.where(mask > 0, logits, -np.inf))))
        return picked

    def play_card(self, view: SeatView) -> Card:
        self._values = None
        legal = view.legal
        model = self.model_for(view.rules)
        me = view.seat
        assert me is not None
        one_deck = view.rules.copies == 1
        leader = view.trick_leader if view.trick_leader is not None else me
        if self.defend and one_deck and view.trick and len(legal) > 1:
            legal = tuple(defended(legal, view.trick, leader, view.players, me, view.points_taken, view.rules.moon_points, at=self.live))
        if len(legal) == 1:
            return legal[0]
        values, chance = model.play(encode(view), legal)
        moon_open = one_deck and sum(view.points_taken) == view.points_taken[me]  # no other seat has a point
        if moon_open and chance is not None and chance > self.shoot:
            return view_card(view, SHOOT)  # the teacher would be shooting here: the heuristic's shooting card
        self._values = {c: float(v) for c, v in zip(legal, values, strict=True)}
        card = legal[int(np.argmax(values))]
        if self.stopper > 0 and one_deck and view.trick:
            # keep the high hearts home against a possible moon unless the net clearly prefers another card
            keep = stopper_card(legal, view.trick, leader, view.players, me, view.points_taken, view.rules.moon_points)
            if keep is not None and self._values[card] - self._values[keep] < self.stopper:
                return keep
        return card


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``net``: settings ``file`` (a model by ``hearts train``; default: the shipped one), ``defend``, ``shoot``, ``seed`` (unused)."""
    params.pop("seed", None)
    path = params.pop("file", None)
    defend = bool(int_setting(params, "defend", 0, 1, 1, "net"))
    shoot = float_setting(params, "shoot", 0.0, 1.0, 0.5, "net")
    live = int_setting(params, "live", 1, 26, LIVE_DEFEND_AT, "net")
    stopper = float_setting(params, "stopper", 0.0, 26.0, 3.0, "net")
    reject_unknown(params, "net")
    settings = {"defend": defend, "shoot": shoot, "live": live, "stopper": stopper}
    if path is None:
        return NetBot(**settings)  # type: ignore[arg-type]
    try:
        return NetBot(NetModel.load(path), **settings)  # type: ignore[arg-type]
    except ModelError as err:
        raise BotSpecError(str(err)) from None
