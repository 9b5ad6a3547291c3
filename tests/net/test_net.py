"""The net at play time: card features, the model file, the ``net`` bot, and that its input holds no hidden card."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

from hearts.bots import BotSpecError, make_bot  # noqa: E402
from hearts.bots.play import play_hand  # noqa: E402
from hearts.bots.sampler import sample_world  # noqa: E402
from hearts.core import Hand, Rules, parse_card  # noqa: E402
from hearts.net import FEATURES, ModelError, NetBot, NetModel, card_features, encode, load_shipped, shipped_models  # noqa: E402
from hearts.net.model import MODELS  # noqa: E402

SHAPES = [Rules.standard(4), Rules.standard(3), Rules.standard(7), Rules.cancellation(8), Rules.cancellation(11), Rules.omnibus(5)]


def _feature(f: np.ndarray, card: str, name: str) -> float:
    return float(f[0, parse_card(card), FEATURES.index(name)])


def _position(rules: Rules, rng: random.Random, number: int) -> Hand | None:
    """A hand passed and played at random up to a random play (None once it is over)."""
    hand = Hand.from_seed(rules, rng, number=number)
    stop = rng.randrange(0, len(rules.deck) - rules.kitty_size)
    if hand.phase == "pass":
        for s in range(rules.players):
            hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
    while hand.phase == "play" and len(hand.plays) < stop:
        hand.play(rng.choice(hand.legal_cards()))
    return hand if hand.phase == "play" else None


def test_card_features_of_a_known_trick() -> None:
    rules = Rules.standard(4)
    hand = Hand.from_seed(rules, 7, number=4)  # no pass: seat with the 2C leads
    leader = hand.to_move
    hand.play(parse_card("2C"))
    seat = hand.to_move
    view = hand.view(seat)
    f = card_features(encode(view)[None, :], rules)
    clubs = [c for c in view.hand if c // 13 == 0]
    assert f.shape == (1, 52, len(FEATURES)) and leader != seat
    for c in view.hand:
        assert f[0, c, FEATURES.index("held")] == 1.0
        assert f[0, c, FEATURES.index("follows")] == float(c // 13 == 0)
        assert f[0, c, FEATURES.index("beats")] == float(c // 13 == 0)  # every club beats the 2
    assert _feature(f, "2C", "out") == 0.0 and _feature(f, "2C", "held") == 0.0  # played: neither held nor out
    assert _feature(f, "QS", "card_points") == 1.0 and _feature(f, "5H", "card_points") == pytest.approx(1 / 13)
    assert f[0, 0, FEATURES.index("leading")] == 0.0 and f[0, 0, FEATURES.index("last")] == 0.0
    # clubs still out above the 3C: 13 - 1 (the 2C, played) - 1 (the 3C) - the seat's other clubs above it
    own_above = sum(1 for c in clubs if c > parse_card("3C"))
    assert _feature(f, "3C", "higher_out") == pytest.approx((11 - own_above) / 13)
    while len(hand.trick) < 4 and hand.phase == "play" and len(hand.plays) < 4:
        hand.play(hand.legal_cards()[0])
    led = card_features(encode(hand.view(hand.to_move))[None, :], rules)  # a new trick: a leader, no card led yet
    assert (led[0, :, FEATURES.index("leading")] == 1.0).all() and not led[0, :, FEATURES.index("follows")].any()


def test_model_file_round_trip_and_bad_files(tmp_path: Path) -> None:
    rules = Rules.standard(4)
    model = NetModel.init(rules, trunk=(16, 8), card=8, seed=2)
    path = tmp_path / "m.npz"
    model.save(path)
    again = NetModel.load(path)
    obs = encode(Hand.from_seed(rules, 3).view(1))
    assert np.allclose(again.play_values(obs, [1, 2, 3]), model.play_values(obs, [1, 2, 3]), atol=0.05)
    assert np.allclose(again.all_values(obs[None])[0, [1, 2, 3]], again.play_values(obs, [1, 2, 3]), atol=1e-5)
    (tmp_path / "junk.npz").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="cannot read the model file"):
        NetModel.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", w0=np.zeros((2, 2)))
    with pytest.raises(ModelError, match="cannot read|not a hearts-net/1 model"):
        NetModel.load(tmp_path / "other.npz")
    with pytest.raises(BotSpecError, match="cannot read the model file"):
        make_bot(f"net:file={tmp_path / 'junk.npz'}")
    with pytest.raises(BotSpecError, match="unknown setting 'depth'"):
        make_bot("net:depth=3")


def test_a_model_at_the_wrong_table_gets_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "c8.npz"
    NetModel.init(Rules.cancellation(8), trunk=(8,), card=4).save(path)
    bot = make_bot(f"net:file={path}")
    hand = Hand.from_seed(Rules.standard(4), 1)
    with pytest.raises(ModelError, match="trained for cancellation Hearts with 8 players, not standard Hearts with 4"):
        bot.act(hand.view(0))


def test_shapes_without_a_shipped_model_are_named_in_the_error(unshipped: Rules) -> None:
    with pytest.raises(ModelError, match=rf"no shipped model for {unshipped.variant} Hearts with {unshipped.players} players \(shipped: "):
        load_shipped(unshipped)


def _views(rules: Rules, count: int) -> list:
    """Seat views of random positions at ``rules``' table: passes where there is passing, then plays."""
    rng = random.Random(rules.players * 100 + count)
    views = []
    for number in range(1, count + 1):
        fresh = Hand.from_seed(rules, rng.randrange(10**6), number=number)
        if fresh.phase == "pass":
            views.append(fresh.view(number % rules.players))
        hand = _position(rules, rng, number)
        if hand is not None:
            views.append(hand.view(hand.to_move))
    return views


