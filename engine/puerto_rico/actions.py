"""Canonical action texts: ``role settler``, ``take quarry``, ``build large-market``,
``ship corn 7``, ``keep 1 corn 3 sugar``, ``layout corn 1 small-market 1``, ``pass``.

Expansions: ``draft library``, ``forest corn``, ``swap for forest``, ``return colonist
corn`` / ``return noble san-juan`` / ``return indigo`` / ``return vp``, ``discard corn``,
``land-office draw``, ``land-office discard corn``, ``post coffee``, ``supply corn``,
``small-wharf``, ``load 2 corn``, ``sail``, ``guest harbor``, ``guest noble chapel``, ``guests stay``,
``take 2 colonists``, ``place noble chapel``, ``layout corn 1 chapel 1 nobles chapel 1``."""

from __future__ import annotations

from collections.abc import Callable

from .data import BUILDING_ORDER, GOODS, TILES
from .types import PRAction

_PLACE_ORDER = {t: i for i, t in enumerate(TILES + BUILDING_ORDER)}


def _goods_text(goods: list[int]) -> str:
    parts = [f"{n} {GOODS[i]}" for i, n in enumerate(goods) if n]
    return " ".join(parts) if parts else "nothing"


def _layout_text(layout: dict[str, int]) -> str:
    ordered = sorted(layout.items(), key=lambda kv: _PLACE_ORDER[kv[0]])
    return " ".join(f"{t} {n}" for t, n in ordered if n)


def _place(place: str) -> str:
    return place.replace("_", "-")


def _return_text(action: PRAction) -> str:
    item = action["item"]
    if item == "colonist":
        return f"return {'noble' if action['noble'] else 'colonist'} {_place(action['place'])}"
    return f"return {action['good']}" if item == "good" else "return vp"


_SIMPLE: dict[str, Callable[[PRAction], str]] = {
    "role": lambda a: f"role {a['role']}",
    "take": lambda a: f"take {a['tile']}",
    "privilege": lambda a: "take 2 colonists" if a.get("count", 1) == 2 else "take colonist",
    "build": lambda a: f"build {a['building']}",
    "sell": lambda a: f"sell {a['good']}",
    "bonus": lambda a: f"bonus {a['good']}",
    "ship": lambda a: f"ship {a['good']} {a['ship']}",
    "keep": lambda a: f"keep {_goods_text(a['goods'])}",
    "place": lambda a: f"place {'noble ' if a.get('noble') else ''}{a['target']}",
    "draft": lambda a: f"draft {a['building']}",
    "forest": lambda a: f"forest {a['tile']}",
    "swap": lambda a: "swap for forest",
    "return": _return_text,
    "discard": lambda a: f"discard {a['tile']}",
    "land": lambda a: "land-office draw" if a["mode"] == "draw" else f"land-office discard {a['tile']}",
    "post": lambda a: f"post {a['good']}",
    "supply": lambda a: f"supply {a['good']}",
    "load": lambda a: f"load {a['amount']} {a['good']}",
    "guest": lambda a: f"guest {'noble ' if a.get('noble') else ''}{a['target']}",
    "stay": lambda a: "guests stay",
}


def action_text(action: PRAction) -> str:
    verb = action["verb"]
    if verb == "layout":
        text = "layout " + (_layout_text(action["layout"]) or "none")
        nobles = _layout_text(action.get("nobles") or {})
        return f"{text} nobles {nobles}" if nobles else text
    simple = _SIMPLE.get(verb)
    return simple(action) if simple else str(verb)  # pass, hacienda, small-wharf, sail
