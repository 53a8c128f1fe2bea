"""When a change starts a new turn message, and when it edits the current one in place (issue 13).

A *turn message* is the one public message that shows the board, what happened in the turn so far
and who must act. Mentions notify only in a new message, so the rule that decides between a new
message and an edit is also the rule that decides who is pinged:

* the game **ended**: a new message, the final board with the scores (nobody is pinged);
* **no message** is stored for the game (its first change, or the last post failed): a new message
  pinging who must act now, except idle players already asked before the change (the actor is
  pinged if they still owe), as every message did before turn messages;
* a parallel **window** closed (decisions everyone makes at once were pending before the change and
  are not the same afterwards): a new message pinging everyone who owes a decision now, the last
  answerer too (they answered a window and now face a new question);
* a **newcomer** owes a decision: someone in the waiting users after the change who was not waiting
  before it and is not the actor (a take-back that puts the actor back in the window is not new);
  a new message pinging the newcomers;
* otherwise the change belongs to the **same turn**: the current message is edited (new event lines
  appended, the board and the buttons replaced) and nobody is pinged.

Pure: no store, no Discord. The service's ``play_step`` feeds it through
:class:`~bot.service.turn_keeper.TurnKeeper` (who owed and which windows were open when the game
was loaded, and after the change) and routes only a new message's ``ping`` users (quiet hours,
digests, budgets, DMs).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

ENDED = "ended"
WINDOW = "window"
NEWCOMER = "newcomer"
NO_MESSAGE = "no_message"
SAME_TURN = "same_turn"


@dataclass(frozen=True)
class Boundary:
    """The rule's answer: post a new turn message (``new``) or edit the current one, why, and the
    users a new message should ping (before notification settings are applied)."""

    new: bool
    reason: str
    ping: tuple[str, ...] = ()


def turn_boundary(
    before: Collection[str],
    after: Sequence[str],
    actor: str | None,
    parallel_before: Collection[str] = (),
    parallel_after: Collection[str] = (),
    *,
    ended: bool = False,
    has_message: bool = True,
) -> Boundary:
    """Decide for one stored change: ``before``/``after`` are the users who owed a decision before
    and after it (after standing answers), ``actor`` who made it (``None`` for the bot or an admin),
    ``parallel_*`` the kinds of the parallel decisions pending before and after it, ``ended`` whether
    the game is over now, ``has_message`` whether the game has a posted turn message to edit.

    Ann goes on deciding inside her own turn: the message is edited, nobody is pinged.

    >>> turn_boundary(["ann"], ["ann"], "ann")
    Boundary(new=False, reason='same_turn', ping=())

    Bob must act now: a new message pinging him.

    >>> turn_boundary(["ann"], ["bob"], "ann")
    Boundary(new=True, reason='newcomer', ping=('bob',))

    Ann opens the Mayor window (she places her colonists too): Bob and Cy are new, Ann is not pinged.

    >>> turn_boundary(["ann"], ["ann", "bob", "cy"], "ann", (), ["mayor"])
    Boundary(new=True, reason='newcomer', ping=('bob', 'cy'))

    Bob answers the window; Ann and Cy still owe their answers: the same message, edited.

    >>> turn_boundary(["ann", "bob", "cy"], ["ann", "cy"], "bob", ["mayor"], ["mayor"])
    Boundary(new=False, reason='same_turn', ping=())

    Bob takes his answer back: he owes it again, but he is the actor, so nothing new.

    >>> turn_boundary(["ann", "cy"], ["ann", "bob", "cy"], "bob", ["mayor"], ["mayor"])
    Boundary(new=False, reason='same_turn', ping=())

    Cy answers last and must now choose the next role: the window closed, a new message pings her.

    >>> turn_boundary(["cy"], ["cy"], "cy", ["mayor"], ["role"])
    Boundary(new=True, reason='window', ping=('cy',))

    The last move ends the game: the final board, nobody pinged.

    >>> turn_boundary(["ann"], [], "ann", ended=True)
    Boundary(new=True, reason='ended', ping=())

    The game's first message (or the last post failed): everyone who owes is pinged, the starter too.

    >>> turn_boundary([], ["ann", "bob"], "ann", has_message=False)
    Boundary(new=True, reason='no_message', ping=('ann', 'bob'))
    """
    waiting_before, owing = set(before), tuple(dict.fromkeys(after))
    if ended:
        return Boundary(True, ENDED)
    if not has_message:
        return Boundary(True, NO_MESSAGE, tuple(u for u in owing if u not in waiting_before or u == actor))
    if parallel_before and set(parallel_before) != set(parallel_after):
        return Boundary(True, WINDOW, owing)
    newcomers = tuple(u for u in owing if u not in waiting_before and u != actor)
    if newcomers:
        return Boundary(True, NEWCOMER, newcomers)
    return Boundary(False, SAME_TURN)
