"""The settings of a baseline run: one frozen dataclass, checked when it is built.

>>> PPOConfig(steps=0)
Traceback (most recent call last):
...
hearts.baselines.config.BaselineError: steps must be a whole number of at least 1, not 0
>>> PPOConfig(steps=4096, opponents=("heuristic",)).eval_every
409
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from hearts.bots import BotSpecError, make_bot
from hearts.core import HeartsError, Rules

#: the bots every checkpoint is measured against, by default
EVAL_OPPONENTS = ("random", "heuristic", "medium")
#: the JSON's format name
FORMAT = "hearts-baseline-curve/1"


class BaselineError(HeartsError, ValueError):
    """A bad setting of a baseline run (the command prints it on one line)."""


def _whole(name: str, value: object, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise BaselineError(f"{name} must be a whole number of at least {low}, not {value!r}")
    return value


def _positive(name: str, value: object, high: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 or (high is not None and value > high):
        limit = f" and at most {high}" if high is not None else ""
        raise BaselineError(f"{name} must be a number above 0{limit}, not {value!r}")
    return float(value)


def check_specs(what: str, specs: tuple[str, ...]) -> None:
    """Every spec makes a bot (a bad one raises :class:`BaselineError` naming ``what``)."""
    if not specs:
        raise BaselineError(f"give at least one bot for {what}, e.g. heuristic")
    for spec in specs:
        try:
            make_bot(spec, seed=0).close()
        except BotSpecError as err:
            raise BaselineError(f"{what}: {err}") from None


@dataclass(frozen=True, kw_only=True)
class PPOConfig:
    """A MaskablePPO run against bots: the table, the opponents, PPO's settings and the checkpoints."""

    steps: int
    opponents: tuple[str, ...] = ("heuristic",)  # one spec for every other seat, or one per other seat
    variant: str = "standard"
    players: int = 4
    seed: int = 1
    envs: int = 8  # environments stepped together (one process)
    n_steps: int = 256  # steps of each environment per rollout
    batch: int = 256
    epochs: int = 10
    lr: float = 3e-4
    gamma: float = 1.0  # a hand is short and its score is all that counts
    ent_coef: float = 0.01
    hidden: tuple[int, ...] = (128, 128)  # the policy's (and the value net's) ReLU layers
    reward_scale: float = 1 / 26  # the payoff reward times this (PPO's value loss prefers rewards near 1)
    eval_every: int = 0  # 0: a tenth of the steps
    eval_deals: int = 200  # duplicate deals per opponent (each played in every rotation)
    eval_seed: int = 1
    eval_against: tuple[str, ...] = EVAL_OPPONENTS
    threads: int = 1  # PyTorch's threads
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        _whole("steps", self.steps)
        for name in ("envs", "n_steps", "batch", "epochs", "eval_deals", "threads", "players"):
            _whole(name, getattr(self, name))
        for name in ("seed", "eval_seed", "eval_every"):
            _whole(name, getattr(self, name), 0)
        _positive("lr", self.lr, 1.0)
        _positive("gamma", self.gamma, 1.0)
        _positive("reward_scale", self.reward_scale)
        if not 0 <= self.ent_coef <= 1:
            raise BaselineError(f"ent_coef must be from 0 to 1, not {self.ent_coef!r}")
        if not self.hidden or any(isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= 4096 for h in self.hidden):
            raise BaselineError(f"hidden must be one or more layer widths from 1 to 4096, e.g. 128,128, not {self.hidden!r}")
        if self.batch > self.envs * self.n_steps:
            raise BaselineError(f"the batch ({self.batch}) must be at most envs x n_steps ({self.envs * self.n_steps})")
        rules = self.rules
        others = rules.players - 1
        if len(self.opponents) not in (1, others):
            raise BaselineError(f"give one opponent spec, or {others} (one per other seat), not {len(self.opponents)}")
        check_specs("opponents", self.opponents)
        check_specs("eval_against", self.eval_against)
        if self.eval_every == 0:
            object.__setattr__(self, "eval_every", max(1, self.steps // 10))

    @property
    def rules(self) -> Rules:
        try:
            return Rules(variant=self.variant, players=self.players)  # type: ignore[arg-type]  # Rules checks the name
        except HeartsError as err:
            raise BaselineError(str(err)) from None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["extra"]
        for key in ("opponents", "hidden", "eval_against"):
            data[key] = list(data[key])
        return data
