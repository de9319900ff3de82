"""The four Shortage tiles are alike: no view or log of a whole game (its entries or their words)
names one by a copy number, which nobody at the table could tell apart."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import orcz
from common.entries import log_lines

COPY = re.compile(r"shortage-\d")


def test_no_view_or_log_of_whole_seeded_games_names_a_shortage_copy() -> None:
    drawn = 0
    for seed in range(12):
        names = ["Ann", "Bob", "Cid", "Dee"][: 2 + seed % 3]
        rnd = random.Random(seed)
        state = orcz.new_game(names, seed, setup={"events": ["shortage"]} if seed % 2 else None)
        # What each seat's log held at the last step: only the entries since are scanned, with
        # their words (a line is worded from its entry and the names alone, and a copy number
        # cannot span two entries). Scanning every entry at every step made the test quadratic
        # in a game's length. A log that is not the last one and more is scanned whole.
        before: dict[tuple[str, int | None], list[dict[str, Any]]] = {}
        while True:
            for seat in (None, *range(len(names))):
                view = orcz.view(state, seat)
                shown = [{**view, "log": []}]
                for where, log in (("view", view["log"]), ("events", orcz.events(state, seat))):
                    old = before.get((where, seat), [])
                    new = log[len(old):] if log[:len(old)] == old else log
                    before[where, seat] = log
                    shown += [new, log_lines("orcz", new, names)]
                text = json.dumps(shown)
                assert not COPY.search(text), (seed, seat, COPY.search(text))
                drawn += '"shortage"' in text
            if orcz.is_over(state):
                break
            seat = orcz.to_act(state)[0]
            state = orcz.apply(state, rnd.choice(orcz.legal_actions(state, seat)))
        assert not COPY.search(json.dumps(orcz.result(state)))
    assert drawn  # the scan did see Shortage tiles in play
