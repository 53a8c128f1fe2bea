"""Forgiving but strict matching of typed text against canonical action texts."""

from __future__ import annotations

import re

from .errors import IllegalAction
from .i18n import msg

_SEPARATORS = re.compile(r"[\s_\-]+")
_SPACES = re.compile(r"\s+")
#: How much of a person's typed input a message quotes back.
QUOTE_CHARS = 60


def normalize(text: str) -> str:
    """Lower-case, and treat runs of spaces, hyphens and underscores as one space."""
    return _SEPARATORS.sub(" ", text.strip().lower()).strip()


def shorten(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` as a message may quote it back: on one line, without backticks (they would end the
    quote), and at most ``limit`` characters, ending in "…" when cut.

    >>> shorten("build  large-market" * 10, 20)
    'build large-marketb…'
    """
    line = _SPACES.sub(" ", text).strip().replace("`", "'")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _token_prefix_match(typed: list[str], canonical: list[str]) -> bool:
    """True when each typed word begins the canonical word in the same place
    (trailing canonical words may be left out)."""
    if len(typed) > len(canonical):
        return False
    return all(c.startswith(t) for t, c in zip(typed, canonical[: len(typed)], strict=True))


def match_text(typed: str, texts: list[str]) -> int:
    """Index of the one canonical text that ``typed`` names.

    An exact match (after :func:`normalize`) wins; otherwise the text may be a
    unique prefix of one canonical text, or abbreviate each of its words.
    Raises :class:`IllegalAction` (``unknown`` or ``ambiguous``) listing the choices.

    >>> match_text("Build Large_Market", ["build large-market", "pass"])
    0
    >>> match_text("bu la", ["build large-market", "build large-warehouse", "pass"])
    Traceback (most recent call last):
    engine.core.errors.IllegalAction: `bu la` is ambiguous. ...
    """
    want = normalize(typed)
    if not want:
        raise IllegalAction("unknown", msg("Type an action."), texts)
    normal = [normalize(t) for t in texts]
    if want in normal:
        return normal.index(want)
    hits = [i for i, n in enumerate(normal) if n.startswith(want)]
    if not hits:
        words = want.split(" ")
        hits = [i for i, n in enumerate(normal) if _token_prefix_match(words, n.split(" "))]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise IllegalAction("unknown", msg("`{typed}` is not a legal action here.", typed=shorten(typed)), texts)
    raise IllegalAction("ambiguous", msg("`{typed}` is ambiguous.", typed=shorten(typed)), [texts[i] for i in hits])
