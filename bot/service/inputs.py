"""Text from outside (Discord payloads, the terminal, import files) made safe at the service boundary.

Every public coroutine method of the services gets its arguments through :func:`clean` (see
:class:`Boundary`), so a lone UTF-16 surrogate, which JSON
may carry but SQLite and Discord cannot encode, never reaches the store or a reply. Names people
give themselves are shown and stored through :func:`display_name`; anything else a message quotes
back goes through :func:`engine.core.text.shorten`.
"""

from __future__ import annotations

import functools
import inspect
import re
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from engine.core.text import normalize, shorten
from render.i18n import LANGUAGES, tr

from .i18n import msg
from .results import ServiceError

P = ParamSpec("P")
R = TypeVar("R")
_SURROGATES = re.compile("[\ud800-\udfff]")
#: Longest name the bot shows or stores for a person (Discord's display names stop at 32).
NAME_CHARS = 64


def clean(value: Any) -> Any:
    """``value`` with every string in it (also inside lists, tuples and dicts) storable: a surrogate
    pair becomes its character, a lone surrogate the replacement character U+FFFD.

    >>> clean(["ok", {"\\ud800": "\\ud83d\\ude00"}])
    ['ok', {'�': '😀'}]
    """
    if isinstance(value, str):
        if not _SURROGATES.search(value):
            return value
        return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    if isinstance(value, list):
        return [clean(v) for v in value]
    if isinstance(value, tuple):
        return tuple(clean(v) for v in value)
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    return value


def display_name(name: str) -> str:
    """A person's name as the bot shows and stores it: on one line, at most :data:`NAME_CHARS`
    characters (backticks kept: a name is not quoted as code)."""
    line = " ".join(clean(name).split())
    return line if len(line) <= NAME_CHARS else line[: NAME_CHARS - 1] + "…"


def at_boundary(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """``method`` with its arguments passed through :func:`clean` first."""

    @functools.wraps(method)
    async def cleaned(*args: P.args, **kwargs: P.kwargs) -> R:
        return await method(*clean(args), **clean(kwargs))

    return cleaned


class Boundary:
    """Base of the service classes: every public coroutine method a subclass defines is the service's
    boundary, so its arguments are cleaned first (:func:`at_boundary`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, attr in list(vars(cls).items()):
            if not name.startswith("_") and inspect.iscoroutinefunction(attr):
                setattr(cls, name, at_boundary(attr))


__all__ = [
    "NAME_CHARS",
    "Boundary",
    "at_boundary",
    "clean",
    "display_name",
    "read_typed",
    "shorten",
    "spoken_language",
]


def spoken_language(language: str | None) -> str:
    """A table's or a reader's language as given (``None``: English); refused unless the bot speaks it."""
    if language is None:
        return LANGUAGES[0]
    lang = language.strip().lower()
    if lang not in LANGUAGES:
        raise ServiceError(
            msg(
                "`{language}` is not a language the bot speaks: use {choices}.",
                language=shorten(language),
                choices=", ".join(f"`{code}`" for code in LANGUAGES),
            ),
            "bad_language",
        )
    return lang


def _key(text: str) -> str:
    """What two spellings of a label share: width and case folded, spaces dropped."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def read_typed(typed: str, texts: list[str], labels: list[str]) -> str:
    """What a person's typed action plays, given the legal canonical ``texts`` and their ``labels``
    (one each, as the game gives them; read in every language the bot speaks).

    A canonical text goes to the engine as typed (which forgives case, separators and unique
    prefixes); so does anything that names no label. A label typed in full (case, width and spaces
    aside) plays its option's canonical text; a label several options share is refused as
    ambiguous, naming their texts. Typed in another script than English (e.g. Japanese), the start
    of only one option's label plays that option too.

    >>> read_typed(" settler", ["role builder", "role settler"], ["Builder", "Settler"])
    'role settler'
    >>> read_typed("開", ["a", "b"], ["開拓者", "開発"])  # the start of two labels: as typed
    '開'
    """
    want = _key(typed)
    if not want or normalize(typed) in {normalize(t) for t in texts}:
        return typed
    keys = [{_key(tr(label, lang)) for lang in LANGUAGES} for label in labels]
    exact = list(dict.fromkeys(texts[i] for i, spoken in enumerate(keys) if want in spoken))
    if len(exact) > 1:
        raise ServiceError(
            msg(
                "`{typed}` is the label of several options: type one of {texts} instead.",
                typed=shorten(typed),
                texts=", ".join(f"`{t}`" for t in exact),
            ),
            "ambiguous",
            exact,
        )
    if exact:
        return exact[0]
    if typed.isascii():  # the engine reads English prefixes of canonical texts
        return typed
    starting = {texts[i] for i, spoken in enumerate(keys) if any(key.startswith(want) for key in spoken)}
    return starting.pop() if len(starting) == 1 else typed
