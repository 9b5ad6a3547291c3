"""``rl-policy:file=PATH``: a bot that plays a trained :class:`~hearts.rl.policy.Policy`.

It encodes its seat's view with the environment's encoder and plays the
legal card with the highest logit; it passes with the same policy, one pick
at a time (as in the environment), and makes the moon choice by the score
sheet. It is greedy, so ``seed`` changes nothing.

>>> from hearts.bots import make_bot
>>> make_bot("rl-policy")
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: bot spec 'rl-policy' needs file=
"""

from __future__ import annotations

from hearts.bots import Bot, BotSpecError
from hearts.bots.registry import reject_unknown
from hearts.core import Card, SeatView
from hearts.observe import action_mask, encode

from .policy import Policy, PolicyError


class PolicyBot(Bot):
    """Plays ``policy`` from the seat's view."""

    def __init__(self, policy: Policy, name: str = "rl-policy") -> None:
        self.policy = policy
        self.name = name

    def _pick(self, view: SeatView, picked: list[Card]) -> Card:
        self.policy.check_fits(view.rules)
        obs = encode(view, picked)[None, :]
        mask = action_mask(view, picked)[None, :]
        return int(self.policy.greedy(obs, mask)[0])

    def pass_cards(self, view: SeatView) -> list[Card]:
        picked: list[Card] = []
        for _ in range(view.rules.pass_count):
            picked.append(self._pick(view, picked))
        return picked

    def play_card(self, view: SeatView) -> Card:
        return self._pick(view, [])


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``rl-policy``: settings ``file`` (a ``.npz`` written by :meth:`Policy.save`, required) and ``seed`` (unused)."""
    spec = "rl-policy"
    params.pop("seed", None)
    path = params.pop("file", None)
    reject_unknown(params, spec)
    if path is None:
        raise BotSpecError(f"bot spec {spec!r} needs file=")
    try:
        policy = Policy.load(path)
    except PolicyError as err:
        raise BotSpecError(str(err)) from None
    return PolicyBot(policy)
