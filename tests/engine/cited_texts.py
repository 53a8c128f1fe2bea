"""The Japanese rules texts that the data packs and glossaries cite by section, and how a cited
section is found in them.

A citation names a public text and a section of it by its headings, e.g. ``Lisboa rules summary
(Bodoge) §遊び方 > 手番``. The maintainers keep local copies of these texts in a folder beside the
repository; on a machine without them (a fresh clone, CI) the tests that read them skip. A text is
recognised by what it says (its author or page name), never by a file name.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
_FOLDER = next((p / "shared" / "seeds" for p in REPO.parents if (p / "shared" / "seeds").is_dir()), None)
TEXTS: list[str] = [p.read_text(encoding="utf-8") for p in sorted(_FOLDER.glob("*.txt"))] if _FOLDER else []

# Each cited text by the name a citation starts with, and words only that text holds (author, page).
MARKS = {
    "Lisboa rules summary (Bodoge)": "マツジョン",
    "Red Cathedral teaching script (Bodoge)": "Sato39",
    "BGA Lorenzo help page": "Gamehelplorenzo",
    "BGA Japanese wiki, プエルトリコ (atwiki)": "「プエルトリコ」の編集履歴",
}


def text_of(name: str) -> str | None:
    """The local copy of the text cited as ``name``, if this machine has it."""
    found = [t for t in TEXTS if MARKS[name] in t]
    return found[0] if len(found) == 1 else None


def cited(part: str) -> tuple[str, list[list[str]]] | None:
    """``(text name, heading paths)`` of one ``;``-separated part of a source, or None if it cites no
    section of a text in :data:`MARKS`. ``§A > B (remark), §C`` gives ``[["A", "B"], ["C"]]``."""
    part = part.strip()
    name = next((n for n in MARKS if part.startswith(n)), None)
    if name is None or "§" not in part:
        return None
    paths = []
    for segment in part[len(name) :].split("§")[1:]:
        bare = re.sub(r"\([^)]*\)", "", segment).strip(" ,")
        paths.append([h.strip() for h in bare.split(">")])
    return name, paths


def _heading(name: str) -> re.Pattern[str]:
    """``name`` as a heading: at the start of a line or after wiki heading stars, after any marks
    and numbering of the heading (``◎``, ``【``, ``<``, ``《a.``, ``-①a``, ``1:``)."""
    marks = r"(?:[ \t◎【<]|《(?:[a-c]\.)?|-?[①-⑩][a-c]? ?|\d+:)*"
    return re.compile(r"(?m)(?:^|\*)" + marks + re.escape(name))


def section(text: str, path: list[str], headings: set[str]) -> str | None:
    """The section of ``text`` under ``path`` (each heading found after the one before it): from
    its last heading to the next of ``headings`` (the other headings cited in this text), or None
    if a heading of the path is missing."""
    at, start = 0, 0
    for name in path:
        m = _heading(name).search(text, at)
        if m is None:
            return None
        at, start = m.end(), m.start()
    ends = [m.start() for h in headings - set(path) if (m := _heading(h).search(text, at))]
    return text[start : min(ends, default=len(text))]
