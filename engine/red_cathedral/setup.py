"""Set-up for 2-4 players (teaching script §ゲームの準備), all chance from the state's generator.

In order: markers on track space 2; the 8 resource tiles dealt face up at random; one influence
card per guild drawn from each shuffled deck, the guilds dealt to the quadrants at random (⚠); the
5 dice rolled in random order, the first on the space of the cross tile and each next one on the
next space clockwise; one building plan of the player count drawn; bases, middles and domes
shuffled separately and laid out tower by tower, bottom up; the workshop tiles (without the 3+
ones below 3 players) shuffled and one put on each section; rubles 3/4/4/5 from the first seat.
"""

from __future__ import annotations

from typing import Any

from ..core.rng import randbelow, seed_state, shuffle
from . import model as m
from .data import PACKS

RULES_VERSION = 1
State = dict[str, Any]
TOWER_NAMES = "ABCDEFGHIJ"


def setup(players: list[str], options: dict[str, Any], seed: int, pack: m.Pack) -> State:
    n = len(players)
    state: State = {
        "players": list(players),
        "rng": seed_state(seed),
        "pack": PACKS.record(pack),
        "rules_version": RULES_VERSION,
        "options": dict(options),
        "supply": {k: pack.materials[k].supply for k in m.MATERIALS},
        "turn": None,
        "end": None,
        "result": None,
        "queue": [{"step": "turn", "player": 0}],
        "decision": None,
        "frames": [],
        "over": False,
    }
    _market(state, pack)
    _cathedral(state, pack, n)
    colours = [c.id for c in pack.colours.values() if c.player]
    state["seats"] = [_seat(pack, options, colours[p], pack.setups[n].rubles[p]) for p in range(n)]
    return state


def _seat(pack: m.Pack, options: dict[str, Any], colour: str, rubles: int) -> dict[str, Any]:
    rules = pack.rules
    basic = options["workshop"] == "basic"
    return {
        "colour": colour,
        "rubles": rubles,
        "pos": pack.track.start,
        "inventory": dict.fromkeys(m.MATERIALS, 0),
        "banners": {"inventory": rules.banners_in_inventory, "board": rules.banners - rules.banners_in_inventory},
        "ornaments": {o.id: o.per_player if basic else 0 for o in pack.ornaments.values()},
        "lost": dict.fromkeys(m.ORNAMENTS, 0),
        "slots": dict.fromkeys(m.SLOTS),
    }


def _market(state: State, pack: m.Pack) -> None:
    tiles = list(pack.resource_tiles)
    shuffle(state, tiles)
    state["spaces"] = [{"tile": t, "dice": []} for t in tiles]
    quadrants = list(m.GROUPS)
    shuffle(state, quadrants)
    state["quadrants"] = quadrants
    state["influence"] = {}
    for group in m.GROUPS:
        deck = [c.id for c in pack.influence.values() if c.group == group]
        state["influence"][group] = deck[randbelow(state, len(deck))]
    order = [c for c in pack.colours]
    shuffle(state, order)
    start = next(i for i, t in enumerate(tiles) if pack.resource_tiles[t].cross)
    state["faces"] = {}
    for k, colour in enumerate(order):
        state["faces"][colour] = randbelow(state, pack.rules.die_faces) + 1
        state["spaces"][(start + k) % len(tiles)]["dice"].append(colour)


def _cathedral(state: State, pack: m.Pack, n: int) -> None:
    plans = [p.id for p in pack.plans.values() if p.players == n]
    plan = pack.plans[plans[randbelow(state, len(plans))]]
    decks = {level: [s.id for s in pack.sections.values() if s.level == level] for level in m.LEVELS}
    for deck in decks.values():
        shuffle(state, deck)
    tiles = [t.id for t in pack.tiles.values() if pack.setups[n].three_plus_tiles or not t.three_plus]
    shuffle(state, tiles)
    state["plan"] = plan.id
    state["towers"], state["sections"] = [], []
    for t, middles in enumerate(plan.middles):
        levels = ["base"] + ["middle"] * middles + ["dome"]
        tower = []
        for level_no, level in enumerate(levels):
            tower.append(len(state["sections"]))
            state["sections"].append(
                {
                    "name": f"{TOWER_NAMES[t]}{level_no + 1}",
                    "card": decks[level].pop(),
                    "tower": t,
                    "level": level_no,
                    "tile": tiles.pop(),
                    "owner": None,
                    "delivered": {},
                    "done": False,
                    "ornament": None,
                }
            )
        state["towers"].append(tower)
