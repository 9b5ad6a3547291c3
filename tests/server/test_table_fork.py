"""``Table.fork``: the copy an action is applied to before it is stored must leave the live table untouched
and end exactly where applying in place would (the hub relies on both: a failed write changes nothing)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.bots import make_bot
from hearts.core import Rules
from hearts.server.projection import state_messages
from hearts.server.table import BOT, HUMAN, Table, token_hash

RULES = [Rules.standard(4, target=40), Rules(variant="omnibus", players=5, target=40), Rules(variant="cancellation", players=7, target=60)]


def views(table: Table) -> dict[int | None, dict[str, object]]:
    out = state_messages(table, [*range(table.rules.players), None])
    for msg in out.values():
        msg["turn"]["now"] = 0  # type: ignore[index]
    return out


@given(st.integers(0, len(RULES) - 1), st.integers(0, 2**32 - 1), st.integers(0, 400))
@settings(max_examples=12, deadline=None)
def test_a_fork_leaves_the_table_untouched_and_applies_the_same(rules_index: int, seed: int, steps: int) -> None:
    rules = RULES[rules_index]
    table = Table.new("t", rules, level="easy", turn_seconds=0, secret=f"{seed:032x}")
    table.apply({"kind": "start", "seat": 0, "by": "player"})
    rng = random.Random(seed)
    bots = [make_bot("random", seed=rng.randrange(2**32)) for _ in range(rules.players)]
    for _ in range(steps):
        if table.status != "playing":
            break
        seat = table.seats_to_act()[0]
        entry = table.entry_for(seat, bots[seat].act(table.game.view(seat)), "bot")  # type: ignore[union-attr]
        assert table.check(entry) is None
        before = views(table)
        fork = table.fork()
        fork.apply(entry)
        assert views(table) == before and table.seq == fork.seq - 1  # the live table saw nothing
        table.apply(entry)
        assert views(table) == views(fork) and table.log == fork.log and table.status == fork.status


def test_a_joining_seat_is_handed_over_only_when_asked() -> None:
    table = Table.new("t", Rules.standard(4, target=40), level="easy", turn_seconds=0, secret="ab" * 16)
    table.apply({"kind": "start", "seat": 0, "by": "player"})
    s = table.seats[2]
    s.name, s.token_hash, s.ever_human = "Eve", token_hash("tok"), True
    assert s.kind == BOT and table.is_joining(2) and not table.is_joining(1)
    assert table.seat_for(2) is None  # nobody else may take it
    fork = table.fork()
    assert [x.seat for x in fork.promote_joining()] == [2]
    assert fork.seats[2].kind == HUMAN and table.seats[2].kind == BOT  # the live table's seat is untouched
