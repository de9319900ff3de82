"""The optional orc challenge (§9 of the rules): with the option ``orc_challenge``, any other seat
may challenge the seat deploying, once per turn; the one challenged pays 1 goblin to the bank (the
15-second clock lives in the interface)."""

from __future__ import annotations

from common.errors import IllegalAction
from orcz import event_kinds as E
from orcz.actions import Challenge
from orcz.draft import DraftCore
from orcz.state import BANK, DEPLOY


def challenge(d: DraftCore, action: Challenge) -> None:
    s = d.state
    if not s.challenge_rule:
        raise IllegalAction("the orc challenge is not in use in this game", "challenge-off")
    if s.pending.kind != DEPLOY:
        raise IllegalAction("a challenge is made only during deployment", "wrong-phase")
    if action.target != s.pending.seat or action.seat == action.target:
        raise IllegalAction("only the player placing a rank now can be challenged, by another",
                            "not-challengeable")
    if s.challenged:
        raise IllegalAction("this turn has already been challenged", "already-challenged")
    d.challenged = True
    d.emit(E.CHALLENGE, seat=action.seat, target=action.target)
    d.pay(action.target, BANK, 1, "challenge", -1)
