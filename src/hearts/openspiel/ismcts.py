"""``openspiel-ismcts``: OpenSpiel's ISMCTS bot seated at our table, a yardstick.

OpenSpiel's C++ ``pyspiel.ISMCTSBot`` (random-rollout evaluator) plays
4-player standard Hearts. At each decision its state is rebuilt from the
seat's view alone: a world consistent with the view is sampled
(:func:`hearts.bots.sampler.sample_hands`), passes consistent with it are
chosen, and the whole hand is replayed as OpenSpiel actions
(:func:`hearts.openspiel.bridge.openspiel_history`). The rebuilt state
is checked: OpenSpiel's player to move and legal cards must be ours. ISMCTS
then resamples its own worlds from that state's information set, so the
sampled hidden cards only have to be consistent, never true.

In the passing phase OpenSpiel passes one card per action: the state is
dealt (the own hand, the others uniformly from the unseen cards) with the
seats renumbered so that the viewer is OpenSpiel's seat 0, the first to pass
(the others have not passed yet, as in our simultaneous passing), and ISMCTS
is asked ``pass_count`` times, each chosen card applied in between.

Settings: ``sims`` (simulations per decision, default 1000), ``uct_c``
(exploration, default 2.0), ``worlds`` (most worlds sampled per decision,
default -1: unlimited), ``policy`` (``sample``: drawn from the visit counts,
OpenSpiel's default; ``max``: the most visited), ``seed``. Needs the
``openspiel`` extra.

OpenSpiel's C++ search breaks ties between equally valued moves in the
order of an ``absl::flat_hash_map``, which depends on memory addresses: with
more simulations than legal moves, a seeded bot need not repeat its choices.

>>> from hearts.bots.registry import make_bot
>>> make_bot("openspiel-ismcts:sims=0")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: sims must be between 2 and 1000000 in bot spec 'openspiel-ismcts:sims=0', not 0
"""

from __future__ import annotations

import random
from typing import Any

from hearts.bots.base import Bot
from hearts.bots.registry import BotSpecError, float_setting, int_setting, reject_unknown
from hearts.bots.sampler import choose_passes
from hearts.core import Card, Rules, SeatView, card_name

from .bridge import (
    from_openspiel,
    openspiel_history,
    openspiel_params,
    why_not_openspiel,
)

NAME = "openspiel-ismcts"
DEFAULT_SIMS = 1000
DEFAULT_UCT_C = 2.0
UNLIMITED_WORLDS = -1
#: the final choice: drawn from the visit counts (OpenSpiel's default) or the most visited
POLICIES = ("sample", "max")
NEEDS_EXTRA = f"{NAME} needs the openspiel extra: pip install -e '.[openspiel]'"


