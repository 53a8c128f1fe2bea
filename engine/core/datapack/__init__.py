"""Data packs in the core: a game's component values as TOML files of named families of rows.

A game declares its families (:mod:`.schema`: fields, types, required or optional, allowed
values), its cross-row checks and its paths in a :class:`PackSpec`; the core loads a pack
(:func:`load`), validates every row with messages naming the file, the row and the field, keeps
each row's provenance (``source``, ``provisional`` with ``why``), fingerprints the game values
(:mod:`.fingerprint`; ``python -m engine.core.datapack.former`` lists a pack's former ones), keeps
the loaded packs of each game by fingerprint (:class:`DataPacks`) and summarises provenance
(``python -m engine.core.datapack <game> [--pack PATH]``). :class:`PackGame` gives a game its
data notice and a server owner's pack for new games (``DATA_PACKS`` in the bot).
"""

from .game import PackGame
from .load import load
from .pack import Effects, Pack, PackSpec, Sources
from .packs import DataPacks, games_with_packs, packs_of
from .provenance import describe, notice, summary
from .schema import PROVENANCE, F, Family, PackError, Record, Row, effect, enum, flag, integer, items, ref, table, text

__all__ = [
    "PROVENANCE",
    "DataPacks",
    "Effects",
    "F",
    "Family",
    "Pack",
    "PackError",
    "PackGame",
    "PackSpec",
    "Record",
    "Row",
    "Sources",
    "describe",
    "effect",
    "enum",
    "flag",
    "games_with_packs",
    "integer",
    "items",
    "load",
    "notice",
    "packs_of",
    "ref",
    "summary",
    "table",
    "text",
]
