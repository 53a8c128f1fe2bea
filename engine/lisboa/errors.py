"""The one error a bad data pack raises (the core's, for every game's packs)."""

from __future__ import annotations

from ..core.datapack import PackError as PackError

__all__ = ["PackError"]
