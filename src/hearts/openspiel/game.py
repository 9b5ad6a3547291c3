"""``python_hearts``: every variant, player count and rules option as a pyspiel game.

The game and state classes are thin: the rules are the engine's, the
integer actions are :mod:`hearts.openspiel.table`'s, the observations
:mod:`hearts.openspiel.observer`'s.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from hearts.core import card_name
from hearts.core.enums import MoonRule
from hearts.core.kernel import JACK_POINTS, MOON_SCORE

from .observer import HeartsObserver
from .params import DEFAULTS, Settings, read_params
from .table import NUM_ACTIONS, Table, resample_actions

NAME = "python_hearts"
MIN_PLAYERS, MAX_PLAYERS = 3, 11


def _make_type(utility: Any, reward_model: Any) -> Any:
    return pyspiel.GameType(
        short_name=NAME,
        long_name="Hearts and Cancellation Hearts (hearts engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=reward_model,
        max_num_players=MAX_PLAYERS,
        min_num_players=MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


#: the registered type (the defaults: one hand, zero-sum payoffs, rewards at the end)
GAME_TYPE = _make_type(pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.RewardModel.TERMINAL)


def _game_type(settings: Settings) -> Any:
    """The game's type: general-sum when the rewards are minus the points; rewards along the way in a whole game."""
    zero_sum = settings.reward == "payoff"
    terminal = settings.mode == "hand"
    if zero_sum and terminal:
        return GAME_TYPE
    utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
    model = pyspiel.GameType.RewardModel.TERMINAL if terminal else pyspiel.GameType.RewardModel.REWARDS
    return _make_type(utility, model)


def point_bounds(settings: Settings) -> tuple[int, int]:
    """The fewest and most points one seat can score in one hand."""
    rules = settings.rules
    low = -MOON_SCORE if rules.moon != MoonRule.ADD else 0
    if rules.jack_of_diamonds:
        low += JACK_POINTS * rules.copies
    return low, max(rules.moon_points, MOON_SCORE)


def _game_info(settings: Settings) -> Any:
    rules = settings.rules
    n = rules.players
    hands = settings.max_hands if settings.mode == "game" else 1
    low, high = point_bounds(settings)
    if settings.reward == "payoff":
        worst, best = low - high, high - low
    else:
        worst, best = -high, -low
    per_hand = n * rules.pass_count + n * rules.cards_each + 1
    info: dict[str, Any] = {
        "num_distinct_actions": NUM_ACTIONS,
        "max_chance_outcomes": 52,
        "num_players": n,
        "min_utility": float(worst * hands),
        "max_utility": float(best * hands),
        "max_game_length": per_hand * hands,
    }
    if settings.reward == "payoff":
        info["utility_sum"] = 0.0
    return pyspiel.GameInfo(**info)


class HeartsGame(pyspiel.Game):  # type: ignore[misc]
    """Hearts as an OpenSpiel game; ``pyspiel.load_game("python_hearts", {...})`` builds it (parameters: :data:`DEFAULTS`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = read_params(dict(params or {}))
        given = {**DEFAULTS, **(params or {})}
        super().__init__(_game_type(settings), _game_info(settings), given)
        self.settings = settings

    def new_initial_state(self) -> HeartsState:
        return HeartsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> HeartsObserver:
        """OpenSpiel's observer: the information state when ``iig_obs_type.perfect_recall``, else the observation."""
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("python_hearts observes one seat's private information only (PrivateInfoType.SINGLE_PLAYER)")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return HeartsObserver(self.settings, perfect_recall, params)


class HeartsState(pyspiel.State):  # type: ignore[misc]
    """A state: the engine's hand (or game) behind :class:`~hearts.openspiel.table.Table`, the only attribute.

    OpenSpiel clones a Python state by deep-copying its attributes: the
    table copies itself with the engine's cheap ``clone()``; it pickles as
    its actions, replayed when loaded.
    """

    def __init__(self, game: HeartsGame) -> None:
        super().__init__(game)
        self.table = Table(game.settings)

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        return self.table.current_player()

    def is_terminal(self) -> bool:
        return self.table.over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.action_name(player, action)

    # -- payoffs -----------------------------------------------------------
    def returns(self) -> list[float]:
        """The sum of the hands' rewards so far (see :meth:`rewards`)."""
        return self.table.returns[:]

    def rewards(self) -> list[float]:
        """The reward of the last player action (kept over the chance nodes after it): non-zero only when it ended a hand.

        ``reward="payoff"``: the mean of the others' points minus one's own
        (zero-sum); ``reward="points"``: minus one's points.
        """
        return self.table.rewards[:]

    # -- hidden information -----------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HeartsState:
        """A state that ``player_id`` cannot tell from this one, the others' hidden cards redrawn (void-aware).

        ``probability_sampler`` is OpenSpiel's: a callable returning floats in
        ``[0, 1)`` (it seeds the sampler's generator), or a ``random.Random``.
        """
        if isinstance(probability_sampler, random.Random):
            rng = probability_sampler
        else:
            rng = random.Random(int(probability_sampler() * 2**53))
        state = self.get_game().new_initial_state()
        for a in resample_actions(self.table, player_id, rng):
            state.apply_action(a)
        assert isinstance(state, HeartsState)
        return state

    def __str__(self) -> str:
        table = self.table
        lines = [f"{table.settings.rules.variant} {table.settings.rules.players}p, {table.settings.mode}"]
        for i, hand in enumerate(table.hands()):
            lines.append(f"hand {hand.number} dealer {hand.dealer} {hand.pass_direction} {hand.phase}")
            for s in range(hand.n):
                picks = table.picks_of(i)[s]
                lines.append(f"  seat {s}: {_names(hand.deal[s])} / picked {_names(picks)}")
            lines.append("  plays " + _names(hand.plays))
            if hand.points is not None:
                lines.append("  points " + " ".join(map(str, hand.points)))
        if table.hand is None and not table.over:
            lines.append(f"dealing hand {table.number}: " + " / ".join(_names(d) for d in table.dealt) + " kitty " + _names(table.kitty))
        lines.append("returns " + " ".join(f"{r:g}" for r in table.returns))
        return "\n".join(lines)


def _names(cards: Any) -> str:
    return " ".join(card_name(c) for c in cards)


pyspiel.register_game(GAME_TYPE, HeartsGame)
