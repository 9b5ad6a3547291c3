"""Batched self-play over :mod:`hearts.vec`: B hands at once, every seat played from the learner's batch.

Where :class:`~hearts.rl.HeartsVectorEnv` seats one learner against bots,
:class:`SelfPlayVectorEnv` leaves every seat to the caller: each step
takes one card per game, the choice of that game's **acting seat**, and the
next observation is the view of the seat that acts next (``obs["seat"]``
says which). So one policy, fed the batch, plays every seat of every game,
as in self-play; several policies can share the table by splitting the
batch on ``obs["seat"]``.

- Observation: a dict of ``observation`` (B × the encoding of
  :mod:`hearts.observe`, built for the acting seat only: its own cards,
  passes and the public play, never another seat's cards), ``action_mask``
  (B × 52, int8) and ``seat`` (B, the acting seat). With
  ``layout="packed"`` the observation is :class:`hearts.vec.PackedObservation`
  instead (its card segments as bitmasks: faster and smaller).
- Step: B card ids. An illegal card raises :class:`~hearts.vec.VecError`;
  with ``illegal="penalty"`` it costs ``penalty`` to that seat and a random
  legal card is played instead (``info["illegal"]``).
- Rewards: B × players, what each seat got from the step (``points``, or
  ``payoff``: the others' mean points less its own), so a hand's rewards
  add up to each seat's score of that hand whoever acted.
- Autoreset in the same step: a hand that ends returns ``terminated`` and
  the next hand's first observation; ``info["hand_points"]`` (B × players)
  holds the ended hands' points, ``info["_hand_points"]`` marks them.

>>> import numpy as np
>>> env = SelfPlayVectorEnv(8, players=4)
>>> obs, _ = env.reset(seed=1)
>>> obs["observation"].shape, obs["seat"].shape
((8, 613), (8,))
>>> rng = np.random.default_rng(1)
>>> totals, ended = np.zeros((8, 4)), np.zeros(8, dtype=bool)
>>> while not ended.all():
...     cards = [rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]]
...     obs, rewards, terminated, truncated, info = env.step(np.array(cards))
...     totals += np.where(ended[:, None], 0, rewards)
...     ended |= terminated
>>> sorted(set((-totals).sum(axis=1).tolist())) in ([26.0], [78.0], [26.0, 78.0])  # every hand's 26 points (78: a moon added)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from hearts.vec import VecHearts

from .env import check_illegal, make_rules
from .vector import penalised

#: the self-play environment's own options (besides the rules options)
SELFPLAY_OPTIONS = ("reward", "illegal", "penalty", "layout")
#: the observation layouts: float32 vectors, or packed bitmasks
LAYOUTS = ("float32", "packed")


class SelfPlayVectorEnv:
    """``num_envs`` hands stepped at once, each step the card of every game's acting seat; see the module's notes."""

    def __init__(
        self,
        num_envs: int,
        variant: str = "standard",
        players: int = 4,
        *,
        reward: str = "points",
        illegal: str = "raise",
        penalty: float = 1.0,
        layout: str = "float32",
        **options: Any,
    ) -> None:
        rules = make_rules(variant, players, options, takes=SELFPLAY_OPTIONS)
        penalty = check_illegal(illegal, penalty)
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, not {layout!r}")
        self.rules = rules
        self.num_envs = num_envs
        self.players = rules.players
        self.illegal, self.penalty, self.layout = illegal, float(penalty), layout
        self.vec = VecHearts(rules, num_envs, reward=reward)
        self._rng = np.random.default_rng()

    def reset(self, *, seed: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every hand anew: the first acting seats' observations."""
        self.vec.reset(seed)
        self._rng = np.random.default_rng(None if seed is None else [seed, 2])
        return self._observe(), {}

    def step(self, actions: Any) -> tuple[dict[str, Any], NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """Every game's acting seat plays (or picks) its card; hands that end are dealt again at once."""
        vec = self.vec
        seats = vec.to_act.copy()
        actions, fined = penalised(vec, actions, self.illegal, self._rng)
        rewards = vec.step(actions).astype(np.float32)
        if fined.any():
            rewards[np.flatnonzero(fined), seats[fined]] -= self.penalty
        terminated = vec.done.copy()
        info: dict[str, Any] = {"hand_points": np.where(terminated[:, None], vec.points, 0), "_hand_points": terminated}
        if self.illegal == "penalty":
            info["illegal"], info["_illegal"] = fined, fined
        if terminated.any():
            vec.reset_done()
        return self._observe(), rewards, terminated, np.zeros(self.num_envs, dtype=bool), info

    def _observe(self) -> dict[str, Any]:
        vec = self.vec
        observation: Any = vec.observe_packed() if self.layout == "packed" else vec.observe()
        return {"observation": observation, "action_mask": vec.action_masks(), "seat": vec.to_act.copy()}
