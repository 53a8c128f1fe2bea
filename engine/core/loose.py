"""Transitional: the loose types a game declares until its rules are typed (issue 24).

To be replaced by each game's TypedDicts (see ``docs/contributors.md``, "Types"); nothing new may
use them, and this module goes once no game imports it.

``Loose`` fills the type variables of a game class and its step registry
(``StepGame[Loose, Loose, Loose, Loose, Loose]``, ``Steps[Loose, ...]``): the game's rules still
take plain-dict states, which the core's bounds (TypedDicts) do not accept. ``LooseDict``
is such a state as the few core functions the rules call with their whole state also accept it
(:mod:`engine.core.rng`, :func:`engine.core.frames.top_frame`, :class:`DataPacks.of_state
<engine.core.datapack.packs.DataPacks.of_state>`).
"""

from __future__ import annotations

from typing import Any

Loose = Any
LooseDict = dict[str, Any]
