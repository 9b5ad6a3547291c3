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
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from hearts.core import Action, Card, ChooseMoon, PassCards, PlayCard, Rules, SeatView

MOON_CHOICES = ("add", "subtract")


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
        if view.phase == "pass":
            return PassCards(seat, tuple(self.pass_cards(view)))
        if view.phase == "play":
            return PlayCard(seat, self.play_card(view))
        if view.phase == "moon":
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


def best_moon_choice(view: SeatView) -> str:
    """``"add"`` or ``"subtract"``, whichever is better for the shooter on the score sheet.

    Both move the shooter 26 points against every other seat. What differs
    is whether the game ends: a choice that ends the game with the shooter
    alone lowest wins it; one that ends it with the shooter not lowest loses
    it. When neither ends the game, a shooter who leads wants it to end
    sooner (``add`` pushes the others toward the target) and one who trails
    wants it longer (``subtract``).
    """
    seat = view.seat
    assert seat is not None
    return moon_choice_for(list(view.scores or [0] * view.players), seat, view.rules.target or 0)


def moon_choice_for(scores: Sequence[int], seat: int, target: int, moon: int = 26) -> str:
    """:func:`best_moon_choice` from the scores before the hand (the shooter ``seat`` took every point).

    >>> moon_choice_for([80, 70, 60, 90], 0, 100)  # adding ends the game with seat 0 alone lowest
    'add'
    >>> moon_choice_for([95, 60, 60, 60], 0, 100)  # adding ends it with seat 0 last: subtract
    'subtract'
    """
    added = [s + (0 if i == seat else moon) for i, s in enumerate(scores)]
    subtracted = [s - (moon if i == seat else 0) for i, s in enumerate(scores)]

    def outcome(totals: list[int]) -> int:
        if max(totals) < target:
            return 1  # the game goes on
        low = min(totals)
        if totals[seat] == low:
            return 2 if totals.count(low) == 1 else 1
        return 0  # the game ends and this seat has lost

    a, s = outcome(added), outcome(subtracted)
    if a != s:
        return "add" if a > s else "subtract"
    return "add" if added[seat] == min(added) else "subtract"


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
