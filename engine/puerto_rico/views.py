"""What each seat may see. Hidden: other players' VP chips [S], the order of the
plantation stack, the generator state, and unrevealed Mayor layouts."""

from __future__ import annotations

from ..core.frames import top_frame, waiting_seats
from . import draft
from .board import city_spaces_used, colonists, empty_building_circles, island_tiles
from .data import BUILDING_ORDER, BUILDINGS, GOODS, ISLAND_KINDS, ROLE_ORDER, SLOTS
from .options import DEFAULTS
from .types import Board, BoardView, Pending, PRState, PRView
from .wording import ROLE_NAMES as _ROLE_WORDS

# The plain-text board stays English (a terminal and test aid): roles by their English names.
ROLE_NAMES = {role: str(word) for role, word in _ROLE_WORDS.items()}


def _board_view(board: Board) -> BoardView:
    view: BoardView = {
        "doubloons": board["doubloons"],
        "goods": list(board["goods"]),
        "island": {t: list(board["island"][t]) for t in ISLAND_KINDS if t in board["island"]},
        "city": {b: board["city"][b] for b in BUILDING_ORDER if b in board["city"]},
        "san_juan": board["san_juan"],
        "building_vp": sum(BUILDINGS[b].vp for b in board["city"]),
        "island_tiles": island_tiles(board),
        "city_spaces": city_spaces_used(board),
        "colonists": colonists(board),
        "empty_circles": empty_building_circles(board),
    }
    # Expansion games: nobles (where they stand, San Juan included) and forests.
    if "nobles" in board:
        nobles = board["nobles"]
        order = ("san_juan",) + ISLAND_KINDS + BUILDING_ORDER
        view["nobles"] = {k: nobles[k] for k in order if nobles.get(k)}
    if "captain_vp" in board:
        view["forests"] = board["island"].get("forest", [0, 0])[0]
    return view


def _expansion_view(state: PRState, extra: PRView) -> None:
    """Table options that differ from the base game; the expansions' supply and market."""
    options = {k: state["options"][k] for k in sorted(state["options"]) if state["options"][k] != DEFAULTS.get(k)}
    if options:
        extra["options"] = options
    if "draft" in state:
        extra["market"] = draft.market(state)
        if state["decision"] and state["decision"]["kind"] == "draft":
            picked = draft.chosen(state)
            extra["draft"] = {
                "picks": [list(p) for p in state["draft"]["picks"]],
                "open": draft.open_candidates(state),
                "slots": {
                    str(c): [sum(1 for b in picked if BUILDINGS[b].cost == c), n] for c, n in sorted(SLOTS.items())
                },
            }
    if "nobles" in state["supply"]:
        extra["nobles"] = {"supply": state["supply"]["nobles"], "ship": state["supply"]["ship_nobles"]}


def public_view(state: PRState, pending: list[Pending]) -> PRView:
    supply = state["supply"]
    tiles = state["plantations"]
    frame = top_frame(state)
    view: PRView = {
        "game": "puerto_rico",
        "players": list(state["players"]),
        "round": state["round"],
        "governor": state["governor"],
        "role": state["role"],
        "taken": dict(state["taken"]),
        "role_money": {r: state["role_money"][r] for r in ROLE_ORDER if r in state["role_money"]},
        "supply": {
            "colonists": supply["colonists"],
            "ship": supply["ship"],
            "vp": max(0, supply["vp"]),
            "goods": list(supply["goods"]),
            "quarries": supply["quarries"],
        },
        "plantations": {"faceup": list(tiles["faceup"]), "stack": len(tiles["deck"]), "discard": len(tiles["discard"])},
        "buildings": dict(state["buildings"]),
        "cargo": [s.copy() for s in state["cargo"]],
        "house": list(state["house"]),
        "boards": [_board_view(b) for b in state["boards"]],
        "waiting": pending,
        "submitted": sorted(int(s) for s in frame["answers"]) if frame else [],
        "end": list(state["end"]),
        "over": state["over"],
        "result": state["result"],
    }
    _expansion_view(state, view)
    return view


def private_view(state: PRState, player: int, pending: list[Pending]) -> PRView:
    view = public_view(state, pending)
    view["me"] = player
    view["my_vp"] = state["boards"][player]["vp"]
    frame = top_frame(state)
    if frame and frame["kind"] == "mayor_layout":
        view["my_draft"] = dict(frame["data"]["drafts"].get(str(player), {}))
        if player in frame["seats"] and player not in waiting_seats(frame):
            view["my_layout"] = frame["answers"][str(player)]
    return view


def _board_text(name: str, b: BoardView, mark: str) -> list[str]:
    island = ", ".join(f"{t} {n}" if t == "forest" else f"{t} {occ}/{n}" for t, (n, occ) in b["island"].items()) or "-"
    city = ", ".join(f"{k} {v}/{BUILDINGS[k].circles}" for k, v in b["city"].items()) or "-"
    goods = ", ".join(f"{n} {GOODS[i]}" for i, n in enumerate(b["goods"]) if n) or "none"
    lines = [
        f"{mark}{name}: {b['doubloons']} doubloons, goods: {goods}, building VP {b['building_vp']}, "
        f"San Juan {b['san_juan']}",
        f"    island ({b['island_tiles']}/12, tiles occupied/total): {island}",
        f"    city ({b['city_spaces']}/12, colonists/circles): {city}",
    ]
    if b.get("nobles"):
        lines.append("    nobles: " + ", ".join(f"{k.replace('_', ' ')} {n}" for k, n in b["nobles"].items()))
    return lines


def view_text(view: PRView) -> str:
    s = view["supply"]
    roles = ", ".join(
        f"{ROLE_NAMES[r]}" + (f" [{view['players'][view['taken'][r]]}]" if r in view["taken"] else f" ({m})")
        for r, m in view["role_money"].items()
    )
    ships = ", ".join(f"{c['size']}-ship: {c['load']} {c['good'] or ''}".strip() for c in view["cargo"])
    waiting = {d["player"] for d in view["waiting"]}
    lines = [
        f"Round {view['round']} | Governor {view['players'][view['governor']]}"
        + (f" | playing: {ROLE_NAMES[view['role']]}" if view["role"] else ""),
        f"Roles: {roles}",
        f"Supply: {s['colonists']} colonists (ship {s['ship']}), {s['vp']} VP chips, "
        f"{s['quarries']} quarries, goods {s['goods']}",
        f"Plantations face up: {', '.join(view['plantations']['faceup']) or '-'} "
        f"(stack {view['plantations']['stack']})",
        f"Cargo: {ships} | Trading house: {', '.join(view['house']) or 'empty'}",
    ]
    if "options" in view:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in view["options"].items()))
    if "draft" in view:
        lines.append(f"Draft: still open {', '.join(view['draft']['open'])}")
    if "market" in view:
        lines.append(f"Buildings in this game: {', '.join(view['market']) or '-'}")
    if "nobles" in view:
        lines.append(f"Nobles: {view['nobles']['supply']} in the supply, {view['nobles']['ship']} on the ship")
    for seat, board in enumerate(view["boards"]):
        lines += _board_text(view["players"][seat], board, "> " if seat in waiting else "  ")
    if "my_vp" in view:
        lines.append(f"Your VP chips: {view['my_vp']}")
    if view["end"] and not view["over"]:
        lines.append("The game ends after this round.")
    return "\n".join(lines)
