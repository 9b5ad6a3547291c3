"""Typed bot settings: one table per bot gives each setting's spec name, type, range, default and help.

The same table parses a spec's ``key=value`` settings into the bot's keyword
arguments and writes the settings table of the docs, so the two never
disagree.

>>> TABLE = (
...     Setting("sims", "int", "simulations per decision", default=None, low=1, high=1000),
...     Setting("gate", "float", "standard errors to beat", default=0.0, low=0.0, high=10.0),
...     Setting("moon", "flag", "try the shoot line", default=True),
...     Setting("eval", "choice", "what a card is worth", default="payoff", choices=("payoff", "points"), attr="evaluation"),
... )
>>> parse(TABLE, {"sims": "40", "moon": "0"}, "demo")
{'sims': 40, 'gate': 0.0, 'moon': False, 'evaluation': 'payoff'}
>>> parse(TABLE, {"gate": "11"}, "demo")
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: gate must be between 0.0 and 10.0 in bot spec 'demo', not 11.0
>>> print(markdown_table(TABLE[:2]))
| setting | values | default | what it does |
|---|---|---|---|
| `sims` | 1 to 1000 | none | simulations per decision |
| `gate` | 0.0 to 10.0 | 0.0 | standard errors to beat |
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .registry import BotSpecError, float_setting, int_setting, reject_unknown

Kind = Literal["int", "float", "flag", "choice"]


@dataclass(frozen=True)
class Setting:
    """One setting of a bot spec: ``key=value`` read as ``kind`` within its range, passed on as ``attr``."""

    key: str
    kind: Kind
    help: str
    default: int | float | bool | str | None = None
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()
    #: the keyword argument it becomes (default: the key itself)
    attr: str = ""

    @property
    def name(self) -> str:
        """The keyword argument's name."""
        return self.attr or self.key

    def read(self, params: dict[str, str], spec: str) -> int | float | bool | str | None:
        """This setting's value from ``params`` (removed from it), or the default; a bad value raises BotSpecError."""
        if self.kind == "int":
            if self.key not in params:
                return self.default
            return int_setting(params, self.key, int(self.low), int(self.high), None, spec)
        if self.kind == "float":
            return float_setting(params, self.key, self.low, self.high, float(self.default or 0.0), spec)
        if self.kind == "flag":
            return bool(int_setting(params, self.key, 0, 1, int(bool(self.default)), spec))
        value = params.pop(self.key, str(self.default))
        if value not in self.choices:
            raise BotSpecError(f"{self.key} must be one of {', '.join(self.choices)} in bot spec {spec!r}, not {value!r}")
        return value

    def values(self) -> str:
        """The values it takes, for the docs."""
        if self.kind == "flag":
            return "0 or 1"
        if self.kind == "choice":
            return ", ".join(f"`{c}`" for c in self.choices)
        low, high = (int(self.low), int(self.high)) if self.kind == "int" else (self.low, self.high)
        return f"{low} to {high}"

    def default_text(self) -> str:
        """The default, for the docs."""
        if self.default is None:
            return "none"
        if self.kind == "flag":
            return str(int(bool(self.default)))
        if self.kind == "choice":
            return f"`{self.default}`"
        return str(self.default)


def parse(table: Sequence[Setting], params: dict[str, str], spec: str) -> dict[str, Any]:
    """Every setting of ``table`` read from ``params`` (used up); a setting ``table`` does not know raises."""
    out = {setting.name: setting.read(params, spec) for setting in table}
    reject_unknown(params, spec)
    return out


def markdown_table(table: Sequence[Setting]) -> str:
    """The settings as a Markdown table (setting, values, default, what it does)."""
    rows = ["| setting | values | default | what it does |", "|---|---|---|---|"]
    rows += [f"| `{s.key}` | {s.values()} | {s.default_text()} | {s.help} |" for s in table]
    return "\n".join(rows)