def _pyspiel() -> Any:
    """The ``pyspiel`` module, or a clear :class:`BotSpecError` when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        raise BotSpecError(NEEDS_EXTRA) from None
    return pyspiel


class OpenSpielISMCTSBot(Bot):
    """OpenSpiel's ISMCTS deciding from a state rebuilt from the seat's view."""

    def __init__(
        self,
        sims: int = DEFAULT_SIMS,
        uct_c: float = DEFAULT_UCT_C,
        worlds: int = UNLIMITED_WORLDS,
        policy: str = "sample",
        seed: int | None = None,
    ) -> None:
        self.pyspiel = _pyspiel()
        self.sims, self.uct_c, self.worlds, self.policy = sims, uct_c, worlds, policy
        self.rng = random.Random(seed)
        self.name = NAME
        self._games: dict[Rules, Any] = {}

    # -- the three decisions --------------------------------------------
    def pass_cards(self, view: SeatView) -> list[Card]:
        game = self._game(view.rules)
        hands = self._pass_phase_hands(view)
        state = self._state(game, openspiel_history(view, hands, first=view.seat or 0))
        chosen: list[Card] = []
        for _ in range(view.rules.pass_count):
            left = list(view.hand)
            for c in chosen:
                left.remove(c)
            _check(state, 0, left, view)
            action = self._search(state)
            chosen.append(from_openspiel(action))
            state.apply_action(action)
        return chosen

    def play_card(self, view: SeatView) -> Card:
        if len(view.legal) == 1:
            return view.legal[0]
        state = self.rebuild(view)
        return from_openspiel(self._search(state))

    # -- rebuilding OpenSpiel's state -------------------------------------
    def rebuild(self, view: SeatView) -> Any:
        """An OpenSpiel state of the play phase consistent with ``view``, checked against it."""
        from hearts.bots.sampler import sample_hands

        game = self._game(view.rules)
        hands, _ = sample_hands(view, self.rng)
        passes = choose_passes(view, hands, self.rng)
        state = self._state(game, openspiel_history(view, hands, passes))
        assert view.seat is not None
        _check(state, view.seat, list(view.legal), view)
        return state

    def _pass_phase_hands(self, view: SeatView) -> list[list[Card]]:
        """Dealt hands for the passing phase: the own hand, the others a uniform share of the unseen cards."""
        seat = view.seat
        assert seat is not None
        unseen = sorted(set(view.rules.deck) - set(view.hand))
        self.rng.shuffle(unseen)
        hands: list[list[Card]] = []
        for s in range(view.players):
            if s == seat:
                hands.append(list(view.hand))
            else:
                size = view.hand_sizes[s]
                hands.append(unseen[:size])
                unseen = unseen[size:]
        return hands

    def _game(self, rules: Rules) -> Any:
        game = self._games.get(rules)
        if game is None:
            why = why_not_openspiel(rules)
            if why is not None:
                raise BotSpecError(f"{NAME} cannot play these rules: {why}")
            game = self._games[rules] = self.pyspiel.load_game("hearts", openspiel_params(rules))
        return game

    @staticmethod
    def _state(game: Any, actions: list[int]) -> Any:
        state = game.new_initial_state()
        for a in actions:
            state.apply_action(a)
        return state

    def _search(self, state: Any) -> int:
        """ISMCTS's action in ``state``, from a fresh bot seeded from this bot's generator.

        The search gives visit fractions (``get_policy``); the action is drawn
        from them (OpenSpiel's ``step``) or is the most visited, in card order
        with this bot's generator, since OpenSpiel lists them in hash-map order.
        """
        ps = self.pyspiel
        seed = self.rng.getrandbits(31)
        evaluator = ps.RandomRolloutEvaluator(1, seed)
        bot = ps.ISMCTSBot(seed, evaluator, self.uct_c, self.sims, self.worlds)
        policy = sorted((int(a), float(p)) for a, p in bot.get_policy(state))
        if self.policy == "max":
            return max(policy, key=lambda ap: ap[1])[0]
        u = self.rng.random() * sum(p for _, p in policy)
        for action, p in policy:
            u -= p
            if u < 0:
                return action
        return max(policy, key=lambda ap: ap[1])[0]


def _check(state: Any, player: int, legal: list[Card], view: SeatView) -> None:
    """The rebuilt state must have ``player`` to move with exactly the cards ``legal``."""
    theirs = sorted(from_openspiel(a) for a in state.legal_actions())
    if state.current_player() != player or theirs != sorted(legal):
        raise AssertionError(
            f"rebuilt OpenSpiel state disagrees with the view of seat {view.seat} ({view.phase} phase): "
            f"OpenSpiel has player {state.current_player()} with {[card_name(c) for c in theirs]}, "
            f"we have player {player} with {[card_name(c) for c in sorted(legal)]}"
        )


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``openspiel-ismcts``: settings ``sims``, ``uct_c``, ``worlds`` (-1: unlimited), ``policy``, ``seed``."""
    spec = ":".join([NAME, *(f"{k}={v}" for k, v in params.items())])
    params = dict(params)
    params.pop("seed", None)
    sims = int_setting(params, "sims", 2, 1_000_000, DEFAULT_SIMS, spec)
    uct_c = float_setting(params, "uct_c", 0.0, 1000.0, DEFAULT_UCT_C, spec)
    worlds = int_setting(params, "worlds", -1, 1_000_000, UNLIMITED_WORLDS, spec)
    if worlds == 0:
        raise BotSpecError(f"worlds must be -1 (unlimited) or at least 1 in bot spec {spec!r}")
    policy = params.pop("policy", "sample")
    if policy not in POLICIES:
        raise BotSpecError(f"policy must be one of {', '.join(POLICIES)} in bot spec {spec!r}, not {policy!r}")
    reject_unknown(params, spec)
    return OpenSpielISMCTSBot(sims, uct_c, worlds, policy, seed)


__all__ = ["OpenSpielISMCTSBot", "make"]