@pytest.mark.parametrize(
    "rules",
    [Rules.standard(4), Rules.standard(5), Rules.cancellation(8), None],
    ids=lambda r: f"{r.variant}{r.players}" if r else "unshipped",
)
def test_the_medium_level_is_the_net_where_a_model_ships_and_the_heuristic_elsewhere(
    rules: Rules | None, request: pytest.FixtureRequest
) -> None:
    if rules is None:  # a table whose model is hidden
        rules = request.getfixturevalue("unshipped")
        assert rules is not None and f"{rules.variant}-{rules.players}" not in shipped_models()
    medium = make_bot("medium", seed=3)
    shipped = f"{rules.variant}-{rules.players}" in shipped_models()
    other = make_bot("net" if shipped else "heuristic", seed=3)
    medium.check(rules)  # every shape can be played at this level
    views = _views(rules, 12)
    assert any(v.phase == "pass" for v in views) == (rules.pass_count > 0) and any(v.phase == "play" for v in views)
    for view in views:
        assert medium.act(view) == other.act(view), view
    if shipped:  # and the net is not the heuristic: on some of these positions they differ
        heuristic = make_bot("heuristic", seed=3)
        assert any(medium.act(v) != heuristic.act(v) for v in views)


def test_the_net_without_a_fallback_refuses_a_table_with_no_model_before_playing(unshipped: Rules) -> None:
    with pytest.raises(BotSpecError, match=f"no shipped model for {unshipped.variant} Hearts with {unshipped.players} players"):
        make_bot("net").check(unshipped)
    make_bot("net").check(Rules.standard(4))


def test_reseeding_the_net_reseeds_its_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hearts.net.bot.has_shipped", lambda rules: False)  # the fallback plays at every table
    bot, alone = make_bot("net:fallback=random", seed=1), make_bot("random", seed=1)
    views = [v for v in _views(Rules.standard(4), 12) if v.phase == "play" and len(v.legal) > 2]
    for seed, view in enumerate(views):
        bot.reseed(seed)
        alone.reseed(seed)
        assert bot.act(view) == alone.act(view)
    picks = set()
    for seed in range(20):  # and the seed does choose the card
        bot.reseed(seed)
        picks.add(bot.act(views[0]))
    assert len(picks) > 1


