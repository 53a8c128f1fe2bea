"""Lisboa events as sentences for the channel, and a plain-text table for terminals.

Sentences are :mod:`.i18n` messages (English as written here, other languages from the
catalogue); the terminal table (:func:`view_text`) stays English.

Every event the rules emit has a sentence here (a test plays random games and checks that no
event falls back to the generic line). Hidden things stay out of public sentences: the clergy
tile kept at setup and draft picks are told only to their owner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Literal

from ..core import EventText
from ..core.i18n import listing
from . import names
from .i18n import msg, msgn
from .names import NOBLES, OFFICES, STACKS
from .rules import pack_of
from .types import LEvent
from .types import LState as State

Event = LEvent


def _name(state: State, seat: object) -> str:
    return str(state["players"][seat]) if isinstance(seat, int) and 0 <= seat < len(state["players"]) else "?"


def _words(name: object) -> str:
    return str(name).replace("_", " ")


def _card(state: State, card: object) -> str:
    """``red-03 (Maia)``: the id with the card's kind, which players know it by."""
    cards = pack_of(state).cards
    if not isinstance(card, str) or card not in cards:
        return names.ship(card)  # a ship card by its id (``ship-blue-1``), anything else as it is
    return _card_named(card, cards[card].kind)


@lru_cache(maxsize=1024)  # messages are immutable: one per card
def _card_named(card: str, kind: str) -> str:
    return msg("{card} ({kind})", card=names.card_id(card), kind=STACKS.get(kind) or kind)


def _cards(items: int | Sequence[object]) -> str:
    """Card ids as players read them (an event's ``cards``: ids, but a count where ``era_draw`` tells it)."""
    return names.nothing_or([names.card_id(c) for c in ([] if isinstance(items, int) else items)])


def _noble(e: Event) -> str:
    return NOBLES[e["noble"]][0] if e.get("noble") in NOBLES else str(e.get("noble"))


def _count(cards: int | list[str]) -> int:
    """How many cards an event's ``cards`` (a count, or ids) stands for."""
    return cards if isinstance(cards, int) else len(cards)


def _card_of(state: State, e: Event, key: Literal["card", "revealed"] = "card") -> str:
    return _card(state, e[key]) if e.get(key) else str(e.get(key))


def _an(rubble: object) -> bool:
    return str(rubble)[:1] in "aeiou"


def _pay_influence(s: State, e: Event, who: str) -> str:
    parts: list[str] = []
    if e.get("influence"):
        parts.append(msg("{n} influence", n=e["influence"]))
    if e.get("reis"):
        parts.append(msg("{n} réis", n=e["reis"]))
    if e.get("wigs"):
        parts.append(msgn("{n} wig", "{n} wigs", e["wigs"]))
    if not parts:
        return msg("{player} pays nothing ({why}).", player=who, why=names.why(e["why"]))
    paid = parts[-1]
    for part in reversed(parts[:-1]):
        paid = msg("{first} + {rest}", first=part, rest=paid)
    return msg("{player} pays {paid} ({why}).", player=who, paid=paid, why=names.why(e["why"]))


def _follow_skipped(s: State, e: Event, who: str) -> str:
    if e["why"] == "no_favor":
        return msg("{player} cannot follow the {noble} visit: does not hold the favor.", player=who, noble=_noble(e))
    return msg(
        "{player} cannot follow the {noble} visit: has no follow they can complete and pay for.",
        player=who,
        noble=_noble(e),
    )


def _rubble(s: State, e: Event, who: str) -> str:
    limit = "" if e.get("kept") else msg(" (the 5-cube limit: it leaves the game)")
    reis = msg(", +{n} réis", n=e["reis"]) if e.get("reis") else ""
    cube = names.data(e["rubble"])
    if _an(e["rubble"]):
        return msg(
            "{player} takes an {rubble} rubble cube{limit}{reis}.", player=who, rubble=cube, limit=limit, reis=reis
        )
    return msg("{player} takes a {rubble} rubble cube{limit}{reis}.", player=who, rubble=cube, limit=limit, reis=reis)


