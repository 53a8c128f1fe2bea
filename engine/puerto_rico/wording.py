"""Small wording helpers shared by the event sentences."""

from __future__ import annotations

from .data import GOODS


def goods_text(amounts: list[int]) -> str:
    return ", ".join(f"{n} {GOODS[i]}" for i, n in enumerate(amounts) if n) or "nothing"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def tile_name(tile: str) -> str:
    return "a quarry" if tile == "quarry" else f"a{'n' if tile[0] in 'aeiou' else ''} {tile} plantation"
