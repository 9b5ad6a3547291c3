"""A bot made of alternatives: at each table, the first that can play it.

A level such as ``hard`` names ``"net-rollout:...|search:..."``: the search
standing on the learned net where a model ships for the table's shape,
the plain search elsewhere. The choice is made per table (by
:meth:`~hearts.bots.Bot.check` on its rules) and kept; an alternative that
cannot even be made here (its extra is missing, e.g. no NumPy) is left out.

>>> from hearts.core import Rules
>>> bot = make_by_table("net|heuristic", seed=1)
>>> bot.for_rules(Rules.standard(5)).name
'heuristic'
"""

from __future__ import annotations

from hearts.core import Card, Rules, SeatView

from .base import Bot, BotFault
from .registry import BotSpecError, make_bot


class ByTable(Bot):
    """The first of ``bots`` that can play each table (see the module)."""

    def __init__(self, bots: list[Bot]) -> None:
        if not bots:
            raise BotSpecError("a bot of alternatives needs at least one bot that can be made here")
        self.bots = bots
        self.name = "|".join(b.name for b in bots)
        self._chosen: dict[Rules, Bot] = {}
        self._last: Bot | None = None

    def for_rules(self, rules: Rules) -> Bot:
        """The bot that plays a table of ``rules`` (raises :class:`BotSpecError` where none can)."""
        bot = self._chosen.get(rules)
        if bot is None:
            errors: list[str] = []
            for candidate in self.bots:
                try:
                    candidate.check(rules)
                except BotSpecError as err:
                    errors.append(str(err))
                    continue
                bot = candidate
                break
            if bot is None:
                raise BotSpecError("; ".join(errors))
            self._chosen[rules] = bot
        return bot

    def check(self, rules: Rules) -> None:
        self.for_rules(rules)

    def pass_cards(self, view: SeatView) -> list[Card]:
        self._last = self.for_rules(view.rules)
        return self._last.pass_cards(view)

    def play_card(self, view: SeatView) -> Card:
        self._last = self.for_rules(view.rules)
        return self._last.play_card(view)

    def moon_choice(self, view: SeatView) -> str:
        self._last = self.for_rules(view.rules)
        return self._last.moon_choice(view)

    def decision_values(self) -> dict[Card, float] | None:
        return self._last.decision_values() if self._last is not None else None

    def pass_values(self) -> dict[tuple[Card, ...], float] | None:
        return self._last.pass_values() if self._last is not None else None

    def faults(self) -> tuple[BotFault, ...]:
        return tuple(f for b in self.bots for f in b.faults())

    def close(self) -> None:
        for b in self.bots:
            b.close()


def make_by_table(spec: str, seed: int | None = None) -> ByTable:
    """``"A|B|..."``: a :class:`ByTable` of the bots those specs make (those that cannot be made here are left out)."""
    bots: list[Bot] = []
    errors: list[str] = []
    for part in spec.split("|"):
        try:
            bots.append(make_bot(part, seed=seed))
        except BotSpecError as err:
            errors.append(str(err))
    if not bots:
        raise BotSpecError("; ".join(errors))
    return ByTable(bots)
