"""The Double-Swiss explainer (C.04.5 2026): the text's own examples where it reasons, the
round explained player by player, the words in Italian, and the honesty property over
generated events.

The property runs a small sample by default; ``DOUBLE_SWISS_WHY_TOURNAMENTS=500`` runs 500
generated events (the figures are in docs/explanations.md).
"""

from __future__ import annotations

import os
import random
from collections import Counter

from pairing.engine import explain, pair
from pairing.engine.double_swiss.events import EventConfig, play
from pairing.engine.explain import double_swiss_round as R
from pairing.engine.explain import double_swiss_why_not as W
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain import wording_double_swiss
from pairing.engine.state import Colour, Player, TournamentState
from tests.engine.explain.honesty_double_swiss import verify
from tests.translations import assert_italian_for

TOURNAMENTS = int(os.environ.get("DOUBLE_SWISS_WHY_TOURNAMENTS", "40"))
PAIRS_PER_ROUND = 20


def first_match(scores: dict[int, float], met: list[tuple[int, int]] = (), matches: int = 5) -> TournamentState:
    """A first match whose pairing scores are given as virtual points (XXA) and whose
    earlier matches are given as pairs the arbiter forbade: the text's examples are about
    the procedure, not about how the players got there."""
    ids = sorted(scores)
    players = tuple(Player(id=k, name=f"Player {k}", rating=3000 - k) for k in ids)
    virtual = tuple((k, (round(scores[k] * 10),)) for k in ids)
    return TournamentState(players, 2 * matches, 1, virtual_points=virtual, forbidden=tuple(met))


def text_3_5_4() -> TournamentState:
    # 3.5.4: "2,6,8 have 3 points, and 1,3,5 have 2.5 points ... two upfloaters must have 3
    # points and the other 2.5": {2,6,1} < {2,6,3} < ... Residents 4, 7, 9 (4 points) have met
    # each other; 10 has met 1, 3 and 5, so {2,6,8} would leave him without an opponent.
    scores = {4: 4, 7: 4, 9: 4, 2: 3, 6: 3, 8: 3, 1: 2.5, 3: 2.5, 5: 2.5, 10: 0}
    return first_match(scores, [(4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5)])


def test_3_5_4_the_set_of_upfloaters_of_the_text_is_explained() -> None:
    state = text_3_5_4()
    pairing = pair(state, "double_swiss", "2026")
    explained = R.explain_round(state, pairing, "2026")
    one = next(p for p in explained.players if p.player == 1)
    assert (one.bracket, one.float, one.count_reason, one.upfloaters) == (1, "up", R.NEEDED, 3)
    assert one.set_reason == R.C5  # {2,6,8} (3,3,3) would leave 10 without an opponent
    # Why not 8 upfloating instead of 1? The sets have the same scores: {2,6,1} comes first.
    answer = W.why_not(state, 4, 8, "2026", None, pairing)
    assert answer.reason == W.ORDER and answer.term == W.SET_ORDER
    assert answer.difference is not None and answer.difference.engine == (2, 6, 1)
    assert answer.difference.forced > answer.difference.engine
    verify(state, pairing, answer)
    assert "(2 6 1) come before these" in explain.describe(answer, "double_swiss")
    # Why not 4-10? 10 would need 4 to upfloat past the 3 and 2.5 scoregroups: more upfloaters.
    answer = W.why_not(state, 4, 10, "2026", None, pairing)
    assert answer.reason == w.WORSE and answer.term in (W.UPFLOATERS, W.SCORES)
    verify(state, pairing, answer)


def test_3_6_3_the_first_identifier_is_explained() -> None:
    # 3.6.3: everything legal, 1 2 3 4 5 6 7 8 is the first identifier: 1-5, 2-6, 3-7, 4-8.
    state = first_match({k: 0 for k in range(1, 9)})
    pairing = pair(state, "double_swiss", "2026")
    answer = W.why_not(state, 1, 2, "2026", None, pairing)
    assert answer.reason == W.ORDER and answer.term == W.PAIR_ORDER
    assert answer.difference is not None and answer.difference.engine == (1, 2, 3, 4, 5, 6, 7, 8)
    assert answer.difference.forced == (1, 3, 4, 5, 2, 6, 7, 8)
    verify(state, pairing, answer)
    text = explain.describe(answer, "double_swiss")
    assert "(1 2 3 4 5 6 7 8) comes before this one (1 3 4 5 2 6 7 8)" in text and "(3.6.2)" in text


