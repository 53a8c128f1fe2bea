"""A small cache of values computed from a game state, keyed by the state's exact content.

Some games compute their legal options by simulating on copies of the state, and one stored
action asks for the same options several times (validation, forced steps, the prompt and its
shape). :class:`ContentMemo` keeps the last few answers, keyed by the state's ``marshal`` bytes
(plus a small key such as the seat), so a changed state can never hit a stale entry. The key is
written in marshal's format 2, which writes content only: later formats mark objects that occur
more than once in the data, and whether one does depends on references held elsewhere, so a state
and its copy would give different keys and every copying ``apply`` would list its options again.
Values are stored as bytes too, so no caller can mutate a cached list.
"""

from __future__ import annotations

import marshal
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class ContentMemo:
    """Least-recently-used cache of ``compute()`` by (``key``, the content of ``state``).

    >>> memo = ContentMemo(2)
    >>> memo.get(b"0", {"n": 1}, lambda: [1, 2])
    [1, 2]
    >>> memo.get(b"0", {"n": 1}, lambda: [3])  # same content: the cached answer
    [1, 2]
    >>> memo.get(b"0", {"n": 2}, lambda: [3])  # another state: computed
    [3]
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[bytes, bytes] = OrderedDict()

    def get(self, key: bytes, state: object, compute: Callable[[], T]) -> T:
        # typeshed's marshal.dumps does not take TypedDicts (plain dicts at run time): mypy limitation
        content = key + b"\x00" + marshal.dumps(state, 2)  # type: ignore[arg-type]
        hit = self._values.get(content)
        if hit is not None:
            self._values.move_to_end(content)
            cached: T = marshal.loads(hit)
            return cached
        value = compute()
        self._values[content] = marshal.dumps(value)  # type: ignore[arg-type]  # likewise
        if len(self._values) > self.size:
            self._values.popitem(last=False)
        return value
