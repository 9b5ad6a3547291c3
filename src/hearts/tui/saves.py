"""The saves of ``hearts play``: which game was the last, and the names and bots of each saved game.

A record holds the rules and the actions only, so the app keeps an index of
its own, ``play.json`` in the data directory: the path of the last game, and
for each save file the seat names and bot specs, so that ``--resume`` and
``--continue`` bring back the same opponents. Autosaves (``game-*.json`` in
the data directory) are cleaned when a new game starts: a save in which
nothing was played is dropped, and only the newest :data:`KEEP` are kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hearts.core import HeartsError
from hearts.record import read_record, replay_game
from hearts.record.storage import data_dir

INDEX_NAME = "play.json"
#: autosaved games kept in the data directory
KEEP = 30


def index_path() -> Path:
    return data_dir() / INDEX_NAME


def load_index() -> dict[str, Any]:
    """The index (empty when missing or unreadable: it only helps, it is never needed)."""
    try:
        data = json.loads(index_path().read_text())
    except (OSError, ValueError):
        return {"last": None, "games": {}}
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return {"last": None, "games": {}}
    return data


def _write(data: dict[str, Any]) -> None:
    path = index_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    os.replace(tmp, path)


def _key(path: str | os.PathLike[str]) -> str:
    return str(Path(path).expanduser().resolve())


def remember(path: str | os.PathLike[str], names: list[str], bots: list[str]) -> None:
    """Note ``path`` as the last game, with its seats' names and bot specs (errors writing are ignored)."""
    data = load_index()
    key = _key(path)
    data["games"][key] = {"names": list(names), "bots": list(bots)}
    data["last"] = key
    data["games"] = {k: v for k, v in data["games"].items() if Path(k).exists() or k == key}
    try:
        _write(data)
    except OSError:
        pass


def lookup(path: str | os.PathLike[str]) -> dict[str, list[str]] | None:
    """The names and bots remembered for ``path``, or None."""
    entry = load_index()["games"].get(_key(path))
    if not isinstance(entry, dict):
        return None
    names, bots = entry.get("names"), entry.get("bots")
    if not (isinstance(names, list) and isinstance(bots, list) and all(isinstance(x, str) for x in names + bots)):
        return None
    return {"names": names, "bots": bots}


def last_game() -> Path | None:
    """The last game played, if its file is still there and the game is not over."""
    last = load_index().get("last")
    if not isinstance(last, str) or not Path(last).is_file():
        return None
    try:
        game = replay_game(read_record(last))
    except (HeartsError, OSError, ValueError):
        return None
    return None if game.game_over else Path(last)


def untouched(path: Path) -> bool:
    """A save of a game in which nobody has passed or played yet."""
    try:
        record = read_record(str(path))
    except (HeartsError, OSError, ValueError):
        return False
    return len(record.hands) == 1 and not record.hands[0].plays and not any(record.hands[0].passes or ())


def clean_autosaves(keep: int = KEEP, spare: Path | None = None) -> list[Path]:
    """Drop autosaves in which nothing was played, and all but the newest ``keep``; returns the files removed."""
    folder = data_dir()
    files = sorted(folder.glob("game-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    removed = []
    for i, path in enumerate(files):
        if spare is not None and path.resolve() == spare.resolve():
            continue
        if i >= keep or untouched(path):
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass
    return removed
