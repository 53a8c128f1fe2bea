"""Setting up a game (BGA help page §準備) and the advanced set-up choices.

The turn order is drawn at random; each player starts with 2 wood, 2 stone, 3 servants and 5, 6,
7 or 8 coins by turn order. One excommunication tile per period is drawn; each tower's deck is its
type's period I, II and III cards, each period shuffled, period I on top. Basic game: everyone
uses the standard bonus tile. Advanced game (``advanced=yes``): in reverse turn order each player
takes one advanced bonus tile (the last tile left is simply taken); then 4 leaders are dealt to
each player (the others are out of the game) and drafted at the same time: keep 1, pass the rest
to the player on the right (the previous seat), until everyone holds 4 (the last card is kept
without asking). Packets and hands are private.
"""

from __future__ import annotations

from ..core.decisions import PARALLEL
from ..core.records import Seeded
from ..core.rng import randbelow, seed_state, shuffle
from ..core.spec import Options
from .board import State, leader, pack
from .data import PACKS
from .flow import STEPS, ask, kind, step, then
from .i18n import msg
from .model import RESOURCES, Pack
from .types import Board, Holdings, LAction, LDecision, LEvent, LStep, TowerId

Events = list[LEvent]
RULES_VERSION = 1


def _decks(state: Seeded, chosen: Pack) -> dict[TowerId, list[int]]:
    decks: dict[TowerId, list[int]] = {}
    periods = chosen.rules.rounds // chosen.rules.rounds_per_period
    for tower in chosen.towers.values():
        deck: list[int] = []
        for period in range(1, periods + 1):
            pile = sorted(c.id for c in chosen.cards.values() if c.type == tower.type and c.period == period)
            shuffle(state, pile)
            deck += pile
        decks[tower.id] = deck
    return decks


def _board(chosen: Pack, coins: int) -> Board:
    held: Holdings = {r: 0 for r in RESOURCES}
    held |= {"vp": 0, "mp": 0, "fp": 0}
    held |= chosen.rules.start
    held["c"] += coins
    return {
        "res": held,
        "cards": {t.type: [] for t in chosen.towers.values()},
        "placed": [],
        "excomm": [],
        "tile": next(t.id for t in chosen.tiles.values() if not t.advanced),
        "hand": [],
        "leaders": [],
        "value6": None,
    }


def setup(players: list[str], options: Options, seed: int, chosen: Pack) -> State:
    n = len(players)
    drawn: Seeded = {"rng": seed_state(seed)}  # the draws of the set-up, in this order
    order = list(range(n))
    shuffle(drawn, order)
    excomm = []
    for period in range(1, len(chosen.rules.faith_thresholds) + 1):
        tiles = sorted(e.id for e in chosen.excommunications.values() if e.period == period)
        excomm.append(tiles[randbelow(drawn, len(tiles))])
    boards = [_board(chosen, chosen.rules.start_coins[order.index(seat)]) for seat in range(n)]
    decks = _decks(drawn, chosen)
    state: State = {
        "game": "lorenzo",
        "players": list(players),
        "rng": drawn["rng"],
        "pack": PACKS.record(chosen),
        "options": dict(options),
        "phase": "setup" if options.get("advanced") else "play",
        "round": 0,
        "period": 1,
        "order": order,
        "dice": {},
        "excomm": excomm,
        "boards": boards,
        "decks": decks,
        "towers": {t: [None] * chosen.rules.cards_per_tower for t in chosen.towers},
        "spaces": {},
        "discarded": [],
        "leader_discards": [],
        "active": None,
        "setup": {"tiles": [], "packets": [], "out": []},
        "result": None,
        "queue": [],
        "decision": None,
        "frames": [],
        "over": False,
    }
    if options.get("advanced"):
        state["setup"]["tiles"] = sorted(t.id for t in chosen.tiles.values() if t.advanced)
        picks: list[LStep] = [{"step": "tile_pick", "player": p} for p in reversed(order)]
        then(state, *picks, {"step": "deal_leaders"})
    state["queue"].append({"step": "round_start"})
    return state


@step("tile_pick")
def _tile_pick(state: State, s: LStep, events: Events) -> None:
    left = state["setup"]["tiles"]
    if len(left) == 1:
        _take_tile(state, s["player"], left[0], events)
    else:
        ask(state, "tile", s["player"])


def _take_tile(state: State, seat: int, tile: str, events: Events) -> None:
    state["setup"]["tiles"].remove(tile)
    state["boards"][seat]["tile"] = tile
    events.append({"type": "tile", "player": seat, "tile": tile})


def _tile_options(state: State, asked: LDecision) -> list[LAction]:
    return [{"do": "tile", "tile": t} for t in state["setup"]["tiles"]]


kind(
    "tile",
    _tile_options,
    lambda state, asked, action, events: _take_tile(state, asked["player"], action["tile"], events),
    msg("Choose your personal bonus tile"),
)


@step("deal_leaders")
def _deal_leaders(state: State, s: LStep, events: Events) -> None:
    chosen, n = pack(state), len(state["players"])
    every = sorted(chosen.leaders)
    shuffle(state, every)
    per = chosen.rules.leaders_per_player
    state["setup"]["packets"] = [every[i * per : (i + 1) * per] for i in range(n)]
    state["setup"]["out"] = every[n * per :]
    events.append({"type": "leaders_dealt", "each": per, "out": len(every) - n * per, "random": True})
    then(state, {"step": "draft"})


@step("draft")
def _draft(state: State, s: LStep, events: Events) -> None:
    packets = state["setup"]["packets"]
    if all(len(p) == 1 for p in packets):
        for seat, packet in enumerate(packets):
            state["boards"][seat]["hand"].append(packet.pop())
        events.append({"type": "draft_over"})
        state["phase"] = "play"
        return
    STEPS.open_frame(state, "draft", list(state["order"]), PARALLEL, "draft_done")


def _draft_options(state: State, asked: LDecision) -> list[LAction]:
    return [{"do": "keep", "leader": leader(state, i).key} for i in state["setup"]["packets"][asked["player"]]]


def _picked(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    events.append({"type": "draft_pick", "player": asked["player"], "leader": action["leader"]})


@step("draft_done")
def _draft_done(state: State, s: LStep, events: Events) -> None:
    packets, n = state["setup"]["packets"], len(state["players"])
    answers: dict[str, LAction] = s["frame"]["answers"]  # each seat's pick
    for key, answer in answers.items():
        seat = int(key)
        kept = pack(state).leader_by_key(answer["leader"]).id
        packets[seat].remove(kept)
        state["boards"][seat]["hand"].append(kept)
    state["setup"]["packets"] = [packets[(seat + 1) % n] for seat in range(n)]  # each passes to seat - 1
    events.append({"type": "draft_pass", "left": len(state["setup"]["packets"][0]), "reveals": True})
    then(state, {"step": "draft"})


kind("draft", _draft_options, _picked, msg("Leader draft: keep one leader, pass the rest to your right"))
