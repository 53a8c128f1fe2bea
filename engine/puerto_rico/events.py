"""Events as sentences. VP chips are secret [S]: they appear only in private sentences."""

from __future__ import annotations

from typing import Any

from ..core import EventText
from .data import GOODS

Event = dict[str, Any]

ROLE_NAMES = {"settler": "Settler", "mayor": "Mayor", "builder": "Builder", "craftsman": "Craftsman",
              "trader": "Trader", "captain": "Captain", "prospector": "Prospector",
              "prospector-2": "Prospector"}
END_REASONS = {"city": "a city is full", "colonists": "the colonist ship could not be refilled",
               "vp": "the VP chips have run out"}


def _goods(amounts: list[int]) -> str:
    return ", ".join(f"{n} {GOODS[i]}" for i, n in enumerate(amounts) if n) or "nothing"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _tile_name(tile: str) -> str:
    return "a quarry" if tile == "quarry" else f"a{'n' if tile[0] in 'aeiou' else ''} {tile} plantation"


def _ship_name(ship: Any) -> str:
    return "their Wharf" if ship == "wharf" else f"the {ship}-ship"


def event_text(state: dict[str, Any], event: Event) -> EventText:
    names = state["players"]
    who = names[event["player"]] if "player" in event else ""
    kind = event["kind"]
    if kind == "place":
        where = event["target"].replace("-", " ")
        return EventText(None, f"One colonist on {where}; {event['left']} still to place.", event["player"])
    text = _TEXT[kind](event, who, names)
    if kind == "ship":
        extras = [label for key, label in (("bonus", "Captain +1"), ("harbor", "Harbor +1")) if event[key]]
        detail = f" ({', '.join(extras)})" if extras else ""
        private = f"You score {event['vp']} VP{detail}."
        return EventText(text, private, event["player"])
    return EventText(text)


def _round(e: Event, who: str, names: list[str]) -> str:
    bonus = ", ".join(ROLE_NAMES[r] for r in e["bonus_roles"])
    extra = f" +1 doubloon on {bonus}." if bonus else ""
    return f"Round {e['round']}: {names[e['governor']]} is Governor.{extra}"


_TEXT: dict[str, Any] = {
    "role": lambda e, w, _: f"{w} chooses the {ROLE_NAMES[e['role']]}"
    + (f" (+{_plural(e['doubloons'], 'doubloon')})." if e["doubloons"] else "."),
    "prospect": lambda e, w, _: f"{w} gains 1 doubloon.",
    "pass": lambda e, w, _: f"{w} passes.",
    "island_full": lambda e, w, _: f"{w}'s island is full.",
    "hacienda": lambda e, w, _: f"{w} draws {_tile_name(e['tile']) if e['tile'] else 'nothing'} "
    "with the Hacienda.",
    "settle": lambda e, w, _: f"{w} takes {_tile_name(e['tile'])}"
    + (" and a colonist for it (Hospice)." if e["hospice"] else "."),
    "reshuffle": lambda e, w, _: "The plantation discards are reshuffled.",
    "faceup": lambda e, w, _: "New plantations: " + (", ".join(e["tiles"]) or "none left") + ".",
    "mayor_privilege": lambda e, w, _: f"{w} takes a colonist from the supply.",
    "colonists": lambda e, w, n: "Colonists arrive: "
    + ", ".join(f"{n[s]} {c}" for s, c in enumerate(e["shares"]) if c) + ".",
    "layout_done": lambda e, w, _: f"{w} has placed their colonists.",
    "layouts": lambda e, w, _: "All colonists are placed.",
    "layouts_forced": lambda e, w, n: "Colonists placed (no choice): "
    + ", ".join(n[s] for s in e["players"]) + ".",
    "ship_refill": lambda e, w, _: f"The colonist ship is refilled with {e['colonists']}"
    + (f" of the {e['needed']} needed." if e["colonists"] < e["needed"] else "."),
    "build": lambda e, w, _: f"{w} builds the {e['building'].replace('-', ' ')} for {e['cost']}"
    + (" and a colonist moves in (University)." if e["university"] else "."),
    "produce": lambda e, w, _: f"{w} produces {_goods(e['goods'])}"
    + (f"; Factory pays {e['factory']}." if e["factory"] else "."),
    "craft_bonus": lambda e, w, _: f"{w} takes 1 extra {e['good']} (privilege).",
    "sell": lambda e, w, _: f"{w} sells {e['good']} for {_plural(e['price'], 'doubloon')}.",
    "house_emptied": lambda e, w, _: "The trading house is full and is emptied.",
    "ship": lambda e, w, _: f"{w} ships {e['amount']} {e['good']} on {_ship_name(e['ship'])}.",
    "keep": lambda e, w, _: f"{w} keeps {_goods(e['kept'])}; {_goods(e['lost'])} go back to the supply.",
    "unload": lambda e, w, _: f"The {e['ship']}-ship sails with {e['amount']} {e['good']}.",
    "round": _round,
    "end_triggered": lambda e, w, _: f"Game end triggered: {END_REASONS[e['reason']]}. "
    "The round is played to its end.",
    "game_over": lambda e, w, n: "Game over. Winner: " + " and ".join(n[s] for s in e["winners"]) + ".",
}
