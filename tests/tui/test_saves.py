"""The saves of ``hearts play``: names and bots kept for --resume, --continue, and the cleaning of autosaves."""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import pytest

from hearts.record import read_record
from hearts.tui import cli, saves
from hearts.tui.session import Session


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "hearts"


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_resume_keeps_the_names_and_the_bots(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = cli.make_session(options("--seed", "2", "--names", "Ann,Bob,Cat", "--bots", "easy,hard", "--save", str(save)))
    first.pass_cards(first.view().hand[:3])
    first.run_bots()
    again = cli.make_session(options("--resume", str(save)))
    assert again.names == ["You", "Ann", "Bob", "Cat"]
    assert again.bots == ["human", "easy", "hard", "easy"]
    assert again.view() == first.view()
    # what is given on the command line wins
    other = cli.make_session(options("--resume", str(save), "--level", "expert", "--name", "Me"))
    assert other.bots == ["human", "expert", "expert", "expert"] and other.names[0] == "Me"


def test_continue_goes_on_with_the_last_unfinished_game(data_home: Path) -> None:
    s = cli.make_session(options("--seed", "5", "--level", "easy", "--names", "Ann"))
    assert s.save_path is not None and s.save_path.parent == data_home
    s.pass_cards(s.view().hand[:3])
    s.run_bots()
    assert saves.last_game() == s.save_path.resolve()
    args = options("--continue")
    assert cli.run(argparse.Namespace(**{**vars(args), "plain": True, "delay": -1})) == 2  # options are still checked
    args = options("--continue")
    args.resume = str(saves.last_game())
    again = cli.make_session(args)
    assert again.view() == s.view() and again.names[1] == "Ann" and again.bots[1] == "easy"


def test_continue_without_a_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.run(options("--continue", "--plain")) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts play: there is no unfinished game to continue") and err.count("\n") == 1
    assert cli.run(options("--continue", "--players", "5")) == 2


def test_a_finished_game_is_not_continued(tmp_path: Path) -> None:
    s = Session.new(cli.parse_rules(options("--target", "1")), seed=3, bots="random", save_path=tmp_path / "done.json")
    saves.remember(s.save_path or tmp_path, s.names, s.bots)
    assert saves.last_game() == (tmp_path / "done.json").resolve()
    s.pass_cards(s.view().hand[:3])
    while not s.game_over:
        s.run_bots()
        if s.phase == "play" and s.human_to_act():
            s.play(s.view().legal[0])
    assert saves.last_game() is None


def test_starting_a_game_cleans_the_autosaves(data_home: Path) -> None:
    first = cli.make_session(options("--seed", "1"))  # left at once: nothing played
    assert first.save_path is not None and first.save_path.exists()
    second = cli.make_session(options("--seed", "2"))
    assert second.save_path is not None
    assert not first.save_path.exists()  # an untouched autosave is not kept
    second.pass_cards(second.view().hand[:3])
    second.run_bots()
    kept = [second.save_path]
    for i in range(3):
        old = data_home / f"game-2020010{i}-000000-seed{i}.json"
        old.write_text(second.save_path.read_text())
        os.utime(old, (time.time() - 1000 * (i + 1),) * 2)
        kept.append(old)
    removed = saves.clean_autosaves(keep=2)
    assert sorted(removed) == sorted(kept[2:])
    assert second.save_path.exists() and read_record(str(second.save_path)).hands[0].passes is not None


def test_the_index_survives_a_broken_file(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    saves.index_path().write_text("{not json")
    assert saves.load_index() == {"last": None, "games": {}}
    assert saves.last_game() is None
    s = cli.make_session(options("--seed", "4"))
    assert saves.lookup(s.save_path or "") == {"names": s.names, "bots": s.bots}


def test_continue_from_replaces_the_new_game_and_drops_its_file(tmp_path: Path) -> None:
    old = cli.make_session(options("--seed", "6", "--names", "Zed", "--level", "easy", "--save", str(tmp_path / "old.json")))
    old.pass_cards(old.view().hand[:3])
    old.run_bots()
    fresh = cli.make_session(options("--seed", "7"))
    assert fresh.save_path is not None and fresh.save_path.exists()
    back = cli.continue_from(tmp_path / "old.json", fresh)
    assert back.view() == old.view() and back.names[1] == "Zed" and back.bots[1] == "easy"
    assert not fresh.save_path.exists()
    assert saves.last_game() == (tmp_path / "old.json").resolve()


def test_a_game_typed_on_the_command_line_is_played_not_the_last_one(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("textual")
    import hearts.tui.app as app_module

    old = cli.make_session(options("--seed", "5", "--level", "easy"))
    old.pass_cards(old.view().hand[:3])
    old.run_bots()
    made: list[dict[str, object]] = []

    class App:  # the Textual app, seen from outside: what it is given
        def __init__(self, session: Session, **kwargs: object) -> None:
            self.session = session
            made.append({"session": session, **kwargs})

        def run(self) -> None:
            return None

    monkeypatch.setattr(app_module, "HeartsApp", App)
    assert cli.run(options("--variant", "cancellation", "--players", "11", "--delay", "0")) == 0
    typed = made[-1]
    assert typed["continue_last"] is None  # no dialog that Enter would answer with the old game
    assert typed["session"].rules.players == 11  # type: ignore[attr-defined]
    err = capsys.readouterr().err
    assert f"play --resume {old.save_path}" in err
    cli.remember(old)  # the old game is the last one again
    assert cli.run(options("--delay", "0")) == 0  # nothing typed: the last game is offered
    assert callable(made[-1]["continue_last"])


def test_bots_are_split_as_the_arena_splits_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = "exec:python3 bot.py --tags 'a,b'"  # a comma inside quotes belongs to the spec
    s = cli.make_session(options("--seed", "3", "--bots", f"{spec},easy", "--save", str(tmp_path / "g.json")))
    assert s.bots == ["human", spec, "easy", spec]
    assert cli.run(options("--plain", "--bots", "exec:./bot 'a,b", "--save", str(tmp_path / "h.json"))) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts play: unclosed ' in the bot list") and err.count("\n") == 1


@pytest.mark.parametrize("extra", [["--seed", "3"], ["--rule", "moon=add"], ["--variant", "omnibus"], ["--players", "5"]])
def test_resume_refuses_the_options_it_takes_from_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    assert cli.run(options("--plain", "--resume", str(tmp_path / "g.json"), *extra)) == 2
    err = capsys.readouterr().err
    assert "--resume and --continue take the rules and the deal from the file" in err and err.count("\n") == 1
