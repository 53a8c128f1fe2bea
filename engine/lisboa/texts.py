"""Lisboa events as sentences for the channel, and a plain-text table for terminals.

Every event the rules emit has a sentence here (a test plays random games and checks that no
event falls back to the generic line). Hidden things stay out of public sentences: the clergy
tile kept at setup and draft picks are told only to their owner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import EventText
from .rules import pack_of

State = dict[str, Any]
Event = dict[str, Any]


def _name(state: State, seat: Any) -> str:
    return str(state["players"][seat]) if isinstance(seat, int) and 0 <= seat < len(state["players"]) else "?"


def _words(name: Any) -> str:
    return str(name).replace("_", " ")


def _list(items: list[Any]) -> str:
    return ", ".join(str(i) for i in items) if items else "nothing"


NOBLES = {"maia": ("Maia", "Maia"), "marquis": ("Marquis", "the Marquis"), "king": ("King", "the King")}
STACKS = {"treasury": "Treasury", **{k: v[0] for k, v in NOBLES.items()}}


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _card(state: State, card: Any) -> str:
    """``red-03 (Maia)``: the id with the card's kind, which players know it by."""
    cards = pack_of(state).cards
    if not isinstance(card, str) or card not in cards:
        return str(card)
    return f"{card} ({STACKS.get(cards[card].kind, cards[card].kind)})"


def _readable(state: State, e: Event) -> Event:
    """A copy of ``e`` with nobles, stacks and cards named as players say them."""
    out = dict(e)
    if out.get("noble") in NOBLES:
        out["noble"], out["noble_full"] = NOBLES[out["noble"]]
    if out.get("stack") in STACKS:
        out["stack"] = STACKS[out["stack"]]
    for key in ("card", "revealed"):
        if key in out and out.get(key):
            out[key] = _card(state, out[key])
    return out


def _gain(e: Event) -> str:
    lost = f" ({e['lost']} over the warehouse limit returned)" if e.get("lost") else ""
    return f"gains {e['gain']} {e['good']}{lost}"


def _influence(e: Event) -> str:
    wig = f" and {e['wigs']} wig at the maximum" if e.get("wigs") else ""
    return f"gains {e['gain']} influence{wig} ({e['why']})"


def _pay_influence(e: Event) -> str:
    parts = [f"{e[k]} {k}" for k in ("influence", "reis", "wigs") if e.get(k)]
    return f"pays {' + '.join(parts) or 'nothing'} ({e['why']})".replace("reis", "réis")


def _pay_reis(e: Event) -> str:
    by = f", {e['by_influence']} of it with influence" if e.get("by_influence") else ""
    return f"pays {e['cost']} réis{by} ({e['why']})"


def _follow_skipped(e: Event) -> str:
    why = "does not hold the favor" if e["why"] == "no_favor" else "has no follow they can complete and pay for"
    return f"cannot follow the {e['noble']} visit: {why}"


