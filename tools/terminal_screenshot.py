"""Write the terminal app's picture for the README and the docs (``docs/images/terminal.svg``).

It plays a seeded game headless with Textual's pilot: the pass, then a few
tricks with the first legal card, and saves the screen as SVG::

    python tools/terminal_screenshot.py [--out docs/images/terminal.svg] [--tricks 5]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from hearts.core import Rules, card_name
from hearts.tui.app import HeartsApp
from hearts.tui.session import Session


async def shoot(out: Path, tricks: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        session = Session.new(Rules.standard(4), seed=seed, save_path=Path(folder) / "game.json")
        app = HeartsApp(session, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:

            async def settle() -> None:
                for _ in range(500):
                    await pilot.pause(0.01)
                    if not app.busy:
                        return

            await settle()
            await pilot.press("right", "enter", "right", "enter", "right", "enter", "p")
            await settle()
            for _ in range(tricks):
                name = card_name(session.view().legal[0]).lower()
                await pilot.press(*(["1", "0"] if name[0] == "t" else [name[0]]), name[1], "enter")
                await settle()
            name = card_name(session.view().hand[0]).lower()  # the cursor on a card, as a player would leave it
            await pilot.press(*(["1", "0"] if name[0] == "t" else [name[0]]), name[1])
            await settle()
            app.save_screenshot(filename=out.name, path=str(out.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images/terminal.svg"))
    parser.add_argument("--tricks", type=int, default=5)
    parser.add_argument("--seed", type=int, default=46)
    args = parser.parse_args()
    asyncio.run(shoot(args.out, args.tricks, args.seed))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
