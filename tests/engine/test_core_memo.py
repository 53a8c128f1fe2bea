"""The content memo of option lists (:mod:`engine.core.memo`): a copy of a state, as the copying
``apply`` makes before every action, finds the answer computed on the original, however the copy
shares its parts; another position does not."""

from __future__ import annotations

import marshal
from typing import Any

from engine.core.memo import ContentMemo


def test_a_copy_of_a_state_hits_the_memo_and_a_changed_one_does_not() -> None:
    shared = ["wig", "ship"]
    state: dict[str, Any] = {"boards": [{"goods": shared}, {"goods": shared}], "name": "x" * 40, "step": 3}
    computed: list[str] = []

    def compute() -> list[str]:
        computed.append("listed")
        return ["a", "b"]

    memo = ContentMemo(4)
    assert memo.get(b"0", state, compute) == ["a", "b"]
    # the core's generic copy, and a structural one as a game writes it (the shared list copied twice)
    structural = {"boards": [{"goods": list(b["goods"])} for b in state["boards"]], "name": "x" * 40, "step": 3}
    for copy in (marshal.loads(marshal.dumps(state)), structural):
        assert memo.get(b"0", copy, compute) == ["a", "b"]
    assert computed == ["listed"]
    assert memo.get(b"1", state, compute) == ["a", "b"] and len(computed) == 2  # another seat
    changed = marshal.loads(marshal.dumps(state))
    changed["boards"][1]["goods"].append("gold")
    memo.get(b"0", changed, compute)
    assert len(computed) == 3
