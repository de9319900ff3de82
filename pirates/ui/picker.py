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

from common.i18n import _, colon, ngettext
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
from pirates.ui.log_words import chests as chest_words
from pirates.ui.log_words import fame as fame_words
from pirates.ui.log_words import fame_short
from pirates.ui.log_words import gold as gold_words
from pirates.ui.names import (
    card_name,
    island_heading,
    section_column,
    section_name,
)
from pirates.ui.refusals import reason_words
from pirates.ui.render import (
    target_name,
    track,
    treasure_words,
)
from pirates.view_types import Offers, PiratesView, PlayerView, Reason, UpgradeOffer, seat_of


class OutfitPicker(Adjustable):
    """Before month 1: raise each ring from 1 with +/-; the cost and the gold left are live.
    Enter shows the whole outfit on one line, and only Enter there outfits (Esc: back to the
    rings), so that no habitual Enter sends an outfit not looked at."""

    summed = True

    def __init__(self, view: PiratesView, legal: list[Any], why: Why) -> None:
        self.seat = seat_of(view)
        self.player: PlayerView = view["players"][self.seat]
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
        return D.outfit_cost(self.values)

    def outfit_line(self) -> str:
        """``Hull 2 · Sails 3 · Crew 3 · Cannons 2`` (it fits the panel at 80×24)."""
        return " · ".join(f"{section_name(s).capitalize()} {v}"
                          for s, v in zip(D.SECTIONS, self.values, strict=True))

    def summary_prompt(self) -> str:
        return self.outfit_line()

    def summary_label(self) -> str:
        return _("Enter outfits: {cost} of {gold} gold").format(cost=self.cost(), gold=self.gold)

    def rows_prompt(self) -> str:
        left = self.gold - self.cost()
        rest = (_("{count} left").format(count=left) if left >= 0
                else _("{count} too many").format(count=-left))
        return _("Outfit your ship: cost {cost} of {gold} gold, {rest}").format(
            cost=self.cost(), gold=self.gold, rest=rest)

    def row_choices(self) -> list[Choice]:
        out = []
        for i, section in enumerate(D.SECTIONS):
            level = self.values[i]
            value = D.value(i, level)
            cost = D.upgrade_cost(1, level)
            out.append(Choice(f"{section_name(section):<{section_column()}}"
                              f"{track(level).plain} → {value:>2}   "
                              + gold_words(cost), section))
        return out

    def preview(self) -> Text | None:
        left = self.gold - self.cost()
        crew, cannons = self.values[D.CREW], self.values[D.CANNONS]
        dice = self.dice[crew][cannons] if self.dice else None
        throws = (" · " + ngettext("{count} die", "{count} dice", dice).format(count=dice)
                  if dice is not None else "")
        if self.summary:
            out = Text(_("{gold} gold kept").format(gold=left) + f"{throws} · ", style="bold")
            out.append(_("Esc: change a section"), style="dim")
            return out
        if left < 0:  # over the purse: what to take back, never a negative purse
            out = Text(_("{gold} gold too many: lower a ring").format(gold=-left) + f"{throws}. ",
                       style="bold red")
        else:
            out = Text(_("Gold left: {gold} (kept)").format(gold=left) + f"{throws}. ",
                       style="bold")
        # the keys on a line of their own, short enough for the panel at 80 columns
        out.rstrip()
        out.append("\n")
        out.append(_("↑↓ section · ←→ ring · Enter: confirm all"), style="dim")
        return out

    def back_word(self) -> str | None:
        return _("Change a section") if self.summary else None

    def refusal(self) -> str:
        levels = (self.values[0], self.values[1], self.values[2], self.values[3])
        text = self.why(Outfit(self.seat, levels))  # the rules' words give the cost and purse
        if text and self.cost() > self.gold:  # worded in the language in use
            return reason_words({"text": text, "code": "outfit-unaffordable",
                                 "params": {"cost": self.cost(), "gold": self.gold}})
        return text


