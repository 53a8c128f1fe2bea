"""Shared Lisboa rules helpers: tracks, influence, réis, goods, portfolio, rubble, officials, favors.

Pure functions over the plain state of :mod:`engine.lisboa.setup`; each mutating helper appends
plain event dicts (``{"kind": ..., "player": seat, ...}``) to ``events``. Iteration always follows
the pack's file order (goods, nobles, ...) or sorted keys, never a state dict's key order.

Readings chosen (where the rulebook and the Bodoge summary are silent or differ):
- An influence *gain event* is a gain of at least 1 after CL-27's +2; each one ending on the
  maximum earns the wig, even when the marker was already there (rulebook p. 10).
- Réis payments (D21): réis first, influence substitutes only the shortfall (the D21 default);
  a payment nobody can cover is refused (``pay_reis`` returns False) and the caller decides.
- Influence costs (D16): any mix of influence, réis at 1:1 if SG-L2 or CL-26 (then also instead
  of influence, rulebook p. 18 example) and wigs for the influence shortfall only (BGG Lisboa forum);
  the default spends influence, then réis, then wigs.
- Hire displacement ties include your own colour; 2p dummies never leave an office (rulebook p. 12).
- CL-29 (D26) is asked once per take, before that take's rubble-set check (queued step ``cl29``).
"""

from __future__ import annotations

from collections import Counter

from . import data, flow
from .model import Pack, Params
from .types import Board, Events, Row
from .types import LState as State

SALE_CLERGY = {"gold": "CL-12", "books": "CL-13", "tools": "CL-14", "cloth": "CL-15"}
VISIT_CLERGY = {"maia": "CL-09", "marquis": "CL-10", "king": "CL-11"}
register_pack = data.register_pack


#: Packs found by fingerprint (a fingerprint names the values, and a loaded pack stays loaded).
_FOUND: dict[str, Pack] = {}


def pack_of(state: State) -> Pack:
    """The pack ``state`` was set up with (the shipped one unless a registered one); ValueError if
    that pack is not loaded, so a game is never continued with other values."""
    fingerprint = state["pack"]["fingerprint"]
    found = _FOUND.get(fingerprint)
    if found is None:  # the rules ask this at every step: look it up once
        found = _FOUND[fingerprint] = data.pack_by_fingerprint(fingerprint)
    return found


def board(state: State, seat: int) -> Board:
    return state["boards"][seat]


_GROUP_SIZES: dict[str, Counter[str]] = {}


def _group_sizes(pack: Pack) -> Counter[str]:
    """Store-group spaces per group, counted once per pack (packs are immutable)."""
    sizes = _GROUP_SIZES.get(pack.fingerprint)
    if sizes is None:
        sizes = _GROUP_SIZES[pack.fingerprint] = Counter(s.group for s in pack.store_groups.values())
    return sizes


# --- what a player has active ------------------------------------------------------------------
def store_abilities(pack: Pack, b: Board) -> set[str]:
    """SG abilities uncovered by houses already built (Bodoge summary §特殊効果 > 建物マス; M3/R3 replace M1/R1)."""
    totals = _group_sizes(pack)
    found = {
        s.ability for s in pack.store_groups.values() if s.ability and s.house <= totals[s.group] - b["houses"][s.group]
    }
    if "SG-M3" in found:
        found.discard("SG-M1")
    if "SG-R3" in found:
        found.discard("SG-R1")
    return found


def clergy_effects(pack: Pack, b: Board) -> list[str]:
    return [pack.clergy[t].effect for t in b["clergy"]]


def permanents(pack: Pack, b: Board) -> list[tuple[str, Params]]:
    """The TP effects of the treasury cards in the bottom row (they stack)."""
    out = []
    for card_id in b["portfolio"]["bottom"]:
        card = pack.cards[card_id]
        if card.permanent:
            out.append((card.permanent, card.permanent_params))
    return out


def has(state: State, seat: int, *effects: str) -> bool:
    """True when ``seat`` holds a clergy tile, store ability or treasury permanent among ``effects``
    (each source read once, however many effects are asked)."""
    pack, b = pack_of(state), board(state, seat)
    return (
        any(e in effects for e in clergy_effects(pack, b))
        or any(e in effects for e in store_abilities(pack, b))
        or any(e in effects for e, _ in permanents(pack, b))
    )


# --- treasury and prices -----------------------------------------------------------------------
def treasury_value(state: State) -> int:
    """The right-hand réis value: land, subsidy, sponsoring, each hired official."""
    return pack_of(state).treasury_spaces[state["treasury"]].right


