"""Shared helpers for the Lisboa foundation tests."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from engine.lisboa.data import DATA_DIR
from engine.lisboa.setup import keep_clergy, setup

NAMES = ["Ana", "Bea", "Caio", "Duda"]


def copy_pack(tmp_path: Path) -> Path:
    """Copy the shipped pack's TOML files into ``tmp_path/pack``."""
    target = tmp_path / "pack"
    target.mkdir()
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, target / f.name)
    return target


def edit(pack_dir: Path, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``file`` by ``new`` (the test's corruption)."""
    path = pack_dir / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def new_game(n: int, seed: int = 1, keep: bool = False, **options: Any) -> dict[str, Any]:
    """A fresh ``n``-player table; ``keep`` answers D01 with each player's first offered tile."""
    state = setup(NAMES[:n], options, seed)
    if keep:
        for seat in range(n):
            keep_clergy(state, seat, state["setup"]["clergy_offers"][seat][0])
    return state


def rubble_total(counts: dict[str, int]) -> int:
    return sum(counts.values())


def placed_rubble(state: dict[str, Any]) -> dict[str, int]:
    """Cubes on the map and the spare pile, by disaster."""
    city = state["city"]
    groups = list(city["row_rubble"].values()) + list(city["column_rubble"].values())
    groups += [s["rubble"] for s in city["sites"].values()] + [city["spare_rubble"]]
    out: dict[str, int] = {}
    for g in groups:
        for k, v in g.items():
            out[k] = out.get(k, 0) + v
    return out
