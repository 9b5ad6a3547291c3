"""The ladder: a round robin of duplicate matches among named bots, rated with OpenSkill (``hearts ladder``).

:mod:`.schedule` lists the matches and saves each finished one, :mod:`.run`
plays those not saved yet with the arena, :mod:`.rating` rates the bots
(OpenSkill, the ``ladder`` extra: imported only there) and :mod:`.board`
writes the leaderboard in Markdown and JSON. See docs/write-a-bot.md.
"""
