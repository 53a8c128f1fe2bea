"""A game whose data lives in a data pack: its notice and a server owner's pack for new games."""

from __future__ import annotations

from typing import Generic, TypeVar

from ..game import Game
from ..records import A, AnyState, E, V
from .pack import P
from .packs import DataPacks, PackState


class PackGameState(AnyState, PackState):
    """What the core reads in a pack game's state: the keys of every game's and its pack."""


PGS = TypeVar("PGS", bound=PackGameState)


class PackGame(Game[PGS, A, E, V], Generic[PGS, A, E, V, P]):
    """Implements :meth:`Game.notice` and :meth:`Game.load_data_pack` from ``packs``. New games use
    ``pack`` (a server owner's, once loaded) or the shipped one; a state names its own pack.

    Typed like any game, and by its pack type: ``PackGame[MyState, MyAction, MyEvent, MyView, MyPack]``."""

    packs: DataPacks[P]
    pack: P | None = None  # a server owner's pack for new games (None: the shipped one)

    def pack_for_new_games(self) -> P:
        return self.pack or self.packs.shipped()

    def notice(self, state: PGS | None = None) -> str | None:
        pack = self.packs.of_state(state) if state is not None else self.pack_for_new_games()
        return self.packs.notice(pack) or None

    def load_data_pack(self, path: str) -> str:
        """Validate the pack at ``path`` (errors name file, row and field), keep it for every game
        that recorded its fingerprint, use it for new games; return a one-line summary."""
        pack = self.packs.load(path)
        self.packs.register(pack)
        self.pack = pack
        return self.packs.describe(pack)
