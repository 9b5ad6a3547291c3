"""The ``search`` bot's settings: one frozen, checked class, with the levels ``hard`` and ``expert`` as its presets.

Each field carries its spec name, range and help (:func:`~hearts.bots.settings.setting`), and the spec parser
(``search:sims=40``) and the docs' settings table are both made from the fields, so they never disagree. A spec
written from a settings object reads back to the same object:

>>> SearchSettings(sims=40, pass_worlds=4).spec()
'search:sims=40:pass=4'
>>> SearchSettings.from_spec("search:sims=40:pass=4") == SearchSettings(sims=40, pass_worlds=4)
True
>>> SearchSettings.from_spec(SearchSettings.hard().spec()) == PRESETS["hard"]
True
>>> SearchSettings.expert().sims, SearchSettings.hard().pass_guard
(3000, 5)
>>> SearchSettings(jobs=3)
Traceback (most recent call last):
...
ValueError: jobs must be between 1 and 2, not 3
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from .heuristic_play import LIVE_DEFEND_AT
from .settings import Setting, check, parse, setting, spec_text, table_of

#: a decision's time budget, in milliseconds, when a spec gives neither ``ms`` nor ``sims``
DEFAULT_MS = 700
EVALS = ("payoff", "hand")
Evaluation = Literal["payoff", "hand"]


@dataclass(frozen=True, kw_only=True)
class SearchSettings:
    """Every setting of the ``search`` bot, checked when built (a value out of range raises ValueError).

    With neither ``ms`` nor ``sims`` the budget is :data:`DEFAULT_MS` a decision.
    The levels are the presets :meth:`hard` and :meth:`expert` (:data:`PRESETS`).

    The settings no level and no training recipe uses, and why they stay:

    - ``worlds``, ``jobs``: budget knobs, like ``ms`` and ``sims`` (``jobs=2`` gives one bot both cores, same result).
    - ``eval``: ``hand`` turns the game-aware value off, the comparison the bots notebook measured (no difference
      at its size); the tests check the setting is read.
    - ``moon``, ``touch``: ``0`` switches the shoot line or the touching-card groups off, so that the card search
      can be compared alone (the touching-card and ``net-search`` tests do; the notebook measured ``touch``).
    - ``live``: the threshold of the live moon defence, the heuristic's own by default; the notebook's ``live=N``
      measurements set it, and a test checks it moves the defence.
    """

    ms: int | None = setting(
        "int",
        f"time budget a decision, in milliseconds ({DEFAULT_MS} when neither `ms` nor `sims` is given)",
        low=1,
        high=600_000,
    )
    sims: int | None = setting(
        "int",
        "simulations a decision (one card played out in one world); with a seed the decision is "
        "then deterministic, whatever `jobs`; with `ms` too, whichever comes first",
        low=1,
        high=10_000_000,
    )
    worlds: int | None = setting("int", "the most worlds a decision", low=1, high=10_000_000)
    jobs: int = setting("int", "processes; the worlds are split by index and merged in order, so the result is the same", 1, low=1, high=2)
    evaluation: Evaluation = setting(
        "choice",
        "a card's worth: its mean payoff (the game's result when the hand can end the game), or the hand's payoff always",
        "payoff",
        choices=EVALS,
        key="eval",
    )
    moon: bool = setting("flag", "try the shoot line in one-deck games", True)
    touch: bool = setting("flag", "weigh one card of each group of touching cards (they are worth the same)", True)
    pass_worlds: int = setting(
        "int",
        "the pass search's budget, in sampled deals a candidate (0: the heuristic's pass)",
        0,
        low=0,
        high=100_000,
        key="pass",
    )
    pass_ms: int | None = setting("int", "the pass search's time budget, in milliseconds (default: `ms`)", low=1, high=600_000)
    pass_guard: int = setting("int", "the pass search keeps the Q♠ only with at least this many spades below her", 0, low=0, high=12)
    pass_miss: float = setting(
        "float",
        "a world's weight is multiplied by this for each card passed to this seat that the passer's heuristic pass "
        "would not have sent (1: every world the same)",
        1.0,
        low=0.05,
        high=1.0,
    )
    pass_alone: bool = setting("flag", "pass the Q♠ without hearts while the hand has other cards to send with her", False)
    pass_top: int = setting(
        "int",
        "1: pass the top heart like any high heart, where the heuristic keeps it back as a "
        "moon stopper; 2: the same only when a second heart of jack or higher stays back instead",
        0,
        low=0,
        high=2,
    )
    miss: float = setting(
        "float",
        "a world's weight is multiplied by this for each play seen that the rollout policy would not have made in it "
        "(1: every world the same)",
        1.0,
        low=0.05,
        high=1.0,
    )
    gate: float = setting(
        "float",
        "standard errors, paired over the worlds, by which the best card must beat the rollout policy's own card to be played instead",
        0.0,
        low=0.0,
        high=10.0,
    )
    live: int = setting(
        "int",
        "the live moon defence stands against a seat holding every point from this many points",
        LIVE_DEFEND_AT,
        low=1,
        high=26,
    )
    stopper: float = setting(
        "float",
        "under a heart led by a seat holding every point, play the lowest heart unless the "
        "searched card is better by this much payoff (0: off)",
        0.0,
        low=0.0,
        high=26.0,
    )
    boss: float = setting(
        "float",
        "void in the led suit, keep the top heart out of a trick that could go to a shooter "
        "unless dumping it is better by this much payoff (0: off)",
        0.0,
        low=0.0,
        high=26.0,
    )
    boss_over: int = setting(
        "int",
        "with `boss`: the top heart may have this many hearts out above it, with a lower heart of ours to play under each",
        0,
        low=0,
        high=12,
    )

    def __post_init__(self) -> None:
        check(SETTINGS, self)
        for s in SETTINGS:  # a float setting given as a whole number is still a float
            value = getattr(self, s.name)
            if s.kind == "float" and isinstance(value, int):
                object.__setattr__(self, s.name, float(value))
        if self.ms is None and self.sims is None:
            object.__setattr__(self, "ms", DEFAULT_MS)

    # -- the levels ----------------------------------------------------------------------------------------------
    @classmethod
    def hard(cls) -> SearchSettings:
        """``hard``: 1,000 simulations and a searched pass of 100 deals a candidate, at most 140 ms each; the gate,
        the pass guard and the evidence weights as measured (``benchmarks/results/2026-12-06-bots-notebook``; the
        pass budget: ``2026-12-07-hard-pass-budget``)."""
        return cls(
            ms=140,
            sims=1000,
            pass_worlds=100,
            pass_ms=140,
            pass_guard=5,
            pass_miss=0.5,
            pass_alone=True,
            miss=0.6,
            gate=1.5,
            boss=3.0,
        )

    @classmethod
    def expert(cls) -> SearchSettings:
        """``expert``: three times ``hard``'s simulations, a moon stopper and a top-heart pass, at most 900 ms."""
        return dataclasses.replace(cls.hard(), ms=900, sims=3000, pass_ms=900, pass_top=2, stopper=3.0, boss_over=1)

    # -- spec text -----------------------------------------------------------------------------------------------
    @classmethod
    def from_params(cls, params: dict[str, str], spec: str) -> SearchSettings:
        """The settings of a spec's ``key=value`` pairs (every one is used up; an unknown one raises BotSpecError)."""
        return cls(**parse(SETTINGS, params, spec))

    @classmethod
    def from_spec(cls, spec: str) -> SearchSettings:
        """The settings of a ``search:key=value:...`` spec (the bot's ``seed`` is not a setting)."""
        from .registry import BotSpecError, parse_spec

        name, params = parse_spec(spec)
        if name != "search":
            raise BotSpecError(f"not a search spec: {spec!r}")
        return cls.from_params(params, spec)

    def spec(self) -> str:
        """The ``search`` spec of these settings: each one other than its default, in the fields' order."""
        return "search" + spec_text(SETTINGS, self)


#: the search's settings table: spec name, values, default and meaning, in the fields' order (the docs' table is made from it)
SETTINGS: tuple[Setting, ...] = table_of(SearchSettings)

#: the difficulty levels that are searches (:data:`hearts.bots.registry.LEVELS` names them by these specs)
PRESETS: dict[str, SearchSettings] = {"hard": SearchSettings.hard(), "expert": SearchSettings.expert()}