def treasury_modifier(state: State) -> int:
    """The left-hand influence modifier of visits and follows (may be negative)."""
    return pack_of(state).treasury_spaces[state["treasury"]].left


def move_treasury(state: State, steps: int, events: Events, why: str) -> None:
    """Move the treasury marker; it stays put at either end (this project's reading)."""
    top = len(pack_of(state).treasury_spaces) - 1
    old = state["treasury"]
    state["treasury"] = max(0, min(top, old + steps))
    events.append({"kind": "treasury", "from": old, "to": state["treasury"], "why": why})


def drop_price(state: State, good: str, events: Events) -> None:
    """One step down the price track, clamped at its lowest space (no text raises a price)."""
    values = pack_of(state).prices.values
    old = state["prices"][good]
    state["prices"][good] = values[max(0, values.index(old) - 1)]
    events.append({"kind": "price", "good": good, "from": old, "to": state["prices"][good]})


# --- influence ---------------------------------------------------------------------------------
def ship_type(ship_id: str) -> str:
    """``ship-red-2`` → ``red``."""
    return ship_id.split("-")[1]


def is_ship(card_id: str) -> bool:
    return card_id.startswith("ship-")


def top_influence(state: State, seat: int) -> int:
    """Sum of the influence on the top row, nobles and ships (CL-28: +2 per ship) (rulebook p. 10)."""
    pack, b = pack_of(state), board(state, seat)
    total = 0
    bonus = 2 * clergy_effects(pack, b).count("CL-28")
    for card_id in b["portfolio"]["top"]:
        if is_ship(card_id):
            total += pack.ships[ship_type(card_id)].influence + bonus
        else:
            total += pack.cards[card_id].influence or 0
    return total


def gain_influence(state: State, seat: int, amount: int, events: Events, why: str) -> int:
    """One gain event: CL-27 adds 2, the 10 cap, and the wig on reaching (or being on) the maximum."""
    pack, b = pack_of(state), board(state, seat)
    amount += 2 * clergy_effects(pack, b).count("CL-27")
    if amount <= 0:
        return 0
    old = b["influence"]
    b["influence"] = min(pack.influence.max, old + amount)
    wigs = pack.influence.wig_at_max if b["influence"] == pack.influence.max else 0
    b["wigs"] += wigs
    events.append({"kind": "influence", "player": seat, "gain": b["influence"] - old, "wigs": wigs, "why": why})
    return b["influence"] - old


def influence_as_reis(pack: Pack, influence: int) -> int:
    """Réis the influence track yields from ``influence``: the réis icons below the marker."""
    return sum(1 for p in pack.influence.reis_icons if p < influence)


def _step_back(pack: Pack, influence: int) -> int:
    return max(p for p in pack.influence.reis_icons if p < influence)


# --- réis payments (D21) -----------------------------------------------------------------------
def reis_cost(state: State, seat: int, base: int) -> int:
    """A réis payment after TP-03 (N less each) and CL-31 (1 less), floored at 0."""
    pack, b = pack_of(state), board(state, seat)
    cut = sum(p["n"] for e, p in permanents(pack, b) if e == "TP-03")
    cut += clergy_effects(pack, b).count("CL-31")
    return max(0, base - cut)


def reis_splits(state: State, seat: int, cost: int) -> list[int]:
    """Legal numbers of réis covered by influence (0..), for a cost already discounted."""
    pack, b = pack_of(state), board(state, seat)
    most = min(cost, influence_as_reis(pack, b["influence"]))
    return [k for k in range(most + 1) if cost - k <= b["reis"]]


def can_pay_reis(state: State, seat: int, base: int) -> bool:
    """:func:`reis_splits` is not empty: the réis cover the cost less the most influence can."""
    cost, b = reis_cost(state, seat, base), board(state, seat)
    return cost - min(cost, influence_as_reis(pack_of(state), b["influence"])) <= b["reis"]


def pay_reis(state: State, seat: int, base: int, events: Events, why: str, substitute: int | None = None) -> bool:
    """Pay ``base`` réis (discounts applied); influence covers the shortfall by default. False if unpayable."""
    pack, b = pack_of(state), board(state, seat)
    cost = reis_cost(state, seat, base)
    splits = reis_splits(state, seat, cost)
    if not splits:
        return False
    k = splits[0] if substitute is None else substitute
    if k not in splits:
        raise ValueError(f"cannot cover {k} of {cost} réis with influence")
    for _ in range(k):
        b["influence"] = _step_back(pack, b["influence"])
    b["reis"] -= cost - k
    events.append({"kind": "pay_reis", "player": seat, "cost": cost, "reis": cost - k, "by_influence": k, "why": why})
    return True


