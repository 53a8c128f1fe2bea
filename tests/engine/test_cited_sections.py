"""Every section a data pack or the Lisboa effect registry cites by its headings (``§A > B``) is in
the cited text, heading under heading, so a reader who opens that text finds it. Runs where the
maintainers' copies of the texts are at hand (see :mod:`cited_texts`), and skips elsewhere."""

from __future__ import annotations

import pytest
from cited_texts import cited, section, text_of

from engine.lisboa.data import PACKS as LISBOA
from engine.lisboa.effects import REGISTRY
from engine.lorenzo.data import PACKS as LORENZO
from engine.red_cathedral.data import PACKS as RED_CATHEDRAL


def _sources(game: str) -> list[str]:
    packs = {"lisboa": LISBOA, "lorenzo": LORENZO, "red_cathedral": RED_CATHEDRAL}[game]
    rows = [r.source for rows in packs.shipped().rows.values() for r in rows]
    return rows + ([e.source for e in REGISTRY.values()] if game == "lisboa" else [])


@pytest.mark.parametrize("game", ["lisboa", "lorenzo", "red_cathedral"])
def test_every_cited_section_is_in_the_cited_text(game: str) -> None:
    citations = {
        (name, tuple(path))
        for source in _sources(game)
        for part in source.split(";")
        if (found := cited(part))
        for name, paths in [found]
        for path in paths
    }
    assert citations, game  # every pack cites some text by section
    if any(text_of(name) is None for name, _ in citations):
        pytest.skip("the cited texts are not on this machine")
    missing = [
        (name, " > ".join(path))
        for name, path in sorted(citations)
        if section(text_of(name) or "", list(path), set()) is None
    ]
    assert not missing