class BuryPicker(Adjustable):
    """Treasure Island: chests and bags of 3 gold to bury; the fame they give is shown first.
    The amounts come filled in with all the seat may bury: Enter sums them up on one line, and
    Enter there buries them (the panel's sign says so); Esc goes back to change them."""

    summed = True

    def __init__(self, view: PiratesView, legal: list[Bury], why: Why) -> None:
        self.seat = seat_of(view)
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
        return _("Bury treasure: {fame}").format(fame=fame_words(self.fame()))

    def row_choices(self) -> list[Choice]:
        chests, bags = self.values
        # the words are looked up outside the f-strings, where the catalog's extractor sees them
        chests_word, bags_word = _("chests"), _("bags of 3 gold")
        width = max(16, len(chests_word) + 1, len(bags_word) + 1)
        return [Choice(f"{chests_word:<{width}}{chests:>2}  → {fame_short(chests)}", "chests"),
                Choice(f"{bags_word:<{width}}{bags:>2}  → {fame_short(bags)} "
                       f"({gold_words(3 * bags)})", "bags")]

    def summary_prompt(self) -> str:
        chests, bags = self.values
        parts = [chest_words(chests) if chests else "", gold_words(3 * bags) if bags else ""]
        what = [p for p in parts if p]
        listed = (_("{items} and {last}").format(items=what[0], last=what[1]) if len(what) == 2
                  else "".join(what))
        # one line of the panel: French's "pour 3 points de renommée" would be cut there
        return _("Bury {what} for {fame}?").format(what=listed, fame=fame_short(self.fame()))

    def summary_label(self) -> str:
        return _("Enter buries them: {fame}").format(fame=fame_words(self.fame()))

    def preview(self) -> Text | None:
        if self.summary:
            out = Text(_("Enter buries · Esc: change the amounts"), style="bold")
        else:
            out = Text(_("Burying these gives {fame}").format(fame=fame_words(self.fame())),
                       style="bold")
        if self.shared:
            out.append(" " + _("(Privateering: the privateer takes half, rounded up)"),
                       style="yellow")
        if not self.summary:
            out.append(". " + _("↑↓ a row · ←→ −/+ change · Enter: sum up · Esc back"),
                       style="dim")
        return out

    def back_word(self) -> str | None:
        return _("Change the amounts") if self.summary else None

    def refusal(self) -> str:
        return self.why(Bury(self.seat, self.values[0], self.values[1])) or \
            _("bury at least one chest or one bag of gold")


# --------------------------------------------------------------------------- building blocks

def _off(label: str, reason: Reason | str | None) -> Choice:
    """A choice not open now, with the rules' reason (the view's, worded in the language in
    use; or a text of this picker's own)."""
    return Choice(label, Unavailable(reason_words(reason)), enabled=False)


def _offers(view: PiratesView) -> Offers:
    """The costs and the rules' reasons the view gives for this decision (pirates/reasons.py)."""
    return view.get("offers") or {}


def _card_reason(view: PiratesView, effect: str) -> Reason | None:
    """Why a card held cannot be played now; None when it is not held or can be."""
    return (_offers(view).get("cards") or {}).get(effect)


def _group(label: str, prompt: str, actions: list[tuple[str, Any]], columns: int = 4,
           note: Text | None = None) -> Choice:
    """A choice leading to a menu of ``(label, action)`` (straight to it when alone)."""
    if len(actions) == 1 and not note:
        return Choice(label, actions[0][1])
    return Choice(label, Menu(prompt, [Choice(t, a) for t, a in actions], note, columns))


def _held(view: PiratesView, effect: str) -> bool:
    return effect in (view.get("hand") or [])


def _names(view: PiratesView) -> list[str]:
    return [p["name"] for p in view["players"]]


def _island_label(view: PiratesView, number: int) -> str:
    island = view["islands"][number - 1]
    label = island_heading(number)
    if "treasure" in island:
        label += f" ({treasure_words(island['treasure'], short=True)})"
    mark = view.get("treasure_map")
    # the map's key is cut at 80×24: say it here, to the card's player only, the one it doubles
    # for (P-R33); another plunderer of that island gets the plain card
    if mark and mark["island"] == number and mark["seat"] == view.get("seat"):
        label += " " + _("✠ 2× chests")  # short: the longest course still fits 80 columns
    return label


# --------------------------------------------------------------------------- the decisions

def parrot_menu(view: PiratesView, legal: list[Any]) -> Menu:
    seat = seat_of(view)
    parrot = view["parrot_choice"]
    assert parrot is not None, "a parrot decision waits"
    drawn = card_name(parrot["card"])
    old = card_name(view["players"][seat]["parrot"] or "")
    swap = ParrotChoice(seat, True)
    choices = [
        Choice(_("Swap: {card} on the mat for 1 fame").format(card=drawn), swap)
        if swap in legal
        else _off(_("Swap: {card} (1 fame)").format(card=drawn), _offers(view).get("swap")),
        Choice(_("Keep {old}; {card} goes back").format(old=old, card=drawn),
               ParrotChoice(seat, False)),
    ]
    # the old parrot is named on its choice: the prompt keeps to two lines of the panel
    return Menu(_("A second parrot: {card}. Swap, or keep yours?").format(card=drawn),
                choices, columns=1)


