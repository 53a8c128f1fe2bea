"""Helpers for the Lisboa bot tests: what the component planner offers, and arranged positions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.discord.views.layout import (
    BUTTON_ROWS,
    MAX_CHOICE,
    MAX_LABEL,
    PER_ROW,
    PER_SELECT,
    Control,
    choice_value,
    plan_controls,
)
from bot.service.game_ui import Table
from bot.service.records import State
from bot.service.service import GameService
from bot.service.typed import resolve_value
from engine.core import play
from engine.core.shapes import ChooseSeveral
from engine.lisboa.data import DATA_DIR

MARQUIS = "blue-06"  # a Marquis card (engine tests use the same id)


def reachable(table: Table, seat: int) -> set[int]:
    """Indices of the seat's legal texts its private panel offers, following "More options"."""
    found: set[int] = set()
    first: int | None = 0
    while first is not None:
        controls = plan_controls(table, seat, first)
        check_layout(controls)
        found |= {c.index for c in controls if c.kind == "choice" and c.index is not None}
        found |= {i for c in controls if c.kind == "select" for i, _ in c.options}
        found |= {i for c in controls if c.kind == "several" for i in picked(table, seat, c)}
        first = next((c.page for c in controls if c.kind == "more"), None)
    return found


def picked(table: Table, seat: int, menu: Control) -> set[int]:
    """Indices of the seat's legal texts a multi-select reaches: the listed sets of its items, each
    within its bounds."""
    shape = table.shape(seat)
    assert isinstance(shape, ChooseSeveral)
    offered = {shape.items[i].key for i, _ in menu.options}
    texts = table.texts(seat)
    return {
        texts.index(o.text)
        for o in shape.options
        if o.text in texts and set(o.picks) <= offered and menu.low <= len(o.picks) <= menu.high
    }


def check_layout(controls: list[Control]) -> None:
    """Discord's limits: 5 rows, 5 buttons or one select per row, 25 options, label lengths."""
    rows: dict[int, list[Control]] = {}
    for c in controls:
        rows.setdefault(c.row, []).append(c)
        assert len(c.label) <= MAX_LABEL and 0 <= c.row <= BUTTON_ROWS
        assert len(c.options) <= PER_SELECT and all(len(label) <= MAX_CHOICE for _, label in c.options)
    for row in rows.values():
        assert len(row) <= PER_ROW and (len(row) == 1 or all(c.kind not in ("select", "several") for c in row))


def check_offers(table: Table) -> None:
    """Every legal text of every waiting seat can be reached by components and by ``/play``, and the
    public message never shows options naming a secret (a card in hand)."""
    for seat in table.waiting_seats():
        texts = table.texts(seat)
        assert reachable(table, seat) == set(range(len(texts))), (table.decisions(seat), texts)
        for i, text in enumerate(texts):
            assert resolve_value(choice_value(text, table.version, i), table, seat)[0] == text
    public = plan_controls(table)
    check_layout(public)
    hands = {card for board in (table.state or {})["boards"] for card in board["hand"]}
    shown = " ".join([c.label for c in public] + [label for c in public for _, label in c.options])
    assert not hands & set(re.split(r"[\s,]+", shown)), shown


async def store_state(svc: GameService, row: int, state: State, note: str = "test: arranged position") -> int:
    """Store ``state`` as the game's next version (a test arranging a position; not replayable)."""
    record = await svc.store.game(row)
    assert record is not None
    users = [s.user_id for s in await svc.store.seats(row) if s.seat is not None]
    game = svc.core.game(record.game_id)
    return await svc.store.append(
        row,
        expected_version=record.version,
        seat=0,
        user_id=users[0],
        kind="action",
        text=note,
        undo_barrier=True,
        public_lines=[note],
        state_json=play.dumps(state),
        waiting=[users[p] for p in play.waiting_players(game, state)],
        now=svc.now(),
    )


async def latest_state(svc: GameService, row: int) -> State:
    record = await svc.store.game(row)
    assert record is not None
    return play.loads(await svc.store.snapshot(row, record.version) or "{}")


def arrange_visit(state: State, visitor: int, favors: dict[int, list[str]], influence: dict[int, int]) -> None:
    """``visitor`` holds a Marquis card and owes the main action; seats' favors and influence set;
    officials and treasury so that the visit and follows cost 0 (no officials, treasury left 0)."""
    for board in state["boards"]:
        if MARQUIS in board["hand"]:
            board["hand"].remove(MARQUIS)
    _remove_everywhere(state, MARQUIS)
    state["boards"][visitor]["hand"].append(MARQUIS)
    state["treasury"] = 2
    state["offices"] = {n: {} for n in state["offices"]}
    for seat, board in enumerate(state["boards"]):
        board.update(favors=list(favors.get(seat, [])), clergy=[], influence=influence.get(seat, 5))


def _remove_everywhere(data: Any, card: str) -> None:
    """Take ``card`` out of every list of the political decks and display."""
    stack = [data["political"]]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            while card in item:
                item.remove(card)


def transcribed_pack(tmp_path: Path, name: str = "my-print") -> Path:
    """A copy of the shipped Lisboa pack, renamed and with no provisional row (a "full transcription")."""
    target = tmp_path / "pack"
    target.mkdir()
    for file in DATA_DIR.glob("*.toml"):
        text = file.read_text(encoding="utf-8")
        text = re.sub(r"(, |\n)provisional_fields = \[[^\]]*\]", "", text).replace(
            "provisional = true", "provisional = false"
        )
        (target / file.name).write_text(text.replace('"lisboa-shipped-1"', f'"{name}"'), encoding="utf-8")
    return target
