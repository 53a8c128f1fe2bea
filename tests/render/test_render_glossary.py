"""The board images name each game's terms as its glossary does (``engine/<game>/glossary.toml``): a
message of a game's renderer naming an English glossary term names the Japanese term in its
translation, like ``tests/engine/test_glossaries.py`` checks for the engines' own catalogues."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from render import lorenzo_parts, pr_expansion, pr_parts
from render.catalogue import extract
from render.i18n import catalogue_path

REPO = Path(__file__).resolve().parents[2]
MODULES = {"puerto_rico": ("puerto_rico", "pr_"), "lisboa": ("lisboa",), "lorenzo": ("lorenzo",)}
MODULES["red_cathedral"] = ("red_cathedral",)
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
    with (REPO / "engine" / game / "glossary.toml").open("rb") as f:
        return list(tomllib.load(f)["term"])


def _catalogue() -> dict[tuple[str | None, str], str]:
    path = catalogue_path("render", "ja")
    assert path is not None
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    out = {}
    for m in catalog:
        if m.id and m.string:
            key = m.id if isinstance(m.id, str) else m.id[0]
            out[(m.context, key)] = m.string if isinstance(m.string, str) else " ".join(m.string)
    return out


def _game_ids(game: str) -> set[tuple[str | None, str]]:
    """The catalogue keys the game's renderer uses: its msg calls and the data ids it declares."""
    prefixes = MODULES[game]
    ids = {
        (e.context, e.msgid)
        for e in extract("render")
        if e.where != "data" and Path(e.where.split(":")[0]).name.startswith(prefixes)
    }
    if game == "puerto_rico":
        ids |= {(None, b) for b in pr_parts.BUILDING_ORDER} | {(None, w) for w in pr_expansion.OPTION_WORDS}
    if game == "lorenzo":
        ids |= {(None, name) for name in lorenzo_parts._names()}
    return ids


@pytest.mark.parametrize("game", sorted(MODULES))
def test_board_words_use_the_glossary_terms(game: str) -> None:
    catalogue = _catalogue()
    ids = sorted(_game_ids(game), key=str)  # once: extracting the renderer's ids parses every module
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
