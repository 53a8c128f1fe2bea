"""The bot's three layers import one way: discord -> service -> store (each may use engine.core).

Every module of ``bot/`` is parsed (imports at any depth, under ``TYPE_CHECKING`` too) and checked:

* ``bot.store`` imports nothing from ``bot.service``, ``bot.discord`` or the top-level modules;
* ``bot.service`` imports nothing from ``bot.discord`` (only ``bot.settings`` from the top level);
* neither imports discord.py, and neither do the non-Discord front ends ``bot.terminal``/``bot.demo``
  (with ``bot.hotseat``, the terminal's loop, and ``bot.cli``, what the command lines share)
  nor the operations modules ``bot.health``/``bot.logs``/``bot.copydb`` (readiness, log format and
  the SQLite to PostgreSQL copy run without Discord);
* nothing in ``bot/`` imports a game package (``engine.<game>``): only ``engine``, ``engine.core`` and
  the generic AI player ``engine.ai``, which names no game either;
* there is no import circle between the bot's modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "bot"

#: (module, imported engine package) pairs allowed although they name a game: none. The Mayor
#: editor draws the engine's Distribute shape, so no bot module names a game.
ENGINE_EXCEPTIONS: set[tuple[str, str]] = set()
#: The engine packages that name no game, which ``bot/`` may import.
GENERIC = ("engine.core", "engine.ai")
#: What each layer must not import (prefix match on the dotted name).
FORBIDDEN = {
    "store": ("bot.service", "bot.discord", "bot.settings", "bot.terminal", "bot.demo", "bot.__main__", "discord"),
    "service": ("bot.discord", "bot.terminal", "bot.demo", "bot.__main__", "discord"),
    "front": ("bot.discord", "discord"),  # the terminal and the offline demo run without Discord
    "ops": ("bot.discord", "discord", "bot.terminal", "bot.demo", "bot.__main__"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer(name: str) -> str:
    if name.startswith(("bot.store.", "bot.service.", "bot.discord.")) or name in (
        "bot.store",
        "bot.service",
        "bot.discord",
    ):
        return name.split(".")[1]
    if name in ("bot.health", "bot.logs", "bot.copydb"):
        return "ops"
    return "front" if name in ("bot.terminal", "bot.hotseat", "bot.demo", "bot.cli") else "top"


def imported(source: str, name: str, is_package: bool) -> set[str]:
    """Dotted names a module imports: ``from x import y`` counts as ``x`` and ``x.y``."""
    base = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                module = ".".join(anchor + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def problems(name: str, imports: set[str]) -> list[str]:
    out = []
    for target in sorted(imports):
        for banned in FORBIDDEN.get(layer(name), ()):
            if target == banned or target.startswith(banned + "."):
                out.append(f"{name} ({layer(name)}) imports {target}")
        if target.startswith("engine.") and not target.startswith(GENERIC):
            package = ".".join(target.split(".")[:3]) if target.count(".") >= 2 else target
            if (name, package) not in ENGINE_EXCEPTIONS and (name, target) not in ENGINE_EXCEPTIONS:
                out.append(f"{name} imports the game package {target} (only engine.core)")
    return out


def bot_modules() -> dict[str, set[str]]:
    return {
        module_name(p): imported(p.read_text(encoding="utf-8"), module_name(p), p.name == "__init__.py")
        for p in sorted(BOT.rglob("*.py"))
    }


def test_every_module_has_a_layer() -> None:
    names = bot_modules()
    assert {"bot.store.store", "bot.service.service", "bot.discord.app", "bot.terminal"} <= set(names)
    tops = sorted(n for n in names if layer(n) == "top")
    assert tops == ["bot", "bot.__main__", "bot.settings"]
    assert sorted(n for n in names if layer(n) == "ops") == ["bot.copydb", "bot.health", "bot.logs"]


def test_layers_import_one_way() -> None:
    found = [p for name, imports in bot_modules().items() for p in problems(name, imports)]
    assert found == []


def test_engine_exceptions_are_still_needed() -> None:
    """An exception that is no longer used must be removed from the list."""
    modules = bot_modules()
    for module, package in ENGINE_EXCEPTIONS:
        assert any(t == package or t.startswith(package + ".") for t in modules[module]), (module, package)


def test_no_import_circles() -> None:
    modules = bot_modules()
    graph = {name: {t for t in imports if t in modules} - {name} for name, imports in modules.items()}
    # `from bot.x import y` also names the package bot.x: only real modules count, and a package's
    # __init__ (a docstring here) never imports its children.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    assert circles == []


@pytest.mark.parametrize(
    ("name", "source", "expected"),
    [
        ("bot.store.x", "from ..service.results import ServiceError", "bot.store.x (store) imports bot.service"),
        ("bot.store.x", "import discord", "bot.store.x (store) imports discord"),
        ("bot.service.x", "if TYPE_CHECKING:\n    from ..discord.app import PbpBot", "imports bot.discord"),
        ("bot.service.x", "def f():\n    from discord import ui", "bot.service.x (service) imports discord"),
        ("bot.terminal", "from .discord.turns import announce", "bot.terminal (front) imports bot.discord"),
        ("bot.discord.app", "from engine.lisboa import rules", "imports the game package engine.lisboa"),
        ("bot.discord.views.history", "from engine.puerto_rico.board import circles", "engine.puerto_rico.board"),
    ],
)
def test_the_check_finds_what_it_forbids(name: str, source: str, expected: str) -> None:
    found = problems(name, imported(source, name, False))
    assert any(expected in p for p in found), found


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("bot.service.x", "from ..store.store import GameStore\nfrom engine.core import play"),
        ("bot.discord.app", "import discord\nfrom ..service.service import GameService\nimport engine"),
        ("bot.store.x", "from .store import GameStore\nfrom engine.core.text import shorten"),
    ],
)
def test_the_check_allows_the_layering(name: str, source: str) -> None:
    assert problems(name, imported(source, name, False)) == []


#: Top-level packages of the repository: no module of ``bot/`` is named like one it is not.
TOP_LEVEL = {"engine", "render", "bot", "discord", "tests", "bench"}


def test_module_names_say_what_they_are() -> None:
    """No bot module shares its name with a top-level package it is not (the SQLAlchemy engine was
    ``bot/store/engine.py`` beside the rules' ``engine``), and none repeats its layer in its name
    (``away_service`` among the services)."""
    misleading = []
    for name in bot_modules():
        last = name.rsplit(".", 1)[-1]
        if name != "bot.discord" and last in TOP_LEVEL and name != "bot":
            misleading.append(name)
        if last.endswith(("_service", "_store", "_discord")):
            misleading.append(name)
    assert misleading == []
