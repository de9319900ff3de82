"""The decision pickers of the private panel, as plain logic (no widgets, no state).

Each picker is built from a view, the seat's legal actions and a ``why`` callback (the rules
core's reason for an illegal action). ``choices()`` lists what can be picked now; ``pick(i)``
answers, typed (``common.tui.choices.PickResult``): ``Chosen(action)`` when the decision is
complete, ``Refused(reason)`` when the choice is not legal, ``Moved()`` when the picker went on to
its next step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from common.errors import IllegalAction
from common.i18n import _
from common.tui.choices import Choice, Chosen, Moved, Nothing, Picker, PickResult, Refused
from common.tui.fit import shorten
from common.tui.tree import Unavailable
from orcz import data as D
from orcz.actions import Attack, HandOut, Hold, Impose, PlaceRank
from orcz.deployment import rank_refusal_now
from orcz.pair_rule import PAIR_RULE, rank_refusal
from orcz.ui.names import field_name, side_word
from orcz.ui.refusals import refusal_words
from orcz.ui.render import card_cell, card_name, card_short, rank_line, short_field_name
from orcz.ui.story import goblins
from orcz.view_types import CardView, OrczView, RankCards, seat_of

Why = Callable[[Any], str]  # the reason an action is refused, in words; "" when it is legal

# The cards of a rank, one key each for the whole game (the scout never goes in a rank).
RANK_CARDS = [card.id for card in D.CARDS if card.kind != D.SCOUT]


class DeployPicker(Picker):
    STEPS = ("field", "left", "right", "down", "confirm")

    def __init__(self, view: OrczView, legal: list[Any], why: Why) -> None:
        self.view = view
        self.seat = seat_of(view)
        self.legal = [a for a in legal if isinstance(a, PlaceRank)]
        self.legal_set = set(self.legal)
        self.why = why
        self.step = "field"
        self.field: str | None = None
        self.left: str | None = None
        self.right: str | None = None
        self.down: str | None = None
        self.tags: list[str] = []

    def prompt(self) -> str:
        if self.step == "right":
            return _("Choose the RIGHT card (left: {card})").format(
                card=card_short(self.left or ""))
        return {
            "field": _("Place a rank: choose a battlefield"),
            "left": _("Choose the LEFT card"),
            "down": _("Which card goes FACE DOWN? (l / r)"),
            "confirm": _("Enter: place this rank · Esc: change it"),
        }[self.step]

    def confirming(self) -> bool:
        return self.step == "confirm"

    def _any(self, **fixed: str | None) -> bool:
        return any(all(getattr(a, k) == v for k, v in fixed.items()) for a in self.legal)

    def cards(self) -> list[str]:
        """Every card a rank may ever use, in the deck's order, held or not: each keeps its
        position (and key) for the whole game, LEFT and RIGHT alike, so a spent card leaves a
        ✗ row and never shifts the keys of the others. Then, while held, the cards no rank may
        hold (the scout): listed, ✗, with the rules' words from the view."""
        never = self.view.get("never_placed", {})
        return [*RANK_CARDS, *(c for c in self.view.get("hand", []) if c in never)]

    def held(self, card: str) -> bool:
        return card in self.view.get("hand", [])

    def _card_choice(self, index: int, card: str, enabled: bool) -> Choice:
        label = card_name(card)
        if card in self.view.get("never_placed", {}):
            return Choice(label, Unavailable(never_placed(card)), enabled=False)
        return Choice(label, card, self.held(card) and enabled)

    def choices(self) -> list[Choice]:
        if self.step == "field":
            # short names: four fit in a row at 80 columns, leaving room for the hand below
            return [
                Choice(short_field_name(str(f["id"])), f["id"], self._any(battlefield=f["id"]))
                for f in self.view["battlefields"]
            ]
        cards = self.cards()
        if self.step == "left":
            return [self._card_choice(i, c, self._any(battlefield=self.field, left=c))
                    for i, c in enumerate(cards)]
        if self.step == "right":
            # the left card keeps its place, marked unavailable, so no key changes meaning
            return [
                self._card_choice(i, c, c != self.left and self._any(
                    battlefield=self.field, left=self.left, right=c))
                for i, c in enumerate(cards)
            ]
        if self.step == "down":
            return [
                Choice(_("{side}: {card} hidden").format(side=side_word("left"),
                                                        card=card_name(self.left or "")), "left"),
                Choice(_("{side}: {card} hidden").format(side=side_word("right"),
                                                        card=card_name(self.right or "")),
                       "right"),
            ]
        return [Choice(_("Place this rank"), "confirm")]

    def left_refusal(self, card: str) -> IllegalAction | None:
        """Why ``card`` cannot be the LEFT card here, from the rank rule (the cards beside it are
        in the hand, the battlefield is open): an event barring the card itself first, else the
        pair rule's refusal of its first partner."""
        tile = self.view["event"]
        event = tile["id"] if tile else None
        field = D.FIELD_BY_ID[self.field or ""]
        refused = [
            refusal for other in self.view.get("hand", []) if other != card
            if (refusal := rank_refusal_now(D.CARD_BY_ID[card], D.CARD_BY_ID[other], event,
                                            field)) is not None
        ]
        barred = [refusal for refusal in refused if refusal.code != PAIR_RULE]
        return next(iter(barred or refused), None)

    def _reason(self, choice: Choice) -> str:
        if isinstance(choice.value, Unavailable):
            return choice.value.reason
        if self.step == "field":
            sample = self.legal[0]
            return self.why(PlaceRank(self.seat, choice.value, sample.left, sample.right, "left"))
        if self.step in ("left", "right") and not self.held(choice.value):
            return _("your {card} is not in your hand now").format(card=card_name(choice.value))
        if self.step == "left":
            refusal = self.left_refusal(choice.value)
            return refusal_words(refusal) if refusal else _("no legal rank uses this card")
        if self.step == "right":
            if choice.value == self.left:
                return _("that card is already your LEFT card (Esc: choose another)")
            return self.why(
                PlaceRank(self.seat, self.field or "", self.left or "", choice.value, "left")
            ) or _("this pair cannot be placed now")
        return _("not possible")

    def pick(self, index: int) -> PickResult:
        options = self.choices()
        if not 0 <= index < len(options):
            return Nothing()
        choice = options[index]
        if not choice.enabled:
            return Refused(self._reason(choice) or _("that choice is not legal now"))
        if self.step == "field":
            self.field, self.step = choice.value, "left"
        elif self.step == "left":
            self.left, self.step = choice.value, "right"
        elif self.step == "right":
            self.right, self.step = choice.value, "down"
        elif self.step == "down":
            self.down, self.step = choice.value, "confirm"
        else:
            return Chosen(self.action())
        return Moved()

    def action(self) -> PlaceRank:
        assert self.field and self.left and self.right and self.down
        return PlaceRank(self.seat, self.field, self.left, self.right, self.down)

    def can_go_back(self) -> bool:
        return self.step != self.STEPS[0]

    def back(self) -> bool:
        position = self.STEPS.index(self.step)
        if position == 0:
            return False
        self.step = self.STEPS[position - 1]
        return True

    def preview(self) -> Text | None:
        if self.step != "confirm":
            return None
        action = self.action()
        tags = self.tags or ["?"] * len(self.view["players"])
        position = 0
        for f in self.view["battlefields"]:
            if f["id"] == action.battlefield:
                position = len(f["column"]) + 1
        rank_me: RankCards = {"owner": self.seat,
                              "left": _card(action.left, action.face_down == "left"),
                              "right": _card(action.right, action.face_down == "right")}
        rank_them: RankCards = {"owner": self.seat,
                                "left": _card(action.left, False, action.face_down == "left"),
                                "right": _card(action.right, False, action.face_down == "right")}
        out = Text(_("{battlefield} — you see:").format(
            battlefield=field_name(action.battlefield)))
        out.append_text(rank_line(rank_me, str(position), tags))
        out.append("   " + _("others see:"))
        out.append_text(rank_line(rank_them, str(position), tags))
        return out


