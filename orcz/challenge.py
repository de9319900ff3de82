"""The optional orc challenge (§9 of the rules): with the option ``orc_challenge``, any other seat
may challenge the seat deploying, once per turn; the one challenged pays 1 goblin to the bank (the
15-second clock lives in the interface)."""

from __future__ import annotations

from common.errors import IllegalAction
from common.rules import Refusal, Rule
from orcz import event_kinds as E
from orcz.actions import Challenge
from orcz.draft import DraftCore
from orcz.state import BANK, DEPLOY, State


def challenge_refusal(s: State, action: Challenge) -> Refusal:
    if not s.challenge_rule:
        return IllegalAction("the orc challenge is not in use in this game", "challenge-off")
    if s.pending.kind != DEPLOY:
        return IllegalAction("a challenge is made only during deployment", "wrong-phase",
                             {"decision": "challenge"})
    if action.target != s.pending.seat or action.seat == action.target:
        return IllegalAction("only the player placing a rank now can be challenged, by another",
                             "not-challengeable")
    if s.challenged:
        return IllegalAction("this turn has already been challenged", "already-challenged")
    return None


def challenge(d: DraftCore, action: Challenge) -> None:
    d.challenged = True
    d.emit(E.CHALLENGE.record(seat=action.seat, target=action.target))
    d.pay(action.target, BANK, 1, "challenge", -1)


RULES: dict[type, Rule] = {Challenge: Rule((DEPLOY,), None, challenge_refusal,
                                                       challenge)}
