"""Per-game glossaries (issue 16): engine/<game>/glossary.toml pairs each English game term with
its Japanese term, citing the section of the public Japanese rules text it was taken from (the
text's name and the section's headings) or marked ``chosen`` with a reason."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from cited_texts import cited, section, text_of

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (REPO / "engine").glob("*/glossary.toml"))


def _entries(game: str) -> list[dict[str, Any]]:
    with (REPO / "engine" / game / "glossary.toml").open("rb") as f:
        return list(tomllib.load(f)["term"])


def _squash(text: str) -> str:
    """Case and separators folded: ``Small-Market``, ``small_market`` and ``small market`` match."""
    return re.sub(r"[\s_\-]+", " ", text.lower())


def _package_text(game: str) -> str:
    root = REPO / "engine" / game
    files = [p for p in root.rglob("*") if p.suffix in (".py", ".toml", ".md") and p.name != "glossary.toml"]
    return _squash("\n".join(p.read_text(encoding="utf-8") for p in files))


@pytest.mark.parametrize("game", GAMES)
def test_entries_are_complete_and_unique(game: str) -> None:
    entries = _entries(game)
    assert entries
    for e in entries:
        assert e.get("en") and e.get("ja") and e.get("source"), e
        if e["source"] == "chosen":
            assert e.get("why"), e
        else:
            found = cited(e["source"])
            assert found and len(found[1]) == 1 and all(found[1][0]), e  # one text, one section
    ens = [e["en"] for e in entries]
    assert len(ens) == len(set(ens)), [en for en in ens if ens.count(en) > 1]


@pytest.mark.parametrize("game", GAMES)
def test_english_terms_are_the_engines(game: str) -> None:
    text = _package_text(game)
    missing = [e["en"] for e in _entries(game) if _squash(e["en"]) not in text]
    assert not missing


@pytest.mark.parametrize("game", GAMES)
def test_the_cited_sections_hold_the_japanese(game: str) -> None:
    """The cited text has the cited headings, and the Japanese term within that section."""
    entries = [(e, cited(e["source"])) for e in _entries(game) if e["source"] != "chosen"]
    names = {found[0] for _, found in entries if found}
    if any(text_of(name) is None for name in names):
        pytest.skip("the cited texts are not on this machine")
    headings = {h for _, found in entries if found for h in found[1][0]}
    wrong = []
    for e, found in entries:
        assert found, e
        name, (path,) = found
        text = text_of(name)
        assert text is not None
        body = section(text, path, headings)
        if body is None or e["ja"] not in body:
            wrong.append((e["en"], e["ja"], e["source"]))
    assert not wrong


def _catalogue(game: str) -> dict[str, str]:
    """The game's Japanese catalogue as English id → translation (plural forms joined)."""
    from babel.messages.pofile import read_po

    path = REPO / "engine" / game / "locale" / "ja" / "LC_MESSAGES" / "messages.po"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    out = {}
    for m in catalog:
        if not m.id or not m.string:
            continue
        key = m.id if isinstance(m.id, str) else " ".join(m.id)
        out[key] = m.string if isinstance(m.string, str) else " ".join(m.string)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_translations_use_the_glossary_terms(game: str) -> None:
    """Where an English message names a glossary term, its Japanese names the glossary's term (or one
    of the entry's ``ja_also`` forms). An entry's ``not_in`` lists English ids where the word is meant
    otherwise (e.g. the verb "ship" in a sentence about shipping)."""
    catalogue = _catalogue(game)
    if not catalogue:
        pytest.skip(f"{game} has no Japanese catalogue yet")
    wrong = []
    for e in _entries(game):
        word = re.compile(rf"\b{re.escape(e['en'])}(s|es)?\b", re.IGNORECASE)
        forms = [e["ja"], *e.get("ja_also", [])]
        skip = set(e.get("not_in", []))
        for english, japanese in catalogue.items():
            if english in skip or not word.search(english.replace("_", " ")):
                continue
            if not any(form in japanese for form in forms):
                wrong.append(f"{e['en']} → {e['ja']}: {english!r} → {japanese!r}")
    assert not wrong, "\n".join(wrong)