# Sentences that start with the acting player's name.
PLAYER: dict[str, Callable[[Event], str]] = {
    "dock": lambda e: f"'s {e['ship']} docks; its cargo ({_list(e['goods'])}) returns to the supply",
    "portfolio_play": lambda e: f"plays {e['card']} to the portfolio",
    "portfolio_add": lambda e: f"places {e['card']} in the {e['row']} row",
    "portfolio_discard": lambda e: (
        f"discards {e['card']} from the portfolio"
        + (f" (its cargo {_list(e['goods_lost'])} is lost)" if e.get("goods_lost") else "")
    ),
    "card_bottom": lambda e: f"resolves the bottom of {e['card']} ({e['effect']})",
    "subsidy": lambda e: f"takes a subsidy of {e['reis']} réis",
    "discard_for_gold": lambda e: f"discards {e['card']} for 1 gold",
    "goods": _gain,
    "influence": _influence,
    "pay_influence": _pay_influence,
    "pay_reis": _pay_reis,
    "penalty_skipped": lambda e: "cannot pay the penalty; it is skipped",
    "sell": lambda e: f"sells {e['good']} into {e['ship']} for {e['reis']} réis",
    "sail": lambda e: f"'s {e['ship']} is full and sets sail: +{e['wigs']} wigs",
    "trade": lambda e: f"trades {e['good']} for {_words(e['action'])}",
    "state_action": lambda e: f"takes the state action {_words(e['action'])}",
    "action_lost": lambda e: f"cannot do {_words(e['action'])}; it is lost",
    "no_action": lambda e: "has no action left to take",
    "official": lambda e: (
        f"places an official in the {e['noble']} office"
        + (f" (displacing {', '.join(e['displaced'])} to the plaza)" if e.get("displaced") else "")
    ),
    "recall": lambda e: f"returns an official from the {e['place']} to their board ({e['why']})",
    "plan": lambda e: f"takes plan {e['plan']}",
    "ship": lambda e: (
        f"builds {e['ship']}" + (f" upgrading {e['old']}" if e.get("old") else "") + f", paying {_list(e['pay'])}"
    ),
    "favor": lambda e: f"takes the {e['noble']} Royal Favor ({e['why']})",
    "cardinal": lambda e: f"moves the Cardinal to {e['to']} and takes clergy tile {e['tile']}",
    "church_triggered": lambda e: "moves the Cardinal past the church icon: church scoring at the end of this turn",
    "church_discard": lambda e: f"discards clergy tile(s) {_list(e['tiles'])} for {e['wigs']} wigs",
    "church_pass": lambda e: "keeps their clergy tiles",
    "rubble": lambda e: (
        f"takes {_a(e['rubble'])} rubble cube"
        + ("" if e.get("kept") else " (the 5-cube limit: it leaves the game)")
        + (f", +{e['reis']} réis" if e.get("reis") else "")
    ),
    "rubble_set": lambda e: f"completes rubble set #{e['sets']}",
    "decree": lambda e: f"takes decree {e['card']}" + (" (extra, for a rubble-set marker)" if e.get("extra") else ""),
    "visit": lambda e: (
        f"visits {e['noble_full']} with {e['card']}" + (f" (+{e['reis']} réis)" if e.get("reis") else "")
    ),
    "no_free_action": lambda e: "takes no free state action",
    "noble_action": lambda e: (
        f"performs {_words(e['action'])}" + (" (sponsored: no follow)" if e.get("sponsored") else "")
    ),
    "follow": lambda e: f"follows the {e['noble']} visit: {_words(e['action'])}",
    "follow_declined": lambda e: f"declines to follow the {e['noble']} visit",
    "follow_skipped": _follow_skipped,
    "follow_window_closed": lambda e: f"'s {e['noble']} visit is over; nobody else may follow",
    "court_cleared": lambda e: f"'s card {e['card']} leaves the court",
    "sponsor": lambda e: f"sponsors an event with {e['card']} ({e['centre']})",
    "draw": lambda e: (
        f"draws {e['card']} from the {e['stack']} stack"
        + (f"; {e['revealed']} is revealed" if e.get("revealed") else "; that stack is empty")
    ),
    "no_cards": lambda e: "has no card in hand and passes",
    "era_end_triggered": lambda e: "triggers the end of era 1 (at the end of this turn)",
    "game_end_triggered": lambda e: "triggers the end of the game: this round and one more are played",
    "era_wigs": lambda e: f"scores {e['wigs']} wigs for {e['sets']} rubble set(s)",
    "era_discards": lambda e: f"discards {_list(e['cards'])} at the end of era 1",
    "era_reward": lambda e: f"takes the reward of {e['card']}",
    "era_draw": lambda e: f"draws {e['cards']} purple card(s)",
    "bonus_reis": lambda e: f"gains {e['reis']} réis ({e['why']})",
    "rubble_discard": lambda e: f"discards {_a(e['rubble'])} rubble cube just taken for {e['wigs']} wigs (CL-29)",
    "store_tile": lambda e: f"takes the {e['type']} city tile from {e['space']}",
    "store_lot": lambda e: f"places a {e['type']} store on lot {e['lot']}, facing street {e['street']}",
    "house": lambda e: f"places a house from the {e['group']} store group ({e['left']} left there)",
    "store_built": lambda e: (
        f"builds a {e['type']} store on {e['lot']} for {e['cost']} réis: +{e['wigs']} wigs"
        + f" ({e['related']} related public building(s))"
    ),
    "building_opened": lambda e: (
        f"opens public building {e['building']} ({e['face']} face) on {e['site']}" + f" with plan {e['plan']}"
    ),
    "officials_hired": lambda e: f"hires {e['n']} missing official(s)",
    "plan_completed": lambda e: f"completes plan {e['plan']} ({e['officials']} officials)",
    "store_scored": lambda e: f"'s store on {e['lot']} scores {e['wigs']} wigs (public building on {e['site']})",
    "building_wigs": lambda e: f"gains {e['wigs']} wigs for opening a public building (CL-21)",
}
TABLE: dict[str, Callable[[State, Event], str]] = {
    "turn": lambda s, e: f"— Turn {e['turn']} (round {e['round']}): {_name(s, e['player'])} —",
    "price": lambda s, e: f"The {e['good']} price drops from {e['from']} to {e['to']}.",
    "treasury": lambda s, e: f"The treasury marker moves from space {e['from'] + 1} to {e['to'] + 1} ({e['why']}).",
    "refill": lambda s, e: "The city tiles, church track and decree display are refilled.",
    "cardinal_stands": lambda s, e: "The Cardinal stands up again.",
    "building_refill": lambda s, e: (
        f"The {e['colour']} construction space "
        + (f"now shows {e['building']}." if e["building"] else "stays empty: that colour can no longer be built.")
    ),
    "era_end": lambda s, e: (
        f"End of era 1: the display is cleared, the era-2 ships enter the shipyard; "
        f"discards start with {_name(s, e['by'])}."
    ),
    "era_two": lambda s, e: "Era 2 begins: the brown cards form the display.",
    "game_over": lambda s, e: (
        "Game over. Winner"
        + ("s" if len(e["winners"]) > 1 else "")
        + ": "
        + ", ".join(_name(s, w) for w in e["winners"])
        + "."
    ),
}


