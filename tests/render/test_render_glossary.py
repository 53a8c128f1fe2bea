"""The board images name each game's terms as its glossary does (``engine/<game>/glossary.toml``): a
message of a game's renderer naming an English glossary term names the Japanese term in its
translation, like ``tests/engine/test_glossaries.py`` checks for the engines' own catalogues."""

from __future__ import annotations

import re
import tomllib
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from engine.core import registry
from render import renderer, renderer_ids
from render.catalogue import extract
from render.i18n import catalogue_path


def _glossary(game: str) -> Path | None:
    """The game package's ``glossary.toml`` (found through the game's entry point, not imported)."""
    found = registry.current().found
    if found is None or not found.declares(game):
        return None
    spec = find_spec(found.point(game).module)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "glossary.toml"
    return path if path.is_file() else None


#: Every installed game with a glossary and a renderer of its own.
GAMES = [game for game in renderer_ids() if _glossary(game) is not None]

# Where a board's room is tight the images use short forms of a glossary term (the glossary's word for
# "small"/"large" cut to one character): 小インディゴ工場 for 小さいインディゴ工場.
SHORT_FORMS = (("小さい", "小"), ("大きい", "大"))
# Ids whose English holds a glossary word in another sense (a verb, a part of another name).
NOT_TERMS = {
    ("lorenzo", "Building the Bastions"): "the verb, in a venture card's name",
    ("lorenzo", "Building the Towers"): "the verb, in a venture card's name",
    ("lorenzo", "Building the Walls"): "the verb, in a venture card's name",
    ("lorenzo", "Woods"): "a territory card, not the wood resource",
    ("puerto_rico", "{n}VP"): "a building's points in its narrow row: 点 (the column's title says 勝利点)",
    ("puerto_rico", "forest-house"): "a building with its own glossary name (木こり小屋)",
    ("puerto_rico", "city-hall"): "a building with its own glossary name (市役所)",
    ("puerto_rico", "land-office"): "a building with its own glossary name (登記所)",
    ("puerto_rico", "zoning-office"): "a building with its own glossary name (建設局)",
}
FIELD = re.compile(r"\{[^{}]*\}")


def _entries(game: str) -> list[dict[str, Any]]:
    path = _glossary(game)
    assert path is not None
    with path.open("rb") as f:
        return list(tomllib.load(f)["term"])


def _catalogue(package: str) -> dict[tuple[str | None, str], str]:
    """The Japanese catalogue of a renderer package, by (context, id)."""
    path = catalogue_path(package, "ja")
    assert path is not None
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    out = {}
    for m in catalog:
        if m.id and m.string:
            key = m.id if isinstance(m.id, str) else m.id[0]
            out[(m.context, key)] = m.string if isinstance(m.string, str) else " ".join(m.string)
    return out


def test_each_renderer_found_is_a_package_with_its_own_catalogue() -> None:
    assert GAMES, "no installed game has both a renderer and a glossary"
    for game in GAMES:
        package = renderer(game).__name__
        path = catalogue_path(package, "ja")
        assert package != "render" and path is not None and path.is_file(), (game, package)


@pytest.mark.parametrize("game", GAMES)
def test_board_words_use_the_glossary_terms(game: str) -> None:
    """Every id of the game's renderer package (its msg calls and the data ids it declares)."""
    package = renderer(game).__name__
    catalogue = _catalogue(package)
    ids = sorted({(e.context, e.msgid) for e in extract(package)}, key=str)  # once: extraction parses the package
    wrong = []
    for e in _entries(game):
        word = re.compile(rf"\b{re.escape(e['en'])}(s|es)?\b", re.IGNORECASE)
        forms = [e["ja"], *e.get("ja_also", [])]
        forms += [f.replace(long, short) for f in forms for long, short in SHORT_FORMS if long in f]
        for context, english in ids:
            if (game, english) in NOT_TERMS or english in e.get("not_in", []):
                continue
            if not word.search(FIELD.sub(" ", english).replace("_", " ").replace("-", " ")):
                continue
            japanese = catalogue.get((context, english), "")
            if not any(form in japanese for form in forms):
                wrong.append(f"{e['en']} → {e['ja']}: {english!r} → {japanese!r}")
    assert not wrong, "\n".join(wrong)