def _rubble_discard(s: State, e: Event, who: str) -> str:
    cube = names.data(e["rubble"])
    if _an(e["rubble"]):
        return msgn(
            "{player} discards an {rubble} rubble cube just taken for {n} wig (CL-29).",
            "{player} discards an {rubble} rubble cube just taken for {n} wigs (CL-29).",
            e["wigs"],
            player=who,
            rubble=cube,
        )
    return msgn(
        "{player} discards a {rubble} rubble cube just taken for {n} wig (CL-29).",
        "{player} discards a {rubble} rubble cube just taken for {n} wigs (CL-29).",
        e["wigs"],
        player=who,
        rubble=cube,
    )


def _draw(s: State, e: Event, who: str) -> str:
    card, stack = _card_of(s, e), STACKS.get(e["stack"]) or str(e["stack"])
    if e.get("revealed"):
        return msg(
            "{player} draws {card} from the {stack} stack; {revealed} is revealed.",
            player=who,
            card=card,
            stack=stack,
            revealed=_card_of(s, e, "revealed"),
        )
    return msg("{player} draws {card} from the {stack} stack; that stack is empty.", player=who, card=card, stack=stack)


def _ship(s: State, e: Event, who: str) -> str:
    upgrade = msg(" upgrading {old}", old=names.ship(e["old"])) if e.get("old") else ""
    return msg(
        "{player} builds {ship}{upgrade}, paying {pay}.",
        player=who,
        ship=names.ship(e["ship"]),
        upgrade=upgrade,
        pay=names.nothing_or(names.goods(e["pay"])),
    )


def _cargo_lost(e: Event) -> str:
    if not e.get("goods_lost"):
        return ""
    lost = names.nothing_or(names.goods(e["goods_lost"]))
    return msg(" (its cargo {goods} is lost)", goods=lost)


def _displaced(e: Event) -> str:
    if not e.get("displaced"):
        return ""
    seats = listing(e["displaced"], "")
    return msg(" (displacing {seats} to the plaza)", seats=seats)


