"""Our team pairings against gacrux's (the FIDE technical commission's checker, C.04.6
2026, type A, type B and no colour preferences) on generated team events, every round of
each compared. The events are paired by our engine; gacrux pairs each round again from
the same history. Every difference must be one a named test adjudicates from the text
(test_readings.py); none is expected. TEAM_GACRUX_EVENTS sets the events per model:
the suite runs 150 (type A and B; a quarter without colours), the acceptance run 1,000
(docs/team.md gives its counts)."""

from __future__ import annotations

import os
import random

import pytest

from pairing.engine.team import ColourPreferences
from pairing.engine.team.generator import generate_team_event
from tests.engine.team.events import random_config

pytest.importorskip("gacrux")

from tests.engine.team.gacrux_adapter import gacrux_pairing, our_pairing

EVENTS = int(os.environ.get("TEAM_GACRUX_EVENTS", "150"))
CHUNKS = 4


def compare(preferences: ColourPreferences, seeds) -> tuple[int, int, list]:
    events = rounds = 0
    differences = []
    for seed in seeds:
        rng = random.Random(seed)
        draw_rate = rng.choice((0.1, 0.3, 0.5))
        config = random_config(
            seed, most_teams=16, most_rounds=9, forfeit_rate=0.06, preferences=preferences, draw_rate=draw_rate
        )
        event = generate_team_event(config, seed)
        events += 1
        for played in event.rounds:
            rounds += 1
            ours, theirs = our_pairing(event, played.number), gacrux_pairing(event, played.number)
            if ours != theirs:
                differences.append((seed, played.number, ours, theirs))
    return events, rounds, differences


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("preferences", list(ColourPreferences), ids=lambda p: p.name)
def test_generated_team_events_pair_as_gacrux_pairs_them(preferences: ColourPreferences, chunk: int) -> None:
    offset = {ColourPreferences.TYPE_A: 0, ColourPreferences.TYPE_B: 10**6, ColourPreferences.NONE: 2 * 10**6}
    events = EVENTS if preferences is not ColourPreferences.NONE else EVENTS // 4
    seeds = range(offset[preferences] + chunk, offset[preferences] + events, CHUNKS)
    count, rounds, differences = compare(preferences, seeds)
    print(f"gacrux {preferences.name} part {chunk}: {count} events, {rounds} rounds, {len(differences)} differ")
    assert differences == []
