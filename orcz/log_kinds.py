"""The kinds of events the Orcz rules log, as compact records (see common.events.EventKind): each
names its keys in order, and who may read it (everyone, or the seat named by ``private_to``)."""

from __future__ import annotations

from common.events import EventKind

_E = EventKind.of
_GAME_START = _E("game_start", "players", "first")
_ROUND_START = _E("round_start", "round", "first")
_ENEMY_REVEALED = _E("enemy_revealed", "battlefield", "enemy")
_EVENT_DRAWN = _E("event_drawn", "event")
_PLACED = _E("placed", "seat", "battlefield", "rank", "up_side", "up_card")
_PLACED_HIDDEN = _E("placed_hidden", "seat", "battlefield", "rank", "side", "card",
                    private_to="seat")
_LOST_TURN = _E("lost_turn", "seat", "reason")
_CHALLENGE = _E("challenge", "seat", "target")
_SCOUT = _E("scout", "seat", "battlefield", "rank", "side", "owner")
_SCOUT_SEEN = _E("scout_seen", "seat", "battlefield", "rank", "side", "owner", "card",
                 private_to="seat")
_PAYMENT = _E("payment", "payer", "payee", "amount", "owed", "reason", "battlefield", "ruined")
_RESOLUTION_ORDER = _E("resolution_order", "order")
_REVEALED = _E("revealed", "battlefield", "owner", "rank", "side", "card")
_HOLD = _E("hold", "seat", "battlefield", "rank", "reason")
_ATTACK = _E("attack", "seat", "battlefield", "rank")
_CHAMPION_CANCEL = _E("champion_cancel", "seat", "battlefield", "defender", "rank")
_SHAMAN_SKIP = _E("shaman_skip", "seat", "battlefield", "defender", "rank")
_WING = _E("wing", "battlefield", "side", "attacker_card", "defender_card", "winner")
# attacker, defender: the two seats; *_kept: how many cards each rank kept after the wings
_FIGHT_OUTCOME = _E("fight_outcome", "battlefield", "outcome", "winner", "loser", "attacker",
                    "defender", "attacker_kept", "defender_kept")
_BATTLE = _E("battle", "battlefield", "enemy", "strengths", "total", "needed", "champion", "won",
             "strongest", "participants")
_IMPOSED_NOTHING = _E("imposed_nothing", "seat", "battlefield")
_HEROES_SPENT = _E("heroes_spent", "battlefield", "heroes")
_CLEARED = _E("cleared", "battlefield")
_ROUND_END = _E("round_end", "round")
_GAME_OVER = _E("game_over", "winners", "defeat", "cleared")
