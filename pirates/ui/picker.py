"""The decision pickers of the Pirate's Cove private panel, as plain logic (no widgets).

``make_picker(view, legal, why)`` builds the picker for the seat of ``view`` from its legal
actions; ``why`` is the rules core's reason for an illegal action. Most decisions are a
``TreePicker`` (common/tui/tree.py): menus whose choices are actions, further menus, or an
adjustable sub-picker (the outfitting, a burial). Choices that are not legal now stay listed,
marked ✗, when a player would look for them (a card in hand, a level too dear): picking one
shows the rules' reason.

``route(action)`` finds the steps (``("pick", i)`` / ``("adjust", i, delta)``) that lead a fresh
picker to ``action``: tests use it to show every legal action is reachable, the key driver to
play a game through the keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from common.tui.choices import Choice, Picker
from common.tui.tree import (
    Adjustable,
    Menu,
    Step,
    TreePicker,
    Unavailable,
    Why,
    follow,
)
from common.words import plural
from pirates import data as D
from pirates.actions import (
    Action,
    Bury,
    Buy,
    CoveDraw,
    Done,
    DoubleUpgrade,
    Escape,
    Fire,
    Flee,
    Lookout,
    Marque,
    Mastercraft,
    Mend,
    Navigate,
    NavyFire,
    Outfit,
    ParrotChoice,
    Pass,
    PlayBattle,
    PlayVolley,
    Privateering,
    Reload,
    SendNavy,
    Shipowner,
    TreasureMap,
    Upgrade,
)
from pirates.ui.render import (
    card_name,
    target_name,
    track,
    treasure_words,
)


class OutfitPicker(Adjustable):
    """Before month 1: raise each ring from 1 with +/-; the cost and the gold left are live.
    Enter shows the whole outfit on one line, and only Enter there outfits (Esc: back to the
    rings), so that no habitual Enter sends an outfit not looked at."""

    summed = True

    def __init__(self, view: dict[str, Any], legal: list[Any], why: Why) -> None:
        self.seat: int = view["seat"]
        self.player: dict[str, Any] = view["players"][self.seat]
        self.gold: int = self.player["gold"]
        self.dice: list[list[int]] = (view.get("offers") or {}).get("dice") or []
        outfits = {a.levels: a for a in legal if isinstance(a, Outfit)}
        top = D.TOP_LEVEL
        super().__init__(D.SECTIONS, (1,) * 4, (1,) * 4, (top,) * 4, outfits, why)

    @property
    def step(self) -> str:
        """The footer's keys differ between the rings and the summary."""
        return "summary" if self.summary else "rings"

    def cost(self) -> int:
        return sum(D.upgrade_cost(1, v) for v in self.values)

    def outfit_line(self) -> str:
        """``Hull 2 · Sails 3 · Crew 3 · Cannons 2`` (it fits the panel at 80×24)."""
        return " · ".join(f"{s.capitalize()} {v}" for s, v in zip(D.SECTIONS, self.values,
                                                                  strict=True))

    def summary_prompt(self) -> str:
        return self.outfit_line()

    def summary_label(self) -> str:
        return f"Enter outfits: {self.cost()} of {self.gold} gold"

    def rows_prompt(self) -> str:
        left = self.gold - self.cost()
        rest = f"{left} left" if left >= 0 else f"{-left} too many"
        return f"Outfit your ship: cost {self.cost()} of {self.gold} gold, {rest}"

    def row_choices(self) -> list[Choice]:
        out = []
        for i, section in enumerate(D.SECTIONS):
            level = self.values[i]
            value = D.value(i, level)
            cost = D.upgrade_cost(1, level)
            out.append(Choice(f"{section:<8}{track(level).plain} → {value:>2}   {cost} gold",
                              section))
        return out

    def preview(self) -> Text | None:
        left = self.gold - self.cost()
        crew, cannons = self.values[D.CREW], self.values[D.CANNONS]
        dice = self.dice[crew][cannons] if self.dice else None
        throws = f" · {dice} dice" if dice is not None else ""
        if self.summary:
            out = Text(f"{left} gold kept{throws} · ", style="bold")
            out.append("Esc: change a section", style="dim")
            return out
        out = Text(f"Gold left: {left} (kept){throws}. ",
                   style="bold red" if left < 0 else "bold")
        out.append("↑↓ a section · ←→ or −/+ its ring · Enter: the whole outfit, to confirm",
                   style="dim")
        return out

    def back_word(self) -> str | None:
        return "Change a section" if self.summary else None

    def refusal(self) -> str:
        levels = (self.values[0], self.values[1], self.values[2], self.values[3])
        return self.why(Outfit(self.seat, levels))  # the rules' words give the cost and purse


