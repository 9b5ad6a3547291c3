"""Every variant as an OpenSpiel game: ``python_hearts`` (the optional ``openspiel`` extra).

Importing this package registers the game with ``pyspiel.register_game``:

>>> import pyspiel
>>> import hearts.openspiel
>>> game = pyspiel.load_game("python_hearts", {"variant": "cancellation", "players": 8})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(8, 54, 52)
>>> state = game.new_initial_state()
>>> [state.action_to_string(a) for a, _ in state.chance_outcomes()]   # chance: which hand of the pass cycle
['Hand 1 (left)', 'Hand 2 (right)']
>>> state.apply_action(0)
>>> len(state.chance_outcomes()), state.chance_outcomes()[0]   # then the deal, one card at a time
(52, (0, 0.019230769230769232))

See the docs' Research page ("OpenSpiel game") for the parameters, the chance
design and the reward convention. pyspiel is imported only inside this
package. Its other modules work without it: :mod:`hearts.openspiel.bridge`
(our actions and OpenSpiel's ``hearts``) and :mod:`hearts.openspiel.ismcts`
(the ``openspiel-ismcts`` bot, which says what to install).
"""

from typing import Any

try:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
except ImportError:  # the game needs OpenSpiel; the bridge and the bot's clear error do not
    _MISSING = "the python_hearts game needs the openspiel extra: pip install 'hearts-game[openspiel]'"

    def __getattr__(name: str) -> Any:
        if name in __all__:
            raise ImportError(_MISSING)
        raise AttributeError(name)
else:
    from .game import NAME, HeartsGame, HeartsState
    from .observer import HeartsObserver, segments
    from .params import DEFAULTS, Settings, read_params
    from .table import MOON_ADD, MOON_SUBTRACT, NUM_ACTIONS, Table, resample_actions

__all__ = [
    "DEFAULTS",
    "MOON_ADD",
    "MOON_SUBTRACT",
    "NAME",
    "NUM_ACTIONS",
    "HeartsGame",
    "HeartsObserver",
    "HeartsState",
    "Settings",
    "Table",
    "read_params",
    "resample_actions",
    "segments",
]
