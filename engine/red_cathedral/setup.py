"""Set-up for 2-4 players (teaching script §ゲームの準備), all chance from the state's generator.

In order: markers on track space 2; the 8 resource tiles dealt face up at random; one influence
card per guild drawn from each shuffled deck, the guilds dealt to the quadrants at random (⚠); the
5 dice rolled in random order, the first on the space of the cross tile and each next one on the
next space clockwise; one building plan of the player count drawn; bases, middles and domes
shuffled separately and laid out tower by tower, bottom up; the workshop tiles (without the 3+
ones below 3 players) shuffled and one put on each section; rubles 3/4/4/5 from the first seat.
"""

from __future__ import annotations

from typing import cast

from ..core.records import Seeded
from ..core.rng import randbelow, seed_state, shuffle
from ..core.spec import Options as TableOptions
from . import model as m
from .data import PACKS
from .types import Die, Guild, Options, Seat, Section, Space, State

RULES_VERSION = 1
TOWER_NAMES = "ABCDEFGHIJ"


def setup(players: list[str], table: TableOptions, seed: int, pack: m.Pack) -> State:
    n = len(players)
    options = cast(Options, table)  # resolved and validated by the game's spec (the lobby's boundary)
    draws: Seeded = {"rng": seed_state(seed)}  # the generator, drawn from in set-up order
    spaces, quadrants, influence, faces = _market(draws, pack)
    plan, towers, sections = _cathedral(draws, pack, n)
    colours = [c.id for c in pack.colours.values() if c.player]
    return {
        "players": list(players),
        "rng": draws["rng"],
        "pack": PACKS.record(pack),
        "rules_version": RULES_VERSION,
        "options": options.copy(),
        "supply": {k: pack.materials[k].supply for k in m.MATERIALS},
        "turn": None,
        "end": None,
        "result": None,
        "queue": [{"step": "turn", "player": 0}],
        "decision": None,
        "frames": [],
        "over": False,
        "spaces": spaces,
        "quadrants": quadrants,
        "influence": influence,
        "faces": faces,
        "plan": plan,
        "towers": towers,
        "sections": sections,
        "seats": [_seat(pack, options, colours[p], pack.setups[n].rubles[p]) for p in range(n)],
    }


def _seat(pack: m.Pack, options: Options, colour: Die, rubles: int) -> Seat:
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


def _market(draws: Seeded, pack: m.Pack) -> tuple[list[Space], list[Guild], dict[Guild, str], dict[Die, int]]:
    """The market ring's spaces, the quadrants' guilds, each guild's influence card, the dice's faces."""
    tiles = list(pack.resource_tiles)
    shuffle(draws, tiles)
    spaces: list[Space] = [{"tile": t, "dice": []} for t in tiles]
    quadrants = list(m.GROUPS)
    shuffle(draws, quadrants)
    influence: dict[Guild, str] = {}
    for group in m.GROUPS:
        deck = [c.id for c in pack.influence.values() if c.group == group]
        influence[group] = deck[randbelow(draws, len(deck))]
    order = [c for c in pack.colours]
    shuffle(draws, order)
    start = next(i for i, t in enumerate(tiles) if pack.resource_tiles[t].cross)
    faces: dict[Die, int] = {}
    for k, colour in enumerate(order):
        faces[colour] = randbelow(draws, pack.rules.die_faces) + 1
        spaces[(start + k) % len(tiles)]["dice"].append(colour)
    return spaces, quadrants, influence, faces


def _cathedral(draws: Seeded, pack: m.Pack, n: int) -> tuple[str, list[list[int]], list[Section]]:
    """The building plan drawn, its towers (their sections' indexes, bottom up) and its sections."""
    plans = [p.id for p in pack.plans.values() if p.players == n]
    plan = pack.plans[plans[randbelow(draws, len(plans))]]
    decks = {level: [s.id for s in pack.sections.values() if s.level == level] for level in m.LEVELS}
    for deck in decks.values():
        shuffle(draws, deck)
    tiles = [t.id for t in pack.tiles.values() if pack.setups[n].three_plus_tiles or not t.three_plus]
    shuffle(draws, tiles)
    towers: list[list[int]] = []
    sections: list[Section] = []
    base, middle, dome = m.LEVELS
    for t, middles in enumerate(plan.middles):
        levels = [base] + [middle] * middles + [dome]
        tower = []
        for level_no, level in enumerate(levels):
            tower.append(len(sections))
            sections.append(
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
        towers.append(tower)
    return plan.id, towers, sections
