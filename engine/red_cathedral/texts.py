"""Event sentences (all public: the game has no hidden information)."""

from __future__ import annotations

from engine.core.i18n import listing

from ..core import EventText
from ..core.json import Json
from .i18n import msg
from .types import (
    Event,
    FinalEvent,
    GainEvent,
    InfluenceEvent,
    JewelsEvent,
    MoveEvent,
    PenaltyEvent,
    RollEvent,
    State,
    TileEvent,
    TurnEvent,
)
from .words import amounts, data_word, guild_of_card, item, prestige, slot_name, space_name, tile_text, times

MAIN = {
    "claim": lambda who: msg("{player} claims a cathedral section.", player=who),
    "build": lambda who: msg("{player} builds.", player=who),
    "market": lambda who: msg("{player} goes to the market.", player=who),
}
BANNER_FROM = {
    "inventory": lambda who: msg("{player} takes a banner from their inventory.", player=who),
    "board": lambda who: msg("{player} takes a banner from their board.", player=who),
}


def event_text(state: State, e: Event) -> EventText:
    who = state["players"][e["player"]] if "player" in e else ""
    return EventText(_sentence(state, who, e))


def _turn(state: State, who: str, e: TurnEvent) -> str:
    return msg("{player}'s last turn.", player=who) if e["last"] else msg("{player}'s turn.", player=who)


def _gain(state: State, who: str, e: GainEvent) -> str:
    got = amounts(e["got"])
    if e["why"] == "market":
        return msg("{player} takes the resources {times}: {got}.", player=who, times=times(e["reps"]), got=got)
    if e["why"] == "workshop":
        return msg(
            "{player} activates the {slot} workshop ({tile}): {got}.",
            player=who,
            slot=slot_name(e["slot"]),
            tile=tile_text(state, e["tile"]),
            got=got,
        )
    return msg("{player} gains {got}.", player=who, got=got)


def _tile(state: State, who: str, e: TileEvent) -> str:
    args: dict[str, Json] = {"player": who, "tile": tile_text(state, e["tile"]), "slot": slot_name(e["slot"])}
    if e["up"]:
        cost = item("rubles", e["paid"])
        if "ornament" in e:
            return msg(
                "{player} places the tile ({tile}) face up for {cost} on {slot} and releases their {piece}.",
                cost=cost,
                piece=data_word(e["ornament"]),
                **args,
            )
        return msg("{player} places the tile ({tile}) face up for {cost} on {slot}.", cost=cost, **args)
    if "ornament" in e:
        return msg(
            "{player} places the tile ({tile}) face down on {slot} and loses their {piece}.",
            piece=data_word(e["ornament"]),
            **args,
        )
    return msg("{player} places the tile ({tile}) face down on {slot}.", **args)


def _jewels(state: State, who: str, e: JewelsEvent) -> str:
    if not e["jewels"]:
        return msg("{player} sets no jewel.", player=who)
    jewels = listing([item(j, 1) for j in e["jewels"]], "and")
    return msg("{player} sets {jewels} into it: +{pp} PP.", player=who, jewels=jewels, pp=e["pp"])


def _penalty(state: State, who: str, e: PenaltyEvent) -> str:
    if e["lost"] < e["rp"]:
        return msg(
            "The Tsar's penalty: {player} loses {rp} RP for unfinished {section} (only {lost} left to lose).",
            player=who,
            rp=e["rp"],
            section=e["section"],
            lost=e["lost"],
        )
    return msg(
        "The Tsar's penalty: {player} loses {rp} RP for unfinished {section}.",
        player=who,
        rp=e["rp"],
        section=e["section"],
    )


