"""Which two cards may stand side by side in a rank (§3 of the rules), and the events that bar a
hero from every rank (Confusion, the Anti-magic Zone): one check, whose refusal says why not with
a stable code and words. The speed tables (orcz/tables.py) are built from it."""

from __future__ import annotations

from common.errors import IllegalAction
from orcz.data import ARCHER, CAVALRY, CHAMPION, SCOUT, SHAMAN, Card

PAIR_RULE, CONFUSION, ANTIMAGIC = "pair-rule", "confusion", "antimagic"


def rank_refusal(
    a: Card, b: Card, no_champion: bool = False, no_shaman: bool = False,
    where: str = "that battlefield", field_id: str | None = None,
) -> IllegalAction | None:
    """Why ``a`` and ``b`` may not form a rank (None when they may): the pair rule, then
    Confusion (``no_champion``) and the Anti-magic Zone on battlefield ``where`` (``no_shaman``;
    ``field_id``: its id, for the refusal's params)."""
    kinds = {a.kind, b.kind}
    if a.index == b.index:
        return IllegalAction("a rank needs two different cards", PAIR_RULE, {"rule": "same-card"})
    if SCOUT in kinds:
        return IllegalAction("the scout is never placed in a rank", PAIR_RULE, {"rule": "scout"})
    if kinds == {CHAMPION, SHAMAN}:
        return IllegalAction("a shaman and a champion may not share a rank", PAIR_RULE,
                             {"rule": "heroes"})
    if a.kind == b.kind == ARCHER:
        return IllegalAction("two archers may not share a rank", PAIR_RULE, {"rule": "archers"})
    if a.kind == b.kind == CAVALRY:
        return IllegalAction("two cavalry may not share a rank", PAIR_RULE, {"rule": "cavalry"})
    if no_champion and CHAMPION in kinds:
        return IllegalAction("Confusion: no champion may be placed this round", CONFUSION)
    if no_shaman and SHAMAN in kinds:
        return IllegalAction(f"Anti-magic Zone: no shaman may be placed on {where} this round",
                             ANTIMAGIC, {"battlefield": field_id})
    return None