def never_placed(card_id: str) -> str:
    """Why no rank may hold the card (the scout), worded from the pair rule's refusal."""
    card = D.CARD_BY_ID[card_id]
    refusal = next((r for other in D.CARDS if other.index != card.index
                    if (r := rank_refusal(card, other)) is not None), None)
    return refusal_words(refusal) if refusal else ""


def _card(card_id: str, face_down: bool, hidden: bool = False) -> CardView:
    if hidden:
        return {"id": None, "face_down": True}
    return {"id": card_id, "face_down": face_down}


class FightPicker(Picker):
    def __init__(self, view: OrczView, legal: list[Any]) -> None:
        self.view = view
        self.tags: list[str] = []
        self.attack = next((a for a in legal if isinstance(a, Attack)), None)
        self.hold = next((a for a in legal if isinstance(a, Hold)), None)

    def prompt(self) -> str:
        # named: the decision may be taken at the public table, for everyone to read
        name = self.view["players"][seat_of(self.view)]["name"]
        return _("{name}'s rear rank: attack (a) or hold (h)?").format(name=name)

    def preview(self) -> Text | None:
        """Which rank attacks which, as the board shows them."""
        where = self.view["pending"].get("battlefield")
        field = next((f for f in self.view["battlefields"] if f["id"] == where), None)
        if field is None or len(field["column"]) < 2:
            return None
        names = [p["name"] for p in self.view["players"]]
        tags = self.tags or [n[:1].upper() for n in names]
        column = field["column"]
        rear, ahead = column[-1], column[-2]
        # the battlefield's short name, as on its frame, and the owners' names without "rank"
        # (the rank's number follows): in a lesson's panel at 80 columns (36 cells) the two
        # lines take at most the message's three, in French too
        out = Text(_("{battlefield}: {name}'s").format(
            battlefield=short_field_name(str(field["id"])), name=names[rear["owner"]]) + " ")
        out.append_text(rank_line(rear, str(len(column)), tags))
        out.append("\n" + _("may attack {name}'s").format(name=names[ahead["owner"]]) + " ")
        out.append_text(rank_line(ahead, str(len(column) - 1), tags))
        return out

    def choices(self) -> list[Choice]:
        return [Choice(_("Attack the rank ahead"), self.attack, self.attack is not None),
                Choice(_("Hold: set aside for the battle"), self.hold, self.hold is not None)]

    def pick(self, index: int) -> PickResult:
        options = self.choices()
        if 0 <= index < len(options) and options[index].enabled:
            return Chosen(options[index].value)
        return Refused(_("that choice is not legal now"))


