"""``python_hearts``: loading, OpenSpiel's own checks, serialization, hidden information, resampling."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel not installed: pip install '.[openspiel]'")

import hearts.openspiel  # noqa: E402
from hearts.core import RulesError, parse_card  # noqa: E402
from hearts.openspiel import MOON_ADD, MOON_SUBTRACT, segments  # noqa: E402

pytestmark = pytest.mark.openspiel

CONFIGS = [
    {},
    {"players": 3},
    {"players": 7, "pass_count": 2},
    {"variant": "omnibus", "players": 5, "reward": "points"},
    {"variant": "cancellation", "players": 8},
    {"variant": "cancellation", "players": 11, "two_pairs_void_trick": True, "last_trick_unwon": "previous_winner"},
    {"moon": "subtract", "queen_breaks_hearts": False, "points_on_first_trick": "yes"},
    {"mode": "game", "target": 30},
    {"mode": "game", "target": 20, "variant": "cancellation", "players": 6, "reward": "points"},
]


def load(params: dict[str, object]) -> object:
    return pyspiel.load_game("python_hearts", params)


def random_state(game: object, rng: random.Random, steps: int) -> object:
    """A new state of ``game`` after ``steps`` random actions (or the end)."""
    return random_steps(game.new_initial_state(), rng, steps)  # type: ignore[attr-defined]


def play_out(state: object, rng: random.Random) -> object:
    """``state`` played to the end at random."""
    return random_steps(state, rng, 100_000)


def random_steps(state: object, rng: random.Random, steps: int) -> object:
    """``state`` after ``steps`` random actions (chance outcomes by their probabilities), or the end."""
    for _ in range(steps):
        if state.is_terminal():  # type: ignore[attr-defined]
            break
        if state.is_chance_node():  # type: ignore[attr-defined]
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
            state.apply_action(rng.choices(outcomes, probs)[0])  # type: ignore[attr-defined]
        else:
            legal = state.legal_actions()  # type: ignore[attr-defined]
            state.apply_action(legal[int(rng.random() * len(legal))])  # type: ignore[attr-defined]
    return state


# -- loading ------------------------------------------------------------------
def test_load_game_by_name_with_every_variant() -> None:
    game = pyspiel.load_game("python_hearts", {"variant": "cancellation", "players": 8})
    assert game.num_players() == 8
    assert game.get_type().short_name == "python_hearts"
    assert game.settings.rules.variant == "cancellation"  # type: ignore[attr-defined]
    for variant, players in [("standard", 3), ("standard", 7), ("omnibus", 4), ("cancellation", 6), ("cancellation", 11)]:
        g = load({"variant": variant, "players": players})
        assert g.num_players() == players
        assert g.information_state_tensor_size() == sum(int(np.prod(s)) for _, s in segments(g.settings, True))
        assert g.observation_tensor_size() == sum(int(np.prod(s)) for _, s in segments(g.settings, False))


def test_game_string_round_trips_with_the_rules_options() -> None:
    game = load({"variant": "omnibus", "players": 5, "points_on_first_trick": "yes", "moon": "add", "target": 50})
    again = pyspiel.load_game(str(game))
    assert again.settings == game.settings  # type: ignore[attr-defined]
    rules = again.settings.rules  # type: ignore[attr-defined]
    assert (rules.points_on_first_trick, rules.moon, rules.target, rules.jack_of_diamonds) == (True, "add", 50, True)


def test_variant_defaults_are_the_engines() -> None:
    assert load({"variant": "cancellation", "players": 9}).settings.rules.points_on_first_trick is True  # type: ignore[attr-defined]
    assert load({}).settings.rules.points_on_first_trick is False  # type: ignore[attr-defined]
    assert load({"variant": "omnibus"}).settings.rules.jack_of_diamonds is True  # type: ignore[attr-defined]
    assert load({"variant": "omnibus", "jack_of_diamonds": "no"}).settings.rules.jack_of_diamonds is False  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "params, message",
    [
        ({"variant": "bridge"}, "unknown variant 'bridge'"),
        ({"players": 8}, "standard Hearts is for 3 to 7 players, not 8"),
        ({"mode": "match"}, "mode must be one of hand, game"),
        ({"points_on_first_trick": "maybe"}, "points_on_first_trick must be 'default', 'yes' or 'no'"),
        ({"first_dealer": 4}, "first_dealer must be a whole number from 0 to 3"),
        ({"mode": "game", "hand_number": 2}, "hand_number is for mode='hand'"),
    ],
)
def test_bad_parameters_raise_the_engines_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        load(params)


def test_unknown_or_mistyped_parameters_are_refused_by_openspiel() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        load({"colour": "red"})
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter players"):
        load({"players": "4"})


# -- OpenSpiel's own checks -------------------------------------------------------
@pytest.mark.parametrize("params", CONFIGS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default")
def test_openspiel_random_simulation_with_serialization(params: dict[str, object]) -> None:
    """``pyspiel.random_sim_test``: clones, serialization, observations, rewards and returns at every step."""
    pyspiel.random_sim_test(load(params), num_sims=1, serialize=True, verbose=False)


def test_get_all_states_to_a_depth() -> None:
    from open_spiel.python.algorithms import get_all_states

    states = get_all_states.get_all_states(load({}), depth_limit=2, include_terminals=True, include_chance_states=True)
    assert len(states) == 1 + 4 + 4 * 52  # the pass direction, then the first card dealt
    with_hand = get_all_states.get_all_states(load({"hand_number": 1}), depth_limit=1, include_terminals=True, include_chance_states=True)
    assert len(with_hand) == 1 + 52  # no pass-direction chance: the deal starts at once


def test_serialize_game_and_state_round_trip_and_play_on() -> None:
    rng = random.Random(3)
    for params in ({}, {"variant": "cancellation", "players": 8}, {"mode": "game", "target": 30}):
        game = load(params)
        state = random_state(game, rng, 150)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game) and str(state2) == str(state)
        assert state2.history() == state.history()
        assert state2.information_state_string(1) == state.information_state_string(1)
        unpickled = pickle.loads(pickle.dumps(state))
        assert str(unpickled) == str(state)
        end1 = play_out(state, random.Random(9))
        end2 = play_out(state2, random.Random(9))
        assert end1.returns() == end2.returns() and end1.history() == end2.history()  # type: ignore[attr-defined]


def test_clone_is_independent() -> None:
    state = random_state(load({"variant": "cancellation", "players": 8}), random.Random(4), 130)
    before = str(state)
    copy = state.clone()  # type: ignore[attr-defined]
    play_out(copy, random.Random(1))
    assert str(state) == before and copy.is_terminal() and not state.is_terminal()  # type: ignore[attr-defined]


def test_illegal_actions_raise_a_clear_error() -> None:
    from hearts.core import IllegalAction

    state = random_state(load({"hand_number": 4}), random.Random(2), 52)  # no passing: the 2C holder leads
    leader = state.current_player()  # type: ignore[attr-defined]
    other = state.table.hand.hand_cards(leader)[1]  # type: ignore[attr-defined]  # [0] is the 2C
    with pytest.raises(IllegalAction, match="must lead 2C"):
        state.apply_action(other)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="54 is not a card"):
        state.apply_action(54)  # type: ignore[attr-defined]
    assert state.legal_actions() == [parse_card("2C")]  # type: ignore[attr-defined]  # nothing changed
    dealing = load({}).new_initial_state()
    dealing.apply_action(0)
    dealing.apply_action(parse_card("QS"))
    with pytest.raises(IllegalAction, match="not a card left to deal"):
        dealing.apply_action(parse_card("QS"))


def test_action_strings_name_the_card_and_the_seat() -> None:
    state = load({"hand_number": 1}).new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, parse_card("QS")) == "Deal QS to seat 0"
    for c in range(52):
        state.apply_action(c)
    assert state.action_to_string(0, 0) == "Pass 2C"
    kitty = load({"variant": "cancellation", "players": 9, "hand_number": 1}).new_initial_state()
    for c in sorted(list(range(52)) * 2)[:99]:
        kitty.apply_action(c)
    assert kitty.action_to_string(pyspiel.PlayerId.CHANCE, 51) == "Deal AS to the kitty"


def test_openspiel_observation_module_reads_the_same_tensors() -> None:
    from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

    game = load({"variant": "cancellation", "players": 6})
    state = random_state(game, random.Random(7), 200)
    info = make_observation(game, INFO_STATE_OBS_TYPE)
    obs = make_observation(game)
    for p in range(6):
        info.set_from(state, p)
        obs.set_from(state, p)
        assert list(info.tensor) == list(state.information_state_tensor(p))  # type: ignore[attr-defined]
        assert list(obs.tensor) == list(state.observation_tensor(p))  # type: ignore[attr-defined]
        assert info.string_from(state, p) == state.information_state_string(p)  # type: ignore[attr-defined]
    assert set(info.dict) >= {"hand", "dealt", "play_order", "kitty"}
    with pytest.raises(ValueError, match="one seat's private information"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))  # type: ignore[attr-defined]


# -- rewards and returns --------------------------------------------------------
def test_payoff_is_zero_sum_and_points_are_minus_the_points() -> None:
    for reward in ("payoff", "points"):
        end = play_out(load({"variant": "cancellation", "players": 7, "reward": reward}).new_initial_state(), random.Random(12))
        points = end.table.hand.points  # type: ignore[attr-defined]
        returns = end.returns()  # type: ignore[attr-defined]
        if reward == "points":
            assert returns == [-p for p in points]
        else:
            assert abs(sum(returns)) < 1e-9
            assert returns == pytest.approx([(sum(points) - p) / 6 - p for p in points])


def test_a_whole_game_returns_the_payoff_of_the_final_scores() -> None:
    end = play_out(load({"mode": "game", "target": 50}).new_initial_state(), random.Random(8))
    game = end.table.game  # type: ignore[attr-defined]
    assert game.game_over and len(game.hands) > 1
    scores = game.scores
    assert end.returns() == pytest.approx([(sum(scores) - s) / 3 - s for s in scores])  # type: ignore[attr-defined]


def _feed_seat_0(state: object) -> int:
    """Seat 0 plays its highest card; the others follow low and, when void, throw their worst point card."""
    legal = state.legal_actions()  # type: ignore[attr-defined]
    if state.current_player() == 0:  # type: ignore[attr-defined]
        return max(legal, key=lambda c: (c % 13, c))
    trick = state.table.hand.trick  # type: ignore[attr-defined]
    if trick and legal[0] // 13 != trick[0] // 13:
        return max(legal, key=lambda c: (13 if c == QS else c // 13 == 2, c % 13))
    return min(legal, key=lambda c: (c % 13, c))


QS = parse_card("QS")


def test_the_shooter_chooses_the_moon_as_an_action() -> None:
    game = load({"hand_number": 4, "reward": "points"})  # no passing
    rng = random.Random(6)
    for _ in range(300):
        state = random_state(game, rng, 52)  # the deal
        while not state.is_terminal() and state.legal_actions() != [MOON_ADD, MOON_SUBTRACT]:  # type: ignore[attr-defined]
            state.apply_action(_feed_seat_0(state))  # type: ignore[attr-defined]
        if not state.is_terminal():  # type: ignore[attr-defined]
            break
    assert not state.is_terminal()  # type: ignore[attr-defined]
    shooter = state.current_player()  # type: ignore[attr-defined]
    assert state.table.hand.points_taken[shooter] == 26  # type: ignore[attr-defined]
    assert state.action_to_string(shooter, MOON_SUBTRACT) == "Moon subtract"  # type: ignore[attr-defined]
    add = state.clone()  # type: ignore[attr-defined]
    add.apply_action(MOON_ADD)
    state.apply_action(MOON_SUBTRACT)  # type: ignore[attr-defined]
    assert add.returns() == [0.0 if s == shooter else -26.0 for s in range(4)]
    assert state.returns() == [26.0 if s == shooter else 0.0 for s in range(4)]  # type: ignore[attr-defined]


# -- hidden information ---------------------------------------------------------
def _views(state: object, player: int) -> tuple[str, list[float], str, list[float]]:
    s = state
    return (
        s.information_state_string(player),
        list(s.information_state_tensor(player)),  # type: ignore[attr-defined]
        s.observation_string(player),
        list(s.observation_tensor(player)),
    )  # type: ignore[attr-defined]


def _dealt(game: object, order: list[int], count: int | None = None) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for c in order[:count]:
        state.apply_action(c)
    return state


def test_another_seats_hidden_cards_do_not_reach_a_seats_information() -> None:
    """Two deals that differ only in a card swapped between seats 1 and 2 look the same to seats 0 and 3."""
    game = load({"hand_number": 1})  # passing left
    order = list(range(52))
    random.Random(10).shuffle(order)
    swapped = order[:]
    i, j = 1 + 4 * 5, 2 + 4 * 7  # a card of seat 1 and one of seat 2
    swapped[i], swapped[j] = swapped[j], swapped[i]
    pairs = [
        (_dealt(game, order, 40), _dealt(game, swapped, 40)),  # mid-deal
        (_dealt(game, order), _dealt(game, swapped)),
    ]  # dealt, seat 0 to pass
    a, b = pairs[1][0].clone(), pairs[1][1].clone()  # type: ignore[attr-defined]
    for c in [order[k] for k in (0, 4, 8)] + [order[k] for k in (1, 5 + 4, 13)]:  # seat 0's picks, then seat 1's (not the swapped card)
        a.apply_action(c)
        b.apply_action(c)
    assert a.current_player() == b.current_player() == 2
    pairs.append((a, b))
    for x, y in pairs:
        for p in (0, 3):
            assert _views(x, p) == _views(y, p)
        for p in (1, 2):
            assert x.information_state_string(p) != y.information_state_string(p)  # type: ignore[attr-defined]
            assert x.information_state_tensor(p) != y.information_state_tensor(p)  # type: ignore[attr-defined]


def test_the_information_state_recalls_the_order_of_the_seats_own_picks() -> None:
    """Perfect recall: the same pass picked in another order is another information state, the same observation."""
    game = load({"hand_number": 1})
    dealt = _dealt(game, list(range(52)))
    mine = [0, 4, 8]  # seat 0's first three cards
    a, b = dealt.clone(), dealt.clone()  # type: ignore[attr-defined]
    for c in mine:
        a.apply_action(c)
    for c in reversed(mine):
        b.apply_action(c)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(1) == b.information_state_string(1)  # seat 1 saw three picks, not which


def test_a_seats_own_information_holds_its_cards_and_never_the_others() -> None:
    state = random_state(load({"variant": "cancellation", "players": 8}), random.Random(5), 104 + 24 + 10)
    hand = state.table.hand  # type: ignore[attr-defined]
    obs = hearts.openspiel.HeartsObserver(state.table.settings, perfect_recall=True)  # type: ignore[attr-defined]
    for p in range(8):
        obs.set_from(state, p)
        held = [c for c in range(52) for _ in range(int(obs.dict["hand"][c]))]
        assert held == hand.hand_cards(p)
        assert list(obs.tensor) == list(state.information_state_tensor(p))  # type: ignore[attr-defined]


# -- resampling -------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    config=st.sampled_from(
        [
            {},
            {"variant": "cancellation", "players": 8},
            {"players": 3},
            {"mode": "game", "target": 26},
            {"variant": "cancellation", "players": 11},
        ]
    ),
    steps=st.integers(0, 250),
)
def test_resampled_states_look_the_same_to_the_seat_and_respect_voids(seed: int, config: dict[str, object], steps: int) -> None:
    rng = random.Random(seed)
    state = random_state(load(config), rng, steps)
    player = state.current_player()  # type: ignore[attr-defined]
    other = int(rng.random() * state.num_players())  # type: ignore[attr-defined]  # a seat that need not be to act
    for p in sorted({player, other} - {-1, -4}):
        world = state.resample_from_infostate(p, random.Random(seed + 1))  # type: ignore[attr-defined]
        assert _views(world, p) == _views(state, p)
        assert world.current_player() == state.current_player()  # type: ignore[attr-defined]
        assert world.legal_actions() == state.legal_actions() or p != player  # type: ignore[attr-defined]
        assert len(world.history()) == len(state.history())  # type: ignore[attr-defined]
        hand = world.table.hand
        if hand is not None:
            for s in range(hand.n):
                for suit in range(4):
                    if hand.voids[s] >> suit & 1:
                        assert not [c for c in hand.hand_cards(s) if c // 13 == suit], "a void seat holds the suit"
        play_out(world, rng)  # the world plays on legally


def test_resampling_before_the_first_lead_gives_the_leader_the_lowest_club() -> None:
    """Who leads is public before the first card: a world drawn for another seat keeps that seat to lead."""
    game = load({"players": 3, "hand_number": 2})
    rng = random.Random(114)
    for _ in range(20):
        state = random_state(game, rng, 51 + 9)  # dealt and passed
        leader = state.current_player()  # type: ignore[attr-defined]
        for p in range(3):
            world = state.resample_from_infostate(p, random.Random(p))  # type: ignore[attr-defined]
            assert world.current_player() == leader and world.legal_actions() == [parse_card("2C")]
            assert _views(world, p) == _views(state, p)


def test_resampling_redraws_the_others_cards() -> None:
    state = random_state(load({"variant": "cancellation", "players": 8}), random.Random(11), 104 + 24 + 30)
    truth = [state.table.hand.hand_cards(s) for s in range(8)]  # type: ignore[attr-defined]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(3, sampler) for _ in range(5)]  # type: ignore[attr-defined]
    for w in worlds:
        assert w.table.hand.hand_cards(3) == truth[3]
    assert any(w.table.hand.hand_cards(s) != truth[s] for w in worlds for s in range(8) if s != 3)


# -- OpenSpiel's algorithms on it -----------------------------------------------------
def test_openspiel_ismcts_plays_8_player_cancellation_hearts() -> None:
    """OpenSpiel's ISMCTS (its Python implementation, with our resampler) at two seats, random bots elsewhere."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load({"variant": "cancellation", "players": 8})
    rng = random.Random(1)

    def resample(state: object, player: int) -> object:
        return state.resample_from_infostate(player, rng)  # type: ignore[attr-defined]

    bots = []
    for seat in range(8):
        if seat < 2:
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat))
            bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(10 + seat))
            bot.set_resampler(resample)
            bots.append(bot)
        else:
            bots.append(pyspiel.make_uniform_random_bot(seat, 20 + seat))
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert len(returns) == 8 and abs(sum(returns)) < 1e-9


def test_the_cpp_ismcts_bot_cannot_resample_a_python_game() -> None:
    """OpenSpiel's C++ ``ISMCTSBot`` calls the C++ ``ResampleFromInfostate``, which a Python game cannot override (2.0)."""
    state = random_state(load({"hand_number": 1}), random.Random(0), 52)
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 10)
    with pytest.raises(pyspiel.SpielError, match="ResampleFromInfostate"):
        bot.get_policy(state)


def test_mcts_bots_and_evaluate_bots_run_on_it() -> None:
    from open_spiel.python.algorithms import mcts

    game = load({})
    py_bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), random_state=np.random.RandomState(2))
    cc_bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 8, 1000, False, 3, False)
    bots = [py_bot, cc_bot] + [pyspiel.make_uniform_random_bot(s, s) for s in (2, 3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)
    assert len(returns) == 4 and abs(sum(returns)) < 1e-9


def test_outcome_sampling_mccfr_runs_on_it() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(load({"players": 3}))
    for _ in range(3):
        solver.iteration()
    assert solver._infostates  # noqa: SLF001  (the regret tables it filled)
