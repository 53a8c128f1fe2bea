"""After a ``bench/bench_scale.py`` run: what the database holds, against what the workers saw stored
(nothing lost, nothing doubled, versions without gaps, one winner per double click)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from scale_worker import WorkerReport
from sqlalchemy import select

from bot.store import schema
from bot.store.store import GameStore


# --- after the run: what the database holds ----------------------------------------------------------
@dataclass
class Check:
    games: int = 0
    logged: int = 0
    lost: int = 0
    doubled: int = 0
    gaps: int = 0
    version_mismatch: int = 0
    stored_despite_error: int = 0  # act() raised, yet the action is in the log (not counted as doubled)
    pairs: int = 0
    pair_no_winner: int = 0
    pair_two_winners: int = 0
    pair_odd_loser: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        bad = self.lost + self.doubled + self.gaps + self.version_mismatch
        return bad + self.pair_no_winner + self.pair_two_winners + sum(self.pair_odd_loser.values()) == 0


async def verify(where: str, channels: list[str], reports: list[WorkerReport]) -> Check:
    check = Check()
    seen_by: defaultdict[str, Counter[int]] = defaultdict(Counter)
    uncertain: set[tuple[str, int]] = set()
    for report in reports:
        for channel, version in report.seen:
            seen_by[channel][version] += 1
        uncertain.update(report.uncertain)
    store = await GameStore.open(where)
    try:
        games = schema.games
        rows = await store.query(
            select(games.c.id, games.c.channel_id, games.c.version).where(games.c.channel_id.in_(channels))
        )
        by_row = {int(r[0]): (str(r[1]), int(r[2])) for r in rows}
        logged: defaultdict[int, list[int]] = defaultdict(list)
        for chunk in range(0, len(by_row), 500):
            ids = list(by_row)[chunk : chunk + 500]
            for game, version in await store.query(
                select(schema.actions.c.game, schema.actions.c.version).where(schema.actions.c.game.in_(ids))
            ):
                logged[int(game)].append(int(version))
    finally:
        await store.close()
    check.games = len(by_row)
    if check.games != len(channels):
        check.lost += 1
        check.examples.append(f"{len(channels)} games made, {check.games} found")
    for row, (channel, version) in by_row.items():
        versions = sorted(logged[row])
        check.logged += len(versions)
        if versions != list(range(1, len(versions) + 1)):
            check.gaps += 1
            check.examples.append(f"{channel}: log versions {versions[:10]}...")
        if version != len(versions):
            check.version_mismatch += 1
            check.examples.append(f"{channel}: games.version {version}, {len(versions)} log rows")
        in_log = set(versions)
        seen = set(seen_by[channel])
        lost, extra = seen - in_log, in_log - seen
        check.stored_despite_error += len({v for v in extra if (channel, v) in uncertain})
        extra = {v for v in extra if (channel, v) not in uncertain}
        twice = sum(n - 1 for n in seen_by[channel].values() if n > 1)
        check.lost += len(lost)
        check.doubled += len(extra) + twice
        if lost or extra or twice:
            check.examples.append(f"{channel}: seen-not-logged {sorted(lost)}, logged-not-seen {sorted(extra)}")
    outcomes: defaultdict[int, list[str]] = defaultdict(list)
    for report in reports:
        for pair, outcome in report.pairs.items():
            outcomes[pair].append(outcome)
    check.pairs = len(outcomes)
    for pair, both in outcomes.items():
        wins = both.count("won")
        if len(both) != 2:
            check.pair_odd_loser["unanswered"] += 1
        elif wins == 0:
            check.pair_no_winner += 1
            check.examples.append(f"double click {pair}: no winner ({both})")
        elif wins == 2:
            check.pair_two_winners += 1
            check.examples.append(f"double click {pair}: two winners")
        elif "stale" not in both:
            check.pair_odd_loser[next(o for o in both if o != "won")] += 1
    return check