# --- influence costs of visits and follows (D16) -------------------------------------------------
def visit_cost(state: State, seat: int, noble: str, follow: bool = False) -> int:
    """Treasury modifier + officials of other colours (dummies too, never the plaza), less clergy."""
    pack, b = pack_of(state), board(state, seat)
    effects = clergy_effects(pack, b)
    if follow and "CL-08" in effects:
        return 0
    others = sum(n for owner, n in state["offices"][noble].items() if owner != str(seat))
    cost = treasury_modifier(state) + others - effects.count("CL-07") - 2 * effects.count(VISIT_CLERGY[noble])
    return max(0, cost)


def influence_payments(state: State, seat: int, cost: int) -> list[tuple[int, int, int]]:
    """Every legal (influence, réis, wigs) mix of an influence cost, the D16 default first (the
    most influence, then the most réis, then wigs); empty if it cannot be paid. Wigs pay only the
    shortfall (what the cost exceeds the influence held by), réis at 1:1 only with SG-L2 or CL-26,
    and then in place of influence too (rulebook p. 18, E17) and side by side with wigs: the ability
    never takes the wigs away (Bodoge summary §特殊効果 > 建物マス イ)②, > 教会チップ ノ); rulebook p. 16)."""
    b = board(state, seat)
    short = min(b["wigs"], max(0, cost - b["influence"]))
    reis = b["reis"] if has(state, seat, "SG-L2", "CL-26") else 0
    return [
        (i, r, cost - i - r)
        for i in range(min(b["influence"], cost), -1, -1)
        for r in range(min(reis, cost - i), -1, -1)
        if cost - i - r <= short
    ]


def pay_influence(state: State, seat: int, split: tuple[int, int, int], events: Events, why: str) -> None:
    b = board(state, seat)
    i, r, w = split
    if i > b["influence"] or r > b["reis"] or w > b["wigs"]:
        raise ValueError(f"cannot pay {split}")
    b["influence"] -= i
    b["reis"] -= r
    b["wigs"] -= w
    events.append({"kind": "pay_influence", "player": seat, "influence": i, "reis": r, "wigs": w, "why": why})


# --- goods and portfolio -----------------------------------------------------------------------
def warehouse_cap(state: State, seat: int) -> int:
    """Per good type: 2 + completed rubble sets (rulebook p. 9)."""
    return pack_of(state).player.warehouse_base + board(state, seat)["sets"]


def gain_goods(state: State, seat: int, good: str, n: int, events: Events, why: str) -> int:
    """Gain up to ``n`` goods of one type; the excess over the cap goes back at once. Returns the gain."""
    b = board(state, seat)
    got = max(0, min(n, warehouse_cap(state, seat) - b["goods"][good]))
    b["goods"][good] += got
    events.append({"kind": "goods", "player": seat, "good": good, "gain": got, "lost": n - got, "why": why})
    return got


def portfolio_cap(state: State, seat: int) -> int:
    """Cards in all: 2 + completed rubble sets (rulebook p. 9)."""
    return pack_of(state).player.portfolio_base + board(state, seat)["sets"]


def discard_candidates(state: State, seat: int, row: Row) -> list[str]:
    """D04: the cards one of which must go before a card enters ``row`` (empty if there is room)."""
    pack, b = pack_of(state), board(state, seat)
    folio = b["portfolio"]
    size = pack.player.portfolio_top if row == "top" else pack.player.portfolio_bottom
    if len(folio[row]) >= size:
        return list(folio[row])
    if len(folio["top"]) + len(folio["bottom"]) >= portfolio_cap(state, seat):
        return folio["top"] + folio["bottom"]
    return []


def discard_from_portfolio(state: State, seat: int, card_id: str, events: Events) -> None:
    """The card leaves the game; a ship loses the goods in its hold (Bodoge summary §共通事項 > 所持品)."""
    b = board(state, seat)
    row: Row = "top" if card_id in b["portfolio"]["top"] else "bottom"
    b["portfolio"][row].remove(card_id)
    lost = b["holds"].pop(card_id, {"goods": []})["goods"] if is_ship(card_id) else []
    events.append({"kind": "portfolio_discard", "player": seat, "card": card_id, "goods_lost": lost})