def test_3_4_the_pab_and_a_rematch() -> None:
    # 3.4: the lowest score, then the most matches, then the largest TPN; 7 has met 1 ([C1]).
    state = first_match({1: 2, 2: 2, 3: 1, 4: 1, 5: 1, 6: 0, 7: 0}, [(1, 7)])
    pairing = pair(state, "double_swiss", "2026")
    assert pairing.bye == 7
    explained = R.explain_round(state, pairing, "2026")
    assert (explained.bye_decider, explained.bye_next) == ("3.4.4", 6)
    answer = W.why_not(state, 6, 5, "2026", None, pairing)
    verify(state, pairing, answer)
    # With 7-6 paired the PAB goes up to the 1-point scoregroup, to its largest TPN, 5.
    answer = W.why_not(state, 7, 6, "2026", None, pairing)
    assert answer.reason == W.PAB_ORDER and answer.bye_decider == "3.4.2"
    verify(state, pairing, answer)
    assert explain.describe(answer, "double_swiss") == (
        "With 7-6 paired, the pairing-allocated bye would go to 5 instead of 7: 7 has the lower score (3.4.2)."
    )
    assert W.why_not(state, 1, 7, "2026", None, pairing).reason == w.FORBIDDEN


def test_4_3_the_colour_rule_of_game_1() -> None:
    state = first_match({k: 0 for k in range(1, 5)})
    pairing = pair(state, "double_swiss", "2026")
    explained = R.explain_round(state, pairing, "2026")
    for p in explained.players:
        board = next(b for b in pairing.boards if p.player in (b.white, b.black))
        assert p.colour is (Colour.WHITE if board.white == p.player else Colour.BLACK)
        assert p.colour_rule == "4.3.1"
    lines = explain.describe_round(explained, "double_swiss")
    assert lines[0] == (
        "1 (0 points): paired in bracket 1 (0 points); meets 3 (0 points); the bracket takes the first legal "
        "pairing in the order of the pairing numbers (3.6.2, 3.6.3); White in game 1: neither has had a colour "
        "yet, the higher-ranked player's pairing number decides against the initial colour (4.3.1)."
    )


def events(seeds: range):
    for seed in seeds:
        rng = random.Random(seed)
        config = EventConfig(players=rng.randint(5, 16), matches=rng.randint(3, 6), bye_rate=0.05, forfeit_rate=0.05)
        for state, pairing in play(config, seed, lambda s: pair(s, "double_swiss", "2026")):
            if pairing is not None:
                yield seed, state, pairing


def test_every_double_swiss_answer_is_honest() -> None:
    counts: Counter[str] = Counter()
    for seed, state, pairing in events(range(TOURNAMENTS)):
        explained = explain.explain_round(state, pairing, "double_swiss", "2026")
        assert sorted(p.player for p in explained.players) == sorted(p.id for p in state.to_pair)
        for p in explained.players:
            if p.opponent is None:
                assert p.player == pairing.bye == explained.bye
            else:
                board = next(b for b in pairing.boards if p.player in (b.white, b.black))
                assert p.colour is (Colour.WHITE if board.white == p.player else Colour.BLACK)
                assert bool(p.count_reason) == (p.score < p.bracket_score)  # upfloaters come from below (1.3)
        assert len(explain.describe_round(explained, "double_swiss")) == len(explained.players)
        rng = random.Random(seed * 1000 + state.round_to_pair)
        ids = sorted(p.id for p in state.players)
        for _ in range(PAIRS_PER_ROUND):
            a, b = rng.sample(ids, 2)
            answer = explain.why_not(state, a, b, "double_swiss", "2026", None, pairing)
            at_once = explain.answer_at_once(state, a, b, "double_swiss", "2026", None, pairing)
            assert at_once is None or at_once == answer
            verify(state, pairing, answer)
            explain.describe(answer, "double_swiss")
            counts[answer.reason if answer.term is None else f"{answer.reason} {answer.term}"] += 1
    print(f"\n{sum(counts.values())} Double-Swiss answers over {TOURNAMENTS} events:", dict(counts.most_common()))
    assert sum(counts.values()) > 0


def test_every_double_swiss_wording_has_its_italian_with_the_same_fields() -> None:
    assert_italian_for(wording_double_swiss.templates())
