"""The bot protocol: a bot sees one seat's view and returns that seat's action.

A bot never receives the state, only a :class:`~hearts.core.SeatView`: its
own hand, the cards it passed and received, every card played, the voids
shown, the public points and the scores. What it may do is in the view:

- ``view.phase == "pass"``: choose ``view.rules.pass_count`` cards of ``view.hand``;
- ``view.phase == "play"``: one of ``view.legal`` (the distinct legal cards);
- ``view.phase == "moon"``: ``"add"`` (26 to every other seat) or ``"subtract"``.

>>> from hearts.core import Game, Rules
>>> game = Game(Rules.standard(4), seed=1)
>>> bot = RandomBot(seed=5)
>>> action = bot.act(game.view(0))
>>> type(action).__name__, len(action.cards)
('PassCards', 3)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from typing import Any

from hearts.core import Action, Card, ChooseMoon, PassCards, PlayCard, Rules, SeatView
from hearts.core.enums import MoonChoice, Phase
from hearts.core.moon import best_moon_choice as best_moon_choice  # a scoring rule: its home is the core
from hearts.core.moon import moon_choice_for as moon_choice_for

MOON_CHOICES: tuple[MoonChoice, ...] = tuple(MoonChoice)


@dataclass(frozen=True)
class BotFault:
    """A decision a bot failed to make (it timed out, crashed, or replied badly); a fallback bot made it instead.

    ``kind`` is one of ``start``, ``handshake``, ``timeout``, ``crash``,
    ``malformed``, ``illegal``; ``decision`` counts the bot's decisions in its
    game from 1; ``message`` names the bot and the decision.
    """

    bot: str
    seat: int
    hand: int
    phase: str
    decision: int
    kind: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Bot(ABC):
    """Base class: subclasses implement the three decisions; :meth:`act` dispatches."""

    #: the spec string the bot was made from, e.g. ``"search:ms=500"``
    name: str = "bot"

    def act(self, view: SeatView) -> Action:
        """The action of ``view.seat`` in the view's phase."""
        seat = view.seat
        if seat is None:
            raise ValueError("a bot needs a seat's view, not a spectator's")
        if view.phase == Phase.PASS:
            return PassCards(seat, tuple(self.pass_cards(view)))
        if view.phase == Phase.PLAY:
            return PlayCard(seat, self.play_card(view))
        if view.phase == Phase.MOON:
            return ChooseMoon(seat, self.moon_choice(view))
        raise ValueError(f"nothing to decide in phase {view.phase!r}")

    @abstractmethod
    def pass_cards(self, view: SeatView) -> list[Card]:
        """``view.rules.pass_count`` cards from ``view.hand`` (a duplicate may be passed twice)."""

    @abstractmethod
    def play_card(self, view: SeatView) -> Card:
        """One of ``view.legal``."""

    def moon_choice(self, view: SeatView) -> str:
        """The shooter's choice; by default the one that is better for this seat on the score sheet."""
        return best_moon_choice(view)

    def check(self, rules: Rules) -> None:
        """Raise :class:`~hearts.bots.BotSpecError` if this bot cannot play under ``rules`` (by default it can)."""
        return None

    def close(self) -> None:
        """Release what the bot holds (a process, a connection) once its game is over; by default nothing."""
        return None

    def reseed(self, seed: int) -> None:
        """Draw the next decision's randomness from ``seed``, keeping everything else the bot remembers.

        A host that keeps one bot for a whole game (:mod:`hearts.session`)
        calls it before each decision, so the same moment of the same game
        gets the same decision (after an undo, after a resume). By default
        the bot's ``rng`` (a ``random.Random``, the convention of the
        built-in bots) is seeded again; a bot without one keeps its own
        randomness.

        >>> bot = RandomBot(seed=1)
        >>> bot.reseed(7); first = bot.rng.random()
        >>> bot.reseed(7); first == bot.rng.random()
        True
        """
        rng = getattr(self, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(seed)

    def faults(self) -> tuple[BotFault, ...]:
        """The decisions this bot failed so far (a fallback made them); in-process bots never fail this way."""
        return ()

    def decision_values(self) -> dict[Card, float] | None:
        """The bot's own value of each card it weighed in its last decision (higher is better), or None.

        A hook for training data (``hearts selfplay``): bots that score their
        choices (the search bot: each legal card's mean payoff over its
        worlds) return them; the others, and a decision taken without
        weighing cards (a pass, a forced card), give None.
        """
        return None

    def pass_values(self) -> dict[tuple[Card, ...], float] | None:
        """The bot's own value of each pass it weighed in its last pass (higher is better), or None.

        The pass-phase twin of :meth:`decision_values`: the search bot gives
        each candidate pass (its cards, sorted) with its mean payoff over the
        deals it was tried in; bots that do not weigh passes give None.
        """
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """A uniformly random legal choice, from its own seeded generator."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def pass_cards(self, view: SeatView) -> list[Card]:
        return self.rng.sample(list(view.hand), view.rules.pass_count)

    def play_card(self, view: SeatView) -> Card:
        return self.rng.choice(view.legal)

    def moon_choice(self, view: SeatView) -> str:
        return self.rng.choice(MOON_CHOICES)
