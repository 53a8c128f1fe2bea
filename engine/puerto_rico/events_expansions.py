"""Sentences for the expansions' events. VP chips stay secret [S]: a public sentence never
names an amount of chips (or the words "VP"/"chip"); :data:`SECRET_VP` events carry their
amount in a private sentence for the player alone (see :func:`events.event_text`)."""

from __future__ import annotations

from typing import Any

from .wording import goods_text, tile_name

Event = dict[str, Any]

SECRET_VP = {
    "church": "Church",
    "chapel_vp": "Chapel",
    "lodge_vp": "Hunting Lodge",
    "union_hall": "Union Hall",
    "royal_supply": "Royal Supplier",
}


def _name(building: str) -> str:
    return building.replace("-", " ").replace("_", " ")


def _names(buildings: list[str]) -> str:
    return ", ".join(_name(b).title() for b in buildings) or "none"


def _paid(e: Event) -> str:
    if e["item"] == "colonist":
        person = "a noble" if e["noble"] else "a colonist"
        return f"{person} from {_name(e['place'])}"
    return f"1 {e['good']}" if e["item"] == "good" else "a victory point"


def _income(e: Event) -> str:
    parts = [
        f"{label} {e[key]}"
        for key, label in (("specialty_factory", "Specialty Factory"), ("chapel", "Chapel"), ("jeweler", "Jeweler"))
        if e[key]
    ]
    return ", ".join(parts)


_TEXT: dict[str, Any] = {
    "draft": lambda e, w, _: f"{w} drafts the {_name(e['building']).title()}.",
    "market_auto": lambda e, w, _: (
        f"In the game without a pick (no other choice at that cost): {_names(e['buildings'])}."
    ),
    "market": lambda e, w, _: f"The buildings of this game: {_names(e['buildings'])}.",
    "black_market": lambda e, w, _: f"{w} returns {_paid(e)} to the supply (Black Market).",
    "church": lambda e, w, _: f"{w}'s Church rewards the new building.",
    "income": lambda e, w, _: f"{w} earns doubloons: {_income(e)}.",
    "chapel_vp": lambda e, w, _: f"{w}'s noble prays in the Chapel.",
    "forest": lambda e, w, _: (
        f"{w} takes a forest, discarding {tile_name(e['discarded'])}"
        + ("; the Hospice colonist waits in San Juan." if e["hospice"] else ".")
    ),
    "forest_swap": lambda e, w, _: f"{w} discards the {e['tile']} plantation just drawn for a forest.",
    "land_draw": lambda e, w, _: f"{w} pays 1 doubloon at the Land Office and draws {tile_name(e['tile'])}.",
    "land_discard": lambda e, w, _: (
        f"{w} discards {tile_name(e['tile'])} at the Land Office for 1 doubloon"
        + ("; its colonist goes to San Juan." if e["moved"] else ".")
    ),
    "lodge_discard": lambda e, w, _: (
        f"{w} discards {tile_name(e['tile'])} (Hunting Lodge)"
        + ("; its colonist goes to San Juan." if e["moved"] else ".")
    ),
    "lodge_vp": lambda e, w, _: f"{w} alone has the most empty island spaces (Hunting Lodge).",
    "villa": lambda e, w, _: f"{w}'s Villa brings " + ("a noble." if e["noble"] else "a colonist (no nobles left)."),
    "union_hall": lambda e, w, _: f"{w}'s Union Hall counts their goods.",
    "royal_supply": lambda e, w, _: f"{w} ships 1 {e['good']} with the Royal Supplier.",
    "small_wharf": lambda e, w, _: (
        f"{w} ships {goods_text(e['goods'])} on their Small Wharf"
        + ("; Lighthouse +1 doubloon." if e.get("lighthouse") else ".")
    ),
    "lighthouse": lambda e, w, _: f"{w}'s Lighthouse pays the Captain 1 doubloon.",
    "guest": lambda e, w, _: (
        f"{w} moves a {'noble' if e['noble'] else 'colonist'} from the Guest House to {_name(e['target'])}."
    ),
    "guests_stay": lambda e, w, _: f"{w} leaves the guests in the Guest House.",
}


def expansion_text(event: Event, who: str, names: list[str]) -> str:
    text: str = _TEXT[event["kind"]](event, who, names)
    return text
