"""Final scoring (BGA help page §得点計算) and the typed outcome.

After the Vatican report of round 6 and the last turn-order update, in this order: excommunication
3.4 (lose 1 VP per 5 VP held now); territories (3/4/5/6 cards: 1/4/10/20; none under 3.3);
characters (1–6 cards: 1/3/6/10/15/21; none under 3.1); ventures (their printed VP; none under
3.2); military ranking (most MP 5 VP, second most 2; a tie for first gives every tied player 5 and
nobody 2, a tie for second gives each 2; players with 0 MP rank too); 1 VP per 5 wood, stone,
servants and coins; then 3.5 (−1 VP per MP), 3.6 (−1 VP per wood and stone printed on their
buildings' costs) and 3.7 (−1 VP per resource held). Buildings score nothing more. A tie goes to
the player earlier in the final turn order. The state keeps every part as a non-negative number
(losses as positive amounts); the outcome shows losses as negative parts of the total.
"""

from __future__ import annotations

from ..core.outcome import Outcome, SeatResult
from .board import State, cards_of, excomm_effects, pack, res, resource_count
from .costs import printed_building_cost
from .flow import step
from .i18n import msg
from .types import CardType, LEvent, LStep

Events = list[LEvent]
# The parts' keys are catalogue ids kept as plain strings in the state and the outcome; a front end
# shows them with ``render.i18n.tr_id("engine.lorenzo", key, lang)``.
VP, TERRITORIES, CHARACTERS = str(msg("vp")), str(msg("territories")), str(msg("characters"))
VENTURES, MILITARY, RESOURCES = str(msg("ventures")), str(msg("military")), str(msg("resources"))
LOSSES = (
    str(msg("vp lost (3.4)")),
    str(msg("mp lost (3.5)")),
    str(msg("buildings lost (3.6)")),
    str(msg("resources lost (3.7)")),
)
TURN_ORDER = str(msg("turn order"))
TIE_BREAK = str(msg("earlier in the final turn order"))


def military_vp(state: State) -> dict[int, int]:
    """Seat → military ranking VP."""
    first, second = pack(state).rules.military_vp
    mp = {seat: res(state, seat)["mp"] for seat in range(len(state["players"]))}
    best = max(mp.values())
    leaders = [s for s, v in mp.items() if v == best]
    out = dict.fromkeys(mp, 0)
    for seat in leaders:
        out[seat] = first
    rest = [v for v in mp.values() if v < best]
    if len(leaders) == 1 and rest:
        for seat, value in mp.items():
            if value == max(rest):
                out[seat] = second
    return out


def _no_final(state: State, seat: int, card_type: CardType) -> bool:
    return any(p["type"] == card_type for p in excomm_effects(state, seat, "no_final_vp"))


def seat_parts(state: State, seat: int, military: int) -> dict[str, int]:
    rules, cards, held = pack(state).rules, pack(state).cards, res(state, seat)
    parts = {VP: held["vp"]}
    per_vp = excomm_effects(state, seat, "lose_vp_per_vp")
    parts[LOSSES[0]] = sum(held["vp"] // p["per"] for p in per_vp)
    parts[TERRITORIES] = (
        0 if _no_final(state, seat, "territory") else rules.territory_vp[len(cards_of(state, seat, "territory"))]
    )
    parts[CHARACTERS] = (
        0 if _no_final(state, seat, "character") else rules.character_vp[len(cards_of(state, seat, "character"))]
    )
    ventures = sum(cards[c].end_vp for c in cards_of(state, seat, "venture"))
    parts[VENTURES] = 0 if _no_final(state, seat, "venture") else ventures
    parts[MILITARY] = military
    parts[RESOURCES] = resource_count(held) // rules.resources_per_vp
    parts[LOSSES[1]] = sum(held["mp"] * p["per"] for p in excomm_effects(state, seat, "lose_vp_per_mp"))
    parts[LOSSES[2]] = sum(
        printed_building_cost(state, seat, tuple(p["resources"]))
        for p in excomm_effects(state, seat, "lose_vp_per_building_cost")
    )
    parts[LOSSES[3]] = sum(
        sum(held[r] for r in p["resources"]) for p in excomm_effects(state, seat, "lose_vp_per_resource")
    )
    return parts


def total(parts: dict[str, int]) -> int:
    return sum(-v if k in LOSSES else v for k, v in parts.items())


@step("final")
def _final(state: State, s: LStep, events: Events) -> None:
    military = military_vp(state)
    parts = [seat_parts(state, seat, military[seat]) for seat in range(len(state["players"]))]
    state["result"] = {"parts": parts, "order": list(state["order"])}
    state["over"] = True
    state["phase"] = "over"
    events.append({"type": "final", "totals": [total(p) for p in parts], "order": list(state["order"])})


def outcome_of(state: State) -> Outcome | None:
    result = state.get("result")
    if not result:
        return None
    order = result["order"]
    parts = result["parts"]
    seats = sorted(range(len(parts)), key=lambda p: (-total(parts[p]), order.index(p)))
    results = []
    for rank, seat in enumerate(seats, start=1):
        breakdown = {k: -v if k in LOSSES else v for k, v in parts[seat].items() if v or k not in LOSSES}
        results.append(
            SeatResult(
                seat,
                state["players"][seat],
                total(parts[seat]),
                rank,
                breakdown,
                {TURN_ORDER: order.index(seat) + 1},
                winner=rank == 1,
            )
        )
    return Outcome(tuple(results), TIE_BREAK)
