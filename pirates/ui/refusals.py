"""The rules' refusals in the player's language, worded from their code and params.

The core refuses with ``IllegalAction(reason, code, params)``; the view's offers carry each
reason as ``{"text", "code", "params"}`` (``pirates/reasons.py``). English shows the rules' own
text; another language words the refusal from its code and params here, and falls back to the
rules' text only for a refusal it has no words for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from common import i18n
from common.i18n import N_, _
from pirates.ui.log_words import gold
from pirates.ui.names import card_name, island_name, section_name
from pirates.view_types import Reason

Params = Mapping[str, Any]


def _fixed(text: str) -> Callable[[Params], str]:
    return lambda p: _(text)


def _wrong_island(p: Params) -> str:
    here = island_name(p.get("island"))
    task = p.get("task")
    if task == "section":
        return _("{island} upgrades the {section} only").format(
            island=here, section=section_name(p.get("section")))
    what = {"cove": _("Tavern cards and gold are taken in Pirate's Cove only"),
            "buy": _("Tavern cards are bought on Tavern Island only"),
            "upgrade": _("rings are upgraded on Hull, Sail, Cannon or Crew Island"),
            "bury": _("treasure is buried on Treasure Island only"),
            "double": _("a ring goes up at double cost on Treasure Island only")}.get(str(task))
    return _("{what}, and you are at {island}").format(what=what or "?", island=here)


def _once(p: Params) -> str:
    if p.get("task") == "bury":
        return _("treasure is buried once per visit: done already this visit")
    return _("a ring goes up at double cost once per visit: done already this visit")


def _upgrade_unaffordable(p: Params) -> str:
    section = section_name(p.get("section"))
    if p.get("double"):
        what = _("your {section} one position up at double cost").format(section=section)
    else:
        what = _("a {section} ring from {now} to {level}").format(
            section=section, now=p.get("now"), level=p.get("level"))
    return _costs(what, p)


def _costs(what: str, p: Params) -> str:
    return _("{what} costs {cost} and you have {gold}").format(
        what=what, cost=gold(int(p.get("cost", 0))), gold=gold(int(p.get("gold", 0))))


def _boarding(p: Params) -> str:
    what = {"volley-cards": _("Volley cards are played on your volley turn, after the boarding "
                              "rounds"),
            "fire": _("you fire on your volley turn, after the boarding rounds"),
            "flee": _("a ship flees on your volley turn, after the boarding rounds"),
            "reload": _("a ship reloads on your volley turn, after the boarding rounds")}
    return what.get(str(p.get("task")),
                    _("the Royal Navy fires in the volleys, after the boarding rounds"))


def _island(text: str) -> Callable[[Params], str]:
    return lambda p: _(text).format(island=island_name(p.get("island")))


def _section(text: str) -> Callable[[Params], str]:
    return lambda p: _(text).format(section=section_name(p.get("section")))


def _card(text: str) -> Callable[[Params], str]:
    return lambda p: _(text).format(card=card_name(p.get("card")))


WORDS: dict[str, Callable[[Params], str]] = {
    "wrong-island": _wrong_island,
    "once-per-visit": _once,
    "upgrade-unaffordable": _upgrade_unaffordable,
    "outfit-unaffordable": lambda p: _costs(_("this outfit"), p),
    "buy-unaffordable": lambda p: _("a Tavern card costs {cost} and you have {gold}").format(
        cost=gold(int(p.get("cost", 0))), gold=gold(int(p.get("gold", 0)))),
    "mend-unaffordable": lambda p: _("mending costs {cost} and you have {gold}").format(
        cost=gold(int(p.get("cost", 0))), gold=gold(int(p.get("gold", 0)))),
    "parrot-swap-unaffordable": lambda p: _(
        "swapping parrots costs {cost} fame and you have {fame}: keep the old one").format(
        cost=p.get("cost"), fame=p.get("fame")),
    "buy-limit": lambda p: _("{count} Tavern cards at most are bought in one visit").format(
        count=p.get("count")),
    "bury-nothing": lambda p: _("bury 1 chest or 1 bag of {bag} gold at least").format(
        bag=p.get("bag")),
    "tavern-empty": _fixed(N_("the Tavern deck and its discard pile are empty")),
    "cove-done": _fixed(N_("you have had your cards in Pirate's Cove this visit")),
    "nothing-to-mend": _fixed(N_("you have no damaged Mastercraft to mend")),
    "section-at-top": _section(N_("your {section} is at the top already")),
    "section-destroyed": _section(N_("your {section} is destroyed: Pirate's Cove repairs it")),
    "mastercraft-fitted": _section(N_("your ship has a Mastercraft already, on the {section}")),
    "mastercraft-section-fitted": _section(
        N_("your {section} has a Mastercraft already: one per section (Mastercraft variant)")),
    "already-in-play": _card(N_("{card} is already in play this month")),
    "card-not-held": _card(N_("you hold no {card} card")),
    "escape-island": _island(N_("Escape takes a ship to an outer island or Treasure Island, not "
                             "{island}")),
    "escape-own-island": _island(N_("your ship is at {island} already")),
    "escape-occupied": _island(N_("Escape goes to an empty island, and a ship is at {island}")),
    "navy-outer-island": _island(N_(
        "the Royal Navy goes to an outer island, 1 to 5, not {island}")),
    "navy-own-island": _island(N_("the Royal Navy is never sent to your own island ({island})")),
    "navy-already-there": _island(N_("the Royal Navy is at {island} already: name a new island")),
    "navy-sender-island": _island(
        N_("the Royal Navy never goes to the island of the player who sent it ({island})")),
    "navy-at-sea": _fixed(N_("the Royal Navy is already at sea this month")),
    "no-navy": _fixed(N_("no Royal Navy is at sea to redirect")),
    "navy-yours": _fixed(N_("you control the Royal Navy already")),
    "boarding": _boarding,
    "boarding-over": _fixed(N_("Battle cards are played in the boarding rounds, and the volleys "
                            "have begun")),
    "navy-turn": _fixed(N_("it is the Royal Navy's volley: name its target and section")),
    "tiebreak-no-cards": _fixed(N_("the final tie-break is fought without cards")),
    "becalmed": _fixed(N_("Becalmed: no more cards may be played in this combat")),
    "must-reload": _fixed(N_("after a Full Broadside your ship may not fire in this exchange: "
                          "reload or flee")),
    "raider-first": _fixed(N_("while a legendary pirate or the Royal Navy is afloat here, fire "
                           "at it first")),
    "raider-hull-only": _fixed(N_("a legendary pirate or the Royal Navy is fired at on its hull "
                               "only")),
    "tiebreak-no-flight": _fixed(N_("nobody flees the final tie-break")),
    "must-fire-after-volley": _fixed(N_("you have played Volley cards: you must fire")),
    "cove-first": _fixed(N_("in Pirate's Cove, first choose 2 Tavern cards or 1 card and 2 gold")),
    "not-navy-turn": _fixed(N_("the Royal Navy fires on its own turn in the exchange, not now")),
    "not-offered": _fixed(N_("not offered now")),
    "parrot-first": _fixed(N_("first decide about the parrot just drawn: swap it or keep the old "
                              "one")),
    "no-parrot": _fixed(N_("there is no parrot to decide about")),
    "not-in-combat": _fixed(N_("there is no such ship in this combat")),
    "own-ship": lambda p: _("Privateering names another player's ship, not yours")
    if p.get("task") == "privateering" else _("a ship does not fire at itself"),
    "overboard-chests": lambda p: _(
        "Overboard throws 1 chest or more, up to the {chests} aboard").format(
        chests=p["chests"]) if "chests" in p else _("only Overboard throws chests overboard"),
    "upgrade-level": lambda p: _("your {section} ring is on {now}: name a position from {low} "
                                 "to {top}").format(section=section_name(p.get("section")),
                                                    now=p["now"], low=p["now"] + 1, top=p["top"]),
    "bury-chests": lambda p: _("you have {chests} chests to bury, not {asked}").format(
        chests=p["chests"], asked=p["asked"]),
    "bury-unaffordable": lambda p: _(
        "{bags} bags of {bag} gold are {total} gold and you have {gold}").format(
        bags=p["bags"], bag=p["bag"], total=p["bags"] * p["bag"], gold=p["gold"]),
    "no-reload": _fixed(N_("only a ship that fired a Full Broadside in the last exchange reloads")),
}


def reason_words(reason: Reason | str | None) -> str:
    """A refusal from the view's offers (``{"text", "code", "params"}``, or plain text) in the
    language in use; "" for none."""
    if reason is None or isinstance(reason, str):
        return reason or ""
    text = reason["text"]
    words = WORDS.get(reason["code"])
    if i18n.language() == i18n.ENGLISH or words is None:
        return text  # the rules' own English, byte for byte
    try:
        return words(reason["params"] or {})
    except (KeyError, TypeError, ValueError):  # params missing: the rules' text is still true
        return text


__all__ = ["WORDS", "reason_words"]
