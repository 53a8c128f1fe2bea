"""Helpers for The Red Cathedral tests: pack copies, new tables, driving prompts by text, and
building a state by hand for a scenario."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from engine.core import play
from engine.red_cathedral import GAME, board, score
from engine.red_cathedral.data import DATA_DIR

NAMES = ["Ann", "Bob", "Cy", "Dee"]
State = dict[str, Any]


def copy_pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    target.mkdir()
    for f in list(DATA_DIR.glob("*.toml")) + list(DATA_DIR.glob("*.md")):
        shutil.copy(f, target / f.name)
    return target


def edit(pack_dir: Path, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``file`` by ``new`` (the test's corruption)."""
    path = pack_dir / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def new_game(players: int = 2, seed: int = 1, workshop: str = "basic") -> State:
    state, _ = play.new_game(GAME, NAMES[:players], {"workshop": workshop}, seed)
    return state


def prompt(state: State) -> tuple[int, str, list[str]]:
    """The one open decision: (seat, kind, option texts)."""
    (decision,) = play.pending(GAME, state)
    return decision.player, decision.kind, [GAME.action_text(a) for a in decision.options]


def texts(state: State) -> list[str]:
    return prompt(state)[2]


def kind(state: State) -> str:
    return prompt(state)[1]


def act(state: State, *typed: str) -> tuple[State, list[dict[str, Any]]]:
    """Answer the open decisions with the typed texts in turn; return the new state and all events."""
    events: list[dict[str, Any]] = []
    for text in typed:
        seat = play.waiting_players(GAME, state)[0]
        action = play.parse_action(GAME, state, seat, text)
        state, ev = play.apply(GAME, state, seat, action)
        events += ev
    return state, events


def sentences(state: State, events: list[dict[str, Any]]) -> list[str]:
    return [t for t in (GAME.event_text(state, e).public for e in events) if t]


def prestige(state: State, n: int) -> int:
    """The track position of the ``n``-th prestige space."""
    return score.prestige_space(board.lap(state), n)


def pp(state: State, seat: int) -> int:
    return board.pp(state, seat)


def clear_board(state: State) -> None:
    """Every section unclaimed, every banner and tile back, nothing in inventories."""
    for sec in state["sections"]:
        sec.update(owner=None, delivered={}, done=False, ornament=None)
    for me in state["seats"]:
        me["inventory"] = dict.fromkeys(me["inventory"], 0)


def own(state: State, name: str, seat: int, done: bool = False) -> int:
    """Give section ``name`` to ``seat`` (completed or not); return its index."""
    index = board.section_at(state, name)
    state["sections"][index].update(owner=seat, done=done)
    return index


def give(state: State, seat: int, **materials: int) -> None:
    """Put materials into a seat's inventory, taken from the supply."""
    for mat, n in materials.items():
        state["supply"][mat] -= n
        state["seats"][seat]["inventory"][mat] += n


def set_card(state: State, name: str, card: str) -> None:
    state["sections"][board.section_at(state, name)]["card"] = card


def tower_of(state: State, t: int) -> list[str]:
    return [state["sections"][i]["name"] for i in state["towers"][t]]


def materials_total(state: State) -> dict[str, int]:
    """Every material in the supply, inventories and on unfinished sections."""
    out = dict(state["supply"])
    for me in state["seats"]:
        for k, n in me["inventory"].items():
            out[k] += n
    for sec in state["sections"]:
        for k, n in sec["delivered"].items():
            out[k] += n
    return out


def start_turn(state: State, seat: int) -> State:
    """Drop whatever is open and start ``seat``'s turn (forced steps resolved)."""
    from engine.red_cathedral.flow import STEPS

    state["decision"], state["frames"] = None, []
    state["queue"] = [{"step": "turn", "player": seat}]
    STEPS.run(state, [])
    play.resolve_forced(GAME, state)
    return state


def place_dice(state: State, where: dict[str, tuple[int, int]]) -> None:
    """Put every die named on a space (0-7) with a face; dice not named stay where they are."""
    for colour, (space, face) in where.items():
        for s in state["spaces"]:
            if colour in s["dice"]:
                s["dice"].remove(colour)
        state["spaces"][space]["dice"].append(colour)
        state["faces"][colour] = face


def set_tile(state: State, space: int, tile: str) -> None:
    """Swap resource tiles so that ``tile`` lies on ``space``."""
    tiles = [s["tile"] for s in state["spaces"]]
    other = tiles.index(tile)
    state["spaces"][other]["tile"], state["spaces"][space]["tile"] = state["spaces"][space]["tile"], tile


def decision_of(state: State) -> Any:
    (decision,) = play.pending(GAME, state)
    return decision


def table_with_tower(players: int, height: int, workshop: str = "basic") -> tuple[State, list[str]]:
    """A new table whose plan has a tower of exactly ``height`` sections, cleared; and that tower."""
    for seed in range(200):
        state = new_game(players, seed, workshop)
        for t, tower in enumerate(state["towers"]):
            if len(tower) == height:
                clear_board(state)
                return state, tower_of(state, t)
    raise AssertionError(f"no {players}-player plan has a tower of {height}")