class BuryPicker(Adjustable):
    """Treasure Island: chests and bags of 3 gold to bury; the fame they give is shown first.
    The amounts come filled in with all the seat may bury: Enter sums them up on one line, and
    Enter there buries them (the panel's sign says so); Esc goes back to change them."""

    summed = True

    def __init__(self, view: dict[str, Any], legal: list[Bury], why: Why) -> None:
        self.seat: int = view["seat"]
        me = view["players"][self.seat]
        burials = {(a.chests, a.bags): a for a in legal}
        chests, bags = me["chests"], me["gold"] // 3
        privateer = view.get("privateering")
        self.shared = bool(privateer and privateer["victim"] == self.seat)
        super().__init__(("chests", "bags of 3 gold"), (chests, bags), (0, 0), (chests, bags),
                         burials, why)

    def confirming(self) -> bool:
        return True  # the amounts shown were chosen here, by picking the burial: Enter sums up

    def fame(self) -> int:
        return self.values[0] + self.values[1]

    def rows_prompt(self) -> str:
        return f"Bury treasure: {self.fame()} fame"

    def row_choices(self) -> list[Choice]:
        chests, bags = self.values
        return [Choice(f"chests          {chests:>2}  → {chests} fame", "chests"),
                Choice(f"bags of 3 gold  {bags:>2}  → {bags} fame ({3 * bags} gold)", "bags")]

    def summary_prompt(self) -> str:
        chests, bags = self.values
        parts = [plural(chests, "chest") if chests else "", f"{3 * bags} gold" if bags else ""]
        return f"Bury {' and '.join(p for p in parts if p)} for {self.fame()} fame?"

    def summary_label(self) -> str:
        return f"Enter buries them: {self.fame()} fame"

    def preview(self) -> Text | None:
        if self.summary:
            out = Text("Enter buries · Esc: change the amounts", style="bold")
        else:
            out = Text(f"Burying these gives {self.fame()} fame", style="bold")
        if self.shared:
            out.append(" (Privateering: the privateer takes half, rounded up)", style="yellow")
        if not self.summary:
            out.append(". ↑↓ a row · ←→ −/+ change · Enter: sum up · Esc back", style="dim")
        return out

    def back_word(self) -> str | None:
        return "Change the amounts" if self.summary else None

    def refusal(self) -> str:
        return self.why(Bury(self.seat, self.values[0], self.values[1])) or \
            "bury at least one chest or one bag of gold"


# --------------------------------------------------------------------------- building blocks

def _off(label: str, reason: str | None) -> Choice:
    return Choice(label, Unavailable(reason or ""), enabled=False)


def _offers(view: dict[str, Any]) -> dict[str, Any]:
    """The costs and the rules' reasons the view gives for this decision (pirates/reasons.py)."""
    return view.get("offers") or {}


def _card_reason(view: dict[str, Any], effect: str) -> str | None:
    """Why a card held cannot be played now; None when it is not held or can be."""
    reason = (_offers(view).get("cards") or {}).get(effect)
    return str(reason) if reason is not None else None


def _group(label: str, prompt: str, actions: list[tuple[str, Any]], columns: int = 4,
           note: Text | None = None) -> Choice:
    """A choice leading to a menu of ``(label, action)`` (straight to it when alone)."""
    if len(actions) == 1 and not note:
        return Choice(label, actions[0][1])
    return Choice(label, Menu(prompt, [Choice(t, a) for t, a in actions], note, columns))


def _held(view: dict[str, Any], effect: str) -> bool:
    return effect in (view.get("hand") or [])


