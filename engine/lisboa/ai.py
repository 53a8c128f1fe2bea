"""What the AI player (:mod:`engine.ai`) needs from Lisboa: a determinization and an evaluation.

**Hidden from a seat** (compare :func:`.views.player_view` with the state): the other players'
hands; every political card below the top of a display stack; the purple and brown decks; the
decree deck; the clergy bag; the public-building tiles below each stack's top; the box (its
political cards, decrees, plans, ships, rubble: sizes only); during set-up the others' clergy
offers and kept tiles and, in the draft, the others' packets, kept cards and picks (a seat's own
pick is not in its view either); the others' answers held by an open parallel frame (church
scoring: who answered is public, not what); the generator and the seed. Everything else (boards,
portfolios, the city, the church spaces, the frames but those answers, the decision) is public.

:func:`determinize` pools the hidden items of each family in sorted order, shuffles them with
``random.Random(seed)`` and deals them back to the same places in the same sizes, keeping what
the rules put in each place: a display stack holds cards of its kind from its own deck (the era-1
display deck or, in era 2, the brown one), the purple and brown decks hold their own colour, a
kept clergy tile or a draft pick comes out of the same seat's offer or packet, a held answer is one
of the same seat's options (drawn on the sampled copy: they name only public tiles). Other hands, the
packets and the box take any of what is left. Since a family's hidden items are every item of it
that the seat cannot see, the copy depends only on the seat's view and the seed; the boxed plans,
ships and rubble are the only hidden place of their kind, so only their order is normalised.

:func:`evaluate` is each seat's final score if the game ended now (:func:`.scoring.final_scoring`:
wigs, ships, rubble sets, store and officials majorities, réis, decrees, favors), plus the era-1
rubble wigs still to come, plus what a seat's holdings should bring in the rest of the game (goods,
cards in hand, ships still sailing, stores still producing), shrinking as the game nears its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core import rng as core_rng
from ..core.decisions import PARALLEL
from ..core.frames import is_complete
from .copying import copy_state
from .draft import KEEP_PER_PASS
from .flow import KINDS
from .model import Pack
from .rules import is_ship, pack_of, ship_type
from .scoring import era_rubble_wigs, final_scoring
from .types import LState

#: Wigs per unit of a holding if the game had just begun (scaled down by the game's progress).
GOOD_WIGS = 1.0  # a good sells for about 5 réis (1 wig) or pays a state action
CARD_WIGS = 2.0  # a card in hand is a turn's action
HULL_WIGS = 0.5  # a ship in the portfolio: goods sold into it sail for 1 wig each
STORE_WIGS = 0.6  # a store produces goods
OFFICIAL_WIGS = 0.5  # an official still on the board can be hired into an office
#: Points of lead that make about a 3-in-4 chance of winning (random 2-4 player games end at 20-50 wigs).
EVALUATION_SCALE = 8.0
#: The share of a level's iterations Lisboa affords: a simulated main action lists its options by
#: playing each card on a copy, so a step costs milliseconds (normal: about 1 s a decision).
AI_BUDGET = 0.5


# --- determinization ------------------------------------------------------------------------------
Accepts = Callable[[str], bool]


def determinize(state: LState, seat: int, seed: int) -> LState:
    """A copy of ``state`` with every part hidden from ``seat`` sampled anew (see the module)."""
    new = copy_state(state)
    shuffler = random.Random(seed)
    pack = pack_of(new)
    _political(new, seat, pack, shuffler)
    _clergy(new, seat, shuffler)
    decrees = new["decrees"]
    decrees["deck"], new["box"]["decrees"] = _split(decrees["deck"], new["box"]["decrees"], shuffler)
    stacks = [new["buildings"][colour]["stack"] for colour in sorted(new["buildings"])]
    dealt, _ = _deal(_pooled([s[1:] for s in stacks], shuffler), [(len(s) - 1 if s else 0, _any) for s in stacks])
    for stack, lower in zip(stacks, dealt, strict=True):
        stack[1:] = lower  # the top tile is face up
    box = new["box"]
    box["plans"], box["ships"] = sorted(box["plans"]), sorted(box["ships"])
    _held_answers(new, seat, shuffler)
    new["rng"] = core_rng.seed_state(shuffler.getrandbits(64))
    new["seed"] = seed
    return new


def _pooled(places: list[list[str]], shuffler: random.Random) -> list[str]:
    """Every item of ``places`` in a canonical (sorted) order, then shuffled."""
    pool = sorted(item for place in places for item in place)
    shuffler.shuffle(pool)
    return pool


def _any(_: str) -> bool:
    return True


def _deal(pool: list[str], slots: list[tuple[int, Accepts]]) -> tuple[list[list[str]], list[str]]:
    """Each slot (size, accepts), in order, takes the first ``size`` items of ``pool`` it accepts;
    the dealt lists and the items left, in pool order."""
    dealt: list[list[str]] = []
    left = pool
    for size, accepts in slots:
        taken: list[str] = []
        rest: list[str] = []
        for item in left:
            (taken if len(taken) < size and accepts(item) else rest).append(item)
        if len(taken) < size:
            raise ValueError("a hidden place cannot be refilled from what is hidden")
        dealt.append(taken)
        left = rest
    return dealt, left


def _split(first: list[str], second: list[str], shuffler: random.Random) -> tuple[list[str], list[str]]:
    """Two hidden places of one family dealt anew, sizes kept."""
    pool = _pooled([first, second], shuffler)
    return pool[: len(first)], pool[len(first) :]


def _political(state: LState, seat: int, pack: Pack, shuffler: random.Random) -> None:
    """Hands of the others, the display stacks below their tops, purple, brown, the box, the draft."""
    pol, boards, chosen = state["political"], state["boards"], state["setup"]
    others = [s for s in range(len(boards)) if s != seat]
    ruled: list[tuple[list[str], int, Accepts]] = []  # (list, from index, accepts): places with a rule
    for kind in pack.setup.display_order:
        stack = pol["display"].get(kind) or []
        if len(stack) > 1:
            top = pack.cards[stack[0]]
            ruled.append((stack, 1, _of(pack, top.deck, top.kind)))
    ruled.append((pol["purple"], 0, _of(pack, "purple")))
    ruled.append((pol["brown"], 0, _of(pack, "brown")))
    free = [boards[s]["hand"] for s in others]  # places that take any card
    packets, kept = chosen.get("packets"), chosen.get("draft_kept")
    if packets is not None and kept is not None:
        free += [packets[s] for s in others] + [kept[s] for s in others]
    box = state["box"]["political"]
    pool = _pooled([place[start:] for place, start, _ in ruled] + free + [box], shuffler)
    dealt, left = _deal(pool, [(len(place) - start, accepts) for place, start, accepts in ruled])
    for (place, start, _), cards in zip(ruled, dealt, strict=True):
        place[start:] = cards
    dealt, left = _deal(left, [(len(place), _any) for place in free])
    for place, cards in zip(free, dealt, strict=True):
        place[:] = cards
    box[:] = left
    picks = chosen.get("draft_picks")
    if picks is not None and packets is not None:
        keep = KEEP_PER_PASS[min(chosen.get("draft_pass", 0), len(KEEP_PER_PASS) - 1)]
        for s, pick in enumerate(picks):  # a pick is in no view, the seat's own included
            if pick is not None:
                picks[s] = sorted(shuffler.sample(sorted(packets[s]), keep))


def _held_answers(state: LState, seat: int, shuffler: random.Random) -> None:
    """The others' answers held by an open parallel frame: each one of its seat's options."""
    for frame in state.get("frames") or []:
        if frame["mode"] != PARALLEL or is_complete(frame):
            continue
        kind = frame["kind"]
        for key in sorted(frame["answers"]):
            if key != str(seat):
                frame["answers"][key] = shuffler.choice(KINDS[kind].options(state, {"kind": kind, "player": int(key)}))


def _of(pack: Pack, deck: str, kind: str | None = None) -> Accepts:
    """Accepts the political cards of ``deck`` (and of ``kind``, when given)."""
    return lambda card: pack.cards[card].deck == deck and kind in (None, pack.cards[card].kind)


def _clergy(state: LState, seat: int, shuffler: random.Random) -> None:
    """The bag and, during set-up, the others' offers (a kept tile is one of its seat's offer)."""
    chosen, bag = state["setup"], state["church"]["bag"]
    offers, kept = chosen["clergy_offers"], chosen["clergy_kept"]
    others = [s for s in range(len(offers)) if s != seat]
    setup = state["phase"] == "setup"
    pool = _pooled([offers[s] for s in others] + [bag], shuffler)
    dealt, left = _deal(pool, [(len(offers[s]), _any) for s in others])
    for s, tiles in zip(others, dealt, strict=True):
        offers[s] = sorted(tiles)
        if setup and kept[s] is not None:  # the kept tile is on the board (public) once all kept
            kept[s] = shuffler.choice(offers[s]) if offers[s] else state["boards"][s]["clergy"][0]
    bag[:] = left


# --- evaluation -------------------------------------------------------------------------------------
def progress(state: LState) -> float:
    """How far the game is, from 0 (set-up) to 1 (over): each era by the share of its display cards
    drawn or of the rubble sets that end it, whichever is further; an end triggered counts as near."""
    if state["over"]:
        return 1.0
    pack = pack_of(state)
    era = state["era"]
    shown = sum(len(state["political"]["display"].get(kind) or []) for kind in pack.setup.display_order)
    total = sum(d.cards for d in pack.decks.values() if d.use == "display" and d.era == era) or 1
    sets = sum(b["sets"] for b in state["boards"])
    drawn = max(1.0 - shown / total, min(1.0, sets / (2 if era == 1 else 4)))
    if state["phase"] == "setup":
        drawn = 0.0
    ended = state.get("era_end") if era == 1 else state["end"]
    share = 0.9 if ended else min(0.85, drawn)
    return (era - 1 + share) / 2


def evaluate(state: LState) -> list[float]:
    """Each seat's final score as the position promises it, in wigs (see the module)."""
    if state["result"] is not None:
        return [float(row["total"]) for row in state["result"]["scores"]]
    pack = pack_of(state)
    scores = final_scoring(state)
    left = 1.0 - progress(state)
    out: list[float] = []
    for seat, b in enumerate(state["boards"]):
        total = float(scores[seat]["total"])
        if state["era"] == 1:  # the era-1 end pays the rubble sets again
            total += era_rubble_wigs(state, seat)
        hulls = sum(pack.ships[ship_type(c)].hull for c in b["portfolio"]["top"] if is_ship(c))
        stores = sum(1 for s in state["city"]["lots"].values() if s is not None and s["owner"] == seat)
        holdings = (
            GOOD_WIGS * sum(b["goods"].values())
            + CARD_WIGS * len(b["hand"])
            + HULL_WIGS * hulls
            + STORE_WIGS * stores
            + OFFICIAL_WIGS * b["officials"]
        )
        out.append(total + left * holdings)
    return out
