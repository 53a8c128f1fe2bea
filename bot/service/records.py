"""Any game's records as the service sees them: JSON objects whose keys only their game knows.

Each game types its own state, actions and events (TypedDicts, see ``docs/contributors.md``,
"Types"); the service handles every game alike (:data:`engine.core.AnyGame`), reads only what
every state holds, and passes the rest through.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
