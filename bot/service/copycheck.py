"""Is a copied games database (``python -m bot.copydb``) the same games as its source? Checked by
replaying every started game on the copy.

For every game of the target, :func:`verify_copy` compares its ``games`` row and its seats with the
source's; a game that has started (it has a seed) is then rebuilt from set-up, its seed and the
target's action log with :func:`~bot.service.history.replay_steps`, the replay the service's import
checks a record with (the same as :meth:`ArchiveService.rebuild <bot.service.archive.ArchiveService.rebuild>`,
kept for every version), and the state after every version 0..n must equal the target's stored
snapshot of that version (:func:`~bot.service.history.same_state`: a snapshot may name its data pack
by a former fingerprint, the replay names it by today's) and the source's, and the target's log must
be the source's row for row. A game differs at the first version where any of these does not hold.

A lobby, or a game abandoned before it started, has no state: its rows are compared only. So is a
game started under another rules version than this bot's (the service would refuse to continue it,
and its log may not replay under the new rules): its log and snapshots are compared with the
source's, not replayed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from engine.core import AnyGame, IllegalAction, get_game

from ..store.copy import snapshots_of
from ..store.rows import ActionRecord, GameRecord
from ..store.store import GameStore
from .history import replay_steps, same_state


@dataclass(frozen=True)
class Difference:
    """A game the copy does not reproduce: its row id, title, the first version that differs
    (``None`` when it is not a step: its row, its seats) and why."""

    game: int
    title: str
    version: int | None
    reason: str

    def line(self) -> str:
        at = f" at version {self.version}" if self.version is not None else ""
        return f"game #{self.game} ({self.title}){at}: {self.reason}"


@dataclass
class ReplayReport:
    """What :func:`verify_copy` found: games replayed, games compared by rows only, and the differences."""

    replayed: int = 0
    actions: int = 0
    rows_only: int = 0
    differences: list[Difference] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.differences


async def verify_copy(source: GameStore, target: GameStore) -> ReplayReport:
    """Replay every started game of ``target`` and compare it with its stored snapshots and with
    ``source`` (see the module's text)."""
    began = time.perf_counter()
    report = ReplayReport()
    theirs = {g.id: g for g in await source.all_games()}
    ours = await target.all_games()
    for missing in sorted(set(theirs) - {g.id for g in ours}):
        report.differences.append(Difference(missing, theirs[missing].title, None, "missing from the copy"))
    for record in ours:
        original = theirs.get(record.id)
        if original is None:
            report.differences.append(Difference(record.id, record.title, None, "not in the source"))
            continue
        if record != original:
            changed = [k for k in vars(record) if getattr(record, k) != getattr(original, k)]
            report.differences.append(
                Difference(record.id, record.title, None, f"its games row differs ({', '.join(changed)})")
            )
            continue
        seats = await target.seats(record.id)
        if seats != await source.seats(record.id):
            report.differences.append(Difference(record.id, record.title, None, "its seats differ"))
            continue
        if record.seed is None:
            report.rows_only += 1
            continue
        difference = await _check_started(source, target, record, [s.name for s in seats], report)
        if difference is not None:
            report.differences.append(difference)
    report.seconds = time.perf_counter() - began
    return report


async def _check_started(
    source: GameStore, target: GameStore, record: GameRecord, names: list[str], report: ReplayReport
) -> Difference | None:
    """The first difference of a started game (see the module's text), ``None`` when it replays equal."""
    row = record.id
    log, their_log = await target.actions(row), await source.actions(row)
    ours, theirs = await snapshots_of(target, row), await snapshots_of(source, row)
    found: list[tuple[int, str]] = []  # (first version, reason) of each kind of difference

    if log != their_log:
        pairs = zip(log, their_log, strict=False)
        version = next((a.version for a, b in pairs if a != b), min(len(log), len(their_log)) + 1)
        found.append((version, "its log differs from the source's"))
    if ours != theirs:
        found.append((_first_difference(ours, theirs), "its snapshots differ from the source's"))
    if len(log) != record.version or record.version not in ours:
        found.append((min(len(log), record.version), f"it is at version {record.version} with {len(log)} logged steps"))
    try:
        game = get_game(record.game_id)
    except IllegalAction as exc:
        return _earliest(record, found) or Difference(
            record.id, record.title, None, f"cannot be replayed: {exc.message}"
        )
    if record.rules_version != game.spec.rules_version:  # the service would not continue it either
        report.rows_only += 1
        return _earliest(record, found)
    texts, failure = _replay(game, names, record, log)
    report.replayed += 1
    report.actions += len(log)
    if failure is not None:
        found.append(failure)
    replayed = dict(enumerate(texts))
    if any(not same_state(game, ours.get(v), text) for v, text in replayed.items()):
        found.append((_first_difference(replayed, ours, game), "the replay differs from its stored snapshot"))
    return _earliest(record, found)


def _replay(
    game: AnyGame, names: list[str], record: GameRecord, log: list[ActionRecord]
) -> tuple[list[str], tuple[int, str] | None]:
    """The state JSON after each version the log replays to, and (version, reason) of the step that
    does not replay, if one does not (found by replaying ever shorter prefixes: only on failure)."""
    assert record.seed is not None
    try:
        return replay_steps(game, names, record.options, record.seed, log)[0], None
    except (IllegalAction, ValueError) as exc:  # ValueError: steps that do not fit, a state refused
        reason = exc.message if isinstance(exc, IllegalAction) else str(exc)
    good, bad = 0, len(log)  # replay_steps(log[:good]) succeeds, replay_steps(log[:bad]) fails
    texts: list[str] = []
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            texts = replay_steps(game, names, record.options, record.seed, log[:middle])[0]
            good = middle
        except (IllegalAction, ValueError):
            bad = middle
    if good == 0:
        try:
            texts = replay_steps(game, names, record.options, record.seed, [])[0]
        except (IllegalAction, ValueError) as exc:
            return [], (0, f"it does not set up: {exc}")
    version = log[bad - 1].version if bad else 0
    return texts, (version, f"its log does not replay: {reason}")


def _first_difference(ours: dict[int, str], theirs: dict[int, str], game: AnyGame | None = None) -> int:
    """The first version where the two differ (with ``game``: as states, see :func:`same_state`)."""
    if game is None:
        return min(v for v in set(ours) | set(theirs) if ours.get(v) != theirs.get(v))
    return min(v for v in set(ours) | set(theirs) if not same_state(game, ours.get(v), theirs.get(v)))


def _earliest(record: GameRecord, found: list[tuple[int, str]]) -> Difference | None:
    if not found:
        return None
    version, reason = min(found, key=lambda f: f[0])
    return Difference(record.id, record.title, version, reason)
