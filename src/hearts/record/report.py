"""The readable text report of a replay (``hearts replay FILE`` without ``--json``)."""

from __future__ import annotations

from typing import Any

from .format import Record


def _seats(values: list[int]) -> str:
    return "  ".join(f"{s}:{v}" for s, v in enumerate(values))


def _trick_line(j: int, t: dict[str, Any]) -> str:
    who = "set aside" if t["winner"] is None else f"won by seat {t['winner']}"
    line = f"  trick {j + 1:2}: seat {t['leader']} leads  {' '.join(t['cards'])}  -> {who}, {t['points']} points"
    if "legal" in t:
        line += "\n" + "\n".join(f"      legal before {c}: {' '.join(lg)}" for c, lg in zip(t["cards"], t["legal"], strict=False))
    return line


def text_report(rec: Record, out: dict[str, Any]) -> str:
    """Per hand: dealer, pass, tricks, points, moon, scores; then the game's result."""
    r = rec.rules
    lines = [f"{r.variant} Hearts, {r.players} players, target {r.target}, first dealer {rec.first_dealer}"]
    for i, h in enumerate(out["hands"]):
        lines.append(f"hand {i + 1} (record index {i}): dealer {h['dealer']}, pass {h['pass']}")
        lines.extend(_trick_line(j, t) for j, t in enumerate(h["tricks"]))
        if h["points"] is None:
            cur = h.get("current_trick")
            if cur:
                lines.append(f"  trick in progress: seat {cur['leader']} leads  {' '.join(cur['cards'])}")
            waiting = {"pass": "passes", "play": "plays", "moon": "the moon choice"}.get(h.get("phase", ""), "more")
            lines.append(f"  unfinished: waiting for {waiting}")
        else:
            lines.append(f"  points: {_seats(h['points'])}")
            if h["moon"] is not None:
                lines.append(f"  moon: seat {h['moon']['seat']} shot the moon and chose {h['moon']['choice']}")
        lines.append(f"  scores: {_seats(h['scores'])}")
    lines.append(f"final scores: {_seats(out['scores'])}")
    if out["game_over"]:
        won = ", ".join(f"seat {s}" for s in out["winners"])
        lines.append(f"game over: {'winners' if len(out['winners']) > 1 else 'winner'} {won}")
    else:
        lines.append("game not over")
    if "deals" in out:
        lines.append(deals_line(out["deals"]))
    return "\n".join(lines) + "\n"


def deals_line(d: dict[str, Any]) -> str:
    """One line saying what was proved about the deals (see ``replay.deals_summary``)."""
    hands = f"{d['hands']} hand{'s' if d['hands'] != 1 else ''}"
    if d["verified"]:
        line = f"deals verified ({d['scheme']}): each of the {hands} is the deal of its seed"
    else:
        line = f"deals not all verified ({d['scheme']}): hands with a seed {d['seeded']} of {d['hands']}, each the deal of its seed"
    if d["server_seed"] == "verified":
        return line + f"; the server seed matches the commitment {d['commitment']} and gives every hand's seed"
    if d["server_seed"] == "not revealed":
        return line + f"; the server seed is not revealed yet (commitment {d['commitment']}), so the seeds themselves are not checked"
    return line
