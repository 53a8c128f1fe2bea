"""Secrecy audit: at every decision of seeded random games, do the options name something only the
deciding player may see, and is the decision flagged secret (issue 24)?

    python bench/secrecy_audit.py                       # every game with hidden information, 3 games a table
    python bench/secrecy_audit.py --game lisboa --games 10 --seed 4

The bot draws a decision's options on the public turn message unless the decision's shape says its
options are secret (``Shape.secret``). Before that flag alone decided, the bot also compared the
player's own view with the public view and kept the options private when a word of an option's text
appeared only in the player's view. This script plays random games of every table (each player
count, and each option value once) and, at every decision of every waiting seat, compares the two
verdicts:

* **unflagged**: a word of an option names something only the player's view shows, and the decision
  is not flagged secret: its options would be drawn publicly. Each is listed (game, decision kind,
  the words, an example option); the exit code is 1 when there is any.
* **flagged only**: flagged secret, though no option names a hidden word (harmless: drawn privately);
* **both**: flagged secret, and an option names a hidden word.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.core import AnyGame, Decision, all_games, play  # noqa: E402

State = dict[str, Any]  # any game's, as the audit sees it

MAX_STEPS = 3000


def strings(data: Any) -> set[str]:
    """Every string of a view: its values and its keys, at any depth."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def hidden_words(game: AnyGame, state: State, seat: int) -> set[str]:
    """Strings of ``seat``'s own view that the public view does not contain."""
    return strings(game.view(state, seat)) - strings(game.public_view(state))


@dataclass
class Finding:
    game: str
    kind: str
    words: set[str] = field(default_factory=set)
    example: str = ""
    count: int = 0


@dataclass
class Audit:
    decisions: int = 0
    unflagged: dict[tuple[str, str], Finding] = field(default_factory=dict)
    flagged_only: Counter[tuple[str, str]] = field(default_factory=Counter)
    agreed: Counter[tuple[str, str]] = field(default_factory=Counter)

    def check(self, game_id: str, game: AnyGame, state: State, seat: int) -> None:
        """Judge ``seat``'s open decision, if any."""
        decision = play.decision_of(game, state, seat)
        if decision is not None:
            self.judge(game_id, game, state, seat, decision)

    def judge(self, game_id: str, game: AnyGame, state: State, seat: int, decision: Decision) -> None:
        """Compare the two verdicts on ``decision``, ``seat``'s open decision in ``state``."""
        if decision.shape is None:
            return
        self.decisions += 1
        hidden = hidden_words(game, state, seat)
        texts = play.legal_texts(game, state, seat)
        named = {word for text in texts for word in text.split() if word in hidden}
        if named and not decision.shape.secret:
            finding = self.unflagged.setdefault((game_id, decision.kind), Finding(game_id, decision.kind))
            finding.words |= named
            finding.count += 1
            finding.example = finding.example or next(t for t in texts if set(t.split()) & named)
        elif decision.shape.secret and not named:
            self.flagged_only[(game_id, decision.kind)] += 1
        elif decision.shape.secret:
            self.agreed[(game_id, decision.kind)] += 1


def tables(game: AnyGame) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, then each option's other values once."""
    spec = game.spec
    out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(spec.min_players, spec.max_players + 1)]
    for option in spec.options:
        for value in option.choices:
            if value != option.default:
                out.append((spec.max_players, {option.name: value}))
    return out


def play_one(
    audit: Audit, game_id: str, players: int, options: dict[str, Any], seed: int, max_steps: int = MAX_STEPS
) -> None:
    game = get_game(game_id)
    names = [f"P{i + 1}" for i in range(players)]
    try:
        state, _ = play.new_game(game, names, options, seed)
    except Exception:  # an option set this player count refuses
        return
    rng = random.Random(seed)
    for _ in range(max_steps):
        waiting = play.waiting_players(game, state)
        if not waiting:
            return
        for seat in waiting:
            audit.check(game_id, game, state, seat)
        seat = rng.choice(waiting)
        action = rng.choice(play.legal_actions(game, state, seat))
        state, _ = play.apply(game, state, seat, action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="default: every game with hidden information")
    parser.add_argument("--games", type=int, default=3, help="games per table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ids = args.game or [g.spec.id for g in all_games() if g.spec.has_hidden_info]
    audit = Audit()
    for game_id in ids:
        game = get_game(game_id)
        for players, options in tables(game):
            for number in range(args.games):
                play_one(audit, game_id, players, options, args.seed + number)
        print(f"{game_id}: checked ({audit.decisions} decisions so far)", flush=True)
    for finding in audit.unflagged.values():
        print(
            f"UNFLAGGED {finding.game} {finding.kind}: {finding.count} decisions name hidden words "
            f"{sorted(finding.words)[:8]}, e.g. `{finding.example}`"
        )
    for (game_id, kind), count in sorted(audit.flagged_only.items()):
        print(f"flagged only {game_id} {kind}: {count} decisions flagged secret without a hidden word")
    for (game_id, kind), count in sorted(audit.agreed.items()):
        print(f"both {game_id} {kind}: {count} decisions flagged secret, naming hidden words")
    print(f"{audit.decisions} decisions, {len(audit.unflagged)} unflagged kinds")
    return 1 if audit.unflagged else 0


if __name__ == "__main__":
    raise SystemExit(main())
