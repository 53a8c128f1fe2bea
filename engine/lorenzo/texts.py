"""Lorenzo's events as sentences, and the plain-text board for terminals and the bot.

Secret answers (a Vatican answer, a draft pick) are told only to their player; the public line
says who has answered. Everything else is public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.decisions import EventText
from .board import State, pack
from .labels import PRIVILEGES, space_name, words

Event = dict[str, Any]
MEMBER_WORDS = {"black": "black", "white": "white", "orange": "orange", "neutral": "neutral"}


def _card(state: State, card_id: int) -> str:
    return pack(state).cards[card_id].name


def _leader(state: State, leader_id: str) -> str:
    return pack(state).leaders[leader_id].name


def _source(state: State, e: Event) -> str:
    if "card" in e:
        return _card(state, e["card"])
    if "leader" in e:
        return _leader(state, e["leader"])
    if "privilege" in e:
        return "a privilege"
    if "space" in e:
        space = pack(state).spaces[e["space"]]
        return "the floor bonus" if space.area == "tower" else space_name(state, e["space"])
    return "the bonus tile"


def _gain(state: State, e: Event) -> str:
    lost = f" ({words(e['lost'])} lost to excommunication)" if e["lost"] else ""
    return f"gains {words(e['got'])} from {_source(state, e)}{lost}."


def _place(state: State, e: Event) -> str:
    servants = f", paying {e['servants']} servants" if e["servants"] else ""
    return f"places the {e['member']} member on {space_name(state, e['space'])} (value {e['value']}{servants})."


def _card_taken(state: State, e: Event) -> str:
    how = " with a card's action" if e["granted"] else ""
    return f"takes {_card(state, e['card'])}{how}, paying {words(e['paid'])}."


def _towers(state: State, e: Event) -> str:
    cards = pack(state).cards
    parts = [f"{t}: " + ", ".join(cards[c].name for c in ids) for t, ids in e["towers"].items()]
    return "New cards. " + "; ".join(parts) + "."


PLAYER: dict[str, Callable[[State, Event], str]] = {
    "late": lambda s, e: "is excommunicated (2.7): loses the first turn and places the last member at the end.",
    "skip": lambda s, e: "has no legal placement and skips the turn.",
    "pass": lambda s, e: "passes.",
    "place": _place,
    "tax": lambda s, e: f"pays {e['coins']} coins: the {e['tower']} tower is occupied.",
    "gain": _gain,
    "privilege": lambda s, e: "chooses " + " and ".join(PRIVILEGES.get(p, p) for p in e["ids"]) + ".",
    "card": _card_taken,
    "lapse": lambda s, e: f"can take no card with {_card(s, e['card'])}: the action lapses.",
    "decline": lambda s, e: f"declines the action of {_card(s, e['card'])}.",
    "servants": lambda s, e: f"pays {e['servants']} servants.",
    "harvest": lambda s, e: f"harvests at value {e['value']}.",
    "production": lambda s, e: f"produces at value {e['value']}.",
    "produce": lambda s, e: f"uses {_card(s, e['card'])}: pays {words(e['paid'])}, gets {words(e['got'])}.",
    "leader_discard": lambda s, e: f"discards {_leader(s, e['leader'])} for a council privilege.",
    "leader_play": lambda s, e: f"plays {_leader(s, e['leader'])}.",
    "leader_activate": lambda s, e: f"activates {_leader(s, e['leader'])}.",
    "leader_copy": lambda s, e: f"copies {_leader(s, e['leader'])} with Lorenzo de' Medici.",
    "member_value": lambda s, e: f"sets the {e['member']} member to 6 this round.",
    "excommunicated": lambda s, e: (
        f"is excommunicated (tile {e['tile']})" + (" by choice." if e["chose"] else ": not enough faith.")
    ),
    "support": lambda s, e: f"supports the Church: {e['faith']} faith points for {e['vp']} VP.",
    "tile": lambda s, e: f"takes bonus tile {e['tile'].upper()}.",
}


def _order(state: State, order: list[int]) -> str:
    return ", ".join(state["players"][p] for p in order)


GENERAL: dict[str, Callable[[State, Event], str]] = {
    "round": lambda s, e: f"Round {e['round']} (period {e['period']}) begins.",
    "deal": _towers,
    "dice": lambda s, e: "Dice: " + ", ".join(f"{k} {v}" for k, v in e["dice"].items()) + ".",
    "vatican": lambda s, e: f"Vatican report of period {e['period']}: {e['threshold']} faith points needed.",
    "vatican_revealed": lambda s, e: "Vatican answers revealed.",
    "round_end": lambda s, e: f"Round {e['round']} ends. Turn order: {_order(s, e['order'])}.",
    "final": lambda s, e: (
        "Final scoring: " + ", ".join(f"{s['players'][p]} {t}" for p, t in enumerate(e["totals"])) + "."
    ),
    "leaders_dealt": lambda s, e: f"Leaders dealt: {e['each']} each.",
    "draft_pass": lambda s, e: "Leader packets passed to the right.",
    "draft_over": lambda s, e: "The leader draft is over.",
}


def event_text(state: State, event: Event) -> EventText:
    kind = event["type"]
    if kind == "vatican_answer":
        answer = "support the Church" if event["support"] else "accept the excommunication"
        name = state["players"][event["player"]]
        return EventText(f"{name} has answered the Vatican report.", f"You chose to {answer}.", event["player"])
    if kind == "draft_pick":
        name = state["players"][event["player"]]
        return EventText(f"{name} has picked a leader.", f"You keep {event['leader']}.", event["player"])
    if kind in PLAYER:
        return EventText(f"{state['players'][event['player']]} {PLAYER[kind](state, event)}")
    if kind in GENERAL:
        return EventText(GENERAL[kind](state, event))
    return EventText(None)
