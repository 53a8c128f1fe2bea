"""Lisboa (Vital Lacerda, 2017) for 2-4 players on the engine core: the data pack (values partly
provisional, see ``python -m engine.lisboa.provenance``), the rules as a decision stack, the follow
window as a chain of out-of-turn prompts, final scoring."""

from .game import GAME

__all__ = ["GAME"]
