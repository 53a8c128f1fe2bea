"""Lisboa table options (set in the lobby, fixed for the game)."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.spec import Options
from .i18n import msg

OPTIONS = (
    OptionSpec(
        "starting_draft",
        msg("Starting-hand draft"),
        False,
        {False: msg("no"), True: msg("yes")},
        msg("Experienced players: draft the 5 blue cards (keep 2, 1, 1; pass the rest left) (rulebook p. 7)."),
    ),
    OptionSpec(
        "gold_only_when_stuck",
        msg("Get 1 gold only when stuck"),
        False,
        {False: msg("no"), True: msg("yes")},
        msg(
            "Offer 'discard a card for 1 gold' only when no other main action is legal "
            "(the rulebook's framing; the Bodoge rules summary lists it as a plain option, the default here)."
        ),
    ),
)


def validate(options: Options, players: int) -> None:
    """Every combination of the two options is valid for 2-4 players."""