# Sentences of an acting player's events: (state, event, the player's name) → the sentence.
PLAYER: dict[str, Callable[[State, Event, str], str]] = {
    "dock": lambda s, e, who: msg(
        "{player}'s {ship} docks; its cargo ({goods}) returns to the supply.",
        player=who,
        ship=names.ship(e["ship"]),
        goods=names.nothing_or(names.goods(e["goods"])),
    ),
    "portfolio_play": lambda s, e, who: msg("{player} plays {card} to the portfolio.", player=who, card=_card_of(s, e)),
    "portfolio_add": lambda s, e, who: msg(
        "{player} places {card} in the {row} row.", player=who, card=_card_of(s, e), row=names.place(e["row"])
    ),
    "portfolio_discard": lambda s, e, who: msg(
        "{player} discards {card} from the portfolio{lost}.",
        player=who,
        card=_card_of(s, e),
        lost=_cargo_lost(e),
    ),
    "card_bottom": lambda s, e, who: msg(
        "{player} resolves the bottom of {card} ({effect}).", player=who, card=_card_of(s, e), effect=e["effect"]
    ),
    "subsidy": lambda s, e, who: msg("{player} takes a subsidy of {reis} réis.", player=who, reis=e["reis"]),
    "discard_for_gold": lambda s, e, who: msg("{player} discards {card} for 1 gold.", player=who, card=_card_of(s, e)),
    "goods": lambda s, e, who: msg(
        "{player} gains {gain} {good}{lost}.",
        player=who,
        gain=e["gain"],
        good=names.data(e["good"]),
        lost=msg(" ({n} over the warehouse limit returned)", n=e["lost"]) if e.get("lost") else "",
    ),
    "influence": lambda s, e, who: msg(
        "{player} gains {gain} influence{bonus} ({why}).",
        player=who,
        gain=e["gain"],
        bonus=msgn(" and {n} wig at the maximum", " and {n} wigs at the maximum", e["wigs"]) if e.get("wigs") else "",
        why=names.why(e["why"]),
    ),
    "pay_influence": _pay_influence,
    "pay_reis": lambda s, e, who: msg(
        "{player} pays {cost} réis{by} ({why}).",
        player=who,
        cost=e["cost"],
        by=msg(", {n} of it with influence", n=e["by_influence"]) if e.get("by_influence") else "",
        why=names.why(e["why"]),
    ),
    "penalty_skipped": lambda s, e, who: msg("{player} cannot pay the penalty; it is skipped.", player=who),
    "sell": lambda s, e, who: msg(
        "{player} sells {good} into {ship} for {reis} réis.",
        player=who,
        good=names.data(e["good"]),
        ship=names.ship(e["ship"]),
        reis=e["reis"],
    ),
    "sail": lambda s, e, who: msgn(
        "{player}'s {ship} is full and sets sail: +{n} wig.",
        "{player}'s {ship} is full and sets sail: +{n} wigs.",
        e["wigs"],
        player=who,
        ship=names.ship(e["ship"]),
    ),
    "trade": lambda s, e, who: msg(
        "{player} trades {good} for {action}.",
        player=who,
        good=names.data(e["good"]),
        action=names.action(e["action"]),
    ),
    "state_action": lambda s, e, who: msg(
        "{player} takes the state action {action}.", player=who, action=names.action(e["action"])
    ),
    "action_lost": lambda s, e, who: msg(
        "{player} cannot do {action}; it is lost.", player=who, action=names.action(e["action"])
    ),
    "no_action": lambda s, e, who: msg("{player} has no action left to take.", player=who),
    "official": lambda s, e, who: msg(
        "{player} places an official in the {noble} office{displaced}.",
        player=who,
        noble=_noble(e),
        displaced=_displaced(e),
    ),
    "recall": lambda s, e, who: msg(
        "{player} returns an official from the {place} to their board ({why}).",
        player=who,
        place=OFFICES.get(e["place"]) or str(e["place"]),
        why=names.why(e["why"]),
    ),
    "plan": lambda s, e, who: msg("{player} takes plan {plan}.", player=who, plan=e["plan"]),
    "ship": _ship,
    "favor": lambda s, e, who: msg(
        "{player} takes the {noble} Royal Favor ({why}).", player=who, noble=_noble(e), why=names.why(e["why"])
    ),
    "cardinal": lambda s, e, who: msg(
        "{player} moves the Cardinal to {to} and takes clergy tile {tile}.", player=who, to=e["to"], tile=e["tile"]
    ),
    "church_triggered": lambda s, e, who: msg(
        "{player} moves the Cardinal past the church icon: church scoring at the end of this turn.", player=who
    ),
    "church_discard": lambda s, e, who: msgn(
        "{player} discards clergy tile(s) {tiles} for {n} wig.",
        "{player} discards clergy tile(s) {tiles} for {n} wigs.",
        e["wigs"],
        player=who,
        tiles=names.nothing_or(list(e["tiles"])),
    ),
    "church_pass": lambda s, e, who: msg("{player} keeps their clergy tiles.", player=who),
    "rubble": _rubble,
    "rubble_set": lambda s, e, who: msg("{player} completes rubble set #{sets}.", player=who, sets=e["sets"]),
    "decree": lambda s, e, who: msg(
        "{player} takes decree {card}{extra}.",
        player=who,
        card=_card_of(s, e),
        extra=msg(" (extra, for a rubble-set marker)") if e.get("extra") else "",
    ),
    "visit": lambda s, e, who: msg(
        "{player} visits {noble} with {card}{reis}.",
        player=who,
        noble=NOBLES[e["noble"]][1] if e["noble"] in NOBLES else str(e["noble"]),
        card=_card_of(s, e),
        reis=msg(" (+{n} réis)", n=e["reis"]) if e.get("reis") else "",
    ),
    "no_free_action": lambda s, e, who: msg("{player} takes no free state action.", player=who),
    "noble_action": lambda s, e, who: msg(
        "{player} performs {action}{sponsored}.",
        player=who,
        action=names.action(e["action"]),
        sponsored=msg(" (sponsored: no follow)") if e.get("sponsored") else "",
    ),
    "follow": lambda s, e, who: msg(
        "{player} follows the {noble} visit: {action}.", player=who, noble=_noble(e), action=names.action(e["action"])
    ),
    "follow_declined": lambda s, e, who: msg(
        "{player} declines to follow the {noble} visit.", player=who, noble=_noble(e)
    ),
    "follow_skipped": _follow_skipped,
    "follow_window_closed": lambda s, e, who: msg(
        "{player}'s {noble} visit is over; nobody else may follow.", player=who, noble=_noble(e)
    ),
    "court_cleared": lambda s, e, who: msg("{player}'s card {card} leaves the court.", player=who, card=_card_of(s, e)),
    "sponsor": lambda s, e, who: msg(
        "{player} sponsors an event with {card} ({centre}).", player=who, card=_card_of(s, e), centre=e["centre"]
    ),
    "draw": _draw,
    "no_cards": lambda s, e, who: msg("{player} has no card in hand and passes.", player=who),
    "era_end_triggered": lambda s, e, who: msg(
        "{player} triggers the end of era 1 (at the end of this turn).", player=who
    ),
    "game_end_triggered": lambda s, e, who: msg(
        "{player} triggers the end of the game: this round and one more are played.", player=who
    ),
    "era_wigs": lambda s, e, who: msgn(
        "{player} scores {n} wig for {sets} rubble set(s).",
        "{player} scores {n} wigs for {sets} rubble set(s).",
        e["wigs"],
        player=who,
        sets=e["sets"],
    ),
    "era_discards": lambda s, e, who: msg(
        "{player} discards {cards} at the end of era 1.", player=who, cards=_cards(e["cards"])
    ),
    "era_reward": lambda s, e, who: msg("{player} takes the reward of {card}.", player=who, card=_card_of(s, e)),
    "era_draw": lambda s, e, who: msg("{player} draws {n} purple card(s).", player=who, n=_count(e["cards"])),
    "bonus_reis": lambda s, e, who: msg(
        "{player} gains {reis} réis ({why}).", player=who, reis=e["reis"], why=names.why(e["why"])
    ),
    "rubble_discard": _rubble_discard,
    "store_tile": lambda s, e, who: msg(
        "{player} takes the {type} city tile from {space}.",
        player=who,
        type=names.data(e["type"]),
        space=names.data(e["space"]),
    ),
    "store_lot": lambda s, e, who: msg(
        "{player} places a {type} store on lot {lot}, facing street {street}.",
        player=who,
        type=names.data(e["type"]),
        lot=e["lot"],
        street=e["street"],
    ),
    "house": lambda s, e, who: msg(
        "{player} places a house from the {group} store group ({left} left there).",
        player=who,
        group=names.data(e["group"]),
        left=e["left"],
    ),
    "store_built": lambda s, e, who: msgn(
        "{player} builds a {type} store on {lot} for {cost} réis: +{n} wig ({related} related public building(s)).",
        "{player} builds a {type} store on {lot} for {cost} réis: +{n} wigs ({related} related public building(s)).",
        e["wigs"],
        player=who,
        type=names.data(e["type"]),
        lot=e["lot"],
        cost=e["cost"],
        related=e["related"],
    ),
    "building_opened": lambda s, e, who: msg(
        "{player} opens public building {building} ({face} face) on {site} with plan {plan}.",
        player=who,
        building=e["building"],
        face=names.data(e["face"]),
        site=e["site"],
        plan=e["plan"],
    ),
    "officials_hired": lambda s, e, who: msg("{player} hires {n} missing official(s).", player=who, n=e["n"]),
    "plan_completed": lambda s, e, who: msgn(
        "{player} completes plan {plan} ({n} official).",
        "{player} completes plan {plan} ({n} officials).",
        e["officials"],
        player=who,
        plan=e["plan"],
    ),
    "store_scored": lambda s, e, who: msgn(
        "{player}'s store on {lot} scores {n} wig (public building on {site}).",
        "{player}'s store on {lot} scores {n} wigs (public building on {site}).",
        e["wigs"],
        player=who,
        lot=e["lot"],
        site=e["site"],
    ),
    "building_wigs": lambda s, e, who: msgn(
        "{player} gains {n} wig for opening a public building (CL-21).",
        "{player} gains {n} wigs for opening a public building (CL-21).",
        e["wigs"],
        player=who,
    ),
}


