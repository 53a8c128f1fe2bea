"""The packs of each game loaded in this process, by the fingerprint of their values.

A game's data module makes one :class:`DataPacks` from its :class:`PackSpec`. The shipped pack
loads on first use; a server owner's pack is registered when loaded, and a state names the pack
it was set up with (:meth:`DataPacks.record`), so a game always replays with its own pack and a
state whose pack is not loaded is refused, never played with other values. A pack also answers to
the former fingerprints earlier versions with the same values recorded (:mod:`.fingerprint`).
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import Any, Generic, TypedDict, TypeVar

from ..discovery import BrokenEntryPoint
from ..registry import all_games, current
from . import provenance
from .load import load
from .pack import P, PackSpec

_BY_GAME: dict[str, DataPacks[Any]] = {}


class PackRecord(TypedDict):
    """What a state records of its pack (:meth:`DataPacks.record`)."""

    name: str
    fingerprint: str
    provisional: int  # how many of its rows are provisional


class PackState(TypedDict):
    """The key a pack game's state holds (its state TypedDict inherits this)."""

    pack: PackRecord


PS = TypeVar("PS", bound=PackState)


class DataPacks(Generic[P]):
    """One game's packs: the shipped one and every one registered, by fingerprint."""

    def __init__(self, spec: PackSpec[P]) -> None:
        self.spec = spec
        self._shipped: P | None = None
        self._registered: dict[str, P] = {}
        self._former: dict[str, P] = {}  # a registered pack by each of its former fingerprints
        _BY_GAME[spec.game] = self

    def load(self, path: str | Path | None = None) -> P:
        """Read and validate the pack at ``path`` (default: the shipped one); raise PackError if bad."""
        return load(self.spec, path)

    def shipped(self) -> P:
        """The shipped pack, validated once per process."""
        if self._shipped is None:
            self._shipped = self.load()
        return self._shipped

    def register(self, pack: P) -> None:
        """Make a (server owner's) pack findable by the fingerprint a state or view records, and by
        its former fingerprints."""
        self._registered[pack.fingerprint] = pack
        for former in pack.former:
            self._former[former] = pack

    def by_fingerprint(self, fingerprint: str) -> P:
        """The loaded pack with ``fingerprint``, or listing it as a former fingerprint (the same
        values: see :mod:`.fingerprint`): a registered one, else the shipped one; else ValueError."""
        pack = self._registered.get(fingerprint) or self._former.get(fingerprint)
        if pack is not None:
            return pack
        shipped = self.shipped()
        if fingerprint == shipped.fingerprint or fingerprint in shipped.former:
            return shipped
        raise ValueError(f"game uses data pack {fingerprint}, which is not loaded")

    @staticmethod
    def record(pack: P) -> PackRecord:
        """What a new state records as its ``"pack"``: the pack's name, fingerprint and provisional rows."""
        return {"name": pack.name, "fingerprint": pack.fingerprint, "provisional": pack.provisional_rows}

    def of_state(self, state: PackState) -> P:
        """The pack ``state`` was set up with (see :meth:`record`); ValueError if it is not loaded."""
        return self.by_fingerprint(state["pack"]["fingerprint"])

    def current(self, state: PS) -> PS:
        """A copy of ``state`` whose ``"pack"`` is what its pack records today (:meth:`record`): a
        former fingerprint becomes the current one, so two states of the same pack compare equal
        however they name it. ValueError if the pack is not loaded."""
        now = state.copy()
        now["pack"] = self.record(self.of_state(state))
        return now

    def notice(self, pack: P) -> str:
        """The one-line provisional notice (empty when no row is provisional)."""
        return provenance.notice(pack, self.spec.values)

    def describe(self, pack: P) -> str:
        """One line naming ``pack`` and its provisional rows, e.g. for a server owner's log."""
        return provenance.describe(pack, self.spec.values)

    def summary(self, pack: P) -> str:
        """Rows per family, provisional rows and cited sources (the command line's report)."""
        return provenance.summary(self.spec, pack)


def packs_of(game: str) -> DataPacks[Any]:
    """The :class:`DataPacks` a game declared (an installed game is imported first, which declares
    its packs); KeyError if it has none."""
    if game not in _BY_GAME:
        with suppress(BrokenEntryPoint):  # logged by the registry; the game has no packs here
            current().get(game)
    return _BY_GAME[game]


def games_with_packs() -> list[str]:
    """The ids of the games that declare data packs (every installed game is imported first)."""
    all_games()
    return sorted(_BY_GAME)
