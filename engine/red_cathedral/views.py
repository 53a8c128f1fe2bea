"""What players see. Nothing is hidden (face-down workshop tiles were public before they
were turned, ⚠ so everyone sees which tile they are), so a player's view is the public view
plus their seat; the generator's state never appears."""

from __future__ import annotations

from . import board, market_actions, score
from .data import PACKS
from .types import Material, SeatView, SectionView, Slot, SlotView, SpaceView, State, View
from .words import amounts, influence_text, item, slot_name, tile_text


def public_view(state: State) -> View:
    pack = board.pack_of(state)
    return {
        "game": "red_cathedral",
        "players": list(state["players"]),
        "workshop_side": state["options"]["workshop"],
        "plan": state["plan"],
        "turn": state["turn"].copy() if state["turn"] else None,
        "end": {"trigger": state["end"]["trigger"], "left": list(state["end"]["left"])} if state["end"] else None,
        "over": state["over"],
        "result": state["result"],
        "supply": dict(state["supply"]),
        "market": [_space(state, i) for i in range(len(state["spaces"]))],
        "influence": [
            {
                "guild": g,
                "card": state["influence"][g],
                "actions": [str(influence_text(state, state["influence"][g], w)) for w in (1, 2)],
            }
            for g in state["quadrants"]
        ],
        "towers": [[_section(state, i) for i in tower] for tower in state["towers"]],
        "seats": [_seat(state, p) for p in range(len(state["players"]))],
        "prestige_spaces": list(pack.prestige),
        "lap": pack.track.lap,
        "notice": str(PACKS.notice(pack)),
    }


def player_view(state: State, p: int) -> View:
    return {**public_view(state), "you": p}


def _space(state: State, i: int) -> SpaceView:
    tile = board.pack_of(state).resource_tiles[state["spaces"][i]["tile"]]
    return {
        "space": i + 1,
        "tile": tile.id,
        "gives": str(item(tile.item, tile.amount)),
        "guild": state["quadrants"][market_actions.quadrant(state, i)],
        "dice": [{"colour": c, "face": state["faces"][c]} for c in state["spaces"][i]["dice"]],
    }


def _section(state: State, i: int) -> SectionView:
    sec, card = state["sections"][i], board.card(state, i)
    return {
        "name": sec["name"],
        "level": card.level,
        "card": card.id,
        "cost": dict(card.cost),
        "reward": {"rp": card.rp, "rubles": card.rubles},
        "owner": sec["owner"],
        "delivered": dict(sec["delivered"]),
        "done": sec["done"],
        "ornament": sec["ornament"].copy() if sec["ornament"] else None,
        "tile": {"id": sec["tile"], "gives": str(tile_text(state, sec["tile"]))} if sec["tile"] else None,
    }


def _seat(state: State, p: int) -> SeatView:
    me = board.seat(state, p)
    slots: dict[Slot, SlotView | None] = {
        s: {"tile": v["tile"], "up": v["up"], "gives": str(tile_text(state, v["tile"]))} if v else None
        for s, v in me["slots"].items()
    }
    return {
        "name": state["players"][p],
        "colour": me["colour"],
        "rubles": me["rubles"],
        "space": me["pos"],
        "pp": score.pp_at(board.lap(state), me["pos"]),
        "inventory": dict(me["inventory"]),
        "capacity": board.capacity(state, p),
        "banners": me["banners"].copy(),
        "ornaments": dict(me["ornaments"]),
        "lost_ornaments": dict(me["lost"]),
        "slots": slots,
        "completed": board.completed(state, p),
        "ornaments_placed": board.ornaments_placed(state, p),
    }


def view_text(view: View) -> str:
    """A plain-text board for terminals and logs."""
    names = view["players"]
    lines = [f"The Red Cathedral ({view['workshop_side']} workshops, plan {view['plan']})"]
    for m in view["market"]:
        dice = " ".join(f"{d['colour']}:{d['face']}" for d in m["dice"]) or "-"
        lines.append(f"  space {m['space']} [{m['guild']}] {m['gives']:<16} dice {dice}")
    for inf in view["influence"]:
        lines.append(f"  {inf['guild']}: {inf['card']} | 1) {inf['actions'][0]} | 2) {inf['actions'][1]}")
    for t, tower in enumerate(view["towers"]):
        lines.append(f"  tower {chr(65 + t)}:")
        for s in reversed(tower):
            owner = names[s["owner"]] if s["owner"] is not None else "-"
            state = "done" if s["done"] else f"needs {amounts(_left(s))}"
            orn = f" {s['ornament']['kind']} ({names[s['ornament']['seat']]})" if s["ornament"] else ""
            lines.append(f"    {s['name']} {s['level']:<6} {owner:<8} {state}{orn}")
    for seat in view["seats"]:
        slots = ", ".join(
            f"{slot_name(k)}:{v['gives']}{'' if v['up'] else ' (down)'}" for k, v in seat["slots"].items() if v
        )
        banners = seat["banners"]["inventory"] + seat["banners"]["board"]
        lines.append(
            f"  {seat['name']} ({seat['colour']}): {seat['pp']} PP (space {seat['space']}), {seat['rubles']} rubles, "
            f"inventory {amounts(seat['inventory'])} ({seat['capacity']} spaces), banners {banners}, "
            f"workshop {slots or 'empty'}"
        )
    if view["result"]:
        lines.append(
            "  final: " + ", ".join(f"{names[p]} {r['total']} PP" for p, r in enumerate(view["result"]["seats"]))
        )
    return "\n".join(lines)


def _left(section: SectionView) -> dict[Material, int]:
    return {
        k: n - section["delivered"].get(k, 0) for k, n in section["cost"].items() if n > section["delivered"].get(k, 0)
    }
