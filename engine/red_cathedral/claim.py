"""Main action A, claim a cathedral section (teaching script §建築場所の確保; Dized rules 'Claim a
Cathedral section'): take a banner (from the inventory, which frees its space at once, or from the
board), put it on an available section, and place that section's workshop tile in an open slot face
down (free, for good) or face up (paying, with its benefit now and at each activation)."""

from __future__ import annotations

from . import board, free, workshop
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Action, Decision, Events, Source, State, Step

SOURCES: tuple[Source, ...] = ("inventory", "board")


def can_claim(state: State, p: int) -> bool:
    return board.banners_left(state, p) > 0 and bool(board.available(state))


@step("claim")
def _claim(state: State, s: Step, events: Events) -> None:
    ask(state, "banner", s["player"])


def _banner_options(state: State, asked: Decision) -> list[Action]:
    banners = board.seat(state, asked["player"])["banners"]
    return [{"verb": "banner", "from": src} for src in SOURCES if banners[src] > 0]


def _banner(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    board.seat(state, p)["banners"][action["from"]] -= 1
    events.append({"type": "banner", "player": p, "from": action["from"]})
    then(state, {"step": "section", "player": p})


@step("section")
def _section_step(state: State, s: Step, events: Events) -> None:
    ask(state, "section", s["player"])


def _section_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "section", "section": state["sections"][i]["name"]} for i in board.available(state)]


def _section(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    index = board.section_at(state, action["section"])
    state["sections"][index]["owner"] = p
    events.append({"type": "claim", "player": p, "section": action["section"]})
    then(state, {"step": "tile", "player": p, "section": index})


@step("tile")
def _tile_step(state: State, s: Step, events: Events) -> None:
    ask(state, "tile", s["player"], section=s["section"])


def _tile_options(state: State, asked: Decision) -> list[Action]:
    p = asked["player"]
    slots = workshop.open_slots(state, p)
    rubles = board.seat(state, p)["rubles"]
    down: list[Action] = [{"verb": "tile", "slot": s, "up": False} for s in slots]
    up: list[Action] = [
        {"verb": "tile", "slot": s, "up": True} for s in slots if workshop.face_up_cost(state, s) <= rubles
    ]
    return down + up + free.free_options(state, p)


def _tile(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, index = asked["player"], asked["section"]
    if free.is_free(action):
        free.take_free(state, p, action, {"step": "tile", "player": p, "section": index})
        return
    section = state["sections"][index]
    tile, section["tile"] = section["tile"], None
    assert tile is not None, "a section claimed just now still holds its tile"
    workshop.place(state, p, tile, action["slot"], action["up"], events)


kind("banner", _banner_options, _banner, msg("Take which banner?"), default_first=True)
kind("section", _section_options, _section, msg("Put your banner on which section?"), default_first=True)
kind(
    "tile", _tile_options, _tile, msg("Place the section's workshop tile where, and which side up?"), default_first=True
)
