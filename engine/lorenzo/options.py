"""Lorenzo table options (set in the lobby, fixed for the game)."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.spec import Options
from .i18n import msg

OPTIONS = (
    OptionSpec(
        "advanced",
        msg("Advanced rules"),
        False,
        {False: msg("basic"), True: msg("advanced")},
        msg(
            "Advanced game: personal bonus tiles picked in reverse turn order and the leader draft "
            "(4 leaders each; play, activate or discard them on your turn)."
        ),
    ),
    OptionSpec(
        "voluntary_pass",
        msg("Voluntary pass"),
        False,
        {False: msg("no"), True: msg("yes")},
        msg(
            "Let a player pass a turn (placing no family member) even when a placement is legal. "
            "Off: only a player with no legal placement passes."
        ),
    ),
)


def validate(options: Options, players: int) -> None:
    """Every combination of the options is valid for 2-4 players."""
