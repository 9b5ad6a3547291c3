"""``net-search``: the search bot with the net as a prior that prunes the cards it weighs.

Before searching a play, the bot ranks the legal cards by the net's values
and searches only the ``top`` best (the live moon defence's own cards stay
in). With a fixed number of simulations the kept cards get more worlds
each; with a time budget each world costs less. Every other setting is the
search bot's (``net-search:top=4:sims=1000:...``); ``file=PATH`` picks a
model other than the shipped one for the table's shape.

>>> from hearts.bots import make_bot
>>> make_bot("net-search:top=0")
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: top must be between 1 and 52 in bot spec 'net-search', not 0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hearts.bots import Bot
from hearts.bots.registry import BotSpecError, int_setting
from hearts.bots.search import SearchBot
from hearts.bots.search_settings import SearchSettings
from hearts.core import Card, Rules, SeatView
from hearts.observe import encode

from .bot import NetBot
from .model import ModelError, NetModel, load_shipped

#: cards kept by default
DEFAULT_TOP = 4


class NetSearchBot(SearchBot):
    """:class:`~hearts.bots.search.SearchBot` that weighs only the net's ``top`` cards."""

    def __init__(
        self,
        settings: SearchSettings | None = None,
        *,
        top: int = DEFAULT_TOP,
        model: NetModel | None = None,
        seed: int | None = None,
        name: str = "search",
    ) -> None:
        super().__init__(settings, seed=seed, name=name)
        self.top = top
        self.model = model
        self.net = NetBot(model)

    def model_for(self, rules: Rules) -> NetModel:
        """The (NumPy) model this bot weighs the cards with, checked to fit ``rules``' table."""
        if self.model is not None:
            self.model.check_fits(rules)
            return self.model
        return load_shipped(rules)

    def check(self, rules: Rules) -> None:
        """Refuse, before the game, a table with no model (the net's own check)."""
        super().check(rules)
        self.net.check(rules)

    def candidates(self, view: SeatView, legal: tuple[Card, ...]) -> Sequence[Card]:
        if len(legal) <= self.top:
            return legal
        values = self.model_for(view.rules).play_values(encode(view), legal)
        order = np.argsort(-values, kind="stable")[: self.top]
        return [legal[int(k)] for k in order]


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``net-search``: ``top`` (cards kept, default 4), ``file`` (a model; default the shipped one), and the search's settings."""
    spec = "net-search"
    params = dict(params)
    params.pop("seed", None)
    top = int_setting(params, "top", 1, 52, DEFAULT_TOP, spec)
    model = model_setting(params)
    return NetSearchBot(SearchSettings.from_params(params, spec), top=top, model=model, seed=seed)


def model_setting(params: dict[str, str]) -> NetModel | None:
    """The model of a spec's ``file=PATH`` (removed from ``params``), or None for the shipped one."""
    path = params.pop("file", None)
    if path is None:
        return None
    try:
        return NetModel.load(path)
    except ModelError as err:
        raise BotSpecError(str(err)) from None
