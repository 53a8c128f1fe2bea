"""Print a game's data pack provenance summary: ``python -m engine.core.datapack GAME [--pack PATH]``.

Read-only: loads and validates the pack (the shipped one by default, or a server owner's own
transcription at PATH) and prints rows per family, how many are provisional and which sources
they cite. Exit status 1 with the validation message if the pack is bad, 2 for an unknown game.
"""

from __future__ import annotations

import argparse
import sys

from ..registry import current
from .packs import games_with_packs, packs_of
from .schema import PackError


def main(argv: list[str] | None = None, prog: str = "python -m engine.core.datapack", game: str | None = None) -> int:
    """Run the command; ``game`` fixed by a game's own entry point (then not a positional argument)."""
    parser = argparse.ArgumentParser(prog=prog, description=(__doc__ or "").splitlines()[0])
    if game is None:
        parser.add_argument("game", choices=games_with_packs(), help="the game id")
    parser.add_argument("--pack", default=None, help="directory of the data pack (default: the shipped one)")
    args = parser.parse_args(argv)
    packs = packs_of(game or args.game)
    game_found = current().get(packs.spec.game)
    title = game_found.spec.title if game_found is not None else packs.spec.game
    try:
        pack = packs.load(args.pack)
    except PackError as exc:
        print(f"invalid {title} data pack: {exc}", file=sys.stderr)
        return 1
    print(packs.summary(pack))
    return 0