def _names(view: dict[str, Any]) -> list[str]:
    return [p["name"] for p in view["players"]]


def _island_label(view: dict[str, Any], number: int) -> str:
    island = view["islands"][number - 1]
    label = str(island["name"])
    if "treasure" in island:
        label += f" ({treasure_words(island['treasure'], short=True)})"
    mark = view.get("treasure_map")
    if mark and mark["island"] == number:  # the map's key is cut at 80×24: say it here
        label += " ✠ map: 2× chests"
    return label


# --------------------------------------------------------------------------- the decisions

def parrot_menu(view: dict[str, Any], legal: list[Any]) -> Menu:
    seat = view["seat"]
    drawn = card_name(view["parrot_choice"]["card"])
    old = card_name(view["players"][seat]["parrot"] or "")
    swap = ParrotChoice(seat, True)
    choices = [
        Choice(f"Swap: {drawn} on the mat for 1 fame", swap) if swap in legal
        else _off(f"Swap: {drawn} (1 fame)", _offers(view).get("swap")),
        Choice(f"Keep {old}; {drawn} goes back", ParrotChoice(seat, False)),
    ]
    return Menu(f"A second parrot: {drawn}. Swap or keep {old}?", choices, columns=1)


def island_choices(view: dict[str, Any], actions: Mapping[int, Any], last: int,
                   reasons: Sequence[str | None] = ()) -> list[Choice]:
    """Islands 1 to ``last``, each at its own number (its key), those not offered greyed with
    the rules' reason: a key always means the same island, in every menu."""
    out = []
    for number in range(1, last + 1):
        label = _island_label(view, number)
        if number in actions:
            out.append(Choice(label, actions[number]))
        else:
            reason = reasons[number - 1] if number <= len(reasons) else None
            out.append(_off(label, reason or "not offered now"))
    return out


def navigation_menu(view: dict[str, Any], legal: list[Any]) -> Menu:
    moves = {a.island: a for a in legal if isinstance(a, Navigate)}
    secret = view.get("lookout_first") is None
    prompt = ("Your secret course (revealed once all chose)" if secret
              else "Set your course openly (Lookout)")
    return Menu(prompt, island_choices(view, moves, max(moves, default=0)), columns=2)


# The island cards of the windows: the last island each may name (its menu's last key).
_ISLAND_CARDS: dict[type, int] = {SendNavy: len(D.OUTER), Marque: len(D.OUTER),
                                  Escape: D.TREASURE_ISLAND}


def window_menu(view: dict[str, Any], legal: list[Any]) -> Menu:
    """An event window: each card the seat may play, its target, or pass."""
    names = _names(view)
    choices: list[Choice] = []
    kinds: list[tuple[type, str, str, Callable[[Any], str]]] = [
        (Privateering, D.PRIVATEERING, "Privateering against whom?",
         lambda a: names[a.victim]),
        (TreasureMap, D.TREASURE_MAP, "", lambda a: "roll for an island"),
        (Lookout, D.LOOKOUT, "Lookout: who sets a course first?", lambda a: names[a.first]),
        (SendNavy, D.NAVY, "Send the Royal Navy to which island?", lambda a: ""),
        (Marque, D.MARQUE, "Letter of Marque: turn the Royal Navy to which island?",
         lambda a: ""),
        (Escape, D.ESCAPE, "Escape to which island?", lambda a: ""),
    ]
    before = view["phase"] == "before_navigation"
    for cls, effect, prompt, label in kinds:
        if (cls in (Privateering, TreasureMap, Lookout)) != before:
            continue
        actions: list[Any] = [a for a in legal if isinstance(a, cls)]
        name = card_name(effect)
        reason = _card_reason(view, effect)
        if actions and cls in _ISLAND_CARDS:
            reasons = (_offers(view).get("islands") or {}).get(effect) or ()
            islands = island_choices(view, {a.island: a for a in actions}, _ISLAND_CARDS[cls],
                                     reasons)
            choices.append(Choice(f"Play {name}", Menu(prompt, islands, columns=2)))
        elif actions:
            choices.append(_group(f"Play {name}", prompt, [(label(a), a) for a in actions],
                                  columns=2))
        elif reason is not None:
            choices.append(_off(f"Play {name}", reason))
    choices.append(Choice("Pass (play nothing)", Pass(view["seat"])))
    what = "before navigation" if before else "after navigation"
    return Menu(f"Events {what}: play a card or pass", choices, columns=2)


