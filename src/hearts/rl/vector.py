"""A Gymnasium ``VectorEnv`` over :mod:`hearts.vec`: one learner's seat in B hands at once, vectorised bots at the others.

Each sub-environment is one hand (as :class:`~hearts.rl.SingleAgentEnv`
with ``hands=1``); the learner sits at ``seat`` of every game. The other
seats are played over the whole batch at once by ``opponents``:
``"random"`` (a legal card drawn uniformly), a :class:`~hearts.rl.policy.Policy`
(the ``rl-policy`` network, its most likely legal card), or the learned
player's network: ``"net"`` (the model shipped for the table's shape) or a
:class:`~hearts.net.model.NetModel` (its best-valued legal card and likeliest
pass pick, :meth:`~hearts.net.model.NetModel.greedy`: the bare network,
without the ``net`` bot's moon rules). Any variant, player count and rules
option.

- Observation: a ``Dict`` of ``observation`` (B × the encoding of
  :mod:`hearts.rl`) and ``action_mask`` (B × 52, int8); action: B card ids
  (``MultiDiscrete``). An illegal card raises :class:`~hearts.vec.VecError`;
  with ``illegal="penalty"``, as in the single-agent environment, it costs
  ``penalty`` (default 1.0) of that game's reward and a random legal card
  is played instead (``info["illegal"]`` marks those games), so that
  Gymnasium's checks, which step random actions, pass.
- Seeding: ``reset(seed=s)`` deals the same hands, and the random bots
  and penalty cards draw the same numbers, for the same ``s``
  (``np_random`` is seeded from it too).
- Reward: the learner's (``points`` or ``payoff``), summed over the bots'
  moves up to its next decision, so a hand's rewards add up to its score.
- Autoreset in the same step (``AutoresetMode.SAME_STEP``): a hand that ends
  returns ``terminated`` and, as its observation, the next hand's first (a
  finished hand has nothing left to decide, so there is no final
  observation); ``info["hand_points"]`` holds the learner's points of the
  hands that ended, ``info["_hand_points"]`` marks them.

>>> import numpy as np
>>> env = HeartsVectorEnv(8, players=4)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((8, 613), (8, 52))
>>> rng = np.random.default_rng(1)
>>> total, ended = np.zeros(8), np.zeros(8, dtype=bool)
>>> while not ended.all():
...     cards = [rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]]
...     obs, reward, terminated, truncated, info = env.step(np.array(cards))
...     total += np.where(ended, 0, reward)
...     first = terminated & ~ended
...     assert (total[first] == -info["hand_points"][first]).all()
...     ended |= terminated
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from hearts.observe import bounds
from hearts.vec import VecHearts
from hearts.vec.engine import PASS

from .env import check_illegal, make_rules
from .policy import Policy

if TYPE_CHECKING:
    from hearts.net.model import NetModel


def penalised(vec: VecHearts, actions: Any, illegal: str, rng: np.random.Generator) -> tuple[Any, NDArray[np.bool_]]:
    """The actions to apply, and the games where an illegal card was replaced by a random legal one (``illegal``
    "penalty"; with "raise", or actions that are not a batch of card ids, they go to the engine as they are)."""
    none = np.zeros(vec.batch, dtype=bool)
    if illegal == "raise":
        return actions, none
    a = np.asarray(actions)
    if a.shape != (vec.batch,) or a.dtype.kind not in "iu":
        return actions, none  # not a batch of card ids: the engine's own error
    a = a.astype(np.int64)
    fined = vec.illegal(a)
    if fined.any():
        a = np.where(fined, vec.random_actions(rng), a)
    return a, fined


#: the vector environment's own options (besides the rules options)
VECTOR_OPTIONS = ("seat", "opponents", "reward", "illegal", "penalty")


class HeartsVectorEnv(VectorEnv):  # type: ignore[type-arg]
    """``num_envs`` hands stepped at once; the learner plays ``seat``, ``opponents`` the others."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        num_envs: int,
        variant: str = "standard",
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Policy | NetModel = "random",
        reward: str = "points",
        illegal: str = "raise",
        penalty: float = 1.0,
        **options: Any,
    ) -> None:
        rules = make_rules(variant, players, options, takes=VECTOR_OPTIONS)
        self.illegal, self.penalty = illegal, check_illegal(illegal, penalty)
        self.vec = VecHearts(rules, num_envs, reward=reward)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise ValueError(f"seat must be a seat from 0 to {rules.players - 1}, not {seat!r}")
        wrong = f"opponents must be 'random', 'net', a hearts.rl.policy.Policy or a hearts.net.NetModel, not {opponents!r}"
        if opponents == "net" or not isinstance(opponents, str | Policy):
            from hearts.net.model import NetModel, load_shipped  # the learned player: imported only where it plays

            if opponents == "net":
                opponents = load_shipped(rules)  # a ModelError (a ValueError) naming the shapes that have one, where none ships
            if not isinstance(opponents, NetModel):
                raise ValueError(wrong)
        if not isinstance(opponents, str):
            opponents.check_fits(rules)
        elif opponents != "random":
            raise ValueError(wrong)
        self.rules = rules
        self.seat = seat
        self.opponents = opponents
        self.num_envs = num_envs
        low, high = bounds(rules)
        self.single_observation_space = spaces.Dict(
            {"observation": spaces.Box(low=low, high=high, dtype=np.float32), "action_mask": spaces.Box(0, 1, (52,), np.int8)}
        )
        self.single_action_space = spaces.Discrete(52)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rng = np.random.default_rng()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        """Deal every hand anew and let the bots act up to the learner's first decision."""
        super().reset(seed=seed)  # np_random, seeded from ``seed``
        self.vec.reset(seed)
        self._rng = np.random.default_rng(None if seed is None else [seed, 1])
        self._advance()
        return self._observe(), {}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, NDArray[Any]], NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """The learner's card in every hand, then the bots' moves; hands that end are dealt again at once."""
        vec = self.vec
        actions, fined = self._checked(actions)
        reward = vec.step(actions)[:, self.seat] - self.penalty * fined + self._advance()
        terminated = vec.done.copy()
        info: dict[str, Any] = {"hand_points": np.where(terminated, vec.points[:, self.seat], 0), "_hand_points": terminated}
        if self.illegal == "penalty":
            info["illegal"], info["_illegal"] = fined, fined
        if terminated.any():
            vec.reset_done()
            self._advance()  # the new hands' bots act before the learner; nothing scores meanwhile
        return self._observe(), reward, terminated, np.zeros(self.num_envs, dtype=bool), info

    def _checked(self, actions: Any) -> tuple[Any, NDArray[np.bool_]]:
        return penalised(self.vec, actions, self.illegal, self._rng)

    def _advance(self) -> NDArray[np.float32]:
        """Step the bots until the learner is to act in every unfinished hand; the learner's rewards meanwhile."""
        total = np.zeros(self.num_envs, dtype=np.float32)
        while True:
            moved = self._advance_once()
            if moved is None:
                return total
            total += moved

    def _advance_once(self) -> NDArray[np.float32] | None:
        """One move of the bots in every hand where a bot is to act; the learner's rewards (None: no bot to act)."""
        vec = self.vec
        bots = (vec.phase != 3) & (vec.to_act != self.seat)
        if not bots.any():
            return None
        if not isinstance(self.opponents, str):  # a Policy or a NetModel: the network's forward pass on the bots' games only
            games = np.flatnonzero(bots)
            actions = np.zeros(self.num_envs, dtype=np.int64)
            obs, masks = vec.observe()[games], vec.action_masks()[games]
            if isinstance(self.opponents, Policy):
                actions[games] = self.opponents.greedy(obs, masks)
            else:
                actions[games] = self.opponents.greedy(obs, masks, vec.phase[games] == PASS)
        else:
            actions = vec.random_actions(self._rng)
        return vec.step(actions, where=bots)[:, self.seat]

    def _observe(self) -> dict[str, NDArray[Any]]:
        return {"observation": self.vec.observe(), "action_mask": self.vec.action_masks()}
