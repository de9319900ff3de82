"""What both games share: the engine contract, the RNG, the event log and save/replay."""

from common.errors import IllegalAction, SaveError
from common.events import Event, visible_to
from common.rng import Rng

__all__ = ["Event", "IllegalAction", "Rng", "SaveError", "visible_to"]