def _influence(state: State, who: str, e: InfluenceEvent) -> str:
    args: dict[str, Json] = {"player": who, "guild": guild_of_card(state, e["card"]), "got": amounts(e["got"])}
    if e["times"] > 1:
        if e["paid"]:
            return msg(
                "{player} uses the influence card of {guild} {times}, paying {paid}: {got}.",
                times=times(e["times"]),
                paid=amounts(e["paid"]),
                **args,
            )
        return msg("{player} uses the influence card of {guild} {times}: {got}.", times=times(e["times"]), **args)
    if e["paid"]:
        return msg(
            "{player} uses the influence card of {guild}, paying {paid}: {got}.", paid=amounts(e["paid"]), **args
        )
    return msg("{player} uses the influence card of {guild}: {got}.", **args)


def _final(state: State, who: str, e: FinalEvent) -> str:
    seats = e["result"]["seats"]
    parts = [msg("{player} {pp} PP", player=state["players"][p], pp=s["total"]) for p, s in enumerate(seats)]
    return msg("Final scoring: {scores}.", scores=listing(parts, ""))


def _roll(state: State, who: str, e: RollEvent) -> str:
    faces = [msg("{colour} {face}", colour=data_word(c), face=f) for c, f in e["faces"].items()]
    return msg(
        "Dice on space {space} roll: {faces}.", space=e["space"] + 1, faces=listing(faces, "") if faces else msg("none")
    )


def _move(state: State, who: str, e: MoveEvent) -> str:
    args: dict[str, Json] = {
        "player": who,
        "colour": data_word(e["die"]),
        "start": e["from"] + 1,
        "to": space_name(state, e["to"]),
    }
    if e["from"] == e["to"]:  # 8 spaces, always paid for (a face is at most 6)
        return msg(
            "{player} moves the {colour} die once round the ring, back to {to}, paying {cost}.",
            cost=item("rubles", e["paid"]),
            **args,
        )
    if e["paid"]:
        return msg(
            "{player} moves the {colour} die from space {start} to {to}, paying {cost}.",
            cost=item("rubles", e["paid"]),
            **args,
        )
    return msg("{player} moves the {colour} die from space {start} to {to}.", **args)


def _sentence(state: State, w: str, e: Event) -> str | None:
    """The event's public sentence, by its type (each test narrows ``e`` to that type's record)."""
    if e["type"] == "turn":
        return _turn(state, w, e)
    if e["type"] == "main":
        return MAIN[e["action"]](w)
    if e["type"] == "sell":
        return msg(
            "{player} sells {points} for {rubles} rubles.", player=w, points=prestige(e["pp"]), rubles=e["rubles"]
        )
    if e["type"] == "reroll":
        return msg("{player} gives 1 prestige point to re-roll {space}.", player=w, space=space_name(state, e["space"]))
    if e["type"] == "roll":
        return _roll(state, w, e)
    if e["type"] == "banner":
        return BANNER_FROM[e["from"]](w)
    if e["type"] == "claim":
        return msg("{player} claims {section}.", player=w, section=e["section"])
    if e["type"] == "tile":
        return _tile(state, w, e)
    if e["type"] == "gain":
        return _gain(state, w, e)
    if e["type"] == "deliver":
        return msg(
            "{player} delivers {material} to {section}.",
            player=w,
            material=item(e["material"], 1),
            section=e["section"],
        )
    if e["type"] == "decorate":
        return msg(
            "{player} places a {piece} on {section}.", player=w, piece=data_word(e["ornament"]), section=e["section"]
        )
    if e["type"] == "jewels":
        return _jewels(state, w, e)
    if e["type"] == "complete":
        return msg(
            "{player} completes {section}: +{rp} RP, +{money}.",
            player=w,
            section=e["section"],
            rp=e["rp"],
            money=item("rubles", e["rubles"]),
        )
    if e["type"] == "penalty":
        return _penalty(state, w, e)
    if e["type"] == "trigger":
        return msg(
            "{player} has completed their 6th section: +{pp} PP. Everyone else has one last turn.", player=w, pp=e["pp"]
        )
    if e["type"] == "move":
        return _move(state, w, e)
    if e["type"] == "influence":
        return _influence(state, w, e)
    if e["type"] == "end_turn":
        return msg("{player} ends their turn.", player=w)
    if e["type"] == "final":
        return _final(state, w, e)
    return None
