"""JSON values as types: what states, actions, events and views are made of once stored.

Each game types its own records with TypedDicts (see :mod:`engine.core.records`); ``Json`` and
``JsonDict`` are for data that really is free-form: a record whose keys nobody fixes, a value a
front end passes through without reading it.
"""

from __future__ import annotations

from typing import TypeAlias

Json: TypeAlias = "str | int | float | bool | None | list[Json] | dict[str, Json]"
JsonDict: TypeAlias = "dict[str, Json]"
