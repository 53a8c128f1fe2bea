"""Look-ahead on copies: every state some steps can end in, whatever the player answers.

Legality checks that depend on a later choice (a lot's Cardinal bonus can move the treasury and so
the land cost; a King visitor's free Meet the Cardinal can raise the cost of hiring officials) run
those steps on a copy of the state and answer each open decision with every option in turn. The
copy runs without the original's decision, queue or frames; events are dropped.
"""

from __future__ import annotations

from . import flow
from .copying import copy_state
from .types import LState as State
from .types import LStep

LIMIT = 256  # end states explored at most (the steps used here reach far fewer)


def copy(state: State) -> State:
    """A deep copy of a plain-data state (:func:`.copying.copy_state`)."""
    return copy_state(state)


def outcomes(state: State, steps: list[LStep]) -> list[State]:
    """The states ``steps`` can end in (a decision left without options ends a branch too)."""
    root = copy(state)
    root.update({"decision": None, "queue": [s.copy() for s in steps], "frames": []})
    flow.run(root, [])
    done: list[State] = []
    todo = [root]
    while todo and len(done) < LIMIT:
        current = todo.pop()
        opts = flow.options(current)
        if not opts:
            done.append(current)
            continue
        for i, option in enumerate(opts):  # the last option is answered in ``current`` itself: no
            branch = current if i == len(opts) - 1 else copy(current)  # one reads it after (one copy less)
            flow.answer(branch, option, [])
            todo.append(branch)
    return done