@pytest.mark.parametrize("fallback", ["net", "chess", "heuristic:noise=1"])
def test_a_bad_fallback_is_a_clear_error(fallback: str) -> None:
    with pytest.raises(BotSpecError):
        make_bot(f"net:fallback={fallback}")


def test_where_the_net_cannot_be_imported_the_medium_level_is_its_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    # without NumPy the net runs in plain Python (test_net_pure.py); this is a module that fails to import at all
    import importlib

    real = importlib.import_module

    def no_numpy(name: str, package: str | None = None) -> object:
        if name == "hearts.net.bot":
            raise ImportError("No module named 'numpy'")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_numpy)
    bot = make_bot("medium", seed=5)
    assert type(bot).__name__ == "HeuristicBot" and bot.name == "medium"
    with pytest.raises(BotSpecError, match="not available here"):
        make_bot("net")


def test_every_shipped_model_loads_fits_and_is_small() -> None:
    assert "standard-4" in shipped_models()
    total = 0
    for name in shipped_models():
        variant, players = name.rsplit("-", 1)
        rules = {"standard": Rules.standard, "cancellation": Rules.cancellation, "omnibus": Rules.omnibus}[variant](int(players))
        model = load_shipped(rules)
        assert model.meta["report"]["train_rows"] > 0 and (MODELS / f"{name}.json").exists()
        total += (MODELS / f"{name}.npz").stat().st_size
    assert total <= 20_000_000  # the shipped weights stay at 20 MB or less in all


@pytest.mark.parametrize("rules", SHAPES, ids=lambda r: f"{r.variant}{r.players}")
def test_the_net_bot_plays_legal_whole_hands_in_every_shape(rules: Rules) -> None:
    model = NetModel.init(rules, trunk=(32,), card=8, seed=rules.players)
    bots = [NetBot(model) for _ in range(rules.players)]
    for seed in range(3):
        hand = Hand.from_seed(rules, seed, number=seed + 1)
        play_hand(hand, bots)  # raises on any illegal action
        assert hand.phase == "done" and hand.points is not None


@pytest.mark.parametrize("rules", SHAPES, ids=lambda r: f"{r.variant}{r.players}")
def test_the_nets_input_is_the_same_in_every_world_of_a_view(rules: Rules) -> None:
    """Worlds resampled from a seat's view (other hidden cards) give that seat the same input, values and choice."""
    model = NetModel.init(rules, trunk=(32,), card=8, seed=1)
    rng = random.Random(rules.players * 31)
    checked = differs = 0
    for number in range(1, 9):
        hand = _position(rules, rng, number)
        if hand is None:
            continue
        seat = hand.to_move
        view = hand.view(seat)
        obs, feats = encode(view), card_features(encode(view)[None, :], rules)
        bot = NetBot(model)
        card = bot.play_card(view)
        values = bot.decision_values()
        for _ in range(4):
            world = sample_world(view, rng)
            differs += [world.hand_cards(s) for s in range(rules.players)] != [hand.hand_cards(s) for s in range(rules.players)]
            seen = world.view(seat)
            assert np.array_equal(encode(seen), obs)
            assert np.array_equal(card_features(encode(seen)[None, :], rules), feats)
            again = NetBot(model)
            assert again.play_card(seen) == card and again.decision_values() == values
        checked += 1
    assert checked >= 3 and differs > 0  # the worlds really hid other cards elsewhere


