"""Orcz's tips in real games (``common.tui.tips``): what a rule, event or hero does, the first
time it comes up at the table, in one line, with the lesson that teaches it.

Every text is here, one plain line each (the translation reads this table), and true to the
rules (``docs/orcz-rules.md``, the rulings O-R…). All come from public facts: the event of the
round and the public log; Orcz has no private tip (a hand holds the same ten troops and three
heroes for everyone, which lesson 1 shows).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.i18n import N_, _
from common.tui.tips import Entries, GameTips, Tip
from orcz import event_kinds as E
from orcz.view_types import Entry, as_view

EVENTS, FIGHTS, HEROES, SCOUT = "07_events", "03_fights", "04_champion_and_shaman", "05_the_scout"
PLACING, BATTLE, ROUNDS, CHALLENGE = ("02_placing_ranks", "06_the_battle",
                                      "08_rounds_and_the_end", "09_the_orc_challenge")

# key: (the line, the lesson). An event's key is its kind (the tiles of one kind share it).
TEXTS: dict[str, tuple[str, str]] = {
    "event:favour": (N_("Llovar's Favour: a strongest winner there gets 2 more"), EVENTS),
    "event:wrath": (N_("Llovar's Wrath: a strongest winner's main reward is halved"),
                    EVENTS),
    "event:whim": (N_("Llovar's Whim: only the strongest get goblins, no hand-out"), EVENTS),
    "event:storm": (N_("Storm: archer against infantry, the higher strength wins"), EVENTS),
    "event:open-ground": (N_("Open Ground: infantry against cavalry, higher strength wins"),
                          EVENTS),
    "event:heavy-ground": (N_("Heavy Ground: cavalry against archer, higher strength wins"),
                           EVENTS),
    "event:shortage": (N_("Shortage: after deployment each rear rank's owner pays 2"), EVENTS),
    "event:reinforcements": (N_("Reinforcements: a battle needs 1 more strength per player"),
                             EVENTS),
    "event:antimagic": (N_("Anti-magic Zone: no shaman may be placed on that battlefield"),
                        EVENTS),
    "event:confusion": (N_("Confusion: no champion may be placed this round"), EVENTS),
    "event:diversion": (N_("Diversion: at most as many ranks per battlefield as players"), EVENTS),
    "event:fog": (N_("Fog: no scout may be played this round"), EVENTS),
    "hero:champion": (N_("Champion: its battle is won whatever the strength is"), HEROES),
    "hero:shaman": (N_("Shaman: doubles its partner; attackers skip its rank"), HEROES),
    "hero:scout": (N_("Scout: only its player sees one face-down card, once"), SCOUT),
    "fight:attack": (N_("Attack: right card meets right card, then left meets left"), FIGHTS),
    "fight:wing": (N_("Cavalry beats archer, archer infantry, infantry cavalry"), FIGHTS),
    "fight:routed": (N_("A rank beaten on both wings leaves; its owner pays 1 goblin"),
                     FIGHTS),
    "fight:mixed": (N_("No rank lost both cards: attacker's survivors go to battle"), FIGHTS),
    "fight:champion": (N_("A champion cancels the attack: both ranks go to the battle"), HEROES),
    "fight:shaman": (N_("A shaman's rank is skipped: the attack goes on to the next"), HEROES),
    "battle:won": (N_("Won: the strongest gets the main value, hands out the small"),
                   BATTLE),
    "battle:lost": (N_("Lost: strongest pays the main value, may impose the small"),
                    BATTLE),
    "battle:tie": (N_("Tie: each strongest gets/pays (main + small) ÷ ties, down"), BATTLE),
    "payment:ruined": (N_("Ruined: pays all they have; the rest of the debt is gone"),
                       BATTLE),
    "lost_turn": (N_("No legal rank left: that turn is lost"), PLACING),
    "challenge": (N_("Challenge: the slow player must place now and pays 1 goblin"), CHALLENGE),
    "cleared": (N_("Cleared: no more ranks there; under 3 cleared, all lose"), ROUNDS),
}

HEROES_SEEN = ("champion", "shaman")  # face up, or turned up: a public fact


def tip(key: str) -> Tip:
    text, lesson = TEXTS[key]
    return Tip(key, _(text), lesson)


def _entry_keys(entry: Entry) -> list[str]:
    """The tips one public log entry brings up."""
    kind = entry.get("kind")
    if kind in (E.PLACED.name, E.REVEALED.name):
        card = entry.get("up_card") if kind == E.PLACED.name else entry.get("card")
        return [f"hero:{card}"] if card in HEROES_SEEN else []
    if kind == E.BATTLE.name:
        outcome = "tie" if len(entry.get("strongest") or ()) > 1 else (
            "won" if entry.get("won") else "lost")
        return ["hero:champion"] * bool(entry.get("champion")) + [f"battle:{outcome}"]
    if kind == E.FIGHT_OUTCOME.name:
        if entry.get("outcome") == "mixed":
            return ["fight:mixed"]
        # a rank routed by its own owner's pays nothing: not the tip's case
        return ["fight:routed"] if entry.get("winner") != entry.get("loser") else []
    if kind == E.PAYMENT.name:
        return ["payment:ruined"] if entry.get("ruined") else []
    simple = {E.SCOUT.name: "hero:scout", E.ATTACK.name: "fight:attack",
              E.WING.name: "fight:wing", E.CHAMPION_CANCEL.name: "fight:champion",
              E.SHAMAN_SKIP.name: "fight:shaman", E.LOST_TURN.name: "lost_turn",
              E.CHALLENGE.name: "challenge", E.CLEARED.name: "cleared"}
    return [simple[kind]] if kind in simple else []


def public_tips(entries: Entries, view: Mapping[str, Any]) -> list[Tip]:
    """The round's event first (it stands all round), then what the move's entries show."""
    keys = []
    event = as_view(view).get("event")
    if isinstance(event, dict):
        keys.append(f"event:{event.get('kind')}")
    for entry in entries:
        keys.extend(_entry_keys(entry))
    return [tip(key) for key in dict.fromkeys(keys) if key in TEXTS]


def private_tips(view: Mapping[str, Any]) -> list[Tip]:
    return []


TIPS = GameTips(public_tips, private_tips)

__all__ = ["TEXTS", "TIPS", "public_tips", "tip"]
