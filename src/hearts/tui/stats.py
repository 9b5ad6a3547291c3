"""Stats across the games of ``hearts play``: one small file, ``stats.json``, in the data directory.

Per name of the human seat: ``games``, ``wins`` (the game's winners include
the human), ``hands``, ``points`` (the human's points summed over the hands,
for the average a hand), ``moons_shot`` (by the human) and ``moons_conceded``
(shot by another seat). A finished game is counted once: it is keyed by its
save file and its first deal, so resuming or reopening a finished save adds
nothing. The file is written atomically (a temp file, then ``os.replace``);
a missing file is an empty one, and an unreadable one is set aside as
``stats.json.bad`` and started afresh, with one line to say so.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts.i18n import _, ngettext
from hearts.record.storage import data_dir

from .session import Session

STATS_NAME = "stats.json"
#: the counters kept per player, in table order
FIELDS = ("games", "wins", "hands", "points", "moons_shot", "moons_conceded")
#: what becomes of an unreadable file
AFRESH = f"the next game counted sets it aside as {STATS_NAME}.bad and starts afresh"
#: games remembered as counted (the oldest are forgotten beyond this)
KEEP_IDS = 5000


@dataclass
class Loaded:
    """The stats file's content, and a one-line warning when it could not be read."""

    data: dict[str, Any]
    warning: str | None = None


def stats_path() -> Path:
    return data_dir() / STATS_NAME


def _empty() -> dict[str, Any]:
    return {"players": {}, "counted": []}


def _valid(data: Any) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("players"), dict) or not isinstance(data.get("counted"), list):
        return False
    for row in data["players"].values():
        if not isinstance(row, dict) or not all(isinstance(row.get(f), int) and not isinstance(row.get(f), bool) for f in FIELDS):
            return False
    return all(isinstance(x, str) for x in data["counted"])


def load() -> Loaded:
    """The stats (empty when the file is missing; empty with a warning when it is unreadable)."""
    path = stats_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(_empty())
    except (OSError, UnicodeDecodeError) as e:
        return Loaded(_empty(), f"the stats file {path} could not be read ({e.__class__.__name__}); {AFRESH}")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not _valid(data):
        return Loaded(_empty(), f"the stats file {path} is unreadable; {AFRESH}")
    return Loaded(data)


def _write(data: dict[str, Any], set_aside: bool) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if set_aside and path.exists():
        os.replace(path, path.with_name(path.name + ".bad"))
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def game_id(session: Session) -> str:
    """The identity of a game: its save file (if any) and a digest of its first deal."""
    deal = hashlib.sha256(session.key().encode()).hexdigest()[:16]
    where = str(session.save_path.expanduser().resolve()) if session.save_path is not None else ""
    return f"{where}#{deal}"


def game_result(session: Session) -> dict[str, int]:
    """The human's counters for one finished game."""
    game, me = session.game, session.human
    points = [h.points[me] for h in game.hands if h.points is not None]
    shooters = [h.shooter for h in game.hands if h.points is not None]
    return {
        "games": 1,
        "wins": int(me in game.winners),
        "hands": len(points),
        "points": sum(points),
        "moons_shot": shooters.count(me),
        "moons_conceded": sum(1 for s in shooters if s is not None and s != me),
    }


def record_game(session: Session) -> tuple[bool, str | None]:
    """Count the session's game if it is over and not counted yet: (counted now, warning line or None).

    Never raises for the file: a write that fails is reported in the warning.
    """
    if not session.game_over:
        return False, None
    loaded = load()
    data, key = loaded.data, game_id(session)
    if key in data["counted"]:
        return False, loaded.warning
    row = data["players"].setdefault(session.names[session.human], dict.fromkeys(FIELDS, 0))
    for field, value in game_result(session).items():
        row[field] += value
    data["counted"] = (data["counted"] + [key])[-KEEP_IDS:]
    try:
        _write(data, set_aside=loaded.warning is not None)
    except OSError as e:
        return False, f"the stats could not be saved to {stats_path()} ({e.__class__.__name__})"
    if loaded.warning is not None:
        return True, f"the stats file {stats_path()} was unreadable; it is kept as {STATS_NAME}.bad and the stats start afresh"
    return True, None


def average(row: dict[str, int]) -> str:
    """Points a hand, to two places ("-" before any hand)."""
    return f"{row['points'] / row['hands']:.2f}" if row.get("hands") else "-"


def table(players: dict[str, dict[str, int]], only: str | None = None) -> str:
    """A plain-text table of the players' stats (all of them, or the one named ``only``)."""
    names = [only] if only is not None else sorted(players, key=str.casefold)
    if not names:
        return "No games recorded yet."
    head = ["player", "games", "wins", "hands", "points/hand", "moons shot", "moons conceded"]
    rows = []
    for name in names:
        row = players.get(name, dict.fromkeys(FIELDS, 0))
        rows.append(
            [name, str(row["games"]), str(row["wins"]), str(row["hands"]), average(row), str(row["moons_shot"]), str(row["moons_conceded"])]
        )
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return "\n".join(line(r) for r in [head, *rows])


def summary(name: str, players: dict[str, dict[str, int]]) -> str:
    """One line of a player's stats, for the end of a game."""
    row = players.get(name, dict.fromkeys(FIELDS, 0))
    games, wins = row["games"], row["wins"]
    counts = ngettext("{n} game", "{n} games", games).format(n=games) + ", " + ngettext("{n} win", "{n} wins", wins).format(n=wins)
    return _("{name}: {counts}, {average} points a hand, moons {shot} shot and {conceded} conceded.").format(
        name=name, counts=counts, average=average(row), shot=row["moons_shot"], conceded=row["moons_conceded"]
    )


def after_game(session: Session) -> list[str]:
    """Count a finished game and the lines to show for it: a warning if any, then the human's stats."""
    _counted, warning = record_game(session)
    lines = [_("Stats: {line}.").format(line=warning)] if warning else []
    lines.append(_("Stats: {line}").format(line=summary(session.names[session.human], load().data["players"])))
    return lines
