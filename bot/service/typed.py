"""What people type, read for the service: ``/play`` values (suggestions of legal texts while typing,
a value too long for a suggestion) and table options (``key=value`` pairs and their suggestions)."""

from __future__ import annotations

from engine.core import GameSpec
from engine.core.text import normalize, shorten

from .game_ui import Table
from .i18n import msg


def suggest(texts: list[str], typed: str, last: str | None = None) -> list[str]:
    """Legal texts matching what was typed: prefix matches, then word-prefix, then substring;
    the pass option ``last`` (``pass``, ``done``...) last (a front end shows as many as it may).

    >>> suggest(["build small-market", "build large-market", "pass"], "bu la")
    ['build large-market']
    >>> suggest(["done", "draw maia", "draw king"], "", last="done")
    ['draw maia', 'draw king', 'done']
    """
    want = normalize(typed)
    ranked: list[tuple[int, int, str]] = []
    for order, text in enumerate(texts):
        norm = normalize(text)
        words, typed_words = norm.split(" "), want.split(" ")
        if not want or norm.startswith(want):
            rank = 0
        elif len(typed_words) <= len(words) and all(w.startswith(t) for t, w in zip(typed_words, words, strict=False)):
            rank = 1
        elif want in norm:
            rank = 2
        else:
            continue
        ranked.append((rank + (3 if text == last else 0), order, text))
    return [text for _, _, text in sorted(ranked)]


def resolve_value(value: str, table: Table, seat: int | None) -> tuple[str, int | None]:
    """A ``/play`` value as the service reads it: (text to play, expected version or ``None`` for typed
    text). A value too long for a front end's suggestion comes as ``#version.index`` (the legal text
    of that index at that version)."""
    head, dot, tail = value.strip().removeprefix("#").partition(".")
    if value.strip().startswith("#") and dot and head.isdigit() and tail.isdigit():
        texts = table.texts(seat)
        index = int(tail)
        return (texts[index] if int(head) == table.version and index < len(texts) else value), int(head)
    return value, None


def parse_options(text: str | None) -> dict[str, str]:
    """``"key=value other=x"`` (spaces or commas between pairs) to a dict; validation is the engine's.

    >>> parse_options("variant=official, fast = yes")
    {'variant': 'official', 'fast': 'yes'}
    """
    if not text or not text.strip():
        return {}
    pairs: dict[str, str] = {}
    cleaned = " ".join(text.replace(",", " ").split())
    for part in cleaned.replace(" = ", "=").replace(" =", "=").replace("= ", "=").split(" "):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(msg("Options are `key=value` pairs; `{part}` is not one.", part=shorten(part)))
        pairs[key.lower()] = value
    return pairs


def option_suggestions(spec: GameSpec, typed: str) -> list[tuple[str, str]]:
    """(name, value) suggestion pairs: the complete pairs typed so far plus one more ``key=value``
    (a front end cuts them to its limits)."""
    words = typed.replace(",", " ").split()
    complete = [w for w in words if "=" in w]
    partial = words[-1].lower() if words and "=" not in words[-1] else ""
    used = {w.partition("=")[0].lower() for w in complete}
    out: list[tuple[str, str]] = []
    for option in spec.options:
        if option.name in used:
            continue
        for value, label in option.choices.items():
            pair = f"{option.name}={str(value).lower()}"
            if pair.startswith(partial) or partial in label.lower():
                full = " ".join([*complete, pair])
                shown = msg("{option}: {choice} ({pairs})", option=option.label, choice=label, pairs=full)
                out.append((shown, full))
    return out
