"""Table options (set in the lobby, fixed for the game)."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.spec import Options
from .i18n import msg

OPTIONS = (
    OptionSpec(
        "workshop",
        msg("Workshop boards"),
        "basic",
        {"basic": msg("basic side"), "advanced": msg("advanced side")},
        msg(
            "The advanced side: face-up tiles cost 3 rubles, ornaments are unlocked tile by tile, the white "
            "workshop opens once its banners are used. The whole table plays the same side."
        ),
    ),
)


def validate(options: Options, players: int) -> None:
    """Both sides are valid for 2-4 players."""
