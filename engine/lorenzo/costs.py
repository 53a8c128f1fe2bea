"""What taking a development card asks of a player (BGA help page §アクションスペース).

Requirements: fewer than 6 cards of the type; for a territory, the military points printed on the
next territory slot (not spent; Cesare Borgia ignores them); for a military venture cost, the
points held ("need") before the ones spent. Payment, in the BGA help page's order: the 3-coin tax when any
member stands in the tower (Filippo Brunelleschi waives it), then the floor bonus (so it can help
pay; Preacher blocks it), then the card's cost. Discounts (Dame, Patron, Architect, Stonemason,
Pico) only reduce resources the cost holds, never below 0 and never the tax; a military cost is
never discounted.
"""

from __future__ import annotations

from typing import Literal

from .board import (
    State,
    ability,
    can_pay,
    cards_of,
    excomm_effects,
    no_floor_bonus,
    pack,
    permanents,
    res,
    servant_price,
    tower_card,
)
from .model import RESOURCES, Card, Space
from .types import Bundle, BundleKey, Holdings, Resource, TowerId

COST_ORDER: tuple[BundleKey, ...] = ("w", "s", "sv", "c", "mp", "need")


_TOWER_SPACES: dict[tuple[str, str], list[str]] = {}  # by the pack's fingerprint (same content) and tower


def tower_spaces(state: State, tower: TowerId | Literal[""]) -> list[str]:
    chosen = pack(state)
    key = (chosen.fingerprint, tower)
    found = _TOWER_SPACES.get(key)
    if found is None:
        found = _TOWER_SPACES[key] = [s.id for s in chosen.spaces.values() if s.tower == tower]
    return list(found)


def tower_occupied(state: State, tower: TowerId | Literal[""]) -> bool:
    """True when any member (anybody's, neutral included) stands in ``tower``."""
    return any(state["spaces"].get(s) for s in tower_spaces(state, tower))


def tower_tax(state: State, seat: int, tower: TowerId | Literal[""]) -> int:
    if not tower_occupied(state, tower) or ability(state, seat, "no_tower_tax") is not None:
        return 0
    return pack(state).rules.tower_tax


def reduced(state: State, seat: int, bundle: Bundle, ws: Literal["w", "s"] = "s") -> Bundle:
    """``bundle`` as one source gives it under ``seat``'s excommunications 1.1–1.4: each of
    mp, c, sv is 1 smaller; wood and/or stone 1 smaller in total (``ws`` names the one reduced
    when the source gives both). Never below 0."""
    out = dict(bundle)
    for params in excomm_effects(state, seat, "reduce_gain"):
        resource = params["resource"]
        if resource == "ws":
            both = out.get("w", 0) > 0 and out.get("s", 0) > 0
            kind: BundleKey = ws if both else ("w" if out.get("w", 0) > 0 else "s")
        else:
            kind = resource
        if out.get(kind, 0) > 0:
            out[kind] -= 1
    return {k: v for k, v in out.items() if v > 0}


def floor_bonus(state: State, seat: int, space: Space) -> Bundle:
    """The floor bonus ``seat`` gets on ``space`` (none with Preacher), after excommunications."""
    if not space.reward or no_floor_bonus(state, seat):
        return {}
    return reduced(state, seat, space.reward)


def _discounted(cost: Bundle, discount: Bundle) -> Bundle:
    out = dict(cost)
    for key, amount in discount.items():
        if out.get(key):
            out[key] = max(0, out[key] - amount)
    return {k: v for k, v in out.items() if v > 0}


