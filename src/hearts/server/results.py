"""A finished game's result, and a player's results over many games: standard library only.

The database of ``hearts serve`` (:mod:`hearts.server.store`) keeps one
result per finished table; the table that runs in the page
(:mod:`hearts.web.host`) keeps them in the browser. Both count a player's
results the same way.

>>> results = [{"names": ["Ann", "Ada"], "players": ["pAnn", None], "scores": [40, 103], "winners": [0], "hands": 7, "shooters": [None, 0]}]
>>> stats = player_stats("pAnn", results)
>>> stats["games"], stats["wins"], stats["points"], stats["moons_shot"]
(1, 1, 40, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .table import HUMAN, Table


def game_result(table: Table) -> dict[str, Any]:
    """What is kept of a finished table's game: scores, winners, hands, names, who was a person (and which player id
    held each seat), moons, who left."""
    game = table.game
    assert game is not None, "a finished table has a game"
    return {
        "scores": game.scores,
        "winners": game.winners,
        "hands": len(game.hands),
        "names": [s.name for s in table.seats],
        "humans": [s.seat for s in table.seats if s.kind == HUMAN],
        "players": [s.player if s.kind == HUMAN else None for s in table.seats],
        "shooters": [h.shooter for h in game.hands],
        "abandoned": table.abandoned(),
    }


def game_summary(table_id: str, rules: dict[str, Any], finished: float | None, result: dict[str, Any]) -> dict[str, Any]:
    """One finished game as the list of finished games shows it (``rules``: the table's rules as a dict)."""
    return {
        "id": table_id,
        "variant": rules["variant"],
        "players": rules["players"],
        "target": rules["target"],
        "names": result.get("names", []),
        "scores": result.get("scores", []),
        "winners": result.get("winners", []),
        "hands": result.get("hands", 0),
        "finished": finished,
    }


def player_stats(player: str, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """One player's results over every game of ``results`` where the person with player id ``player`` held a seat
    to the end (:mod:`hearts.server.identity`; a name is only a label, so it counts for nothing here).

    ``games``, ``wins``, ``hands`` and ``points`` (their sum of hand points: the final scores), ``moons_shot``
    and ``moons_conceded`` (moons others shot; counted for games finished by a version that stores the shooters).
    A game the player left before its end, a bot finishing it for them, is ``abandoned``, and counts in nothing else.
    """
    out: dict[str, Any] = {
        "games": 0,
        "wins": 0,
        "hands": 0,
        "points": 0,
        "moons_shot": 0,
        "moons_conceded": 0,
        "abandoned": 0,
    }
    for result in results:
        names = result.get("names", [])
        seats = [i for i, p in enumerate(result.get("players") or []) if p == player]
        if not seats:
            continue
        seat = seats[0]
        if seat in result.get("abandoned", []):
            out["abandoned"] += 1
            continue
        out["games"] += 1
        out["wins"] += int(seat in result.get("winners", []))
        out["hands"] += result.get("hands", 0)
        out["points"] += result.get("scores", [0] * len(names))[seat]
        for shooter in result.get("shooters", []):
            if shooter == seat:
                out["moons_shot"] += 1
            elif shooter is not None:
                out["moons_conceded"] += 1
    return out
