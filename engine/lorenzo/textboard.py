"""The plain-text board (``view_text``) for terminals and the bot, drawn from a view only."""

from __future__ import annotations

from .board import seat_member
from .data import PACKS
from .labels import action_text
from .model import Pack
from .types import BundleKey, LView
from .words import CARD_TYPE_PLURALS, word

View = LView
RES_ORDER: tuple[BundleKey, ...] = ("w", "s", "sv", "c", "vp", "mp", "fp")


def _cards(pack: Pack, ids: list[int]) -> str:
    return ", ".join(pack.cards[c].name for c in ids) or "-"


def _tower_lines(pack: Pack, view: View) -> list[str]:
    lines = []
    for tower, cards in view["towers"].items():
        floors = []
        for floor, card in enumerate(cards, start=1):
            space = f"{tower}-{floor}"
            taken = view["spaces"].get(space)
            name = pack.cards[card].name if card is not None else "-"
            who = f" [{', '.join(view['players'][s] + ' ' + m for s, m in map(seat_member, taken))}]" if taken else ""
            floors.append(f"{floor}:{name}{who}")
        lines.append(f"  {tower:<7} " + " | ".join(floors) + f"   (deck {view['decks'][tower]})")
    return lines


def _space_lines(view: View) -> list[str]:
    out = []
    for space in view["open_spaces"]:
        if space.split("-")[0] in view["towers"]:
            continue
        taken = view["spaces"].get(space, [])
        who = ", ".join(f"{view['players'][s]} {m}" for s, m in map(seat_member, taken)) or "-"
        out.append(f"  {space:<18} {who}")
    return out


def _player_lines(pack: Pack, view: View, seat: int) -> list[str]:
    mine = view["boards"][seat]
    res = " ".join(f"{mine['res'][k]}{k}" for k in RES_ORDER)
    excomm = ",".join(view["excomm"][p - 1] for p in mine["excomm"]) or "-"
    lines = [f"  {view['players'][seat]}: {res}  excommunicated {excomm}  tile {mine['tile']}"]
    for card_type in [t.type for t in pack.towers.values() if t.type in mine["cards"]]:  # the board's order
        ids = mine["cards"][card_type]
        if ids:
            lines.append(f"    {word(CARD_TYPE_PLURALS, card_type)}: {_cards(pack, ids)}")
    if view["options"].get("advanced"):
        played = [pack.leaders[e["id"]].name + ("" if e["up"] else " (used)") for e in mine["leaders"]]
        lines.append(f"    leaders: {', '.join(played) or '-'}; in hand {mine['hand']}")
    placed = ", ".join(mine["placed"]) or "none"
    lines.append(f"    members placed: {placed}")
    return lines


def view_text(view: View) -> str:
    pack = PACKS.by_fingerprint(view["pack"])
    names = view["players"]
    dice = ", ".join(f"{k} {v}" for k, v in view["dice"].items()) or "not rolled"
    lines = [
        f"Lorenzo il Magnifico, round {view['round']} of 6 (period {view['period']}); dice: {dice}",
        "Turn order: " + ", ".join(names[p] for p in view["order"]),
        "Excommunication tiles: " + ", ".join(view["excomm"]),
        "Towers:",
        *_tower_lines(pack, view),
        "Spaces:",
        *_space_lines(view),
        "Players:",
    ]
    for seat in view["order"]:
        lines += _player_lines(pack, view, seat)
    window = view.get("window")
    if window:
        answered = ", ".join(names[s] for s in window["answered"]) or "nobody"
        lines.append(f"{window['kind'].title()}: answered so far {answered}")
    if "seat" in view:
        hand = ", ".join(pack.leaders[i].name for i in view["hand"])
        if hand:
            lines.append(f"Your leaders in hand: {hand}")
        if view["packet"]:
            lines.append("Your draft packet: " + ", ".join(pack.leaders[i].name for i in view["packet"]))
        answer = view.get("my_answer")
        if answer is not None:
            lines.append(f"Your answer so far: {action_text(answer)}")
    totals = view.get("totals")
    if totals:
        lines.append("Game over. Final scores: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(totals)))
    return "\n".join(lines)
