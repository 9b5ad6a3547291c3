"""One registry of bots by spec string, shared by the CLI, the server and the arena.

A spec is a bot name, optionally followed by ``:key=value`` settings:
``random``, ``heuristic``, ``search:ms=500``, ``search:sims=2000:seed=3``,
``openspiel-ismcts:sims=1000``. The difficulty levels ``easy``, ``medium``,
``hard`` and ``expert`` name fixed specs (see :data:`LEVELS`); ``hard`` and
``expert`` are the search's presets (:class:`~hearts.bots.search_settings.SearchSettings`).

Bots from outside (docs/write-a-bot.md):

- ``exec:COMMAND``: a program speaking ``hearts-bot/1`` (:mod:`hearts.bots.exec_bot`);
  everything after ``exec:`` is its command line, split like a shell's.
- ``module:function[:key=value...]``: a Python factory path; a spec whose
  second part has no ``=`` is one (:mod:`hearts.bots.plugins`).
- a name an installed distribution declares in the ``hearts.bots``
  entry-point group, with settings like a built-in bot (built-in names win).

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
from .search_settings import PRESETS


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
    "net-rollout": "hearts.net.rollout:make",
}

#: difficulty levels for people, ordered weakest first, each a spec (ordered by measured strength); ``medium`` is
#: the learned net where a model is shipped for the table's shape (in plain Python without NumPy), else the heuristic;
#: ``hard`` and ``expert`` are the specs of the search's presets (:data:`hearts.bots.search_settings.PRESETS`)
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.5",
    "medium": "net:fallback=heuristic",
    "hard": PRESETS["hard"].spec(),
    "expert": PRESETS["expert"].spec(),
}
#: the level whose choice a hint gives, in every app (the terminal, the server, the page): the compiled search
#: decides in milliseconds, so the strongest level that serves a table gives the hints too
HINT_LEVEL = "hard"


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


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs (``--bots``), stripped; a comma inside quotes does not split.

    The quotes stay in the spec (an ``exec:`` command is split like a shell's
    afterwards, which removes them):

    >>> split_specs("exec:./bot --tags 'a,b', medium")
    ["exec:./bot --tags 'a,b'", 'medium']
    """
    specs: list[str] = []
    current: list[str] = []
    quote = ""
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ",":
            specs.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    if quote:
        raise BotSpecError(f"unclosed {quote} in the bot list {text!r}")
    specs.append("".join(current).strip())
    return specs


def known_bots() -> list[str]:
    """Every name :func:`make_bot` accepts (bots, levels and installed plugins)."""
    from .plugins import plugin_names

    return sorted(set(FACTORIES) | set(LEVELS) | set(plugin_names()))


def make_bot(spec: str, *, seed: int | None = None, time_limit: float | None = None) -> Bot:
    """The bot a spec names, seeded with ``seed`` unless the spec gives ``seed=``.

    ``time_limit``: seconds an ``exec:`` bot has for each decision (default
    :data:`hearts.bots.exec_bot.DEFAULT_TIME_LIMIT`); other bots ignore it.
    """
    if isinstance(spec, str) and spec.strip().startswith("exec:"):
        from .exec_bot import make_exec

        return make_exec(spec.strip()[len("exec:") :], seed, time_limit)
    from .plugins import is_factory_path

    if isinstance(spec, str) and is_factory_path(spec):
        return _make_external(spec, seed)
    name, params = parse_spec(spec)
    if name in LEVELS:
        if params:
            raise BotSpecError(f"the level {name!r} takes no settings (it means {LEVELS[name]!r})")
        bot = make_bot(LEVELS[name], seed=seed)
        bot.name = name
        return bot
    if name not in FACTORIES:
        from .plugins import plugin_names

        if name in plugin_names():
            return _make_external(spec, seed)
        raise BotSpecError(f"unknown bot {name!r}: choose one of {', '.join(known_bots())}, or exec:COMMAND, or module:function")
    if "seed" in params:
        seed = int_setting(params, "seed", 0, 2**63, None, spec)
    module_name, _, function = FACTORIES[name].partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        if "fallback" in params:  # e.g. the medium level's net without NumPy: its fallback plays
            return make_bot(params["fallback"], seed=seed)
        raise BotSpecError(f"bot {name!r} is not available here: {err}") from None
    factory: Factory = getattr(module, function)
    bot = factory(params, seed)
    bot.name = spec.strip()
    return bot


def _make_external(spec: str, seed: int | None) -> Bot:
    """A bot of a factory path (``module:function:...``) or of an installed plugin's name."""
    from .plugins import PluginError, call_factory, is_factory_path, load_factory, plugin_names

    spec = spec.strip()
    if is_factory_path(spec):
        module, function, *rest = spec.split(":")
        if module in FACTORIES or module in LEVELS or module in plugin_names():
            raise BotSpecError(f"bad setting {function!r} in bot spec {spec!r}: write key=value, e.g. 'search:ms=500'")
        path, params = f"{module}:{function}", parse_spec("x" + "".join(":" + r for r in rest))[1]
        where = f"bot spec {spec!r}"
    else:
        name, params = parse_spec(spec)
        path, where = plugin_names()[name], f"bot {name!r} (installed plugin {plugin_names()[name]})"
    if "seed" in params:
        seed = int_setting(params, "seed", 0, 2**63, None, spec)
    try:
        bot = call_factory(load_factory(path, where), params, seed, where)
    except PluginError as err:
        raise BotSpecError(str(err)) from None
    bot.name = spec
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
