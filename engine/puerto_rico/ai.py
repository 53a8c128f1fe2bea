"""What the AI player (:mod:`engine.ai`) needs of Puerto Rico: hidden parts sampled from a seat's
view (:func:`determinize`) and each seat's final score as a position promises it (:func:`evaluate`).

Hidden from a seat (:mod:`.views`): the other players' VP chips (and, in expansion games, how many
of them came from the Captain phase), the order of the plantation stack and what lies in the
discard pile (the view shows their sizes; what they hold together is known: every plantation not
face up or on an island), the generator (future chance) and the seed it started from, and the
answers of others in an open parallel window (Mayor layouts being built or given, storage choices;
a Guest House window's answers are always ``stay``), so also how many actions were played.
Everything else in the state is either in the view or the rules' bookkeeping that the public
record fixes (whose turn, what the phase has done), and is kept.
"""

from __future__ import annotations

import marshal
import random

from .board import active, city_spaces_used, colonists, island_tiles, production
from .captain import keep_options
from .data import BUILDINGS, CITY_SPACES, PRICE
from .scoring import BONUSES, player_score
from .types import Board, PRState

_MASK = (1 << 64) - 1


# --- determinization --------------------------------------------------------------------------


def determinize(state: PRState, seat: int, seed: int) -> PRState:
    """A copy of ``state`` that ``seat`` cannot tell from it, its hidden parts drawn anew from
    ``seed``: it depends only on ``seat``'s view and ``seed``."""
    # typeshed's marshal.dumps does not take TypedDicts (plain dicts at run time): mypy limitation
    new: PRState = marshal.loads(marshal.dumps(state))  # type: ignore[arg-type]
    draw = random.Random(seed & _MASK)
    _plantations(new, draw)
    _chips(new, seat, draw)
    _answers(new, seat)
    new["rng"] = draw.getrandbits(64)
    new["seed"] = 0  # the set-up seed would tell the stack's order; the rules never read it again
    # the count of actions includes others' placements in a Mayor window, which nobody else sees
    new["step"] = 0
    return new


def _plantations(state: PRState, draw: random.Random) -> None:
    """The stack and the discards, dealt anew from their common contents (sizes kept)."""
    tiles = state["plantations"]
    pool = sorted(tiles["deck"] + tiles["discard"])
    draw.shuffle(pool)
    size = len(tiles["deck"])
    tiles["deck"], tiles["discard"] = pool[:size], pool[size:]


def _chips(state: PRState, seat: int, draw: random.Random) -> None:
    """The others' VP chips: their sum is what neither the supply (as shown: never below zero)
    nor ``seat`` holds; each chip goes to one of them, more likely to a bigger producer. Their
    Captain-phase chips (expansions) are all of them."""
    boards = state["boards"]
    supply = state["supply"]
    supply["vp"] = max(0, supply["vp"])
    others = [s for s in range(len(boards)) if s != seat]
    chips = state["totals"]["vp"] - supply["vp"] - boards[seat]["vp"]
    weights = [1 + sum(production(boards[s])) for s in others]
    got = dict.fromkeys(others, 0)
    for s in draw.choices(others, weights, k=max(0, chips)) if others else []:
        got[s] += 1
    for s in others:
        boards[s]["vp"] = got[s]
        if "captain_vp" in boards[s]:
            boards[s]["captain_vp"] = got[s]


def _answers(state: PRState, seat: int) -> None:
    """Others' answers in open windows: a Mayor layout being built starts again, one given is
    the proposed layout; a storage choice given is the most valuable one."""
    for frame in state.get("frames") or []:
        data = frame["data"]
        for other in frame["seats"]:
            key = str(other)
            if other == seat:
                continue
            if frame["kind"] == "mayor_layout":
                data["drafts"].pop(key, None)
                data.get("noble_drafts", {}).pop(key, None)
                data.get("nobles", {}).pop(key, None)
                if key in frame["answers"]:
                    frame["answers"][key] = dict(data["defaults"][key])
                    nobles = data.get("noble_defaults", {}).get(key)
                    if nobles:
                        data.setdefault("nobles", {})[key] = dict(nobles)
            elif frame["kind"] == "keep" and key in frame["answers"]:
                frame["answers"][key] = list(keep_options(state["boards"][other])[0]["goods"])


# --- evaluation -------------------------------------------------------------------------------

#: A game lasts about this many rounds; what is left of it is read from the supplies and cities.
ROUNDS = 15
#: VP a barrel of production brings per round left (shipped, or traded for buildings).
PER_BARREL = 0.55
#: VP a doubloon, a barrel in store and a colonist still to place are worth with time left.
PER_DOUBLOON = 0.3
PER_GOOD = 0.45
#: Per round left: an occupied Harbor, Wharf, Factory, Hospice, University (their yearly gains).
ENGINE = {"harbor": 0.8, "wharf": 0.7, "factory": 0.45, "hospice": 0.25, "university": 0.25}


def rounds_left(state: PRState) -> float:
    """How many rounds the game is likely to last still (0 in the last round): the fullest of the
    VP chips spent, the colonists out of the supply and the fullest city says how far it is."""
    if state["end"] or state["over"]:
        return 0.0
    supply, totals = state["supply"], state["totals"]
    spent_vp = 1 - max(0, supply["vp"]) / max(1, totals["vp"])
    spent_colonists = 1 - (supply["colonists"] + supply["ship"]) / max(1, totals["colonists"])
    fullest = max(city_spaces_used(b) for b in state["boards"]) / CITY_SPACES
    done = max(spent_vp, spent_colonists, fullest, min(1.0, (state["round"] - 1) / ROUNDS))
    return max(0.0, ROUNDS * (1 - done))


def evaluate(state: PRState) -> list[float]:
    """Each seat's final score as the position promises it: its score now (chips, buildings,
    bonuses of occupied large buildings, nobles) plus what its production, buildings, money and
    goods should bring in the rounds left."""
    left = rounds_left(state)
    money = PER_DOUBLOON * min(1.0, left / 3)  # money still buys buildings, less so near the end
    goods = PER_GOOD * min(1.0, left + 0.5)  # the last Captain phase may still ship them
    out = []
    for board in state["boards"]:
        score = float(player_score(board)["total"])
        made = production(board)
        barrels = sum(made) + 0.15 * sum(PRICE[i] * n for i, n in enumerate(made))  # dearer goods trade better
        future = left * (PER_BARREL * barrels + sum(v for b, v in ENGINE.items() if active(board, b)))
        future += money * board["doubloons"] + goods * sum(board["goods"])
        empty_large = [b for b in board["city"] if BUILDINGS[b].large and not board["city"][b]]
        if empty_large and left > 0:  # the bonus comes once a colonist (or a noble) stands there
            future += 0.8 * sum(_bonus_if_occupied(board, b) for b in empty_large)
        # tiles and people not yet producing will, in part: worth a little while time is left
        future += 0.06 * left * island_tiles(board) + 0.03 * left * colonists(board)
        out.append(score + future)
    return out


def _bonus_if_occupied(board: Board, building: str) -> float:
    """The bonus a large building would give at the end if occupied (0: it has none)."""
    rule = BONUSES.get(building)
    return float(rule(board)) if rule is not None else 0.0


__all__ = ["determinize", "evaluate", "rounds_left"]