def boarding_menu(view: dict[str, Any], legal: list[Any]) -> Menu:
    seat = view["seat"]
    choices = [Choice("Pass", Pass(seat))]
    for effect in D.BATTLE_EFFECTS:
        actions = [a for a in legal if isinstance(a, PlayBattle) and a.card == effect]
        name = card_name(effect)
        reason = _card_reason(view, effect)
        if effect == D.OVERBOARD and actions:
            options = [(f"{a.chests} chest{'s' if a.chests > 1 else ''} (+{2 * a.chests} "
                        "speed)", a) for a in actions]
            choices.append(Choice(f"Play {name}", Menu(
                "Overboard: how many chests do you throw?", [Choice(t, a) for t, a in options],
                Text("They go back to Treasure Island at the end of the combat.", style="dim"))))
        elif actions:
            choices.append(Choice(f"Play {name}", actions[0]))
        elif reason is not None:
            choices.append(_off(f"Play {name}", reason))
    return Menu("Boarding round: play a Battle card or pass", choices, columns=2)


def hit_words(face: int) -> str:
    """The faces from ``face`` up, in words: ``5 and 6``, ``only 6s``, ``3 to 6``."""
    return {6: "only 6s", 5: "5 and 6"}.get(face, f"{face} to 6")


def volley_words(view: dict[str, Any]) -> str:
    """What the next volley throws, as the view says: ``3 dice, 5 and 6 hit`` or, when a
    target is under Smoke, ``3 dice: 5 and 6 hit Ann, only 6s hit Cid``."""
    volley = (view.get("combat") or {}).get("next_volley")
    if not volley:
        return ""
    dice = "1 die" if volley["dice"] == 1 else f"{volley['dice']} dice"
    faces = [(t["target"], t["hits_on"]) for t in volley["targets"]]
    if len({face for _, face in faces}) <= 1:
        face = faces[0][1] if faces else 5
        return f"{dice}, {hit_words(face)} hit"
    return f"{dice}: " + ", ".join(f"{hit_words(face)} hit {target_name(t, view)}"
                                   for t, face in faces)


def navy_menu(view: dict[str, Any], legal: list[Any]) -> Menu:
    shots = [a for a in legal if isinstance(a, NavyFire)]
    targets = sorted({a.target for a in shots})
    menus = [
        Menu(f"The Royal Navy fires at {target_name(t, view)} ({volley_words(view)}): which "
             "section?", [Choice(_section_label(view, t, a.section), a) for a in shots
                          if a.target == t])
        for t in targets
    ]
    if len(menus) == 1:  # one ship to fire at: no question about whom
        return menus[0]
    choices = [Choice(f"at {target_name(t, view)}", m) for t, m in zip(targets, menus,
                                                                        strict=True)]
    return Menu(f"You fire the Royal Navy ({volley_words(view)}): at whom?", choices,
                columns=2)


def _section_label(view: dict[str, Any], target: int, section: str) -> str:
    if target < 0:
        return section
    p = view["players"][target]
    level = p["levels"][section]
    ring = "destroyed" if level < 0 else f"ring {level}, {p['values'][section]}"
    return f"{section} ({ring})"


