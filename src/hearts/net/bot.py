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
was not trained for raises a clear :class:`~hearts.net.meta.ModelError`.
``fallback=NAME`` (a bot or level name without settings, e.g. ``heuristic``)
plays the tables that have no shipped model instead: the ``medium`` level is
``net:fallback=heuristic``. The model runs on NumPy where it imports, else in
plain Python (:mod:`hearts.net.backend`, :mod:`hearts.net.pure`): the same
cards either way, so this module imports without NumPy (in a browser, say).

>>> from hearts.bots import make_bot
>>> from hearts.core import Hand, Rules
>>> make_bot("net:file=nowhere.npz")
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: cannot read the model file 'nowhere.npz': [Errno 2] No such file or directory: 'nowhere.npz'
>>> bot = make_bot("net:fallback=heuristic", seed=1)
>>> view = Hand.from_seed(Rules.standard(5), seed=2).view(0)
>>> bot.act(view) == make_bot("heuristic", seed=1).act(view)  # no 5-player model: the heuristic decides
True
"""

from __future__ import annotations

from hearts.bots import Bot
from hearts.bots.heuristic import view_card
from hearts.bots.heuristic_play import LIVE_DEFEND_AT, SHOOT, defended, stopper_card
from hearts.bots.registry import BotSpecError, float_setting, int_setting, make_bot, reject_unknown
from hearts.core import Card, Rules, SeatView
from hearts.observe.layout import action_cards

from .backend import ViewModel, has_shipped, load, load_shipped
from .meta import ModelError, first_best


class NetBot(Bot):
    """Plays ``model`` (or the shipped model of each table's shape when None) from the seat's view.

    ``model`` is either forward pass (:class:`~hearts.net.backend.ViewModel`): a
    :class:`~hearts.net.model.NetModel` or a :class:`~hearts.net.pure.PureModel`.
    """

    def __init__(
        self,
        model: ViewModel | None = None,
        name: str = "net",
        defend: bool = True,
        shoot: float = 0.5,
        live: int = LIVE_DEFEND_AT,
        stopper: float = 3.0,
        fallback: Bot | None = None,
    ) -> None:
        self.model = model
        self.fallback = fallback
        self.name = name
        self.defend = defend
        self.shoot = shoot
        self.live = live
        self.stopper = stopper
        self._values: dict[Card, float] | None = None

    def model_for(self, rules: Rules) -> ViewModel:
        """The model this bot uses at a table with ``rules`` (checked to fit)."""
        if self.model is not None:
            self.model.check_fits(rules)
            return self.model
        return load_shipped(rules)

    def _stand_in(self, rules: Rules) -> Bot | None:
        """The fallback bot where it plays instead: no model of our own and none shipped for this table's shape."""
        if self.fallback is None or self.model is not None or has_shipped(rules):
            return None
        return self.fallback

    def reseed(self, seed: int) -> None:
        """Reseed the fallback, the one part of this bot that may draw at random (the net itself does not)."""
        if self.fallback is not None:
            self.fallback.reseed(seed)

    def check(self, rules: Rules) -> None:
        if self._stand_in(rules) is not None:
            return
        try:
            self.model_for(rules)
        except ModelError as err:
            raise BotSpecError(str(err)) from None

    def decision_values(self) -> dict[Card, float] | None:
        """The model's value of each legal card in the last play (None after a pass or a forced card)."""
        return self._values

    def pass_cards(self, view: SeatView) -> list[Card]:
        self._values = None
        stand_in = self._stand_in(view.rules)
        if stand_in is not None:
            return stand_in.pass_cards(view)
        model = self.model_for(view.rules)
        picked: list[Card] = []
        for _ in range(view.rules.pass_count):
            cards = action_cards(view, picked)
            picked.append(cards[first_best(model.view_pass(view, picked, cards))])
        return picked

    def play_card(self, view: SeatView) -> Card:
        self._values = None
        stand_in = self._stand_in(view.rules)
        if stand_in is not None:
            return stand_in.play_card(view)
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
        values, chance = model.view_play(view, legal)
        moon_open = one_deck and sum(view.points_taken) == view.points_taken[me]  # no other seat has a point
        if moon_open and chance is not None and chance > self.shoot:
            return view_card(view, SHOOT)  # the teacher would be shooting here: the heuristic's shooting card
        self._values = dict(zip(legal, values, strict=True))
        card = legal[first_best(values)]
        if self.stopper > 0 and one_deck and view.trick:
            # keep the high hearts home against a possible moon unless the net clearly prefers another card
            keep = stopper_card(legal, view.trick, leader, view.players, me, view.points_taken, view.rules.moon_points)
            if keep is not None and self._values[card] - self._values[keep] < self.stopper:
                return keep
        return card


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``net``: settings ``file`` (a model by ``hearts train``; default: the shipped one), ``defend``, ``shoot``, ``live``,
    ``stopper``, ``fallback`` (a bot for the tables with no shipped model) and ``seed`` (the fallback's)."""
    params.pop("seed", None)
    path = params.pop("file", None)
    defend = bool(int_setting(params, "defend", 0, 1, 1, "net"))
    shoot = float_setting(params, "shoot", 0.0, 1.0, 0.5, "net")
    live = int_setting(params, "live", 1, 26, LIVE_DEFEND_AT, "net")
    stopper = float_setting(params, "stopper", 0.0, 26.0, 3.0, "net")
    fallback = params.pop("fallback", None)
    reject_unknown(params, "net")
    stand_in = None
    if fallback is not None:
        if fallback == "net":
            raise BotSpecError("fallback must name another bot or level (e.g. heuristic) in bot spec 'net', not 'net'")
        stand_in = make_bot(fallback, seed=seed)  # an unknown name is refused there
    settings = {"defend": defend, "shoot": shoot, "live": live, "stopper": stopper, "fallback": stand_in}
    if path is None:
        return NetBot(**settings)  # type: ignore[arg-type]
    try:
        return NetBot(load(path), **settings)  # type: ignore[arg-type]
    except ModelError as err:
        raise BotSpecError(str(err)) from None
