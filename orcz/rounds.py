"""A round's start and end, and the end of the game (O-R15): enemies revealed and the event drawn
as a round begins; troops back behind the screens and the next first player as it ends; the
winners once the last round is over or every battlefield is cleared."""

from __future__ import annotations

from orcz import data as D
from orcz import event_kinds as E
from orcz.draft import DraftCore, with_field
from orcz.state import OVER, Pending, State
from orcz.tables import FIELD_ID
from orcz.view_types import Outcome, ResultView


class RoundRules(DraftCore):
    """The draft's steps of a round's start and end."""

    def start_round(self) -> None:
        self.emit(E.ROUND_START.record(round=self.round, first=self.first))
        for i, field in enumerate(self.fields):
            if field.enemy is None and field.stack:
                self.fields[i] = with_field(field, enemy=field.stack[0], stack=field.stack[1:])
                self.emit(E.ENEMY_REVEALED.record(battlefield=FIELD_ID[i], enemy=field.stack[0]))
        self.event, self.event_pile = self.event_pile[0], self.event_pile[1:]
        self.emit(E.EVENT_DRAWN.record(event=self.event))
        self.turn = 0
        self.next_deployment()

    def end_round(self) -> None:
        self.emit(E.ROUND_END.record(round=self.round))
        self.hands = [D.ALL_CARDS & ~spent for spent in self.spent]
        self.scouted = (frozenset(),) * self.count
        cleared = sum(f.cleared for f in self.fields)
        if self.round >= self.state.rounds or cleared == len(self.fields):
            self.pending = Pending(OVER, -1)
            result = standings(self.goblins, cleared)
            self.emit(E.GAME_OVER.record(winners=tuple(result["winners"]),
                                         defeat=result["collective_defeat"], cleared=cleared))
            return
        self.round += 1
        self.first = (self.first + 1) % self.count
        self.start_round()


def standings(goblins: list[int] | tuple[int, ...], cleared: int) -> Outcome:
    """O-R15: equal most goblins share the victory; fewer than 3 cleared: everybody loses."""
    defeat = cleared < 3
    best = max(goblins)
    winners = [] if defeat else [i for i, g in enumerate(goblins) if g == best]
    return {"collective_defeat": defeat, "winners": winners, "cleared": cleared}


def result(state: State) -> ResultView:
    cleared = sum(f.cleared for f in state.fields)
    ranking = sorted(range(state.seat_count), key=lambda s: -state.goblins[s])
    return {
        **standings(state.goblins, cleared),
        "over": state.pending.kind == OVER,
        "standings": [
            {"seat": s, "name": state.players[s], "goblins": state.goblins[s]} for s in ranking
        ],
    }