def test_net_search_weighs_only_the_nets_top_cards(tmp_path: Path) -> None:
    rules = Rules.standard(4)
    path = tmp_path / "m.npz"
    model = NetModel.init(rules, trunk=(32,), card=8, seed=5)
    model.save(path)
    loaded = NetModel.load(path)
    bot = make_bot(f"net-search:top=2:sims=60:touch=0:moon=0:file={path}", seed=1)
    plain = make_bot("search:sims=60:touch=0:moon=0", seed=1)
    rng = random.Random(4)
    pruned = 0
    for number in range(1, 13):
        hand = _position(rules, rng, number)
        if hand is None or len(hand.legal_cards()) < 3:
            continue
        view = hand.view(hand.to_move)
        card = bot.act(view)
        values = bot.decision_values()
        assert values is not None and len(values) == 2
        plain.act(view)
        weighed = list(plain.decision_values() or ())  # the cards a search weighs here (the live moon defence may drop some)
        if len(weighed) < 3:
            continue
        ranked = sorted(weighed, key=lambda c: -float(loaded.play_values(encode(view), [c])[0]))
        assert set(values) == set(ranked[:2]) and card.card in values  # type: ignore[attr-defined]
        pruned += 1
    assert pruned >= 3


def test_the_live_moon_defence_stands_before_the_model() -> None:
    """Against a shooter, every net decision that the live defence narrows picks one of the defence's cards."""
    from hearts.bots.heuristic_play import defended

    rules = Rules.standard(4)
    model = NetModel.init(rules, trunk=(16,), card=8, seed=9)
    shooter = make_bot("shooter", seed=1)
    narrowed = 0
    for seed in range(30):
        hand = Hand.from_seed(rules, seed, number=seed % 4 + 1)
        bots = [shooter, NetBot(model), NetBot(model), NetBot(model)]
        while hand.phase != "done":
            for seat in hand.seats_to_act():
                view = hand.view(seat)
                action = bots[seat].act(view)
                if seat and view.phase == "play" and view.trick:
                    leader = view.trick_leader if view.trick_leader is not None else seat
                    allowed = defended(view.legal, view.trick, leader, 4, seat, view.points_taken, rules.moon_points)
                    if len(allowed) < len(view.legal):
                        narrowed += 1
                        assert action.card in allowed  # type: ignore[attr-defined]
                hand.apply(action)
    assert narrowed >= 5


def test_the_model_does_not_read_the_game_score() -> None:
    rules = Rules.standard(4)
    model = NetModel.init(rules, trunk=(16,), card=8, seed=4)
    hand = Hand.from_seed(rules, 2)
    fresh, late = encode(hand.view(0, [0, 0, 0, 0])), encode(hand.view(0, [80, 20, 55, 97]))
    assert not np.array_equal(fresh, late)  # the observation holds the scores...
    assert np.array_equal(model.trunk(fresh[None]), model.trunk(late[None]))  # ...the model leaves them out
    assert np.array_equal(model.pass_logits(late[None]), model.pass_logits(fresh[None]))


def test_the_shoot_head_decides_when_the_moon_is_open(tmp_path: Path) -> None:
    from hearts.bots.heuristic import view_card
    from hearts.bots.heuristic_play import SHOOT

    rules = Rules.standard(4)
    model = NetModel.init(rules, trunk=(16,), card=8, seed=3)
    model.arrays["shoot_w"] = np.zeros_like(model.arrays["shoot_w"])
    model.arrays["shoot_b"] = np.array(8.0, dtype=np.float32)  # always sure the teacher would shoot
    eager, never = NetBot(model), NetBot(model, shoot=1.0)
    without = NetModel(dict(model.arrays), dict(model.meta))
    del without.arrays["shoot_w"], without.arrays["shoot_b"]
    rng = random.Random(8)
    open_seen = shut_seen = 0
    for number in range(1, 25):
        hand = _position(rules, rng, number)
        if hand is None or len(hand.legal_cards()) < 2:
            continue
        view = hand.view(hand.to_move)
        me = hand.to_move
        if sum(view.points_taken) == view.points_taken[me]:
            open_seen += 1
            assert eager.play_card(view) == view_card(view, SHOOT) and eager.decision_values() is None
        else:
            shut_seen += 1
            assert eager.play_card(view) == never.play_card(view)  # the moon is not open: the values decide
        assert never.play_card(view) == NetBot(without).play_card(view)  # shoot=1, or no head: never shoots
    assert open_seen >= 3 and shut_seen >= 3
