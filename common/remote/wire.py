"""The seat channel's framing: one JSON object per line, bounded in length.

A line longer than ``MAX_LINE`` or that is not a JSON object is garbage: the reader refuses it
(``WireError``) and the connection is closed, so a hostile or broken peer can neither crash the
host nor make it hold an unbounded buffer.
"""

from __future__ import annotations

import json
from typing import Any

MAX_LINE = 1 << 20  # a snapshot of the largest table is a few kB; a megabyte is never honest


class WireError(ValueError):
    """A line that is not a message of the seat channel."""


def encode(message: dict[str, Any]) -> bytes:
    line = json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"
    if len(line) > MAX_LINE:
        raise WireError("message too long")
    return line


def decode(line: bytes) -> dict[str, Any]:
    if len(line) > MAX_LINE or not line.endswith(b"\n"):
        raise WireError("line too long or cut")
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, ValueError) as err:
        raise WireError("not JSON") from err
    if not isinstance(message, dict):
        raise WireError("not an object")
    return message


__all__ = ["MAX_LINE", "WireError", "decode", "encode"]