# --- rubble ------------------------------------------------------------------------------------
def take_rubble(state: State, seat: int, cubes: str | list[str], events: Events, why: str) -> None:
    """One take of one or more cubes (a site's 2 are one take) onto the board: 5 per colour, the
    excess leaves the game; CL-30 +1 réis per cube. Then the rubble-set check (rulebook p. 9), at once, or
    after CL-29's question (D26: step ``cl29``, :mod:`.rubble`) when held and a cube was kept."""
    pack, b = pack_of(state), board(state, seat)
    kept_cubes: list[str] = []
    for disaster in [cubes] if isinstance(cubes, str) else cubes:
        kept = b["rubble"][disaster] < pack.player.rubble_per_colour
        if kept:
            b["rubble"][disaster] += 1
            kept_cubes.append(disaster)
        reis = clergy_effects(pack, b).count("CL-30")
        b["reis"] += reis
        events.append({"kind": "rubble", "player": seat, "rubble": disaster, "kept": kept, "reis": reis, "why": why})
    if kept_cubes and "CL-29" in clergy_effects(pack, b):
        flow.then(state, {"step": "cl29", "player": seat, "cubes": kept_cubes})
    else:
        check_sets(state, seat, events)


def check_sets(state: State, seat: int, events: Events) -> None:
    """Each new set moves a rubble-set marker to the Marquis portrait; the 2nd set (era 1) or
    the 4th (era 2) triggers the era or game end, acted on at the end of the turn (rulebook p. 22)."""
    pack, b = pack_of(state), board(state, seat)
    complete = min(b["rubble"][d] for d in pack.rubble)
    while b["sets"] < complete:
        b["sets"] += 1
        b["set_markers"] -= 1
        b["marquis_markers"] += 1
        events.append({"kind": "rubble_set", "player": seat, "sets": b["sets"]})
        if state["era"] == 1 and b["sets"] == 2 and not state.get("era_end"):
            state["era_end"] = {"by": seat}
            events.append({"kind": "era_end_triggered", "player": seat})
        if state["era"] == 2 and b["sets"] == 4 and not state["end"]:
            state["end"] = {"by": seat}
            events.append({"kind": "game_end_triggered", "player": seat})


# --- officials and favors ----------------------------------------------------------------------
def place_official(state: State, seat: int, noble: str, events: Events, why: str) -> None:
    """An official from the board into an office; a full office first sends 1 official of the
    colour with the most there (1 of each tied colour) to the plaza; dummies stay (rulebook p. 12)."""
    pack, b = pack_of(state), board(state, seat)
    office, plaza = state["offices"][noble], state["plaza"]
    moved: list[str] = []
    if sum(office.values()) >= pack.nobles[noble].office_spaces:
        players = {o: n for o, n in office.items() if o != "dummy" and n > 0}
        top = max(players.values())
        moved = sorted(o for o, n in players.items() if n == top)
        for owner in moved:
            office[owner] -= 1
            if not office[owner]:
                del office[owner]
            plaza[owner] = plaza.get(owner, 0) + 1
    office[str(seat)] = office.get(str(seat), 0) + 1
    b["officials"] -= 1
    events.append({"kind": "official", "player": seat, "noble": noble, "displaced": moved, "why": why})


def officials_out(state: State, seat: int) -> list[str]:
    """Where ``seat`` has officials out of its board: nobles in pack order, then ``plaza``."""
    me = str(seat)
    places = [n for n in pack_of(state).nobles if state["offices"][n].get(me)]
    return places + (["plaza"] if state["plaza"].get(me) else [])


def recall_official(state: State, seat: int, place: str, events: Events, why: str) -> None:
    """One official from an office (or the plaza) back to the board."""
    me = str(seat)
    pool = state["plaza"] if place == "plaza" else state["offices"][place]
    pool[me] -= 1
    if not pool[me]:
        del pool[me]
    board(state, seat)["officials"] += 1
    events.append({"kind": "recall", "player": seat, "place": place, "why": why})


def favors_available(state: State, seat: int) -> list[str]:
    """Nobles (pack order) whose favor ``seat`` lacks and the portrait still has (rulebook p. 15)."""
    held = board(state, seat)["favors"]
    return [n for n in pack_of(state).nobles if n not in held and state["favors"][n] > 0]


def take_favor(state: State, seat: int, noble: str, events: Events, why: str) -> None:
    b = board(state, seat)
    if noble not in favors_available(state, seat):
        raise ValueError(f"seat {seat} cannot take the {noble} favor")
    state["favors"][noble] -= 1
    b["favors"] = sorted(b["favors"] + [noble])
    events.append({"kind": "favor", "player": seat, "noble": noble, "why": why})
