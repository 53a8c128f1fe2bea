"""Games and renderers are found through entry points, not listed: the installed games, a game from
another distribution, lazy imports, and broken entry points that leave the other games working."""

from __future__ import annotations

import logging
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import render
from engine.core import BrokenEntryPoint, all_games, find_game, get_game, registry
from engine.core.discovery import Declared
from engine.core.registry import Registry, using

ROOT = Path(__file__).resolve().parents[2]
SERVICE_TESTS = ROOT / "tests" / "bot_service"


def test_the_installed_games_and_renderers_are_the_entry_points() -> None:
    declared = sorted(p.name for p in entry_points(group=registry.GROUP))
    assert declared, "no game installed: run `pip install -e .` so the entry points are written"
    assert [g.spec.id for g in all_games()] == declared
    assert render.renderer_ids() == sorted(p.name for p in entry_points(group=render.GROUP))
    for point in entry_points(group=render.GROUP):
        if point.dist is not None and point.dist.name == "pbp-euro-bot":  # this distribution's renderers
            assert point.value == f"render.{point.name}" and render.renderer(point.name).__path__  # packages


def test_looking_up_one_game_imports_that_game_alone() -> None:
    script = textwrap.dedent(
        """
        import sys
        from engine.core import get_game
        import render
        game = sorted(render.renderer_ids())[0]
        get_game(game)
        render.renderer(game)
        print(sorted(m for m in sys.modules if m.count(".") == 1 and m.split(".")[0] in ("engine", "render")))
        print(game)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    modules, game = out.stdout.split("\n")[:2]
    assert modules == str(
        sorted(
            ["engine.core", f"engine.{game}", f"render.{game}"]
            + ["render.common", "render.final", "render.i18n", "render.layout", "render.turn"]  # the shared kit
        )
    )


def _distribution(where: Path, name: str, games: dict[str, str], renderers: dict[str, str] | None = None) -> None:
    """An installed distribution ``name`` (its metadata on ``where``) declaring these entry points."""
    info = where / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = [f"[{registry.GROUP}]", *(f"{k} = {v}" for k, v in games.items())]
    lines += [f"[{render.GROUP}]", *(f"{k} = {v}" for k, v in (renderers or {}).items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder on ``sys.path`` outside the source tree, where test distributions are installed."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(SERVICE_TESTS))  # toy_game, the other distribution's game
    return tmp_path


def test_a_game_from_another_distribution_is_found(elsewhere: Path) -> None:
    (elsewhere / "racing_games.py").write_text("import toy_game\n\nGAME = toy_game.TOY\n")
    _distribution(elsewhere, "racing-games", {"toy_race": "racing_games:GAME"})
    with using(Registry()):
        assert find_game("Toy Race").spec.id == "toy_race"
        assert "toy_race" in [g.spec.id for g in all_games()] and get_game("lisboa").spec.title == "Lisboa"


def test_a_broken_entry_point_is_named_and_the_other_games_still_work(
    elsewhere: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    (elsewhere / "broken_games.py").write_text("import toy_game\n\nNOT_A_GAME = 3\nGAME = toy_game.TOY\n")
    (elsewhere / "crashing_games.py").write_text("raise RuntimeError('the data file is missing')\n")
    games = {
        "crash": "crashing_games:GAME",
        "three": "broken_games:NOT_A_GAME",
        "misnamed": "broken_games:GAME",
        "lisboa": "broken_games:GAME",  # a second distribution declaring an installed game's id
    }
    _distribution(elsewhere, "broken-games", games, {"toy_race": "broken_games"})
    with using(Registry()), caplog.at_level(logging.ERROR):
        expected = {
            "crash": "crash = crashing_games:GAME (group pbp_euro_bot.games, distribution broken-games): cannot be "
            "imported (RuntimeError: the data file is missing)",
            "three": "three = broken_games:NOT_A_GAME (group pbp_euro_bot.games, distribution broken-games): names "
            "an object of type int, not a Game",
            "misnamed": "distribution broken-games): names the game 'toy_race'; the entry point's name must be",
            "lisboa": "'lisboa' is declared 2 times: entry point lisboa = ",
        }
        for name, words in expected.items():
            with pytest.raises(BrokenEntryPoint) as err:
                get_game(name)
            assert words in str(err.value), str(err.value)
        both = ("broken_games:GAME (group pbp_euro_bot.games, distribution broken-games)", "engine.lisboa:GAME")
        assert all(words in str(err.value) for words in both) and "distribution pbp-euro-bot" in str(err.value)
        ids = [g.spec.id for g in all_games()]  # the others still load
        assert "puerto_rico" in ids and not {"crash", "three", "misnamed", "lisboa"} & set(ids)
        assert find_game("Puerto Rico").spec.id == "puerto_rico"
        with pytest.raises(Exception, match="There is no game `crash`"):
            find_game("crash")  # for people, a broken game is not there (the log says why)
        assert sum("cannot be imported" in r.getMessage() for r in caplog.records) == 1  # logged once
    monkeypatch.setattr(render, "_FOUND", Declared(render.GROUP, render._a_renderer))  # read them again
    with pytest.raises(BrokenEntryPoint, match="broken_games has no board\\(\\) or player_board\\(\\)"):
        render.renderer("toy_race")
    assert render.drawer("lisboa").__name__ == "render.lisboa"
