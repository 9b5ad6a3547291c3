"""One registry of bots by spec string, shared by the CLI, the server and the arena.

A spec is a bot name, optionally followed by ``:key=value`` settings:
``random``, ``heuristic``, ``search:ms=500``, ``search:sims=2000:seed=3``,
``openspiel-ismcts:sims=1000``. The difficulty levels ``easy``, ``medium``,
``hard`` and ``expert`` name fixed specs (see :data:`LEVELS`).

>>> bot = make_bot("random:seed=4")
>>> bot.name
'random:seed=4'
>>> parse_spec("search:ms=500:seed=2")
('search', {'ms': '500', 'seed': '2'})
>>> make_bot("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: unknown bot 'chess': choose one of easy, expert, ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from hearts.core import HeartsError

from .base import Bot, RandomBot


class BotSpecError(HeartsError, ValueError):
    """A bot spec names no bot, or gives a bad setting."""


#: settings -> bot; ``params`` are the spec's ``key=value`` pairs, ``seed`` the caller's seed
Factory = Callable[[dict[str, str], "int | None"], Bot]

#: bot name -> "module:function" of its factory, imported only when that bot is made
FACTORIES: dict[str, str] = {
    "random": "hearts.bots.registry:make_random",
    "heuristic": "hearts.bots.heuristic:make",
    "search": "hearts.bots.search:make",
    "shooter": "hearts.bots.shooter:make",
    "openspiel-ismcts": "hearts.openspiel.ismcts:make",
    "rl-policy": "hearts.rl.policy_bot:make",
    "net": "hearts.net.bot:make",
    "net-search": "hearts.net.search:make",
}

#: difficulty levels for people, ordered weakest first, each a spec (ordered by measured strength)
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.5",
    "medium": "heuristic",
    "hard": "search:sims=1000:pass=24:gate=1.5:pass_guard=5:pass_miss=0.5:pass_alone=1:miss=0.6:boss=3:ms=140:pass_ms=140",
    "expert": "search:sims=3000:pass=100:gate=1.5:pass_guard=5:pass_miss=0.5:pass_alone=1:stopper=3:boss=3:boss_over=1"
              ":pass_top=2:miss=0.6:ms=900:pass_ms=900",
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:key=value:..."`` into the name and its settings."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError("a bot spec must be a name such as 'random', 'heuristic' or 'search:ms=500'")
    name, *settings = spec.strip().split(":")
    params: dict[str, str] = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise BotSpecError(f"bad setting {item!r} in bot spec {spec!r}: write key=value, e.g. 'search:ms=500'")
        if key in params:
            raise BotSpecError(f"setting {key!r} given twice in bot spec {spec!r}")
        params[key] = value
    return name, params


def known_bots() -> list[str]:
    """Every name :func:`make_bot` accepts (bots and levels)."""
    return sorted(set(FACTORIES) | set(LEVELS))


def make_bot(spec: str, *, seed: int | None = None) -> Bot:
    """The bot a spec names, seeded with ``seed`` unless the spec gives ``seed=``."""
    name, params = parse_spec(spec)
    if name in LEVELS:
        if params:
            raise BotSpecError(f"the level {name!r} takes no settings (it means {LEVELS[name]!r})")
        bot = make_bot(LEVELS[name], seed=seed)
        bot.name = name
        return bot
    if name not in FACTORIES:
        raise BotSpecError(f"unknown bot {name!r}: choose one of {', '.join(known_bots())}")
    if "seed" in params:
        seed = int_setting(params, "seed", 0, 2**63, None, spec)
    module_name, _, function = FACTORIES[name].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise BotSpecError(f"bot {name!r} is not available here: {err}") from None
    factory: Factory = getattr(module, function)
    bot = factory(params, seed)
    bot.name = spec.strip()
    return bot


def int_setting(params: dict[str, str], key: str, low: int, high: int, default: int | None, spec: str) -> int:
    """An integer setting in ``[low, high]``, or ``default`` when absent (removed from ``params``)."""
    if key not in params:
        if default is None:
            raise BotSpecError(f"bot spec {spec!r} needs {key}=")
        return default
    text = params.pop(key)
    try:
        value = int(text)
    except ValueError:
        raise BotSpecError(f"{key} must be a whole number in bot spec {spec!r}, not {text!r}") from None
    if not low <= value <= high:
        raise BotSpecError(f"{key} must be between {low} and {high} in bot spec {spec!r}, not {value}")
    return value


def float_setting(params: dict[str, str], key: str, low: float, high: float, default: float, spec: str) -> float:
    """A number setting in ``[low, high]``, or ``default`` when absent (removed from ``params``)."""
    if key not in params:
        return default
    text = params.pop(key)
    try:
        value = float(text)
    except ValueError:
        raise BotSpecError(f"{key} must be a number in bot spec {spec!r}, not {text!r}") from None
    if not low <= value <= high:
        raise BotSpecError(f"{key} must be between {low} and {high} in bot spec {spec!r}, not {value}")
    return value


def reject_unknown(params: dict[str, str], spec: str) -> None:
    """Raise for settings a factory did not use."""
    if params:
        raise BotSpecError(f"unknown setting {sorted(params)[0]!r} in bot spec {spec!r}")


def make_random(params: dict[str, str], seed: int | None) -> Bot:
    """``random``: a uniform legal choice (settings: ``seed``)."""
    params.pop("seed", None)
    reject_unknown(params, "random")
    return RandomBot(seed)
