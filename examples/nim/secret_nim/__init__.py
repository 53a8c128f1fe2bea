"""Secret Nim: a pile of stones, a secret amount chosen by everyone at once, one stone to put back.

The rules (also in ``docs/adding-a-game.md``, which walks through this package):

* **Set-up.** A pile of 12–17 stones (16–21 with three players), its size drawn from the seed.
* **A round.** In the endgame (the pile holds 4 stones or fewer) each player who still holds a
  stone and has not yet done so may *put one stone back* on the pile: once a game, asked in seat
  order (a confirm: ``put back`` or ``keep``). Then, if a single stone is left, it rolls into the
  river and the game ends. Otherwise every player chooses **in secret and at the same time** how many
  stones to take: 1 to 3, at most what the pile holds. Nobody sees a choice until all are in (until
  then a player may take theirs back and choose again).
* **The reveal**, smallest amount first: an amount only one player chose is theirs (as much of it as
  is left on the pile); an amount several chose *clashes*, and that many stones fall into the river.
  Whoever empties the pile takes **the last stone**. The game ends when the pile is gone.
* **Scoring.** A point per stone taken, 3 more for the last stone. Most points wins; equal totals
  share the place.

The package declares itself in its distribution's ``pyproject.toml``
(``[project.entry-points."pbp_euro_bot.games"] secret_nim = "secret_nim:GAME"``).
"""

from .game import GAME, SecretNim

__all__ = ["GAME", "SecretNim"]
