"""The four Shortage tiles are alike: no view or log of a whole game (its entries or their words)
names one by a copy number, which nobody at the table could tell apart."""

from __future__ import annotations

import json
import random
import re

import orcz
from common.entries import log_lines

COPY = re.compile(r"shortage-\d")


def test_no_view_or_log_of_whole_seeded_games_names_a_shortage_copy() -> None:
    drawn = 0
    for seed in range(12):
        names = ["Ann", "Bob", "Cid", "Dee"][: 2 + seed % 3]
        rnd = random.Random(seed)
        state = orcz.new_game(names, seed, setup={"events": ["shortage"]} if seed % 2 else None)
        while True:
            for seat in (None, *range(len(names))):
                log = orcz.events(state, seat)
                shown = json.dumps([orcz.view(state, seat), log, log_lines("orcz", log, names)])
                assert not COPY.search(shown), (seed, seat, COPY.search(shown))
                drawn += '"shortage"' in shown
            if orcz.is_over(state):
                break
            seat = orcz.to_act(state)[0]
            state = orcz.apply(state, rnd.choice(orcz.legal_actions(state, seat)))
        assert not COPY.search(json.dumps(orcz.result(state)))
    assert drawn  # the scan did see Shortage tiles in play
