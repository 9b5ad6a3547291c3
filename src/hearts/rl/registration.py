"""Gymnasium ids for the environments, registered when :mod:`hearts.rl` is imported.

Each id is one variant at its usual table, against ``random`` opponents;
``gymnasium.make`` builds the single-agent environment
(:class:`~hearts.rl.SingleAgentEnv`) and ``gymnasium.make_vec`` the batched
one (:class:`~hearts.rl.HeartsVectorEnv`, over :mod:`hearts.vec`). Keyword
arguments override the defaults (``players``, ``seat``, ``reward``,
``illegal``, ``penalty``, rules options; ``opponents`` takes bot specs for
``make`` and ``"random"``, ``"net"`` or a network for ``make_vec``).

>>> import gymnasium
>>> import hearts.rl
>>> env = gymnasium.make("hearts/Hearts-v0", players=5)
>>> env.unwrapped.aec.rules.players
5
>>> envs = gymnasium.make_vec("hearts/CancellationHearts-v0", num_envs=4)
>>> envs.num_envs, envs.unwrapped.rules.players
(4, 8)
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

#: id -> (variant, players)
IDS: dict[str, tuple[str, int]] = {
    "hearts/Hearts-v0": ("standard", 4),
    "hearts/Omnibus-v0": ("omnibus", 4),
    "hearts/CancellationHearts-v0": ("cancellation", 8),
}


def register_all() -> None:
    """Register every id of :data:`IDS` (those already registered are left as they are)."""
    for env_id, (variant, players) in IDS.items():
        if env_id in registry:
            continue
        register(
            id=env_id,
            entry_point="hearts.rl.single:SingleAgentEnv",
            vector_entry_point="hearts.rl.vector:HeartsVectorEnv",
            kwargs={"variant": variant, "players": players, "opponents": "random"},
        )
