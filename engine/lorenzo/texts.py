"""Lorenzo's events as sentences, and the plain-text board for terminals and the bot.

Secret answers (a Vatican answer, a draft pick) are told only to their player; the public line
says who has answered. Everything else is public. Every sentence is a
:class:`~engine.core.i18n.Msg` (translated at the edge).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.decisions import EventText
from ..core.i18n import listing
from .board import State, pack
from .i18n import DOMAIN, msg, msgn
from .types import LEvent
from .words import COLOURS, TOWERS, card_name, leader_name, privileges, space_name, word, words

Event = LEvent


def _source(state: State, e: Event) -> str:
    if "card" in e:
        return card_name(state, e["card"])
    if "leader" in e:
        return leader_name(state, e["leader"])
    if "privilege" in e:
        return msg("a privilege")
    if "space" in e:
        space = pack(state).spaces[e["space"]]
        return msg("the floor bonus") if space.area == "tower" else space_name(state, e["space"])
    return msg("the bonus tile")


def _gain(state: State, e: Event, who: str) -> str:
    got, source = words(e["got"]), _source(state, e)
    if e["lost"]:
        return msg(
            "{player} gains {got} from {source} ({lost} lost to excommunication).",
            player=who,
            got=got,
            source=source,
            lost=words(e["lost"]),
        )
    return msg("{player} gains {got} from {source}.", player=who, got=got, source=source)


def _place(state: State, e: Event, who: str) -> str:
    member, space = word(COLOURS, e["member"]), space_name(state, e["space"])
    if e["servants"]:
        return msgn(
            "{player} places the {member} member on {space} (value {value}, paying {n} servant).",
            "{player} places the {member} member on {space} (value {value}, paying {n} servants).",
            e["servants"],
            player=who,
            member=member,
            space=space,
            value=e["value"],
        )
    return msg(
        "{player} places the {member} member on {space} (value {value}).",
        player=who,
        member=member,
        space=space,
        value=e["value"],
    )


def _card_taken(state: State, e: Event, who: str) -> str:
    card, paid = card_name(state, e["card"]), words(e["paid"])
    if e["granted"]:
        return msg("{player} takes {card} with a card's action, paying {paid}.", player=who, card=card, paid=paid)
    return msg("{player} takes {card}, paying {paid}.", player=who, card=card, paid=paid)


def _excommunicated(state: State, e: Event, who: str) -> str:
    if e["chose"]:
        return msg("{player} is excommunicated (tile {tile}) by choice.", player=who, tile=e["tile"])
    return msg("{player} is excommunicated (tile {tile}): not enough faith.", player=who, tile=e["tile"])


def _towers(state: State, e: Event) -> str:
    shown: str | None = None
    for tower in [t for t in pack(state).towers if t in e["towers"]]:  # the board's order, not the event's
        ids = e["towers"][tower]
        cards = listing([card_name(state, c) for c in ids], "")
        part = msg("{tower}: {cards}", tower=word(TOWERS, tower), cards=cards)
        shown = part if shown is None else msg("{first}; {then}", first=shown, then=part)
    return msg("New cards. {cards}.", cards=shown or "")


PlayerText = Callable[[State, Event, str], str]
PLAYER: dict[str, PlayerText] = {
    "late": lambda s, e, who: msg(
        "{player} is excommunicated (2.7): loses the first turn and places the last member at the end.", player=who
    ),
    "skip": lambda s, e, who: msg("{player} has no legal placement and skips the turn.", player=who),
    "pass": lambda s, e, who: msg("{player} passes.", player=who),
    "place": _place,
    "tax": lambda s, e, who: msg(
        "{player} pays {n} coins: the {tower} tower is occupied.",
        player=who,
        n=e["coins"],
        tower=word(TOWERS, e["tower"]),
    ),
    "gain": _gain,
    "privilege": lambda s, e, who: msg("{player} chooses {privileges}.", player=who, privileges=privileges(e["ids"])),
    "card": _card_taken,
    "lapse": lambda s, e, who: msg(
        "{player} can take no card with {card}: the action lapses.", player=who, card=card_name(s, e["card"])
    ),
    "decline": lambda s, e, who: msg(
        "{player} declines the action of {card}.", player=who, card=card_name(s, e["card"])
    ),
    "servants": lambda s, e, who: msgn(
        "{player} pays {n} servant.", "{player} pays {n} servants.", e["servants"], player=who
    ),
    "harvest": lambda s, e, who: msg("{player} harvests at value {value}.", player=who, value=e["value"]),
    "production": lambda s, e, who: msg("{player} produces at value {value}.", player=who, value=e["value"]),
    "produce": lambda s, e, who: msg(
        "{player} uses {card}: pays {paid}, gets {got}.",
        player=who,
        card=card_name(s, e["card"]),
        paid=words(e["paid"]),
        got=words(e["got"]),
    ),
    "leader_discard": lambda s, e, who: msg(
        "{player} discards {leader} for a council privilege.", player=who, leader=leader_name(s, e["leader"])
    ),
    "leader_play": lambda s, e, who: msg("{player} plays {leader}.", player=who, leader=leader_name(s, e["leader"])),
    "leader_activate": lambda s, e, who: msg(
        "{player} activates {leader}.", player=who, leader=leader_name(s, e["leader"])
    ),
    "leader_copy": lambda s, e, who: msg(
        "{player} copies {leader} with Lorenzo de' Medici.", player=who, leader=leader_name(s, e["leader"])
    ),
    "member_value": lambda s, e, who: msg(
        "{player} sets the {member} member to 6 this round.", player=who, member=word(COLOURS, e["member"])
    ),
    "excommunicated": _excommunicated,
    "support": lambda s, e, who: msg(
        "{player} supports the Church: {faith} faith points for {vp} VP.", player=who, faith=e["faith"], vp=e["vp"]
    ),
    "tile": lambda s, e, who: msg("{player} takes bonus tile {tile}.", player=who, tile=e["tile"].upper()),
}


def _names(state: State, seats: list[int]) -> str:
    return listing([state["players"][p] for p in seats], "")


# Each message made on its own line: Babel's extractor does not see a message inside another's call.
def _die(colour: str, value: int) -> str:
    return msg("{colour} {n}", colour=word(COLOURS, colour), n=value)


def _score(state: State, seat: int, total: int) -> str:
    return msg("{player} {total}", player=state["players"][seat], total=total)


GENERAL: dict[str, Callable[[State, Event], str]] = {
    "round": lambda s, e: msg("Round {round} (period {period}) begins.", round=e["round"], period=e["period"]),
    "deal": _towers,
    "dice": lambda s, e: msg("Dice: {dice}.", dice=listing([_die(k, v) for k, v in e["dice"].items()], "")),
    "vatican": lambda s, e: msg(
        "Vatican report of period {period}: {threshold} faith points needed.",
        period=e["period"],
        threshold=e["threshold"],
    ),
    "vatican_revealed": lambda s, e: msg("Vatican answers revealed."),
    "round_end": lambda s, e: msg(
        "Round {round} ends. Turn order: {order}.", round=e["round"], order=_names(s, e["order"])
    ),
    "final": lambda s, e: msg(
        "Final scoring: {scores}.", scores=listing([_score(s, p, t) for p, t in enumerate(e["totals"])], "")
    ),
    "leaders_dealt": lambda s, e: msg("Leaders dealt: {each} each.", each=e["each"]),
    "draft_pass": lambda s, e: msg("Leader packets passed to the right."),
    "draft_over": lambda s, e: msg("The leader draft is over."),
}


def event_text(state: State, event: Event) -> EventText:
    kind = event["type"]
    if kind == "vatican_answer":
        name = state["players"][event["player"]]
        mine = (
            msg("You chose to support the Church.")
            if event["support"]
            else msg("You chose to accept the excommunication.")
        )
        return EventText(msg("{player} has answered the Vatican report.", player=name), mine, event["player"])
    if kind == "draft_pick":
        name = state["players"][event["player"]]
        # The event names the leader by its key; the catalogue gives each key the leader's name.
        kept = msg("You keep {leader}.", leader=DOMAIN.data(event["leader"]))
        return EventText(msg("{player} has picked a leader.", player=name), kept, event["player"])
    if kind in PLAYER:
        return EventText(PLAYER[kind](state, event, state["players"][event["player"]]))
    if kind in GENERAL:
        return EventText(GENERAL[kind](state, event))
    return EventText(None)