def volley_menu(view: dict[str, Any], legal: list[Any]) -> Menu:
    seat = view["seat"]
    choices: list[Choice] = []
    fires = [a for a in legal if isinstance(a, Fire)]
    refused = {int(t): str(why) for t, why in (_offers(view).get("fire") or {}).items()}
    for t in sorted({a.target for a in fires} | set(refused), key=lambda t: (t < 0, t)):
        shots = [a for a in fires if a.target == t]
        if not shots:
            choices.append(_off(f"Fire at {target_name(t, view)}", refused[t]))
        elif t < 0:
            choices.append(Choice(f"Fire at {target_name(t, view)} (hull)", shots[0]))
        else:
            choices.append(_group(
                f"Fire at {target_name(t, view)}",
                f"Fire at {target_name(t, view)}: which section?",
                [(_section_label(view, t, a.section), a) for a in shots]))
    cards: list[Choice] = []
    for effect in D.VOLLEY_EFFECTS:
        ready = [a for a in legal if isinstance(a, PlayVolley) and a.card == effect]
        name = card_name(effect)
        reason = _card_reason(view, effect)
        if ready:
            cards.append(Choice(f"Ready {name}", ready[0]))
        elif reason is not None:
            cards.append(_off(f"Ready {name}", reason))
    if len(choices) + len(cards) > 5 and len(cards) > 1:  # keep the menu to a short grid
        cards = [Choice("Ready a Volley card", Menu(
            "Ready which Volley card? (then fire)", cards, columns=1))]
    choices.extend(cards)
    for action, label in ((Reload(seat), "Reload (no volley)"), (Flee(seat), "Flee to the Cove")):
        if action in legal:
            choices.append(Choice(label, action))
        elif isinstance(action, Flee):
            choices.append(_off(label, _offers(view).get("flee")))
    return Menu(f"Your volley: {volley_words(view)}", choices, columns=2)


def effects_menu(view: dict[str, Any], legal: list[Any], why: Why) -> Menu:
    seat = view["seat"]
    me = view["players"][seat]
    gold = me["gold"]
    island = me["island"]
    cove = [a for a in legal if isinstance(a, CoveDraw)]
    if cove:
        return Menu("Pirate's Cove: take your draw first", [
            Choice("2 Tavern cards", CoveDraw(seat, False)),
            Choice("1 Tavern card and 2 gold", CoveDraw(seat, True)),
        ], columns=1)
    offers = _offers(view)
    choices: list[Choice] = []
    buy = offers.get("buy")
    if buy is not None:
        label = f"Buy a Tavern card ({buy['cost']} gold)"
        choices.append(Choice(label, Buy(seat)) if Buy(seat) in legal
                       else _off(label, buy["reason"]))
    if offers.get("upgrades") is not None:
        choices.append(_upgrade_choice(view, legal, offers["upgrades"]))
    choices.extend(_treasure_island_choices(view, legal, why))
    choices.extend(_anywhere_choices(view, legal))
    choices.append(Choice("Done", Done(seat)))
    where = D.ISLAND_NAMES.get(island, "?")
    return Menu(f"{where}: island effects ({gold} gold)", choices, columns=2)


def _upgrade_choice(view: dict[str, Any], legal: list[Any], rows: list[dict[str, Any]]) -> Choice:
    """The island's ring, raised to a position the view prices; greyed, with the rules' reason,
    when no position is affordable (or the ring is at the top)."""
    seat = view["seat"]
    section = D.ISLAND_SECTION[view["players"][seat]["island"]]
    name = D.SECTIONS[section]
    now = view["players"][seat]["levels"][name]
    choices = []
    for row in rows:
        action = Upgrade(seat, name, row["level"])
        label = f"to {row['level']} ({row['value']}) for {row['cost']} gold"
        choices.append(Choice(label, action) if action in legal else _off(label, row["reason"]))
    if not rows:
        return _off(f"Raise {name}", f"your {name} is at the top already")
    if not any(c.enabled for c in choices):
        return _off(f"Raise {name}", rows[0]["reason"])
    return Choice(f"Raise {name} (ring on {now})", Menu(
        f"Raise {name} from {now}: to which position?", choices,
        Text("Each step costs the gold of the position it moves into.", style="dim"), 2))


