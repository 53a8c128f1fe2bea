"""The one error a bad data pack raises."""

from __future__ import annotations


class PackError(ValueError):
    """A data pack failed validation; the message names the file, the row and the field."""
