"""hearts.vec's interface: settings and action errors, seeding, resets of finished games, rewards, masks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

np = pytest.importorskip("numpy")

from hearts.core import Hand, Rules  # noqa: E402
from hearts.core.cards import mask_cards  # noqa: E402
from hearts.observe import encode, size  # noqa: E402
from hearts.vec import VecError, VecHearts, hand_of, record_of  # noqa: E402
from hearts.vec.observe import unpack_observation  # noqa: E402


def finish(env: VecHearts, seed: int) -> int:
    rng = np.random.default_rng(seed)
    steps = 0
    while not env.done.all():
        env.step(env.random_actions(rng))
        steps += 1
    return steps


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"batch": 0}, "batch must be a whole number"),
        ({"batch": 2.5}, "batch must be a whole number"),
        ({"batch": True}, "batch must be a whole number"),
        ({"batch": 4, "reward": "score"}, "reward must be one of"),
    ],
)
def test_bad_settings(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(VecError, match=message):
        VecHearts(Rules.standard(4), **kwargs)  # type: ignore[arg-type]


def test_two_decks_hold_counts() -> None:
    env = VecHearts(Rules.cancellation(8), batch=64)
    env.reset(seed=1)
    sizes = [int(lo).bit_count() + int(hi).bit_count() for lo, hi in zip(env.hands.ravel(), env.hands_hi.ravel(), strict=True)]
    assert set(sizes) == {13} and env.hands_hi.any() and not (env.hands_hi & ~env.hands).any()
    finish(env, 1)
    assert (env.points.sum(axis=1) <= 52).all()  # unclaimed waiting cards score for nobody


def test_bad_actions_name_the_game() -> None:
    env = VecHearts(Rules.standard(4), batch=3)
    with pytest.raises(VecError, match="call reset"):
        env.step(np.zeros(3, dtype=np.int64))
    env.reset(seed=1)
    with pytest.raises(VecError, match=r"shape \(3,\)"):
        env.step(np.zeros((3, 1), dtype=np.int64))
    with pytest.raises(VecError, match="must be integers"):
        env.step(np.zeros(3))
    with pytest.raises(VecError, match="game 0: an action is a card id"):
        env.step(np.array([52, 0, 0]))
    good = env.random_actions(np.random.default_rng(0))
    bad = good.copy()
    bad[1] = int(np.flatnonzero(env.action_masks()[1] == 0)[0])
    before = env.hands.copy()
    with pytest.raises(VecError, match="game 1: seat"):
        env.step(bad)
    assert np.array_equal(env.hands, before) and env.steps.sum() == 0  # nothing changed
    env.step(good)


def test_the_same_seed_gives_the_same_batch() -> None:
    a, b, c = (VecHearts(Rules.standard(4), batch=32) for _ in range(3))
    for env, seed in ((a, 5), (b, 5), (c, 6)):
        env.reset(seed=seed)
        finish(env, 1)
    assert np.array_equal(a.history, b.history) and np.array_equal(a.points, b.points)
    assert not np.array_equal(a.dealt, c.dealt)
    assert set(a.number.tolist()) == {1, 2, 3, 4}  # every pass direction of the cycle is drawn


def test_reset_done_deals_only_the_finished_games() -> None:
    env = VecHearts(Rules.standard(4), batch=16)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(52):
        env.step(env.random_actions(rng))
    finished = np.flatnonzero(env.done)
    assert 0 < finished.size < 16  # the hands without passing are over, the others not
    running = env.dealt[~env.done].copy()
    assert env.reset_done().tolist() == finished.tolist()
    assert not env.done.any() and np.array_equal(env.dealt[np.setdiff1d(np.arange(16), finished)], running)
    assert (env.steps[finished] == 0).all()


def test_actions_of_finished_games_are_ignored_and_rewards_come_once() -> None:
    env = VecHearts(Rules.standard(5), batch=6, reward="payoff")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    total = np.zeros((6, 5))
    while not env.done.all():
        total += env.step(env.random_actions(rng))
    assert np.allclose(total.sum(axis=1), 0)  # zero-sum payoffs
    own = env.points
    assert np.allclose(total, (own.sum(axis=1, keepdims=True) - own) / 4 - own)
    assert not env.step(np.zeros(6, dtype=np.int64)).any() and not env.action_masks().any()


def test_masks_are_the_legal_cards_and_hands_have_the_right_length() -> None:
    env = VecHearts(Rules.standard(3), batch=8)
    env.reset(seed=4)
    masks = env.action_masks()
    assert masks.dtype == np.int8 and masks.sum(axis=1).tolist() == [int(m).bit_count() for m in env.legal]
    assert finish(env, 4) in (17 * 3, 17 * 3 + 9)  # 17 tricks of 3, and 3 picks per seat when passing


def test_unfinished_games_replay_as_far_as_they_go() -> None:
    env = VecHearts(Rules.standard(4), batch=8)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(7):
        env.step(env.random_actions(rng))
    for g in range(8):
        hand = hand_of(env, g)
        assert len(hand.plays) + sum(3 for p in hand.passes if p) <= 7
    g = int(np.flatnonzero(env.number != 1)[0])
    with pytest.raises(ValueError, match="a record starts with hand 1"):
        record_of(env, g)


def test_observations_can_be_written_into_a_buffer() -> None:
    env = VecHearts(Rules.standard(4), batch=6)
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    buffer = np.full((6, 613), 7.0, dtype=np.float32)
    for _ in range(20):
        assert env.observe(out=buffer) is buffer and np.array_equal(buffer, env.observe())
        env.step(env.random_actions(rng))
    with pytest.raises(ValueError, match="out must be a float32 array of shape"):
        env.observe(out=np.zeros((6, 612), dtype=np.float32))
    with pytest.raises(ValueError, match="seats must be"):
        env.observe(seats=np.full(6, 4))


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.standard(3), Rules.cancellation(8)], ids=["s4", "s3", "c8"])
def test_packed_observations_hold_the_engines_vector_in_the_documented_layout(rules: Rules) -> None:
    """Bit c of packed mask k is element 52k + c (second copies add to the first n + 3 blocks), then the tail: encode()."""
    env = VecHearts(rules, batch=5)
    env.reset(seed=21)
    rng = np.random.default_rng(21)
    n, width = rules.players, size(rules)
    blocks = 3 + 2 * n
    for step in range(40):
        packed = env.observe_packed()
        assert packed.cards.dtype == np.uint64 and packed.tail.dtype == np.float32
        for g in range(5):
            if env.done[g]:
                continue
            vector = np.zeros(width, dtype=np.float32)
            for k, mask in enumerate(packed.cards[g].tolist()):
                block = k if k < blocks else k - blocks
                for c in range(52):
                    vector[52 * block + c] += mask >> c & 1
            vector[52 * blocks :] = packed.tail[g]
            hand, seat = hand_of(env, g), int(env.to_act[g])
            picked = list(mask_cards(int(env.picks[g, seat]))) if hand.phase == "pass" else []
            assert np.array_equal(vector, encode(hand.view(seat, [0] * n), picked)), (step, g)
        env.step(env.random_actions(rng))
    with pytest.raises(ValueError, match="not of these rules"):
        unpack_observation(env.observe_packed(), Rules.standard(5))


def test_set_deals_deals_the_given_cards_and_refuses_bad_ones() -> None:
    rules = Rules.cancellation(8)
    hands = [Hand.from_seed(rules, seed=s, number=3) for s in range(2)]
    env = VecHearts(rules, 2)
    env.set_deals([[h.hand_cards(s) for s in range(8)] for h in hands], [3, 11], [h.kitty for h in hands], [5, 0])
    assert env.number.tolist() == [(k - 1) % len(rules.pass_cycle) + 1 for k in (3, 11)] and env.dealer.tolist() == [5, 0]
    for g, h in enumerate(hands):
        held = [sorted(mask_cards(int(env.hands[g, s])) + mask_cards(int(env.hands_hi[g, s]))) for s in range(8)]
        assert held == [sorted(h.hand_cards(s)) for s in range(8)]
    good = [h.hand_cards(s) for s in range(8)]
    with pytest.raises(VecError, match="one deal and one hand number for each of the 2 games"):
        env.set_deals([good], [1], [hands[0].kitty])
    before = env.hands.copy()
    with pytest.raises(VecError, match="game 1: "):
        env.set_deals([[hands[1].hand_cards(s) for s in range(8)], [good[0]] * 8], [1, 1], [hands[1].kitty, hands[0].kitty])
    assert (env.hands == before).all()  # a bad game changes nothing, not even the good games before it
    with pytest.raises(VecError, match="the dealer must be a seat from 0 to 7, not 8"):
        env.set_deals([good, good], [1, 1], [hands[0].kitty] * 2, [0, 8])
    with pytest.raises(VecError, match="the hand number must be 1 or more, not 0"):
        env.set_deals([good, good], [0, 1], [hands[0].kitty] * 2)


def test_set_deals_checks_every_game_of_a_sequence_that_makes_new_lists() -> None:
    """The memo of repeated deals goes by object: a sequence that hands out a new list for each game has every game checked."""
    rules = Rules.standard(4)
    good = [Hand.from_seed(rules, seed=4).hand_cards(s) for s in range(4)]
    bad = [good[0], good[0], good[2], good[3]]

    class Fresh(Sequence[list[list[int]]]):
        def __len__(self) -> int:
            return 6

        def __getitem__(self, g: int) -> list[list[int]]:  # type: ignore[override]
            return list(bad if g == 4 else good)  # a new outer list each time

    env = VecHearts(rules, 6)
    with pytest.raises(VecError, match="game 4: "):
        env.set_deals(Fresh(), [1] * 6)
    env.set_deals([good] * 6, [1] * 6)  # the same object six times: checked once, dealt six times
    assert all(sorted(mask_cards(int(env.hands[g, 0]))) == sorted(good[0]) for g in range(6))
