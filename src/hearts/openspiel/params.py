"""The game's parameters: OpenSpiel's typed table, read into the engine's :class:`~hearts.core.Rules`.

OpenSpiel types each parameter by its default value and fills in every
parameter the caller leaves out, so a rules option whose default depends on
the variant (``points_on_first_trick``, ``jack_of_diamonds``, ``target``)
takes a neutral default here: ``"default"`` (or ``0`` for the target) means
the variant's own, ``"yes"`` and ``"no"`` set it (a string parameter, since
OpenSpiel reads ``true`` in a game string as a boolean). Everything else is named and typed as in ``Rules``.
Standard library only.

>>> settings = read_params({**DEFAULTS, "variant": "cancellation", "players": 8})
>>> settings.rules.players, settings.rules.points_on_first_trick, settings.rules.target, settings.mode
(8, True, 150, 'hand')
>>> read_params({**DEFAULTS, "mode": "match"})
Traceback (most recent call last):
...
hearts.core.errors.RulesError: mode must be one of hand, game, not 'match'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hearts.core import Rules, RulesError

MODES = ("hand", "game")
REWARDS = ("payoff", "points")
#: the options whose default depends on the variant: "default", "yes" or "no" (OpenSpiel reads true/false in a game string as booleans)
TRISTATE = ("points_on_first_trick", "jack_of_diamonds")

#: every parameter with its default (OpenSpiel's parameter specification)
DEFAULTS: dict[str, Any] = {
    "variant": "standard",
    "players": 4,
    # the rules options, named as in hearts.core.Rules
    "target": 0,
    "pass_count": 3,
    "moon": "choose",
    "points_on_first_trick": "default",
    "queen_breaks_hearts": True,
    "jack_of_diamonds": "default",
    "ties": "play_on",
    "two_pairs_void_trick": False,
    "last_trick_unwon": "nobody",
    # the episode
    "mode": "hand",
    "hand_number": 0,
    "first_dealer": 0,
    "max_hands": 200,
    "reward": "payoff",
}


@dataclass(frozen=True)
class Settings:
    """The parameters read: the rules and the episode's settings."""

    rules: Rules
    #: "hand" (one hand) or "game" (hands to the target score)
    mode: str
    #: one hand: its number (1 = the first hand: left pass), or 0 for a chance outcome over the pass cycle
    hand_number: int
    first_dealer: int
    #: a whole game stops after this many hands even if nobody has won
    max_hands: int
    #: "payoff" (zero-sum: mean of the others' points minus one's own) or "points" (minus one's points)
    reward: str
    #: copies of each card id in the deck
    deck_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        counts = [0] * 52
        for c in self.rules.deck:
            counts[c] += 1
        object.__setattr__(self, "deck_counts", tuple(counts))

    @property
    def first_number(self) -> int:
        """The first hand's number, 0 when it is a chance outcome."""
        if self.mode == "hand" and self.hand_number == 0 and self.cycle > 1:
            return 0
        return max(1, self.hand_number)

    @property
    def cycle(self) -> int:
        """How many hands the pass directions take to repeat (1 with no passing)."""
        rules = self.rules
        if rules.pass_count == 0:
            return 1
        return 4 if rules.players == 4 and not rules.is_cancellation else 2


def _tristate(name: str, value: Any) -> bool | None:
    if value in ("default", None):
        return None
    if isinstance(value, bool):
        return value
    if value in ("yes", "no"):
        return bool(value == "yes")
    raise RulesError(f"{name} must be 'default', 'yes' or 'no', not {value!r}")


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RulesError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def read_params(params: dict[str, Any]) -> Settings:
    """The settings of an OpenSpiel parameter dict (every key of :data:`DEFAULTS`); a bad value raises ``RulesError``."""
    unknown = sorted(set(params) - set(DEFAULTS))
    if unknown:
        raise RulesError(f"unknown parameter {unknown[0]!r}: choose from {', '.join(DEFAULTS)}")
    p = {**DEFAULTS, **params}
    options: dict[str, Any] = {
        k: p[k] for k in ("pass_count", "moon", "queen_breaks_hearts", "ties", "two_pairs_void_trick", "last_trick_unwon")
    }
    for name in TRISTATE:
        options[name] = _tristate(name, p[name])
    options["target"] = None if p["target"] == 0 else p["target"]
    rules = Rules(variant=p["variant"], players=p["players"], **options)
    if p["mode"] not in MODES:
        raise RulesError(f"mode must be one of {', '.join(MODES)}, not {p['mode']!r}")
    if p["reward"] not in REWARDS:
        raise RulesError(f"reward must be one of {', '.join(REWARDS)}, not {p['reward']!r}")
    hand_number = _whole("hand_number", p["hand_number"], 0, 1_000_000)
    if hand_number and p["mode"] == "game":
        raise RulesError("hand_number is for mode='hand'; a game starts at hand 1")
    first_dealer = _whole("first_dealer", p["first_dealer"], 0, rules.players - 1)
    max_hands = _whole("max_hands", p["max_hands"], 1, 10_000)
    return Settings(rules, p["mode"], hand_number, first_dealer, max_hands, p["reward"])
