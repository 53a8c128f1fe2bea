"""Event sentences (all public: the game has no hidden information, digest §4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import EventText
from .words import amounts, guild_of_card, item, plural, slot_name, space_name, tile_text, times

State = dict[str, Any]
Event = dict[str, Any]
MAIN = {"claim": "claims a cathedral section", "build": "builds", "market": "goes to the market"}


def event_text(state: State, e: Event) -> EventText:
    who = state["players"][e["player"]] if "player" in e else ""
    make = _SENTENCES.get(e["type"])
    return EventText(make(state, who, e) if make else None)


def _turn(state: State, who: str, e: Event) -> str:
    return f"{who}'s {'last ' if e['last'] else ''}turn."


def _gain(state: State, who: str, e: Event) -> str:
    got = amounts(e["got"])
    if e["why"] == "market":
        return f"{who} takes the resources {times(e['reps'])}: {got}."
    if e["why"] == "workshop":
        return f"{who} activates the {slot_name(e['slot'])} workshop ({tile_text(state, e['tile'])}): {got}."
    return f"{who} gains {got}."


def _tile(state: State, who: str, e: Event) -> str:
    side = f"face up for {plural(e['paid'], 'ruble')}" if e["up"] else "face down"
    text = f"{who} places the tile ({tile_text(state, e['tile'])}) {side} on {slot_name(e['slot'])}"
    if "ornament" in e:
        text += f" and {'releases' if e['up'] else 'loses'} their {e['ornament']}"
    return text + "."


def _jewels(state: State, who: str, e: Event) -> str:
    if not e["jewels"]:
        return f"{who} sets no jewel."
    return f"{who} sets {' and '.join(item(j, 1) for j in e['jewels'])} into it: +{e['pp']} PP."


def _penalty(state: State, who: str, e: Event) -> str:
    lost = f" (only {e['lost']} left to lose)" if e["lost"] < e["rp"] else ""
    return f"The Tsar's penalty: {who} loses {e['rp']} RP for unfinished {e['section']}{lost}."


def _influence(state: State, who: str, e: Event) -> str:
    often = f" {times(e['times'])}" if e["times"] > 1 else ""
    paid = f", paying {amounts(e['paid'])}" if e["paid"] else ""
    guild = guild_of_card(state, e["card"])
    return f"{who} uses the influence card of {guild}{often}{paid}: {amounts(e['got'])}."


def _final(state: State, who: str, e: Event) -> str:
    seats = e["result"]["seats"]
    parts = [f"{state['players'][p]} {s['total']} PP" for p, s in enumerate(seats)]
    return "Final scoring: " + ", ".join(parts) + "."


_SENTENCES: dict[str, Callable[[State, str, Event], str]] = {
    "turn": _turn,
    "main": lambda s, w, e: f"{w} {MAIN[e['action']]}.",
    "sell": lambda s, w, e: f"{w} sells {plural(e['pp'], 'prestige point')} for {e['rubles']} rubles.",
    "reroll": lambda s, w, e: f"{w} gives 1 prestige point to re-roll {space_name(s, e['space'])}.",
    "roll": lambda s, w, e: (
        f"Dice on space {e['space'] + 1} roll: "
        + (", ".join(f"{c} {f}" for c, f in e["faces"].items()) or "none")
        + "."
    ),
    "banner": lambda s, w, e: f"{w} takes a banner from their {e['from']}.",
    "claim": lambda s, w, e: f"{w} claims {e['section']}.",
    "tile": _tile,
    "gain": _gain,
    "deliver": lambda s, w, e: f"{w} delivers {item(e['material'], 1)} to {e['section']}.",
    "decorate": lambda s, w, e: f"{w} places a {e['ornament']} on {e['section']}.",
    "jewels": _jewels,
    "complete": lambda s, w, e: f"{w} completes {e['section']}: +{e['rp']} RP, +{plural(e['rubles'], 'ruble')}.",
    "penalty": _penalty,
    "trigger": lambda s, w, e: f"{w} has completed their 6th section: +{e['pp']} PP. Everyone else has one last turn.",
    "move": lambda s, w, e: (
        f"{w} moves the {e['die']} die from space {e['from'] + 1} to {space_name(s, e['to'])}"
        + (f", paying {plural(e['paid'], 'ruble')}" if e["paid"] else "")
        + "."
    ),
    "influence": _influence,
    "end_turn": lambda s, w, e: f"{w} ends their turn.",
    "final": _final,
}
