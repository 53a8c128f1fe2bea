"""Canonical action texts: ``role settler``, ``take quarry``, ``build large-market``,
``ship corn 7``, ``keep 1 corn 3 sugar``, ``layout corn 1 small-market 1``, ``pass``."""

from __future__ import annotations

from typing import Any

from ..core.text import normalize
from .data import BUILDING_ORDER, GOODS, TILES

_PLACE_ORDER = {t: i for i, t in enumerate(TILES + BUILDING_ORDER)}

Action = dict[str, Any]


def _goods_text(goods: list[int]) -> str:
    parts = [f"{n} {GOODS[i]}" for i, n in enumerate(goods) if n]
    return " ".join(parts) if parts else "nothing"


def action_text(action: Action) -> str:
    verb = action["verb"]
    if verb == "role":
        return f"role {action['role']}"
    if verb == "take":
        return f"take {action['tile']}"
    if verb == "privilege":
        return "take colonist"
    if verb == "build":
        return f"build {action['building']}"
    if verb in ("sell", "bonus"):
        return f"{verb} {action['good']}"
    if verb == "ship":
        return f"ship {action['good']} {action['ship']}"
    if verb == "keep":
        return f"keep {_goods_text(action['goods'])}"
    if verb == "place":
        return f"place {action['target']}"
    if verb == "layout":
        ordered = sorted(action["layout"].items(), key=lambda kv: _PLACE_ORDER[kv[0]])
        parts = [f"{t} {n}" for t, n in ordered if n]
        return "layout " + (" ".join(parts) if parts else "none")
    return str(verb)  # pass, hacienda


def parse_layout(text: str, targets: list[str]) -> dict[str, int] | None:
    """``layout corn 1 small market 2`` → ``{"corn": 1, "small-market": 2}``.

    Names may be abbreviated to a unique prefix; returns ``None`` when the text is
    not a layout or names an unknown place.
    """
    words = normalize(text).split(" ")
    if not words or words[0] != "layout":
        return None
    layout: dict[str, int] = {}
    name: list[str] = []
    for word in words[1:]:
        if word == "none" and not name:
            continue
        if not word.isdigit():
            name.append(word)
            continue
        typed = "-".join(name)
        hits = [t for t in targets if t == typed] or [t for t in targets if t.startswith(typed)]
        if not name or len(hits) != 1:
            return None
        layout[hits[0]] = layout.get(hits[0], 0) + int(word)
        name = []
    if name:
        return None
    return {t: n for t, n in layout.items() if n}
