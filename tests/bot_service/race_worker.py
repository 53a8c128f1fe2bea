"""One service process of the race tests (``test_pg_races.py``): a separate OS process (started with
``multiprocessing``'s spawn context) with its own :class:`GameStore` and :class:`GameService` on
the database under test, doing what the test sends it.

Commands come on the process's own queue, one at a time; each is answered on the shared answer
queue as ``(worker name, answer)``:

* ``{"do": "open", "url": …}``: open a store and a service (a :class:`ManualClock`) on ``url``;
* ``{"do": "close"}``: close them; ``{"do": "stop"}``: end the process;
* ``{"do": "call", "op": …, "args": {…}, "now": iso, "row": game, "sync": bool, "gate": …}``: one
  service request ``op`` (see :data:`OPS`) at the service time ``now``. The game ``row`` is drawn
  first (:meth:`GameService.table`, as a front end does before checking a click, which fills this
  process's caches), then, with ``sync``, both processes wait on the start barrier so that their
  requests overlap. With ``gate`` (``"store.append"``, ``"store.set_status"``,
  ``"deadlines.hand_over"`` or ``"deadlines.set_state"``), the first store write of that kind
  also waits on the gate barrier: both requests have then passed every check of the service and
  only the store's guard can tell them apart (the "lockstep" rounds).

An answer is ``{"ok": summary}`` (what the request returned), ``{"error": code, "message": …}`` (the
service's friendly :class:`ServiceError`) or ``{"crash": traceback}`` (anything else); ``gate`` in
it says whether the gate barrier was passed (``"passed"``), broken (``"broken"``: the other request
never reached its write) or not met (``"unused"``).
"""

from __future__ import annotations

import asyncio
import queue
import random
import threading
import traceback
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import toy_game

from bot.service.change import Step
from bot.service.clock import ManualClock
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.service.timeouts import Expiry
from bot.store.store import GameStore

#: How long a process waits at a barrier for the other one (seconds).
BARRIER_TIMEOUT = 10.0

Op = Callable[[GameService, dict[str, Any]], Awaitable[Any]]


def _act(svc: GameService, a: dict[str, Any]) -> Awaitable[Any]:
    return svc.play.act(a["channel"], a["user"], a["text"], expected_version=a.get("expected_version"))


def _end(svc: GameService, a: dict[str, Any]) -> Awaitable[Any]:
    return svc.admin.end(a["channel"], a["user"], a["name"], can_manage=True)


def _force(svc: GameService, a: dict[str, Any]) -> Awaitable[Any]:
    return svc.admin.force(a["channel"], a["user"], a["name"], can_manage=True)


def _replace(svc: GameService, a: dict[str, Any]) -> Awaitable[Any]:
    return svc.admin.replace(
        a["channel"], a["user"], a["name"], a["player"], a["new_user"], a["new_name"], can_manage=True
    )


async def _vote(svc: GameService, a: dict[str, Any]) -> Any:
    ballot = await svc.consent.vote(a["vote"], a["user"], a["yes"])
    return {"status": ballot.status, "version": ballot.result.version}


def _wait(svc: GameService, a: dict[str, Any]) -> Awaitable[Any]:
    return svc.timeouts.wait_longer(a["game"], a["version"], a["seat"], a["user"])


def _expire_due(svc: GameService, a: dict[str, Any]) -> Awaitable[Any]:
    return svc.timeouts.expire_due()


#: The requests a test may send, by name.
OPS: dict[str, Op] = {
    "act": _act,
    "end": _end,
    "force": _force,
    "replace": _replace,
    "vote": _vote,
    "wait": _wait,
    "expire_due": _expire_due,
}


def summary(value: Any) -> Any:
    """What a request returned, as plain data for the answer queue."""
    if isinstance(value, Step):
        return {"version": value.version, "status": value.status, "changed": value.board_changed}
    if isinstance(value, list):
        return [summary(v) for v in value]
    if isinstance(value, dict):
        return value
    if isinstance(value, Expiry):
        return {
            "channel": value.channel_id,
            "result": summary(value.result) if value.result is not None else None,
            "offer": value.offer is not None,
        }
    return repr(value)


class Gate:
    """Holds the first call of one store method until the other process reaches its own."""

    def __init__(self, svc: GameService, where: str | None, barrier: Any) -> None:
        self.state = "unused"
        self.owner: Any = None
        if where is None:
            return
        owner_name, self.attr = where.split(".")
        self.owner = {"store": svc.store, "deadlines": svc.core.deadlines}[owner_name]
        self.original = getattr(self.owner, self.attr)

        async def gated(*args: Any, **kwargs: Any) -> Any:
            if self.state == "unused":
                try:
                    barrier.wait(BARRIER_TIMEOUT)  # blocks this process's loop: nothing else runs in it
                    self.state = "passed"
                except threading.BrokenBarrierError:
                    self.state = "broken"
            return await self.original(*args, **kwargs)

        setattr(self.owner, self.attr, gated)

    def remove(self) -> None:
        if self.owner is not None:
            delattr(self.owner, self.attr)  # the instance attribute: the class's method shows again


class Worker:
    def __init__(self, name: str, answers: Any, start: Any, gate: Any) -> None:
        self.name, self.answers, self.start, self.gate = name, answers, start, gate
        self.store: GameStore | None = None
        self.svc: GameService | None = None
        self.clock = ManualClock()

    async def handle(self, command: dict[str, Any]) -> dict[str, Any]:
        do = command["do"]
        if do == "open":
            self.store = await GameStore.open(command["url"])
            self.svc = GameService(self.store, clock=self.clock, rng=random.Random(0))
            return {"ok": "opened"}
        if do == "close":
            if self.store is not None:
                await self.store.close()
            self.store = self.svc = None
            return {"ok": "closed"}
        assert do == "call" and self.svc is not None, command
        return await self.call(self.svc, command)

    async def call(self, svc: GameService, command: dict[str, Any]) -> dict[str, Any]:
        self.clock.now = datetime.fromisoformat(command["now"])
        if command.get("row") is not None:
            await svc.table(command["row"])
        gate = Gate(svc, command.get("gate"), self.gate)
        try:
            if command.get("sync"):
                self.start.wait(BARRIER_TIMEOUT)
            try:
                answer: dict[str, Any] = {"ok": summary(await OPS[command["op"]](svc, command["args"]))}
            except ServiceError as exc:
                answer = {"error": exc.code, "message": exc.message}
        finally:
            gate.remove()
        answer["gate"] = gate.state
        return answer


def serve(name: str, commands: Any, answers: Any, start: Any, gate: Any) -> None:
    """The process's main function: answer commands until ``stop``."""
    toy_game.register_toys()  # this process's own registry: the games raced on
    asyncio.run(_serve(Worker(name, answers, start, gate), commands))


async def _serve(worker: Worker, commands: Any) -> None:
    while True:
        try:
            command = commands.get(timeout=120)
        except queue.Empty:  # the test process is gone: do not linger
            command = {"do": "stop"}
        if command["do"] == "stop":
            if worker.store is not None:
                await worker.store.close()
            return
        try:
            answer = await worker.handle(command)
        except BaseException:
            answer = {"crash": traceback.format_exc()}
        worker.answers.put((worker.name, answer))
