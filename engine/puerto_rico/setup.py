"""A new Puerto Rico game for 2–5 players [S setup, P per-count table]."""

from __future__ import annotations

from ..core import rng
from ..core.spec import Options
from . import draft
from .board import add_tile, new_board
from .data import BUILDINGS, CORN_START_DISCOUNT, DATA, FIVE_CHOICES, GOODS, NOBLES, setup_for
from .flow import ask
from .options import DEFAULTS, building_sets, option
from .types import PRState

RULES_VERSION = 1


def _copies(players: int, options: Options) -> dict[str, int]:
    """Base game: every building. Expansions: production buildings now, the others as the
    draft (or the random draw) puts them in the game."""
    two = setup_for(players)["copies"] == "two_player"
    expansion = building_sets(options) != ("base",)
    return {
        b.id: (b.copies_two_player if two else b.copies)
        for b in BUILDINGS.values()
        if b.set == "base" and not (expansion and b.drafted)
    }


def setup(players: list[str], options: Options, seed: int) -> PRState:
    n = len(players)
    table = setup_for(n)
    remove = table["remove_goods"]
    supply_goods = [count - remove for count in DATA["goods_supply"]]
    deck: list[str] = []
    for kind, count in zip(GOODS, DATA["plantations"], strict=True):
        deck += [kind] * (count - table["remove_plantations"])
    boards = [new_board(table["doubloons"]) for _ in players]
    variant = options.get("variant", DEFAULTS["variant"]) == "on"
    for board, tile in zip(boards, table["start"], strict=True):
        deck.remove(tile)
        add_tile(board, tile)
        if variant and tile == "corn":
            board["doubloons"] -= CORN_START_DISCOUNT
    state: PRState = {
        "game": "puerto_rico",
        "rules_version": RULES_VERSION,
        "options": dict(options),
        "players": list(players),
        "seed": seed,
        "rng": rng.seed_state(seed),
        "step": 0,
        "round": 1,
        "governor": 0,
        "choice": 0,
        "choosers": list(table["choices"]),
        "role_money": {r: 0 for r in table["roles"]},
        "taken": {},
        "role": None,
        "phase": {},
        "decision": None,
        "frames": [],
        "end": [],
        "over": False,
        "result": None,
        "boards": boards,
        "supply": {
            "colonists": table["colonists"],
            "ship": table["ship"],
            "vp": table["vp_chips"],
            "goods": supply_goods,
            "quarries": table["quarries"],
        },
        "totals": {
            "colonists": table["colonists"] + table["ship"],
            "vp": table["vp_chips"],
            "goods": list(supply_goods),
        },
        "buildings": _copies(n, options),
        "plantations": {"deck": deck, "discard": [], "faceup": []},
        "cargo": [{"size": size, "good": None, "load": 0} for size in table["cargo_ships"]],
        "house": [],
    }
    rng.shuffle(state, deck)
    state["plantations"]["faceup"] = [deck.pop() for _ in range(n + 1)]
    if n == 2 and option(state, "two_player") == "five_choices":
        state["choosers"] = list(FIVE_CHOICES)
    if building_sets(options) != ("base",):
        _expansion_setup(state)  # the draft (or the random market), then the first role choice
    else:
        ask(state, "role", 0)
    return state


def _expansion_setup(state: PRState) -> None:
    """Chips earned in the Captain phase are counted apart for the Customs House [S];
    Nobles: 20 nobles, one of them on the ship in place of a colonist [S]."""
    for board in state["boards"]:
        board["captain_vp"] = 0
    if "nobles" in building_sets(state["options"]):
        supply = state["supply"]
        supply["nobles"] = NOBLES - 1
        supply["ship_nobles"] = 1
        supply["ship"] -= 1
        supply["colonists"] += 1
        state["totals"]["nobles"] = NOBLES
        for board in state["boards"]:
            board["nobles"] = {}
    draft.start(state)
