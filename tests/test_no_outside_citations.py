"""Nothing in the repository cites material a reader of it cannot open (issue 23).

The rules were first read in private working notes: Japanese texts kept under numbered file names
and English engineering notes ("the digest", in sections). Citations of those name public texts
instead: a rulebook by title and page, a published page by its name and headings, or say plainly
that no public source gives a value. This scans every text file of the repository (tracked, or new
and not ignored) for the forms such a private citation took.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".git", ".venv", "venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}

# Each form, with what it is. Built from pieces so that this file does not match itself.
S = "§"
FORMS = {
    "a path to the private notes": re.compile(r"\.\./shared\b|\bshared/(?:reference|seeds)\b"),
    "a private text's file name": re.compile(r"\b0\d\d_[0-9a-f]{16}\b"),
    "a section of the private notes": re.compile(
        rf"\bdigest(?:'s)? ?(?:{S}|\d|R\d|section|table)|\b(?:rules|reference|engineering) digest\b|\[S digest"
    ),
    "a private text's number": re.compile(r"\bseeds? ?-?0\d\d\b|\bS00\d\b"),
    "a numbered section of no named text": re.compile(rf"(?<![\w)]){S} ?\d"),
    "an appendix of the private notes": re.compile(r"\bR2\.\d\b"),
}
# A section of a project issue ("issue 5 §2") is the project's own and may be cited.
ISSUE = re.compile(r"\bissues? \d+ $")


def _files() -> list[Path]:
    """Every text file a checkout holds: git's tracked and not-ignored files, else a walk."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout
        paths = [REPO / p for p in out.decode("utf-8").split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        paths = [
            p
            for p in REPO.rglob("*")
            if not SKIP_DIRS & set(p.relative_to(REPO).parts) and not p.name.endswith(".egg-info")
        ]
    return [p for p in paths if p.is_file()]


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None  # an image, a font: not text


def _outside_citations(text: str) -> list[tuple[int, str, str]]:
    """(line number, form, the line) for each private citation in ``text``."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for form, pattern in FORMS.items():
            for m in pattern.finditer(line):
                if form == "a numbered section of no named text" and ISSUE.search(line[: m.start()]):
                    continue
                found.append((number, form, line.strip()))
    return found


def test_the_forms_are_recognised() -> None:
    """Each form is caught, and the project's own citations are not."""
    private = [
        'source = "S000 §法令カード; digest §3.7"',
        'source = "seed 000 line 206"',
        "see ../shared and shared/reference/lisboa.md",
        "the file 004_d193027d4924fee4.txt",
        "Numbers are typed in from the rules digest",
        "(§2.19 step 4, R2.3)",
    ]
    public = [
        'source = "Lisboa rulebook p. 17; Lisboa rules summary (Bodoge) §個別アクション > 開店"',
        "the message naming the file, the row and the field (issue 5 §2)",
        "a daily digest of the turns waiting for you; the digest lists them",
        "game 3: seed 207096056096232, 120 actions",
    ]
    assert all(_outside_citations(line) for line in private), [p for p in private if not _outside_citations(p)]
    assert not [p for p in public if _outside_citations(p)]


def test_no_file_cites_material_outside_the_repository() -> None:
    me = Path(__file__).resolve()
    files = [p for p in _files() if p.resolve() != me]
    assert len(files) > 100  # the scan sees the repository, not an empty list
    wrong = [
        f"{path.relative_to(REPO)}:{number}: {form}: {line[:120]}"
        for path in files
        if (text := _text(path)) is not None
        for number, form, line in _outside_citations(text)
    ]
    assert not wrong, f"{len(wrong)} citations of material outside the repository:\n" + "\n".join(wrong)