def event_text(state: State, e: Event) -> EventText:
    kind = e["kind"]
    who = _name(state, e.get("player"))
    if kind == "keep_clergy":
        return EventText(f"{who} keeps a starting clergy tile.", f"You keep {e.get('tile')}.", e["player"])
    if kind == "draft_pick":
        return EventText(f"{who} has picked.", f"You keep {_list(e['cards'])}.", e["player"])
    if kind == "era_wigs" and not e["wigs"]:
        return EventText(None)
    if kind in PLAYER:
        text = PLAYER[kind](_readable(state, e))
        return EventText(f"{who}{'' if text.startswith(chr(39)) else ' '}{text}.")
    if kind in TABLE:
        return EventText(TABLE[kind](state, e))
    return EventText(generic_text(state, e))


def generic_text(state: State, e: Event) -> str:
    """The fallback line for an event without a sentence of its own (a test keeps it unused)."""
    details = ", ".join(f"{k} {v}" for k, v in sorted(e.items()) if k not in ("kind", "player", "forced"))
    return f"{_name(state, e.get('player'))}: {_words(e['kind'])}" + (f" ({details})" if details else "") + "."


def view_text(view: dict[str, Any]) -> str:
    """A compact plain-text table for the terminal client."""
    lines = [
        f"Lisboa — era {view['era']}, round {view['round']}, turn {view['turn']}; treasury space "
        f"{view['treasury'] + 1}; prices " + ", ".join(f"{g} {p}" for g, p in view["prices"].items())
    ]
    for kind, stack in view["political"]["display"].items():
        lines.append(f"  display {kind}: {stack['top'] or '-'} ({stack['count']})")
    lines.append(
        "  decrees: " + _list(view["decrees"]["display"]) + f"; shipyard top: "
        f"{view['shipyard'][0] if view['shipyard'] else '-'}"
    )
    lines.append("  offices: " + "; ".join(f"{n} {dict(sorted(o.items()))}" for n, o in view["offices"].items()))
    for seat, b in enumerate(view["boards"]):
        hand = b["hand"] if isinstance(b["hand"], list) else f"{b['hand']} cards"
        lines.append(
            f"{view['players'][seat]}: {b['reis']} réis, {b['wigs']} wigs, influence {b['influence']}, "
            f"goods {b['goods']}, hand {hand}, portfolio {b['portfolio']}, clergy {b['clergy']}, "
            f"favors {b['favors']}, rubble {b['rubble']} ({b['sets']} sets), officials {b['officials']}"
        )
    return "\n".join(lines)