def payments(state: State, seat: int, card: Card, discount: Bundle | None = None) -> list[Bundle]:
    """Every way ``seat`` may pay ``card`` (cost choices × the Stonemason's wood-or-stone), after
    discounts, cheapest first (fewest wood, stone, servants, coins and military points spent)."""
    bonuses = [p for p in permanents(state, seat, "bonus") if p["on"] == card.type]
    pico = ability(state, seat, "coin_discount")
    out: list[Bundle] = []
    for cost in card.costs:
        if "need" in cost:
            variants: list[Bundle] = [dict(cost)]
        else:
            base = _discounted(cost, discount or {})
            for bonus in bonuses:
                base = _discounted(base, bonus.get("discount", {}))
            if pico is not None and "c" in cost:
                base = _discounted(base, {"c": pico["c"]})
            variants = [base]
            for bonus in bonuses:
                one_of = [r for r in bonus.get("discount_one_of", []) if base.get(r)]
                if one_of:
                    variants = [_discounted(v, {r: 1}) for v in variants for r in one_of]
        for variant in variants:
            ordered: Bundle = {k: variant[k] for k in COST_ORDER if variant.get(k)}
            if ordered not in out:
                out.append(ordered)
    return sorted(out, key=lambda p: sum(v for k, v in p.items() if k != "need"))


def may_take(state: State, seat: int, card: Card) -> bool:
    """The card limit and, for a territory, the military points of the next slot."""
    rules = pack(state).rules
    owned = len(cards_of(state, seat, card.type))
    if owned >= rules.card_limit:
        return False
    if card.type == "territory" and ability(state, seat, "no_territory_mp") is None:
        return bool(res(state, seat)["mp"] >= rules.territory_mp[owned])
    return True


def entry_terms(state: State, seat: int, space: Space) -> tuple[int, int, Bundle]:
    """What entering ``space`` costs and gives ``seat`` whatever the servants: the servants per +1,
    the tower's tax and the floor bonus."""
    return servant_price(state, seat), tower_tax(state, seat, space.tower), floor_bonus(state, seat, space)


def settle_entry(holdings: Holdings, boost: int, terms: tuple[int, int, Bundle]) -> Holdings | None:
    """``holdings`` once ``boost`` servants' worth, the tax and the floor bonus (``terms``, from
    :func:`entry_terms`) are settled (``None`` when the servants or the tax cannot be paid)."""
    price, tax, bonus = terms
    held = dict(holdings)
    held["sv"] -= boost * price
    held["c"] -= tax
    if held["sv"] < 0 or held["c"] < 0:
        return None
    for key, amount in bonus.items():
        held[key] = held.get(key, 0) + amount
    return held


def after_entry(state: State, seat: int, space: Space, boost: int) -> Holdings | None:
    """``seat``'s holdings once the servants, the tax and the floor bonus of ``space`` are settled
    (``None`` when the servants or the tax cannot be paid)."""
    return settle_entry(res(state, seat), boost, entry_terms(state, seat, space))


def take_payments(state: State, seat: int, space: Space, boost: int, discount: Bundle | None = None) -> list[Bundle]:
    """The payments ``seat`` can make for the card on ``space`` after ``boost`` servants' worth of
    value, the tax and the floor bonus; empty when the card may not be taken or paid."""
    card_id = tower_card(state, space)
    if card_id is None:
        return []
    card = pack(state).cards[card_id]
    held = after_entry(state, seat, space, boost)
    if held is None or not may_take(state, seat, card):
        return []
    return [p for p in payments(state, seat, card, discount) if can_pay(held, p)]


def bundle_text(bundle: Bundle) -> str:
    """``{"w": 1, "c": 2}`` → ``1w 2c`` in a fixed order (``nothing`` when empty)."""
    order = COST_ORDER + ("vp", "fp", "cp")
    parts = [f"{bundle[k]}{k}" for k in order if bundle.get(k) and k != "need"]
    return " ".join(parts) or "nothing"


def printed_building_cost(state: State, seat: int, resources: tuple[Resource, ...] = RESOURCES) -> int:
    """The wood and stone (``resources``) printed on the costs of ``seat``'s buildings (3.6)."""
    cards = pack(state).cards
    return sum(cards[c].cost.get(r, 0) for c in cards_of(state, seat, "building") for r in resources)
