"""The PettingZoo Parallel environment: passing is simultaneous, play is one seat a step.

The same game as the AEC environment (:mod:`hearts.rl.env`), over the same
engine, the same observations and rewards, the same options (``reward``,
``hands``, ``illegal``, ``penalty``, rules options), stepped with a dict of
actions:

- While passing, every seat picks one card a step, all at once: a hand's
  passing takes ``pass_count`` steps, then the engine exchanges.
- While playing, only the seat to move acts; a step takes its card.
- ``agents`` are the seats still in the episode (all of them until it
  ends). Every step returns an observation for each; the ``action_mask``
  of a seat that does not act now is all zeros, and an action given for
  such a seat is ignored. An acting seat without an action raises
  :class:`~hearts.rl.env.IllegalStep`, or with ``illegal="penalty"`` plays
  a random legal card at the penalty's cost.

>>> e = parallel_env(players=4)
>>> obs, infos = e.reset(seed=3)
>>> sorted(a for a in e.agents if obs[a]["action_mask"].any())  # everyone passes at once
['player_0', 'player_1', 'player_2', 'player_3']
>>> while e.agents:
...     acts = {a: int(o["action_mask"].argmax()) for a, o in obs.items() if o["action_mask"].any()}
...     obs, rewards, terminated, truncated, infos = e.step(acts)
>>> sum(infos[a]["hand_points"] for a in infos) in (26, 78)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from hearts.observe import action_mask, encode

from .env import HeartsEnv, IllegalStep


class HeartsParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Hearts as a PettingZoo Parallel environment; build it with :func:`parallel_env`."""

    metadata: dict[str, Any] = {"name": "hearts_parallel_v0", "render_modes": ["human", "ansi"]}

    def __init__(self, variant: str = "standard", players: int = 4, **options: Any) -> None:
        self.aec = HeartsEnv(variant, players, **options)
        self.rules = self.aec.rules
        self.render_mode = self.aec.render_mode
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def acting(self) -> list[str]:
        """The agents that act in the next step (seats yet to pass, or the seat to move)."""
        if not self.agents:
            return []
        return [self.possible_agents[s] for s in self.aec._hand.seats_to_act()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation; its mask is zeros unless it acts in the next step."""
        seat = self.aec.agent_name_mapping[agent]
        view = self.aec.view(seat)
        picked = self.aec.picks[seat] if view.phase == "pass" else ()
        mask = action_mask(view, picked) if self.agents else np.zeros(52, dtype=np.int8)
        return {"observation": encode(view, picked), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new episode; the same ``seed`` gives the same deals."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return {a: self.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        """Apply the acting seats' actions (in seat order); the others' are ignored."""
        if not self.agents:
            raise RuntimeError("the episode is over: call reset()")
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict of agent to card id, not {type(actions).__name__}")
        aec = self.aec
        rewards = {a: 0.0 for a in self.agents}
        for agent in self.acting():
            if agent not in actions and aec.illegal == "raise":
                raise IllegalStep(f"{agent} is to act and has no action")
            aec.agent_selection = agent
            aec.step(actions.get(agent))  # a missing action is None: illegal
            for a in self.agents:
                rewards[a] += aec.rewards[a]
        live = self.agents
        over = all(aec.terminations.values())
        if over:
            self.agents = []
        observations = {a: self.observe(a) for a in live}
        terminated = {a: over for a in live}
        truncated = {a: False for a in live}
        infos = {a: dict(aec.infos.get(a, {})) for a in live}
        return observations, rewards, terminated, truncated, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        pass


def parallel_env(variant: str = "standard", players: int = 4, **options: Any) -> HeartsParallelEnv:
    """The Parallel environment (``options``: ``reward``, ``hands``, ``illegal``, ``penalty``, ``render_mode``, rules)."""
    return HeartsParallelEnv(variant, players, **options)
