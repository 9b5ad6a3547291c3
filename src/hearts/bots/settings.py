"""Typed bot settings: one table per bot gives each setting's spec name, type, range, default and help.

The same table parses a spec's ``key=value`` settings into the bot's keyword
arguments and writes the settings table of the docs, so the two never
disagree. A bot's settings class is a frozen dataclass whose fields are made
by :func:`setting`; :func:`table_of` reads its table from the fields, and
:func:`check` and :func:`spec_text` check an instance and write it back as
spec settings (:class:`hearts.bots.search_settings.SearchSettings`).

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

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

# The registry's helpers are imported where a setting is read: the registry builds its levels from the search's
# presets (:mod:`hearts.bots.search_settings`), which are made of this module's settings.

Kind = Literal["int", "float", "flag", "choice"]

#: the key of a :func:`setting` field's :class:`Setting` in the field's metadata
SETTING = "hearts.setting"


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
        from .registry import BotSpecError, float_setting, int_setting

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

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not a value of this setting, or None.

        >>> Setting("sims", "int", "", low=1, high=9).problem(0)
        'sims must be between 1 and 9, not 0'
        """
        if value is None and self.default is None and self.kind in ("int", "float"):
            return None
        if self.kind == "flag":
            return None if isinstance(value, bool) else f"{self.key} must be True or False, not {value!r}"
        if self.kind == "choice":
            return None if value in self.choices else f"{self.key} must be one of {', '.join(self.choices)}, not {value!r}"
        number = int if self.kind == "int" else (int, float)
        if isinstance(value, bool) or not isinstance(value, number):
            return f"{self.key} must be a {'whole number' if self.kind == 'int' else 'number'}, not {value!r}"
        if not self.low <= value <= self.high:
            low, high = (int(self.low), int(self.high)) if self.kind == "int" else (self.low, self.high)
            return f"{self.key} must be between {low} and {high}, not {value}"
        return None

    def text(self, value: int | float | bool | str) -> str:
        """``value`` as a spec writes it (read back to the same value).

        >>> Setting("boss", "float", "").text(3.0), Setting("miss", "float", "").text(0.6), Setting("moon", "flag", "").text(False)
        ('3', '0.6', '0')
        """
        if self.kind == "flag":
            return str(int(bool(value)))
        if self.kind == "float" and isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value) if self.kind != "float" else repr(float(value))

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
    from .registry import reject_unknown

    out = {setting.name: setting.read(params, spec) for setting in table}
    reject_unknown(params, spec)
    return out


def setting(
    kind: Kind,
    help: str,
    default: int | float | bool | str | None = None,
    *,
    low: float = 0,
    high: float = 0,
    choices: tuple[str, ...] = (),
    key: str = "",
) -> Any:
    """A dataclass field that is a spec setting: its ``key`` (default: the field's name), kind, range, default and help.

    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     sims: int = setting("int", "simulations", 10, low=1, high=100)
    ...     evaluation: str = setting("choice", "a card's worth", "payoff", choices=("payoff", "hand"), key="eval")
    >>> [(s.key, s.name) for s in table_of(Demo)]
    [('sims', 'sims'), ('eval', 'evaluation')]
    >>> spec_text(table_of(Demo), Demo(sims=40))
    ':sims=40'
    >>> check(table_of(Demo), Demo(sims=0))
    Traceback (most recent call last):
    ...
    ValueError: sims must be between 1 and 100, not 0
    """
    return dataclasses.field(default=default, metadata={SETTING: Setting(key, kind, help, default, low, high, choices)})


def table_of(cls: type) -> tuple[Setting, ...]:
    """The settings of a dataclass whose fields are :func:`setting` s, in field order, each passed on as its field."""
    out = []
    for f in dataclasses.fields(cls):
        s: Setting = f.metadata[SETTING]
        out.append(dataclasses.replace(s, key=s.key or f.name, attr=f.name))
    return tuple(out)


def check(table: Sequence[Setting], settings: object) -> None:
    """Raise ValueError for the first field of ``settings`` out of its setting's range."""
    for s in table:
        problem = s.problem(getattr(settings, s.name))
        if problem:
            raise ValueError(problem)


def spec_text(table: Sequence[Setting], settings: object) -> str:
    """``settings`` as spec settings (``:key=value`` for each value other than its default; read back by :func:`parse`)."""
    parts = []
    for s in table:
        value = getattr(settings, s.name)
        if value != s.default:
            parts.append(f":{s.key}={s.text(value)}")
    return "".join(parts)


def markdown_table(table: Sequence[Setting]) -> str:
    """The settings as a Markdown table (setting, values, default, what it does)."""
    rows = ["| setting | values | default | what it does |", "|---|---|---|---|"]
    rows += [f"| `{s.key}` | {s.values()} | {s.default_text()} | {s.help} |" for s in table]
    return "\n".join(rows)