def _treasure_island_choices(view: dict[str, Any], legal: list[Any], why: Why) -> list[Choice]:
    seat = view["seat"]
    out: list[Choice] = []
    rows = []
    for row in _offers(view).get("double") or []:
        action = DoubleUpgrade(seat, row["section"])
        label = f"{row['section']} {row['from']}→{row['level']} for {row['cost']} gold"
        rows.append(Choice(label, action) if action in legal else _off(label, row["reason"]))
    if rows and not any(c.enabled for c in rows):
        first = _offers(view)["double"][0]
        out.append(_off("Double-cost upgrade", first["reason"]))
    elif rows:
        out.append(Choice("Double-cost upgrade", Menu(
            "Treasure Island: one section one level, at double cost", rows, columns=1)))
    burials = [a for a in legal if isinstance(a, Bury)]
    if burials:
        most = max(a.chests + a.bags for a in burials)
        out.append(Choice(f"Bury treasure (up to {most} fame)", BuryPicker(view, burials, why)))
    elif _offers(view).get("bury"):
        out.append(_off("Bury treasure", _offers(view)["bury"]))
    return out


def _anywhere_choices(view: dict[str, Any], legal: list[Any]) -> list[Choice]:
    seat = view["seat"]
    me = view["players"][seat]
    out: list[Choice] = []
    craft = _section_card(view, legal, Mastercraft, D.MASTERCRAFT, "Fit a Mastercraft",
                          "Mastercraft on which section?", lambda section: section)
    if craft is not None:
        out.append(craft)
    if Mend(seat) in legal:
        out.append(Choice("Mend the Mastercraft (1 gold)", Mend(seat)))
    elif _offers(view).get("mend"):
        out.append(_off("Mend the Mastercraft (1 gold)", _offers(view)["mend"]))
    owner = _section_card(view, legal, Shipowner, D.SHIPOWNER, "Play Shipowner",
                          "Shipowner: one level free on which section?",
                          lambda section: f"{section} {me['levels'][section]}→"
                                          f"{me['levels'][section] + 1}")
    if owner is not None:
        out.append(owner)
    return out


def _section_card(view: dict[str, Any], legal: list[Any], kind: type[Mastercraft | Shipowner],
                  effect: str, label: str,
                  prompt: str, words: Callable[[str], str]) -> Choice | None:
    """A card played on a section (Mastercraft, Shipowner): every section listed, those the
    rules refuse marked ✗ with their reason; the card itself ✗ when no section will do. None
    when the card is not in hand (or the view does not say: the public table)."""
    reason = _card_reason(view, effect)
    if reason is not None:
        return _off(label, reason)
    reasons = (_offers(view).get("sections") or {}).get(effect)
    actions = {a.section: a for a in legal if isinstance(a, kind)}
    if not actions:
        return None
    if not reasons or not any(reasons):  # every section allowed: the shortest way there
        return _group(label, prompt, [(words(name), actions[name]) for name in D.SECTIONS
                                      if name in actions])
    rows = [Choice(words(name), actions[name]) if name in actions
            else _off(words(name), reasons[i] if i < len(reasons) else None)
            for i, name in enumerate(D.SECTIONS)]
    return Choice(label, Menu(prompt, rows))


def make_picker(view: dict[str, Any], legal: list[Any], why: Why) -> Picker | None:
    """The picker for the decision of ``view["seat"]`` now; None when it has none."""
    if not legal:
        return None
    first: Action = legal[0]
    if isinstance(first, ParrotChoice):
        return TreePicker(parrot_menu(view, legal), why)
    phase = view["phase"]
    if phase == "outfit":
        return OutfitPicker(view, legal, why)
    cb = view.get("combat")
    if phase == "navigation":
        menu = navigation_menu(view, legal)
    elif phase in ("before_navigation", "after_navigation"):
        menu = window_menu(view, legal)
    elif phase == "combat" and cb and cb["stage"] == "boarding":
        menu = boarding_menu(view, legal)
    elif phase == "combat" and isinstance(first, NavyFire):
        menu = navy_menu(view, legal)
    elif phase == "combat":
        menu = volley_menu(view, legal)
    else:
        menu = effects_menu(view, legal, why)
    return TreePicker(menu, why)


def route(picker: Picker, action: Any) -> list[Step] | None:
    """The steps leading a fresh ``picker`` to ``action`` (None: it cannot be reached)."""
    finder = getattr(picker, "route", None)
    return finder(action) if finder is not None else None


__all__ = ["Adjustable", "BuryPicker", "Menu", "OutfitPicker", "TreePicker", "follow",
           "make_picker", "route"]
