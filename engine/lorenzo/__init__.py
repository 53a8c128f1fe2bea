"""Lorenzo il Magnifico (Cranio Creations, 2016) for 2-4 players on the engine core: the data pack
(every card, leader, tile and track, from the open-source engines' card data), the rules as steps
and decision kinds on the core's step queue, the Vatican report and the leader draft as parallel
secret windows, final scoring. Basic and advanced rules (``advanced=yes``)."""

from .game import GAME

__all__ = ["GAME"]
