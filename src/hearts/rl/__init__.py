"""Learning environments over the engine (optional ``rl`` extra: numpy, pettingzoo, gymnasium).

- :func:`env` / :func:`raw_env`: the PettingZoo AEC environment (:mod:`hearts.rl.env`);
- :func:`parallel_env`: the PettingZoo Parallel environment (simultaneous passing, :mod:`hearts.rl.parallel`);
- :class:`SingleAgentEnv`: a Gymnasium environment, our bots at the other seats;
- :class:`HeartsVectorEnv`: a Gymnasium ``VectorEnv`` of B hands over :mod:`hearts.vec` (:mod:`hearts.rl.vector`);
- :class:`SelfPlayVectorEnv`: B hands at once with every seat played from the learner's batch (:mod:`hearts.rl.selfplay`);
- :func:`segments` / :func:`encode`: the observation of one seat's view;
- Gymnasium ids (:mod:`hearts.rl.registration`): ``hearts/Hearts-v0``, ``hearts/Omnibus-v0``,
  ``hearts/CancellationHearts-v0`` for ``gymnasium.make`` and ``gymnasium.make_vec``.

>>> e = env(variant="cancellation", players=11)
>>> e.reset(seed=1)
>>> len(e.agents), e.observation_space("player_0")["observation"].shape
(11, (1397,))
"""

from hearts.observe import action_mask, decode_cards, encode, segment_slices, segments

from .env import HeartsEnv, IllegalStep, env, raw_env
from .parallel import HeartsParallelEnv, parallel_env
from .registration import register_all
from .selfplay import SelfPlayVectorEnv
from .single import SingleAgentEnv
from .vector import HeartsVectorEnv

register_all()

__all__ = [
    "HeartsEnv",
    "HeartsParallelEnv",
    "HeartsVectorEnv",
    "IllegalStep",
    "SelfPlayVectorEnv",
    "SingleAgentEnv",
    "action_mask",
    "decode_cards",
    "encode",
    "env",
    "parallel_env",
    "raw_env",
    "segment_slices",
    "segments",
]
