"""The PettingZoo AEC environment: every variant and player count, over the engine.

The environment owns no rule: the engine (:class:`~hearts.core.Hand`,
:class:`~hearts.core.Game`) decides what is legal and who scores what, and
each agent observes only its seat's view (:mod:`hearts.observe`).

- Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers).
- Actions are card ids 0-51 (``Discrete(52)``; both copies of a card in
  Cancellation Hearts are the same action). Passing is ``pass_count``
  single-card steps per seat (seat 0's picks, then seat 1's, ...); a seat's
  pass goes to the engine once it has picked all its cards, and the engine
  exchanges when every seat has passed.
- An episode is ``hands`` hands (default 1), or a whole game to the target
  score with ``hands=None``. The pass direction of the episode's first hand
  is drawn from the seed, so every direction occurs.
- Moon choice (rules ``moon="choose"``, the default): the environment makes
  the shooter's choice by the score sheet (:func:`hearts.bots.best_moon_choice`).
- Rewards come at the end of each hand: ``reward="points"`` gives minus the
  points the seat scored in the hand (after the moon); ``reward="payoff"``
  the mean of the others' points minus its own. Zero otherwise.
- An illegal action raises :class:`IllegalStep` (a ``ValueError``) naming the
  card; the ``action_mask`` lists the legal ones. With ``illegal="penalty"``
  a card id (0-51) that is not legal now is replaced by a legal card drawn
  at random (seeded by ``reset``), and the acting seat's reward of that step
  is lowered by ``penalty`` (default 1.0); ``info["illegal"]`` counts such
  steps; a live seat's ``None`` counts as an illegal card there. Any other
  action that is not a card id raises in both modes.

>>> e = env(variant="standard", players=4)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, int(obs["action_mask"].sum()), reward
('player_0', 13, 0.0)
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from hearts.bots import best_moon_choice
from hearts.core import Card, Game, Hand, HeartsError, Rules, RulesError, SeatView, card_name
from hearts.observe import action_mask, bounds, encode

REWARDS = ("points", "payoff")
#: what an illegal card does: raise :class:`IllegalStep`, or cost a penalty and play a random legal card
ILLEGAL = ("raise", "penalty")


class IllegalStep(HeartsError, ValueError):
    """An action the acting seat may not take now (the message names the card)."""


#: the AEC, Parallel and single-agent environments' own options (besides the rules options)
ENV_OPTIONS = ("reward", "hands", "illegal", "penalty", "render_mode")


def check_illegal(illegal: object, penalty: object) -> float:
    """Check the ``illegal`` and ``penalty`` options every environment takes; returns the penalty as a float.

    >>> check_illegal("penalty", 2)
    2.0
    """
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
    if isinstance(penalty, bool) or not isinstance(penalty, (int, float)) or not penalty >= 0:
        raise ValueError(f"penalty must be a number of at least 0, not {penalty!r}")
    return float(penalty)


def make_rules(variant: str, players: int, options: dict[str, Any], takes: tuple[str, ...] = ENV_OPTIONS) -> Rules:
    """The engine's rules for the environment's arguments (a bad one raises ``RulesError``); ``takes``: the
    environment's own options, which the message lists.

    >>> make_rules("standard", 4, {"colour": "red"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hearts.core.errors.RulesError: unknown option 'colour': the environment takes reward, hands, ...
    """
    known = sorted(f.name for f in fields(Rules) if f.init and f.name not in ("variant", "players"))
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise RulesError(
            f"unknown option {unknown[0]!r}: the environment takes {', '.join(takes)} and the rules options {', '.join(known)}"
        )
    return Rules(variant=variant, players=players, **options)  # type: ignore[arg-type]  # Rules checks the name, keeps the Variant


class HeartsEnv(AECEnv):  # type: ignore[misc]
    """Hearts as a PettingZoo AEC environment; build it with :func:`env` or :func:`raw_env`."""

    metadata: dict[str, Any] = {"name": "hearts_v0", "is_parallelizable": False, "render_modes": ["human", "ansi"]}

    def __init__(
        self,
        variant: str = "standard",
        players: int = 4,
        *,
        reward: str = "points",
        hands: int | None = 1,
        illegal: str = "raise",
        penalty: float = 1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.rules = make_rules(variant, players, options)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.illegal, self.penalty = illegal, check_illegal(illegal, penalty)
        if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or hands < 1):
            raise ValueError(f"hands must be a whole number of at least 1, or None for a whole game, not {hands!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of human, ansi, not {render_mode!r}")
        self.reward_kind = reward
        self.hands_per_episode = hands
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        low, high = bounds(self.rules)
        obs_box = spaces.Box(low=low, high=high, dtype=np.float32)
        mask_box = spaces.Box(low=0, high=1, shape=(52,), dtype=np.int8)
        self._observation_spaces = {a: spaces.Dict({"observation": obs_box, "action_mask": mask_box}) for a in self.possible_agents}
        self._action_spaces: dict[str, spaces.Space[Any]] = {a: spaces.Discrete(52) for a in self.possible_agents}
        self.hand: Hand | None = None
        self.game: Game | None = None

    # -- spaces -----------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- episode -----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode; the same ``seed`` gives the same deals."""
        if seed is not None or not hasattr(self, "_rng"):
            self._rng = random.Random(seed)
            self._illegal_rng = random.Random(f"{seed}:illegal")
        self.illegal_steps = {a: 0 for a in self.possible_agents}
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        n = self.rules.players
        self.scores = [0] * n
        self.hands_done = 0
        if self.hands_per_episode is None:
            self.game = Game(self.rules, seed=self._rng.randrange(2**63))
            self.hand = self.game.hand
        else:
            self.game = None
            cycle = 4 if n == 4 and not self.rules.is_cancellation else 2
            self._first_number = self._rng.randrange(cycle) + 1
            self.hand = self._deal(self._first_number)
        self.picks: list[list[Card]] = [[] for _ in range(n)]
        self.agent_selection = self._next_agent()

    def _deal(self, number: int) -> Hand:
        return Hand.from_seed(self.rules, self._rng, number=number, dealer=(number - 1) % self.rules.players)

    @property
    def _hand(self) -> Hand:
        assert self.hand is not None, "call reset() first"
        return self.hand

    def _next_agent(self) -> str:
        hand = self._hand
        if hand.phase == "pass":
            return self.possible_agents[min(hand.seats_to_act())]
        if hand.phase == "play":
            return self.possible_agents[hand.to_move]
        return self.agent_selection  # episode over: api keeps the last agent

    def view(self, seat: int) -> SeatView:
        """What ``seat`` knows now (with the game's scores)."""
        return self._hand.view(seat, self.scores)

    # -- observation ---------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        view = self.view(seat)
        picked = self.picks[seat] if view.phase == "pass" else ()
        mask = action_mask(view, picked)
        if agent != self.agent_selection or self.terminations.get(agent, True):
            mask = np.zeros(52, dtype=np.int8)
        return {"observation": encode(view, picked), "action_mask": mask}

    # -- stepping ------------------------------------------------------------
    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        card, fined = self._checked_card(agent, seat, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if fined:
            self.rewards[agent] -= self.penalty
        hand = self._hand
        if hand.phase == "pass":
            self.picks[seat].append(card)
            if len(self.picks[seat]) == self.rules.pass_count:
                (self.game or hand).pass_cards(seat, self.picks[seat])
                if hand.phase != "pass":
                    self.picks = [[] for _ in range(self.rules.players)]
        else:
            if self.game is not None:
                self.game.play(card, seat)
            else:
                hand.play(card, seat)
            self._resolve_moon(hand)
            if hand.phase == "done":
                self._end_hand(hand)
        if not any(self.terminations.values()):
            self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _checked_card(self, agent: str, seat: int, action: Any) -> tuple[Card, bool]:
        """The card to apply, and whether it replaces an illegal one (``illegal="penalty"``)."""
        try:
            return self._check_action(agent, seat, action), False
        except IllegalStep:
            if self.illegal == "raise" or not (action is None or _is_card_id(action)):
                raise
        legal = np.flatnonzero(action_mask(self.view(seat), self.picks[seat] if self._hand.phase == "pass" else ()))
        self.illegal_steps[agent] += 1
        self.infos[agent] = {**self.infos.get(agent, {}), "illegal": self.illegal_steps[agent]}
        return int(legal[self._illegal_rng.randrange(len(legal))]), True

    def _check_action(self, agent: str, seat: int, action: Any) -> Card:
        if isinstance(action, np.integer):
            action = int(action)
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < 52:
            raise IllegalStep(f"{agent}: an action is a card id from 0 to 51, not {action!r}")
        hand = self._hand
        if hand.phase == "pass":  # the engine's own queries: cards held, less those already picked
            ok = hand.passes[seat] is None and hand.holds(seat, action) > self.picks[seat].count(action)
        else:
            ok = hand.phase == "play" and bool(hand.legal_mask() >> action & 1)
        if not ok:
            doing = "pass" if hand.phase == "pass" else "play"
            raise IllegalStep(f"{agent} may not {doing} {card_name(action)} now (see the action_mask)")
        return action

    def _resolve_moon(self, hand: Hand) -> None:
        """The shooter's choice, by the score sheet (rules ``moon="choose"``)."""
        if hand.phase == "moon":
            shooter = hand.to_move
            choice = best_moon_choice(hand.view(shooter, self.scores))
            if self.game is not None:
                self.game.choose_moon(shooter, choice)
            else:
                hand.choose_moon(shooter, choice)

    def _end_hand(self, hand: Hand) -> None:
        """Rewards for the finished ``hand``; the next hand, or the end of the episode."""
        assert hand.points is not None
        points = list(hand.points)
        n = self.rules.players
        for s, a in enumerate(self.possible_agents):
            own = points[s]
            self.rewards[a] = float(-own) if self.reward_kind == "points" else (sum(points) - own) / (n - 1) - own
        self.hands_done += 1
        if self.game is not None:  # the game has scored the hand and dealt the next
            self.scores = list(self.game.scores)
            over = self.game.game_over
            if not over:
                self.hand = self.game.hand
        else:
            self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
            over = self.hands_done >= (self.hands_per_episode or 1)
            if not over:
                self.hand = self._deal(self._first_number + self.hands_done)
        for a in self.agents:
            self.infos[a] = {"hand_points": points[self.agent_name_mapping[a]], "scores": list(self.scores)}
            if self.illegal_steps[a]:
                self.infos[a]["illegal"] = self.illegal_steps[a]
        if over:
            self.terminations = {a: True for a in self.agents}

    # -- display ---------------------------------------------------------------
    def render(self) -> str | None:
        """``ansi``: the table as text (spectator's facts plus the seat to act); ``human``: print it."""
        if self.render_mode is None:
            return None
        hand = self._hand
        view = hand.view(None, self.scores)
        lines = [
            f"hand {view.hand_number} ({view.pass_direction}), phase {view.phase}, to act: {self.agent_selection}",
            "trick: " + " ".join(card_name(c) for c in view.trick),
            "points taken: " + " ".join(str(p) for p in view.points_taken) + "   scores: " + " ".join(map(str, self.scores)),
        ]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _is_card_id(action: Any) -> bool:
    """Is ``action`` a card id, 0 to 51 (an int or a NumPy integer, not a bool)?"""
    return isinstance(action, (int, np.integer)) and not isinstance(action, bool) and 0 <= int(action) < 52


def raw_env(variant: str = "standard", players: int = 4, **options: Any) -> HeartsEnv:
    """The environment without PettingZoo's checking wrappers."""
    return HeartsEnv(variant, players, **options)


def env(variant: str = "standard", players: int = 4, **options: Any) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper.

    ``options``: ``reward``, ``hands``, ``illegal``, ``penalty``, ``render_mode`` and the rules options.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(variant, players, **options))