class SplitPicker(Picker):
    """The strongest player's hand-out (won) or imposed payments (lost): +/- per player."""

    numbered = False
    adjustable = True
    max_columns = 1

    def __init__(self, view: OrczView, legal: list[Any]) -> None:
        self.view = view
        pending = view["pending"]
        self.kind = pending["kind"]
        self.amount: int = pending.get("amount", 0)
        self.candidates: list[int] = list(pending.get("candidates", []))
        self.values = [0] * len(view["players"])
        self.legal = {
            (a.shares if isinstance(a, HandOut) else a.payments): a
            for a in legal if isinstance(a, HandOut | Impose)
        }
        if self.candidates:
            self.values[self.candidates[0]] = self.amount

    def prefilled(self) -> bool:
        return True  # the shares open filled in (all to the first candidate): Enter takes them

    @property
    def optional(self) -> bool:
        """O-R18: a loser may impose nothing; a winner must hand out everything."""
        return bool(self.kind == "impose")

    def prompt(self) -> str:
        words = {"goblins": goblins(self.amount), "shared": sum(self.values),
                 "amount": self.amount}
        if self.kind == "hand_out":
            return _("Hand out {goblins} from the bank ({shared} of {amount} shared)").format(
                **words)
        return _("Who pays {goblins} to the bank? ({shared} of {amount} shared)").format(**words)

    def preview(self) -> Text | None:
        """How to use it, in lines short enough for the panel at 80 columns."""
        rest = (_("n or the last row: impose nothing") if self.optional
                else _("You must hand out all of it"))
        return Text(_("↑↓ player · ←→ or +/− share · Enter: confirm") + "\n" + rest,
                    style="dim")

    def choices(self) -> list[Choice]:
        names = [_short_name(str(p["name"])) for p in self.view["players"]]
        rows = [Choice(f"{names[c]:<12} {self.values[c]:>2}", c) for c in self.candidates]
        if self.optional:
            rows.append(Choice(_("Impose nothing"), NOTHING))
        return rows

    def adjust(self, index: int, delta: int) -> None:
        if not 0 <= index < len(self.candidates):
            return
        seat = self.candidates[index]
        self.values[seat] = max(0, min(self.amount, self.values[seat] + delta))

    def nothing(self) -> Chosen | Refused:
        """The "impose nothing" action (key n), or the reason when it is not allowed."""
        action = self.legal.get((0,) * len(self.values)) if self.optional else None
        return Chosen(action) if action else Refused(_("a winner must hand out every goblin"))

    def pick(self, index: int) -> PickResult:
        if self.optional and index == len(self.candidates):
            return self.nothing()
        action = self.legal.get(tuple(self.values))
        if action is None or not any(self.values):
            if self.optional:
                text = _("the shares must add up to exactly {amount} (now {now}) — or impose "
                         "nothing (n)")
            else:
                text = _("the shares must add up to exactly {amount} (now {now})")
            return Refused(text.format(amount=self.amount, now=sum(self.values)))
        return Chosen(action)


NOTHING = "nothing"


def _short_name(name: str, width: int = 12) -> str:
    return shorten(name, width).plain


__all__ = ["Choice", "DeployPicker", "FightPicker", "Picker", "SplitPicker", "card_cell"]