def _building_refill(s: State, e: Event) -> str:
    colour = names.data(e["colour"])
    if e["building"]:
        return msg("The {colour} construction space now shows {building}.", colour=colour, building=e["building"])
    return msg("The {colour} construction space stays empty: that colour can no longer be built.", colour=colour)


def _game_over(s: State, e: Event) -> str:
    winners = listing([_name(s, w) for w in e["winners"]], "")
    if len(e["winners"]) > 1:
        return msg("Game over. Winners: {names}.", names=winners)
    return msg("Game over. Winner: {names}.", names=winners)


TABLE: dict[str, Callable[[State, Event], str]] = {
    "turn": lambda s, e: msg(
        "— Turn {turn} (round {round}): {player} —", turn=e["turn"], round=e["round"], player=_name(s, e["player"])
    ),
    "price": lambda s, e: msg(
        "The {good} price drops from {old} to {new}.", good=names.data(e["good"]), old=e["from"], new=e["to"]
    ),
    "treasury": lambda s, e: msg(
        "The treasury marker moves from space {old} to {new} ({why}).",
        old=e["from"] + 1,
        new=int(e["to"]) + 1,
        why=names.why(e["why"]),
    ),
    "refill": lambda s, e: msg("The city tiles, church track and decree display are refilled."),
    "cardinal_stands": lambda s, e: msg("The Cardinal stands up again."),
    "building_refill": _building_refill,
    "era_end": lambda s, e: msg(
        "End of era 1: the display is cleared, the era-2 ships enter the shipyard; discards start with {player}.",
        player=_name(s, e["by"]),
    ),
    "era_two": lambda s, e: msg("Era 2 begins: the brown cards form the display."),
    "game_over": _game_over,
}


def event_text(state: State, e: Event) -> EventText:
    kind = e["kind"]
    who = _name(state, e.get("player"))
    if kind == "keep_clergy":
        return EventText(
            msg("{player} keeps a starting clergy tile.", player=who),
            msg("You keep {tile}.", tile=e.get("tile")),
            e["player"],
        )
    if kind == "draft_pick":
        return EventText(
            msg("{player} has picked.", player=who), msg("You keep {cards}.", cards=_cards(e["cards"])), e["player"]
        )
    if kind == "era_wigs" and not e["wigs"]:
        return EventText(None)
    if kind in PLAYER:
        return EventText(PLAYER[kind](state, e, who))
    if kind in TABLE:
        return EventText(TABLE[kind](state, e))
    return EventText(generic_text(state, e))


def generic_text(state: State, e: Event) -> str:
    """The fallback line for an event without a sentence of its own (a test keeps it unused)."""
    details = ", ".join(f"{k} {v}" for k, v in sorted(e.items()) if k not in ("kind", "player", "forced"))
    return f"{_name(state, e.get('player'))}: {_words(e['kind'])}" + (f" ({details})" if details else "") + "."
