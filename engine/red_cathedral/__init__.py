"""The Red Cathedral (Isra C. and Shei S., Devir 2020) for 2-4 players on the engine core: the data
pack (values partly provisional, see ``python -m engine.red_cathedral.provenance``), the turn as a
chain of one player's prompts, the basic and advanced workshop sides, final scoring.
Solo play against Ivan is not offered (see docs/rules/red-cathedral.md)."""

from .game import GAME

__all__ = ["GAME"]
