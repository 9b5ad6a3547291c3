"""hearts-bot/1 messages: the view is SeatView exactly, and every reply a bot sends is checked."""

from __future__ import annotations

import dataclasses
import json

import pytest
from random_states import random_state

from hearts.bots.wire import (
    MAX_LINE,
    VIEW_FIELDS,
    WireError,
    action_reply,
    decode,
    read_action,
    read_hello,
    request,
    view_from_json,
    view_to_json,
)
from hearts.core import ChooseMoon, Hand, PassCards, PlayCard, Rules, SeatView

CONFIGS = [Rules.standard(4), Rules.standard(3), Rules.omnibus(5), Rules.cancellation(8), Rules.cancellation(11)]


def views(rules: Rules) -> list[SeatView]:
    """Views of every phase: passing, several points of play (with scores), and the end."""
    out = [Hand.from_seed(rules, 3, number=1).view(s) for s in range(rules.players)]
    for steps in (0, 5, 17, 40, 1000):
        hand = random_state(rules, steps, steps)
        scores = [7 * s for s in range(rules.players)]
        out += [hand.view(s, scores if steps % 2 else None) for s in range(rules.players)]
    return out


def test_the_view_object_has_exactly_the_fields_of_seatview() -> None:
    assert set(view_to_json(views(Rules.standard(4))[0])) == {f.name for f in dataclasses.fields(SeatView)} == set(VIEW_FIELDS)


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.variant}{r.players}")
def test_views_go_through_json_and_come_back_equal(rules: Rules) -> None:
    for view in views(rules):
        sent = json.loads(json.dumps(request(view, 9)))
        assert view_from_json(sent["view"]) == view


def test_a_done_hand_shows_the_kitty_and_a_moon_choice_travels() -> None:
    rules = Rules.cancellation(9)
    hand = random_state(rules, 4, 1000)
    assert hand.phase == "done"
    data = view_to_json(hand.view(0))
    assert data["kitty"] and data["points"] is not None and view_from_json(data).kitty == hand.kitty


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("hand"), "lacks 'hand'"),
        (lambda d: d.update(secret=[1]), "unknown field 'secret'"),
        (lambda d: d.update(hand=["QS", "XX"]), "not a card"),
        (lambda d: d.update(hand_number=True), "whole number"),
        (lambda d: d.update(voids=["CZ", "", "", ""]), "suit letters"),
        (lambda d: d.update(rules={"variant": "chess", "players": 4}), "unknown variant"),
    ],
)
def test_a_malformed_view_is_a_clear_error(change: object, message: str) -> None:
    data = view_to_json(views(Rules.standard(4))[0])
    change(data)  # type: ignore[operator]
    with pytest.raises(WireError, match=message):
        view_from_json(data)


def play_view() -> SeatView:
    hand = random_state(Rules.standard(4), 2, 6)
    return hand.view(hand.seats_to_act()[0])


def test_good_replies_give_the_action() -> None:
    view = play_view()
    card = view.legal[-1]
    assert read_action(view, action_reply(4, PlayCard(view.seat, card)), 4) == PlayCard(view.seat, card)  # type: ignore[arg-type]
    passing = Hand.from_seed(Rules.cancellation(8), 0).view(0)
    double = next(c for c in passing.hand if passing.hand.count(c) == 2)
    action = PassCards(0, (double, double, passing.hand[0]))
    assert read_action(passing, action_reply(1, action), 1) == action  # both copies of a card may be passed


@pytest.mark.parametrize(
    ("reply", "kind", "message"),
    [
        ({"type": "act", "id": 3, "card": "2C"}, "malformed", "expected"),
        ({"type": "action", "id": 4}, "malformed", "id is 4, not 3"),
        ({"type": "action", "id": True}, "malformed", "id is True"),
        ({"type": "action", "id": 3, "card": 12}, "malformed", "card names"),
        ({"type": "action", "id": 3, "card": "ZZ"}, "malformed", "not a card"),
        ({"type": "action", "id": 3, "card": "Q" * 5000}, "malformed", "card names"),
        ({"type": "action", "id": 3}, "malformed", "card names"),
    ],
)
def test_bad_replies_are_refused(reply: dict[str, object], kind: str, message: str) -> None:
    with pytest.raises(WireError, match=message) as caught:
        read_action(play_view(), reply, 3)
    assert caught.value.kind == kind


def test_illegal_actions_are_refused_with_the_reason() -> None:
    view = play_view()
    not_legal = next(c for c in range(52) if c not in view.legal)
    with pytest.raises(WireError, match="not legal") as caught:
        read_action(view, action_reply(1, PlayCard(0, not_legal)), 1)
    assert caught.value.kind == "illegal"
    passing = Hand.from_seed(Rules.standard(4), 1).view(0)
    foreign = next(c for c in range(52) if c not in passing.hand)
    for cards, message in [
        ((passing.hand[0],) * 2, "passed 2 cards"),
        ((passing.hand[0],) * 3, "twice"),
        ((foreign, *passing.hand[:2]), "does not hold"),
    ]:
        with pytest.raises(WireError, match=message):
            read_action(passing, action_reply(1, PassCards(0, cards)), 1)
    moon = dataclasses.replace(passing, phase="moon")
    assert read_action(moon, action_reply(1, ChooseMoon(0, "add")), 1) == ChooseMoon(0, "add")
    with pytest.raises(WireError, match="moon choice"):
        read_action(moon, {"type": "action", "id": 1, "choice": "choose"}, 1)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"{not json", "not a JSON line"),
        (b"[1, 2]", "JSON object"),
        (b"\xff\xfe", "not a JSON line"),
        (b"[" * 5000 + b"]" * 5000, "more than"),
        (b"[" * 4000 + b"]" * 4000, "not a JSON line|JSON object"),
        (b'{"a": "' + b"x" * MAX_LINE + b'"}', "more than"),
    ],
)
def test_lines_that_are_not_json_objects_are_refused(line: bytes, message: str) -> None:
    with pytest.raises(WireError, match=message):
        decode(line)


def test_the_hello_is_checked() -> None:
    good = {"type": "hello", "protocol": "hearts-bot/1", "name": "x", "variants": ["standard"], "players": [4, 5]}
    assert read_hello(good) == ("x", ("standard",), (4, 5))
    for change, message in [
        ({"protocol": "hearts-bot/2"}, "speaks protocol"),
        ({"name": ""}, "name"),
        ({"name": "a\nb"}, "name"),
        ({"variants": "standard"}, "variants"),
        ({"players": ["4"]}, "whole number"),
        ({"players": list(range(100))}, "players"),
        ({"type": "hi"}, "first line"),
    ]:
        with pytest.raises(WireError, match=message):
            read_hello({**good, **change})
