"""What :func:`~bot.service.controls.plan_controls` reads of a table, as a protocol.

:class:`bot.service.game_ui.Table` is the real one (and is checked against this by mypy wherever it
is planned for); tests may pass stubs. Defined apart so that :mod:`bot.service.controls` need not
import :mod:`bot.service.game_ui`, which imports it.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core import Decision
from engine.core.shapes import Shape


class TableView(Protocol):
    """A game at one version, as far as planning its components goes."""

    @property
    def active(self) -> bool: ...

    @property
    def rematch(self) -> bool: ...

    def decisions(self, seat: int | None = None) -> list[Decision[Any]]: ...

    def waiting_seats(self) -> list[int]: ...

    def texts(self, seat: int | None) -> list[str]: ...

    def secret_options(self, seat: int) -> bool: ...

    def answered_seats(self) -> list[int]: ...

    def shape(self, seat: int | None) -> Shape | None: ...

    def labels(self, seat: int | None) -> list[str]: ...

    def pass_text(self, seat: int | None) -> str | None: ...

    def editor(self, seat: int | None) -> bool: ...
