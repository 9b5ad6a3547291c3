"""Baselines from well-kept RL libraries, with learning curves (the ``baselines`` extra: sb3-contrib, PyTorch).

- :mod:`hearts.baselines.config`: :class:`PPOConfig`, every setting of a run, checked on construction;
- :mod:`hearts.baselines.evaluate`: a policy's payoff against bots, by the arena's duplicate deals;
- :mod:`hearts.baselines.ppo`: MaskablePPO (sb3-contrib) against bots, evaluated at checkpoints,
  exported as an ``rl-policy`` file (NumPy: playing it needs no PyTorch);
- :mod:`hearts.baselines.plot`: the learning curve as an SVG (standard library only);
- :mod:`hearts.baselines.cli`: ``hearts baseline``.

Only :mod:`hearts.baselines.ppo` imports PyTorch and Stable-Baselines3, when training starts.
"""
