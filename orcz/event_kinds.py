"""The kinds of events the Orcz rules log, as compact records (see common.events.EventKind): each
names its keys in order, and who may read it (everyone, or the seat named by ``private_to``).
The rules log them with ``emit(E.KIND.record(key=...))`` (common/rules.py); a test checks every
call."""

from __future__ import annotations

from common.events import EventKind

GAME_START = EventKind.of("game_start", "players", "first")
ROUND_START = EventKind.of("round_start", "round", "first")
ENEMY_REVEALED = EventKind.of("enemy_revealed", "battlefield", "enemy")
EVENT_DRAWN = EventKind.of("event_drawn", "event")
PLACED = EventKind.of("placed", "seat", "battlefield", "rank", "up_side", "up_card")
PLACED_HIDDEN = EventKind.of("placed_hidden", "seat", "battlefield", "rank", "side", "card",
                             private_to="seat")
LOST_TURN = EventKind.of("lost_turn", "seat", "reason")
CHALLENGE = EventKind.of("challenge", "seat", "target")
SCOUT = EventKind.of("scout", "seat", "battlefield", "rank", "side", "owner")
SCOUT_SEEN = EventKind.of("scout_seen", "seat", "battlefield", "rank", "side", "owner", "card",
                          private_to="seat")
PAYMENT = EventKind.of("payment", "payer", "payee", "amount", "owed", "reason", "battlefield",
                       "ruined")
RESOLUTION_ORDER = EventKind.of("resolution_order", "order")
REVEALED = EventKind.of("revealed", "battlefield", "owner", "rank", "side", "card")
HOLD = EventKind.of("hold", "seat", "battlefield", "rank", "reason")
ATTACK = EventKind.of("attack", "seat", "battlefield", "rank")
CHAMPION_CANCEL = EventKind.of("champion_cancel", "seat", "battlefield", "defender", "rank")
SHAMAN_SKIP = EventKind.of("shaman_skip", "seat", "battlefield", "defender", "rank")
WING = EventKind.of("wing", "battlefield", "side", "attacker_card", "defender_card", "winner")
# attacker, defender: the two seats; *_kept: how many cards each rank kept after the wings
FIGHT_OUTCOME = EventKind.of("fight_outcome", "battlefield", "outcome", "winner", "loser",
                             "attacker", "defender", "attacker_kept", "defender_kept")
BATTLE = EventKind.of("battle", "battlefield", "enemy", "strengths", "total", "needed",
                      "champion", "won", "strongest", "participants")
IMPOSED_NOTHING = EventKind.of("imposed_nothing", "seat", "battlefield")
HEROES_SPENT = EventKind.of("heroes_spent", "battlefield", "heroes")
CLEARED = EventKind.of("cleared", "battlefield")
ROUND_END = EventKind.of("round_end", "round")
GAME_OVER = EventKind.of("game_over", "winners", "defeat", "cleared")