def island_choices(view: PiratesView, actions: Mapping[int, Any], last: int,
                   reasons: Sequence[Reason | None] = ()) -> list[Choice]:
    """Islands 1 to ``last``, each at its own number (its key), those not offered greyed with
    the rules' reason: a key always means the same island, in every menu."""
    out = []
    for number in range(1, last + 1):
        label = _island_label(view, number)
        if number in actions:
            out.append(Choice(label, actions[number]))
        else:
            reason = reasons[number - 1] if number <= len(reasons) else None
            out.append(_off(label, reason or _("not offered now")))
    return out


def navigation_menu(view: PiratesView, legal: list[Any]) -> Menu:
    moves = {a.island: a for a in legal if isinstance(a, Navigate)}
    secret = view.get("lookout_first") is None
    prompt = (_("Your secret course (revealed once all chose)") if secret
              else _("Set your course openly (Lookout)"))
    return Menu(prompt, island_choices(view, moves, max(moves, default=0)), columns=2)


# The island cards of the windows: the last island each may name (its menu's last key).
_ISLAND_CARDS: dict[type, int] = {SendNavy: len(D.OUTER), Marque: len(D.OUTER),
                                  Escape: D.TREASURE_ISLAND}


def window_menu(view: PiratesView, legal: list[Any]) -> Menu:
    """An event window: each card the seat may play, its target, or pass."""
    names = _names(view)
    choices: list[Choice] = []
    kinds: list[tuple[type, str, str, Callable[[Any], str]]] = [
        (Privateering, D.PRIVATEERING, _("Privateering against whom?"),
         lambda a: names[a.victim]),
        (TreasureMap, D.TREASURE_MAP, "", lambda a: _("roll for an island")),
        (Lookout, D.LOOKOUT, _("Lookout: who sets a course first?"), lambda a: names[a.first]),
        (SendNavy, D.NAVY, _("Send the Royal Navy to which island?"), lambda a: ""),
        (Marque, D.MARQUE, _("Letter of Marque: turn the Royal Navy to which island?"),
         lambda a: ""),
        (Escape, D.ESCAPE, _("Escape to which island?"), lambda a: ""),
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
            choices.append(Choice(_play(name), Menu(prompt, islands, columns=2)))
        elif actions:
            choices.append(_group(_play(name), prompt, [(label(a), a) for a in actions],
                                  columns=2))
        elif reason is not None:
            choices.append(_off(_play(name), reason))
    choices.append(Choice(_("Pass (play nothing)"), Pass(seat_of(view))))
    # the panel's one line at 80 columns, in French too
    title = (_("Before navigation: play a card or pass") if before
             else _("After navigation: play a card or pass"))
    return Menu(title, choices, columns=2)


def _play(card: str) -> str:
    return _("Play {card}").format(card=card)


def boarding_menu(view: PiratesView, legal: list[Any]) -> Menu:
    seat = seat_of(view)
    choices = [Choice(_("Pass"), Pass(seat))]
    for effect in D.BATTLE_EFFECTS:
        actions = [a for a in legal if isinstance(a, PlayBattle) and a.card == effect]
        name = card_name(effect)
        reason = _card_reason(view, effect)
        if effect == D.OVERBOARD and actions:
            options = [(_("{chests} (+{speed} speed)").format(chests=chest_words(a.chests),
                                                              speed=2 * a.chests), a)
                       for a in actions]
            choices.append(Choice(_play(name), Menu(
                _("Overboard: how many chests do you throw?"), [Choice(t, a) for t, a in options],
                Text(_("They go back to Treasure Island at the end of the combat."),
                     style="dim"))))
        elif actions:
            choices.append(Choice(_play(name), actions[0]))
        elif reason is not None:
            choices.append(_off(_play(name), reason))
    return Menu(_("Boarding round: play a Battle card or pass"), choices, columns=2)


def hit_words(face: int) -> str:
    """The faces from ``face`` up, in words: ``5 and 6``, ``only 6s``, ``3 to 6``."""
    if face == 6:
        return _("only 6s")
    if face == 5:
        return _("5 and 6")
    return _("{face} to 6").format(face=face)


def volley_words(view: PiratesView) -> str:
    """What the next volley throws, as the view says: ``3 dice, 5 and 6 hit`` or, when a
    target is under Smoke, ``3 dice: 5 and 6 hit Ann, only 6s hit Cid``."""
    combat = view.get("combat")
    volley = combat["next_volley"] if combat else None
    if not volley:
        return ""
    dice = ngettext("{count} die", "{count} dice", volley["dice"]).format(count=volley["dice"])
    faces = [(t["target"], t["hits_on"]) for t in volley["targets"]]
    if len({face for _t, face in faces}) <= 1:
        face = faces[0][1] if faces else 5
        return _("{dice}, {faces} hit").format(dice=dice, faces=hit_words(face))
    return f"{dice}{colon()}" + ", ".join(_("{faces} hit {target}").format(
        faces=hit_words(face), target=target_name(t, view)) for t, face in faces)


def navy_menu(view: PiratesView, legal: list[Any]) -> Menu:
    shots = [a for a in legal if isinstance(a, NavyFire)]
    targets = sorted({a.target for a in shots})
    menus = [
        Menu(_("The Royal Navy fires at {target} ({volley}): which section?").format(
            target=target_name(t, view), volley=volley_words(view)),
            [Choice(_section_label(view, t, a.section), a) for a in shots if a.target == t])
        for t in targets
    ]
    if len(menus) == 1:  # one ship to fire at: no question about whom
        return menus[0]
    choices = [Choice(_("at {target}").format(target=target_name(t, view)), m)
               for t, m in zip(targets, menus, strict=True)]
    return Menu(_("You fire the Royal Navy ({volley}): at whom?").format(
        volley=volley_words(view)), choices, columns=2)


def _section_label(view: PiratesView, target: int, section: str) -> str:
    if target < 0:
        return section_name(section)
    p = view["players"][target]
    level = p["levels"][section]
    ring = (_("destroyed") if level < 0
            else _("ring {level}, {value}").format(level=level, value=p["values"][section]))
    return f"{section_name(section)} ({ring})"


def volley_menu(view: PiratesView, legal: list[Any]) -> Menu:
    seat = seat_of(view)
    choices: list[Choice] = []
    fires = [a for a in legal if isinstance(a, Fire)]
    refused = dict((_offers(view).get("fire") or {}).items())
    refused = {int(t): why for t, why in refused.items()}
    for t in sorted({a.target for a in fires} | set(refused), key=lambda t: (t < 0, t)):
        shots = [a for a in fires if a.target == t]
        if not shots:
            choices.append(_off(_fire_at(t, view), refused[t]))
        elif t < 0:
            choices.append(Choice(_("Fire at {target} (hull)").format(
                target=target_name(t, view)), shots[0]))
        else:
            choices.append(_group(
                _fire_at(t, view),
                _("Fire at {target}: which section?").format(target=target_name(t, view)),
                [(_section_label(view, t, a.section), a) for a in shots]))
    cards: list[Choice] = []
    for effect in D.VOLLEY_EFFECTS:
        ready = [a for a in legal if isinstance(a, PlayVolley) and a.card == effect]
        name = card_name(effect)
        reason = _card_reason(view, effect)
        if ready:
            cards.append(Choice(_("Ready {card}").format(card=name), ready[0]))
        elif reason is not None:
            cards.append(_off(_("Ready {card}").format(card=name), reason))
    if len(choices) + len(cards) > 5 and len(cards) > 1:  # keep the menu to a short grid
        cards = [Choice(_("Ready a Volley card"), Menu(
            _("Ready which Volley card? (then fire)"), cards, columns=1))]
    choices.extend(cards)
    for action, label in ((Reload(seat), _("Reload (no volley)")),
                          (Flee(seat), _("Flee to the Cove"))):
        if action in legal:
            choices.append(Choice(label, action))
        elif isinstance(action, Flee):
            choices.append(_off(label, _offers(view).get("flee")))
    return Menu(_("Your volley: {volley}").format(volley=volley_words(view)), choices, columns=2)


def _fire_at(target: int, view: PiratesView) -> str:
    return _("Fire at {target}").format(target=target_name(target, view))


def effects_menu(view: PiratesView, legal: list[Any], why: Why) -> Menu:
    seat = seat_of(view)
    me = view["players"][seat]
    gold = me["gold"]
    island = me["island"]
    cove = [a for a in legal if isinstance(a, CoveDraw)]
    if cove:
        return Menu(_("Pirate's Cove: take your draw first"), [
            Choice(_("2 Tavern cards"), CoveDraw(seat, False)),
            Choice(_("1 Tavern card and 2 gold"), CoveDraw(seat, True)),
        ], columns=1)
    offers = _offers(view)
    choices: list[Choice] = []
    buy = offers.get("buy")
    if buy is not None:
        label = _("Buy a Tavern card ({gold})").format(gold=gold_words(buy["cost"]))
        choices.append(Choice(label, Buy(seat)) if Buy(seat) in legal
                       else _off(label, buy["reason"]))
    if offers.get("upgrades") is not None:
        choices.append(_upgrade_choice(view, legal, offers["upgrades"]))
    choices.extend(_treasure_island_choices(view, legal, why))
    choices.extend(_anywhere_choices(view, legal))
    choices.append(Choice(_("Done"), Done(seat)))
    return Menu(_("{island}: island effects ({gold})").format(
        island=island_heading(island), gold=gold_words(gold)), choices, columns=2)


def _upgrade_choice(view: PiratesView, legal: list[Any], rows: list[UpgradeOffer]) -> Choice:
    """The island's ring, raised to a position the view prices; greyed, with the rules' reason,
    when no position is affordable (or the ring is at the top)."""
    seat = seat_of(view)
    section = D.ISLAND_SECTION[view["players"][seat]["island"]]
    name = D.SECTIONS[section]
    now = view["players"][seat]["levels"][name]
    choices = []
    for row in rows:
        action = Upgrade(seat, name, row["level"])
        label = _("to {level} ({value}) for {gold}").format(
            level=row["level"], value=row["value"], gold=gold_words(row["cost"]))
        choices.append(Choice(label, action) if action in legal else _off(label, row["reason"]))
    raise_it = _("Raise {section}").format(section=section_name(name))
    if not rows:
        return _off(raise_it, _("your {section} is at the top already").format(
            section=section_name(name)))
    if not any(c.enabled for c in choices):
        return _off(raise_it, rows[0]["reason"])
    return Choice(_("Raise {section} (ring on {now})").format(section=section_name(name),
                                                              now=now), Menu(
        _("Raise {section} from {now}: to which position?").format(section=section_name(name),
                                                                    now=now), choices,
        Text(_("Each step costs the gold of the position it moves into."), style="dim"), 2))


def _treasure_island_choices(view: PiratesView, legal: list[Any], why: Why) -> list[Choice]:
    seat = seat_of(view)
    out: list[Choice] = []
    rows = []
    for row in _offers(view).get("double") or []:
        action = DoubleUpgrade(seat, row["section"])
        label = _("{section} {start}→{level} for {gold}").format(
            section=section_name(row["section"]), start=row["from"], level=row["level"],
            gold=gold_words(row["cost"]))
        rows.append(Choice(label, action) if action in legal else _off(label, row["reason"]))
    if rows and not any(c.enabled for c in rows):
        first = _offers(view)["double"][0]
        out.append(_off(_("Double-cost upgrade"), first["reason"]))
    elif rows:
        out.append(Choice(_("Double-cost upgrade"), Menu(
            _("Treasure Island: one section one level, at double cost"), rows, columns=1)))
    burials = [a for a in legal if isinstance(a, Bury)]
    if burials:
        most = max(a.chests + a.bags for a in burials)
        out.append(Choice(_("Bury treasure (up to {fame})").format(fame=fame_words(most)),
                          BuryPicker(view, burials, why)))
    elif _offers(view).get("bury"):
        out.append(_off(_("Bury treasure"), _offers(view)["bury"]))
    return out


def _anywhere_choices(view: PiratesView, legal: list[Any]) -> list[Choice]:
    seat = seat_of(view)
    me = view["players"][seat]
    out: list[Choice] = []
    craft = _section_card(view, legal, Mastercraft, D.MASTERCRAFT, _("Fit a Mastercraft"),
                          _("Mastercraft on which section?"), section_name)
    if craft is not None:
        out.append(craft)
    if Mend(seat) in legal:
        out.append(Choice(_("Mend the Mastercraft (1 gold)"), Mend(seat)))
    elif _offers(view).get("mend"):
        out.append(_off(_("Mend the Mastercraft (1 gold)"), _offers(view)["mend"]))
    owner = _section_card(view, legal, Shipowner, D.SHIPOWNER, _("Play Shipowner"),
                          _("Shipowner: one level free on which section?"),
                          lambda section: f"{section_name(section)} {me['levels'][section]}→"
                                          f"{me['levels'][section] + 1}")
    if owner is not None:
        out.append(owner)
    return out


def _section_card(view: PiratesView, legal: list[Any], kind: type[Mastercraft | Shipowner],
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


def make_picker(view: PiratesView, legal: list[Any], why: Why) -> Picker | None:
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
