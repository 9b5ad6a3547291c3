"""A Gymnasium single-agent environment: one learner's seat, our bots at the others.

The observation is the AEC environment's: a ``Dict`` of ``observation``
(the encoded view) and ``action_mask`` (int8 over the 52 card ids); the
mask is also in ``info["action_mask"]``. The action is a card id. The
reward is the learner's (``points`` or ``payoff``) summed over the bots'
moves since its last action, so an episode's rewards add up to its score.
An illegal action raises :class:`~hearts.rl.env.IllegalStep` (a ``ValueError``);
with ``illegal="penalty"`` it costs ``penalty`` (default 1.0) of reward and
a random legal card is played instead, so that Gymnasium's ``check_env``,
which steps random actions, passes.

>>> from hearts.rl import SingleAgentEnv
>>> e = SingleAgentEnv(players=4, seat=0, opponents="random")
>>> obs, info = e.reset(seed=2)
>>> total, done = 0.0, False
>>> while not done:
...     card = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, done, truncated, info = e.step(card)
...     total += reward
>>> total == -info["hand_points"]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from hearts.bots import Bot, make_bot
from hearts.core import Card, PassCards, PlayCard

from .env import HeartsEnv


class SingleAgentEnv(gymnasium.Env):  # type: ignore[type-arg]
    """The learner plays ``seat``; ``opponents`` is one bot spec for every other seat or one spec per other seat."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        variant: str = "standard",
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.aec = HeartsEnv(variant, players, render_mode=render_mode, **options)
        n = self.aec.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"give one opponent spec, or {n - 1} (one per other seat), not {len(specs)}")
        for spec in specs:
            make_bot(spec, seed=0)  # a bad spec fails now
        self.seat = seat
        self.agent = f"player_{seat}"
        self.specs = specs
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.bots: dict[int, Bot] = {}
        self._queued: dict[int, list[Card]] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        bot_rng = random.Random(self.aec._rng.randrange(2**63))
        others = [s for s in range(self.aec.rules.players) if s != self.seat]
        self.bots = {s: make_bot(spec, seed=bot_rng.randrange(2**63)) for s, spec in zip(others, self.specs, strict=True)}
        self._queued = {}
        reward = self._run_bots()
        obs = self.aec.observe(self.agent)
        return obs, {"action_mask": obs["action_mask"], "reward_before_first_action": reward}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.aec.terminations.get(self.agent, True):
            raise RuntimeError("the episode is over: call reset()")
        self.aec.step(action)
        reward = self.aec.rewards[self.agent] + self._run_bots()
        obs = self.aec.observe(self.agent)
        done = self.aec.terminations[self.agent]
        info = dict(self.aec.infos[self.agent])
        info["action_mask"] = obs["action_mask"]
        return obs, float(reward), bool(done), False, info

    def _run_bots(self) -> float:
        """Let the bots act until the learner is to act or the episode ends; the learner's reward meanwhile."""
        aec = self.aec
        reward = 0.0
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            seat = aec.agent_name_mapping[aec.agent_selection]
            aec.step(self._bot_card(seat))
            reward += aec.rewards[self.agent]
        return reward

    def _bot_card(self, seat: int) -> Card:
        queue = self._queued.get(seat)
        if queue:
            return queue.pop(0)
        action = self.bots[seat].act(self.aec.view(seat))
        if isinstance(action, PassCards):
            self._queued[seat] = list(action.cards[1:])
            return action.cards[0]
        assert isinstance(action, PlayCard)
        return action.card

    def render(self) -> Any:  # str or None; typed loosely, as gymnasium's own signature differs between versions
        return self.aec.render()
