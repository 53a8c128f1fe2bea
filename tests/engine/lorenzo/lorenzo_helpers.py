"""Scenario helpers: a table in a chosen position, a player's turn, answers by their text.

``table(n)`` sets up a game and then empties the round (no cards on the towers, nobody placed)
with the turn order P1..Pn (seats 0..n-1), known dice and nothing queued; a test puts the cards,
resources and excommunications it needs, then ``turn(state, seat)`` opens that player's turn and
``act(state, seat, "place black", "green-3", ...)`` answers by canonical text (forced steps play
themselves, as in a real game).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from engine.core import play
from engine.lorenzo import GAME
from engine.lorenzo.data import DATA_DIR, PACKS
from engine.lorenzo.flow import STEPS

NAMES = ["P1", "P2", "P3", "P4"]
State = dict[str, Any]


def new_game(n: int = 4, seed: int = 1, **options: Any) -> State:
    state, _ = play.new_game(GAME, NAMES[:n], options, seed)
    return state


def table(n: int = 4, seed: int = 1, dice: tuple[int, int, int] = (6, 6, 6), **options: Any) -> State:
    """A game of ``n`` in round 1, towers empty, turn order seats 0..n-1, nothing asked."""
    state = new_game(n, seed, **options)
    state["order"] = list(range(n))
    state["towers"] = {t: [None] * 4 for t in state["towers"]}
    state["dice"] = dict(zip(("black", "white", "orange"), dice, strict=True))
    state["queue"], state["decision"], state["frames"] = [], None, []
    state["phase"] = "play"
    return state


def turn(state: State, seat: int) -> State:
    """Open ``seat``'s turn now (forced steps resolved)."""
    state["queue"], state["decision"] = [{"step": "turn", "player": seat}], None
    STEPS.run(state, [])
    play.resolve_forced(GAME, state)
    return state


def run(state: State, *steps: dict[str, Any]) -> list[dict[str, Any]]:
    """Run ``steps`` now (then forced answers); returns the events."""
    state["queue"], state["decision"] = [dict(s) for s in steps], None
    events: list[dict[str, Any]] = []
    STEPS.run(state, events)
    return events + play.resolve_forced(GAME, state)


def act(state: State, seat: int, *texts: str) -> tuple[State, list[dict[str, Any]]]:
    """Answer ``texts`` in turn as ``seat``; returns the new state and every event."""
    events: list[dict[str, Any]] = []
    for text in texts:
        state, more = play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))
        events += more
    return state, events


def texts(state: State, seat: int) -> list[str]:
    return play.legal_texts(GAME, state, seat)


def decision(state: State) -> str | None:
    return None if state["decision"] is None else state["decision"]["kind"]


def res(state: State, seat: int, **amounts: int) -> dict[str, int]:
    """Set some of ``seat``'s holdings (w s sv c vp mp fp) and return them all."""
    held: dict[str, int] = state["boards"][seat]["res"]
    held.update(amounts)
    return held


def give(state: State, seat: int, *card_ids: int) -> None:
    """Put cards on ``seat``'s personal board (their effects are not resolved)."""
    pack = PACKS.shipped()
    for card_id in card_ids:
        state["boards"][seat]["cards"][pack.cards[card_id].type].append(card_id)


def tower(state: State, colour: str, *cards: int | None) -> None:
    """Put ``cards`` on the floors of ``colour``'s tower, floor 1 first."""
    state["towers"][colour] = list(cards) + [None] * (4 - len(cards))


def occupy(state: State, space: str, seat: int, member: str) -> None:
    """Stand ``seat``'s ``member`` on ``space`` (as if placed earlier this round)."""
    state["spaces"].setdefault(space, []).append([seat, member])
    state["boards"][seat]["placed"].append(member)


def excommunicate(state: State, seat: int, tile: str) -> None:
    """Give ``seat`` the excommunication ``tile`` (made the one in play for its period)."""
    period = int(tile.split(".")[0])
    state["excomm"][period - 1] = tile
    state["boards"][seat]["excomm"].append(period)


def lead(state: State, seat: int, *keys: str, hand: bool = False) -> None:
    """Give ``seat`` leaders by key, played (face up) or in ``hand``."""
    pack = PACKS.shipped()
    for key in keys:
        leader_id = pack.leader_by_key(key).id
        if hand:
            state["boards"][seat]["hand"].append(leader_id)
        else:
            state["boards"][seat]["leaders"].append({"id": leader_id, "up": True, "copy": None})


def gains(events: list[dict[str, Any]], seat: int) -> list[dict[str, int]]:
    return [e["got"] for e in events if e["type"] == "gain" and e["player"] == seat]


def copy_pack(tmp_path: Path) -> Path:
    target = tmp_path / "pack"
    target.mkdir()
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, target / f.name)
    return target


def edit(pack_dir: Path, old: str, new: str) -> None:
    path = pack_dir / "lorenzo.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    path.write_text(text.replace(old, new), encoding="utf-8")
