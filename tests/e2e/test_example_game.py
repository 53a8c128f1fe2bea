"""Issue 24's proof of ``docs/adding-a-game.md``: the example game (Secret Nim, ``examples/nim``) is a
distribution of its own, and adding it touches no file outside its own packages.

The test installs a copy of the example from outside the source tree the way any distribution is
installed (pip, offline, into a folder of its own: a real ``.dist-info`` with its entry points), then
runs in another process, with that folder on the path, the project's conformance suite for that game
(every player count it allows), the example's own tests and a whole game through the service and
through the bot on the Discord fakes (``example_game_play.py``). This process never sees the game:
nothing registers it here, so no other test does either.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib.metadata import PackageNotFoundError, distribution
from importlib.util import find_spec
from pathlib import Path

import pytest

from engine.core import all_games

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "nim"
GAME_ID, DIST = "secret_nim", "pbp-secret-nim"
PLAYER_COUNTS = (2, 3)  # what its spec allows
#: The tests run with the game installed: the project's conformance suite (only this game's tables),
#: the example's own tests and the whole games of example_game_play.py.
SUITES = ("tests/engine/test_conformance.py", "examples/nim/tests", "tests/e2e/example_game_play.py")
SELECT = f"{GAME_ID} or not conformance"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example installed by pip into a folder of its own (no index, no build isolation:
    offline; the build runs in the copy, so the source tree gets no build folders)."""
    source = tmp_path_factory.mktemp("source") / "nim"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "tests"))
    target = tmp_path_factory.mktemp("site")
    pip = [sys.executable, "-m", "pip", "install", "--isolated", "--no-deps", "--no-build-isolation", "--no-index"]
    done = subprocess.run([*pip, "--quiet", "--target", str(target), str(source)], capture_output=True, text=True)
    hint = "(setuptools>=70.1 builds it offline: pip install -e '.[test]' again)"
    assert done.returncode == 0, f"pip could not install the example {hint}:\n{done.stdout}\n{done.stderr}"
    return target


def test_the_example_installs_as_a_distribution_with_its_entry_points(site: Path) -> None:
    [info] = site.glob("pbp_secret_nim-*.dist-info")
    points = (info / "entry_points.txt").read_text(encoding="utf-8")
    assert f"[pbp_euro_bot.games]\n{GAME_ID} = secret_nim:GAME" in points
    assert f"[pbp_euro_bot.renderers]\n{GAME_ID} = secret_nim_render" in points
    for package in ("secret_nim", "secret_nim_render"):
        assert (site / package / "locale" / "ja" / "LC_MESSAGES" / "messages.po").is_file()


def test_the_installed_game_passes_conformance_and_plays_through_the_service_and_discord(
    site: Path, tmp_path: Path
) -> None:
    report = tmp_path / "report.xml"
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    args = ["-p", "no:xdist", "-p", "no:cacheprovider", "-q", "-k", SELECT, f"--basetemp={tmp_path / 'run'}"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *args, f"--junitxml={report}", *SUITES],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    cases = ET.parse(report).getroot().iter("testcase")
    bad = ("failure", "error", "skipped")
    ran = {(case.get("classname", ""), case.get("name", "")): [c.tag for c in case if c.tag in bad] for case in cases}
    assert not any(ran.values()), {k: v for k, v in ran.items() if v}  # none failed, none skipped
    conformance = sorted(name for where, name in ran if where.endswith("test_conformance"))
    tables = {f"{GAME_ID}-{n}p" for n in PLAYER_COUNTS}
    assert {name.split("[")[1].rsplit("-seed", 1)[0].rstrip("]") for name in conformance} == tables
    assert len(conformance) == 4 * len(PLAYER_COUNTS)  # two seeded playouts and two checks per table
    played = {name for where, name in ran if where.endswith("example_game_play")}
    assert played == {"test_a_whole_game_through_the_service", "test_a_whole_game_through_discord"}
    assert len([where for where, _ in ran if where.endswith("test_secret_nim_rules")]) >= 8


def test_this_process_never_sees_the_game() -> None:
    """The installed copy lives only in the other process: here the game is neither importable nor
    registered, and the example's folder is not on the import path (unless a developer installed the
    example into this environment, as the guide's step 11 does: then the game is found here too)."""
    try:
        distribution(DIST)
    except PackageNotFoundError:
        pass
    else:
        pytest.skip(f"{DIST} is installed in this environment (pip install -e examples/nim)")
    assert find_spec("secret_nim") is None and find_spec("secret_nim_render") is None
    assert GAME_ID not in {g.spec.id for g in all_games()}


def test_adding_the_game_touched_no_file_of_the_project() -> None:
    """No file of the project's own packages, nor what the project declares (its entry points, its
    packages), nor the suites the game runs through names the game: it is found, not listed."""
    words = (GAME_ID, "secret nim", "pbp-secret-nim", "examples/nim")
    files = [p for top in ("engine", "bot", "render") for p in (REPO / top).rglob("*") if p.is_file()]
    files += [REPO / "tests" / "engine" / "test_conformance.py", REPO / "tests" / "conftest.py"]
    named = []
    for path in files:
        if "__pycache__" in path.parts or path.suffix in (".ttf", ".png", ".pyc"):
            continue
        if any(word in path.read_text(encoding="utf-8").lower() for word in words):
            named.append(str(path.relative_to(REPO)))
    assert not named
    with (REPO / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)
    declared = json.dumps([project["project"], project["tool"]["setuptools"]]).lower()
    assert not any(word in declared for word in words)
