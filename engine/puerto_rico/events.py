"""Events as sentences. VP chips are secret [S]: they appear only in private sentences."""

from __future__ import annotations

from typing import Any

from ..core import EventText
from .events_expansions import SECRET_VP, expansion_text
from .wording import goods_text as _goods
from .wording import plural as _plural
from .wording import tile_name as _tile_name

Event = dict[str, Any]

ROLE_NAMES = {
    "settler": "Settler",
    "mayor": "Mayor",
    "builder": "Builder",
    "craftsman": "Craftsman",
    "trader": "Trader",
    "captain": "Captain",
    "prospector": "Prospector",
    "prospector-2": "Prospector",
}
END_REASONS = {
    "city": "a city is full",
    "colonists": "the colonist ship could not be refilled",
    "vp": "the VP chips have run out",
}


def _ship_name(ship: Any) -> str:
    return "their Wharf" if ship == "wharf" else f"the {ship}-ship"


def event_text(state: dict[str, Any], event: Event) -> EventText:
    names = state["players"]
    who = names[event["player"]] if "player" in event else ""
    kind = event["kind"]
    if kind == "place":
        where = event["target"].replace("-", " ")
        person = "noble" if event.get("noble") else "colonist"
        return EventText(None, f"One {person} on {where}; {event['left']} still to place.", event["player"])
    text = _TEXT[kind](event, who, names) if kind in _TEXT else expansion_text(event, who, names)
    if kind in ("ship", "small_wharf"):
        bonus = f"Captain +{event['bonus']}" if event["bonus"] else ""
        extras = [label for label in (bonus, "Harbor +1" if event["harbor"] else "") if label]
        detail = f" ({', '.join(extras)})" if extras else ""
        private = f"You score {event['vp']} VP{detail}."
        return EventText(text, private, event["player"])
    if kind in SECRET_VP:
        private = f"You score {_plural(event['vp'], 'VP chip')} ({SECRET_VP[kind]})."
        return EventText(text, private, event["player"])
    if kind == "black_market" and event["item"] == "vp":
        return EventText(text, "You return 1 VP chip to the supply (Black Market).", event["player"])
    return EventText(text)


def _round(e: Event, who: str, names: list[str]) -> str:
    bonus = ", ".join(ROLE_NAMES[r] for r in e["bonus_roles"])
    extra = f" +1 doubloon on {bonus}." if bonus else ""
    return f"Round {e['round']}: {names[e['governor']]} is Governor.{extra}"


_TEXT: dict[str, Any] = {
    "role": lambda e, w, _: (
        f"{w} chooses the {ROLE_NAMES[e['role']]}"
        + (f" (+{_plural(e['doubloons'], 'doubloon')})." if e["doubloons"] else ".")
    ),
    "prospect": lambda e, w, _: f"{w} gains {_plural(e.get('doubloons', 1), 'doubloon')}.",
    "pass": lambda e, w, _: f"{w} passes.",
    "island_full": lambda e, w, _: f"{w}'s island is full.",
    "hacienda": lambda e, w, _: f"{w} draws {_tile_name(e['tile']) if e['tile'] else 'nothing'} with the Hacienda.",
    "settle": lambda e, w, _: (
        f"{w} takes {_tile_name(e['tile'])}" + (" and a colonist for it (Hospice)." if e["hospice"] else ".")
    ),
    "reshuffle": lambda e, w, _: "The plantation discards are reshuffled.",
    "faceup": lambda e, w, _: "New plantations: " + (", ".join(e["tiles"]) or "none left") + ".",
    "mayor_privilege": lambda e, w, _: (
        f"{w} takes " + ("2 colonists" if e.get("count", 1) == 2 else "a colonist") + " from the supply."
    ),
    "colonists": lambda e, w, n: (
        "Colonists arrive: "
        + ", ".join(f"{n[s]} {c}" for s, c in enumerate(e["shares"]) if c)
        + "".join(f" ({n[s]} gets {_plural(k, 'noble')} of them)" for s, k in enumerate(e.get("nobles", [])) if k)
        + "."
    ),
    "layout_done": lambda e, w, _: f"{w} has placed their colonists.",
    "layouts": lambda e, w, _: "All colonists are placed.",
    "layouts_forced": lambda e, w, n: "Colonists placed (no choice): " + ", ".join(n[s] for s in e["players"]) + ".",
    "ship_refill": lambda e, w, _: (
        f"The colonist ship is refilled with {e['colonists']}"
        + (f" colonists and {_plural(e['nobles'], 'noble')}" if "nobles" in e else "")
        + (f" of the {e['needed']} needed." if e["colonists"] + e.get("nobles", 0) < e["needed"] else ".")
    ),
    "build": lambda e, w, _: (
        f"{w} builds the {e['building'].replace('-', ' ')} for {e['cost']}"
        + (" and a colonist moves in (University)." if e["university"] else ".")
    ),
    "produce": lambda e, w, _: (
        f"{w} produces {_goods(e['goods'])}" + (f"; Factory pays {e['factory']}." if e["factory"] else ".")
    ),
    "craft_bonus": lambda e, w, _: f"{w} takes 1 extra {e['good']} (privilege).",
    "sell": lambda e, w, _: (
        f"{w} sells {e['good']} for {_plural(e['price'], 'doubloon')}"
        + (" at their Trading Post." if e.get("post") else ".")
    ),
    "house_emptied": lambda e, w, _: "The trading house is full and is emptied.",
    "ship": lambda e, w, _: (
        f"{w} ships {e['amount']} {e['good']} on {_ship_name(e['ship'])}"
        + ("; Lighthouse +1 doubloon." if e.get("lighthouse") else ".")
    ),
    "keep": lambda e, w, _: f"{w} keeps {_goods(e['kept'])}; {_goods(e['lost'])} go back to the supply.",
    "unload": lambda e, w, _: f"The {e['ship']}-ship sails with {e['amount']} {e['good']}.",
    "round": _round,
    "end_triggered": lambda e, w, _: f"Game end triggered: {END_REASONS[e['reason']]}. The round is played to its end.",
    "game_over": lambda e, w, n: "Game over. Winner: " + " and ".join(n[s] for s in e["winners"]) + ".",
}
