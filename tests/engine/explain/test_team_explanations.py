"""The team explanations (C.04.6, 2026): every answer on generated team events is checked
by the literal sieve's criteria (honesty_team.py), the words have their Italian, and a few
answers are pinned.

TEAM_EXPLAIN_EVENTS=500 runs the honesty check on 500 events (the suite: a sample)."""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter

import pytest

from pairing.engine.explain import team_why_not as T
from pairing.engine.explain import wording_team
from pairing.engine.explain.team_round import explain_team_round
from pairing.engine.explain.team_why_not import why_not_team
from pairing.engine.state import Colour
from pairing.engine.team import ColourPreferences, Team, TeamRound
from pairing.engine.team.generator import generate_team_event
from pairing.engine.team.history import RoundKind
from tests.engine.explain.honesty_team import verify_round, verify_why_not
from tests.engine.team.events import random_config
from tests.translations import LOCALE, assert_italian_for, po_messages

EVENTS = int(os.environ.get("TEAM_EXPLAIN_EVENTS", "80"))
PAIRS_PER_ROUND = 20
NEED_NO_PAIRING = {T.PAIRED, T.NOT_IN_ROUND, T.MET_BEFORE, T.FORBIDDEN}
W, B = Colour.WHITE, Colour.BLACK


def run_events(count: int) -> Counter:
    """Explain every round of *count* generated events and ask 20 random pairs a round."""
    seen: Counter = Counter()
    for seed in range(count):
        config = random_config(seed, most_teams=12, most_rounds=7, forfeit_rate=0.05)
        event = generate_team_event(config, seed)
        rng = random.Random(seed)
        scale = 1 if config.primary.value == "match" else 10
        for played in event.rounds:
            round_ = played.round
            explained = explain_team_round(round_, played.pairing)
            verify_round(round_, explained)
            assert len(wording_team.describe_team_round(explained, scale=scale)) == len(round_.teams)
            seen["rounds"] += 1
            tpns = [t.tpn for t in round_.teams]
            if len(tpns) < 2:
                continue
            for _ in range(PAIRS_PER_ROUND):
                a, b = rng.sample(tpns, 2)
                before = {tpn: results[: played.number - 1] for tpn, results in event.histories.items()}
                answer = why_not_team(round_, a, b, played.pairing, before)
                verify_why_not(round_, answer)
                # what the web answers without pairing: exactly the answers that need none
                at_once = T.answer_at_once(round_, a, b, played.pairing, before)
                assert (at_once is not None) == (answer.reason in NEED_NO_PAIRING)
                assert at_once is None or (at_once.reason, at_once.round_met) == (answer.reason, answer.round_met)
                if answer.reason == T.MET_BEFORE:  # the round named is one they played each other
                    met = before[a][answer.round_met - 1]
                    assert met.opponent == b and met.kind is RoundKind.PLAYED
                assert wording_team.describe_why_not(answer, scale=scale)
                seen[answer.reason, answer.term] += 1
                seen["answers"] += 1
    return seen


def test_every_answer_on_generated_events_is_honest() -> None:
    seen = run_events(EVENTS)
    print(f"\n{EVENTS} events, {seen['rounds']} rounds, {seen['answers']} answers: ", dict(seen))
    assert (T.WORSE, "C4") in seen and (T.WORSE, "C5") in seen
    assert (T.EQUAL, T.ORDER_PAIRS) in seen and (T.MET_BEFORE, "") in seen
    assert not any(key[0] == T.NOT_WORSE for key in seen if isinstance(key, tuple))


def team(tpn: int, mp: int, colours=(), opponents=(), **more) -> Team:
    return Team(tpn, match_points=mp, game_points=0, colours=tuple(colours), opponents=frozenset(opponents), **more)


def test_met_before_and_forbidden_are_absolute() -> None:
    round_ = TeamRound(
        teams=(team(1, 2, (W,), {2}), team(2, 0, (B,), {1}), team(3, 2, (B,), {4}), team(4, 0, (W,), {3})),
        round_to_pair=2,
        total_rounds=5,
        forbidden=((1, 3),),
    )
    met = why_not_team(round_, 1, 2)
    assert met.absolute and wording_team.describe_why_not(met, scale=1) == (
        "Teams 1 and 2 have already met: two teams shall not meet twice (C1, 2.1.1)."
    )
    forbidden = why_not_team(round_, 3, 1)
    assert forbidden.reason == T.FORBIDDEN and forbidden.rule == "TRF-2026 260"


def test_the_pab_goes_to_the_lowest_score_first() -> None:
    round_ = TeamRound(
        teams=(
            team(1, 2, (W,), {2}),
            team(2, 0, (B,), {1}),
            team(3, 1, ()),
            team(4, 2, (B,), {5}),
            team(5, 0, (W,), {4}),
        ),
        round_to_pair=2,
        total_rounds=5,
    )
    explained = explain_team_round(round_)
    verify_round(round_, explained)
    assert explained.pairing.bye == 5 and explained.bye is not None and explained.bye.decided_by == "3.4.4"
    line = wording_team.describe_team_round(explained, scale=1)[-1]
    assert line.startswith("Team 5 (0 match points): receives the pairing-allocated-bye")
    assert line.endswith("it comes before 2, of the same score and matches played, who has a smaller TPN (3.4.4).")
    answer = why_not_team(round_, 5, 1)
    verify_why_not(round_, answer)
    assert answer.reason == T.WORSE and answer.bracket == 0 and answer.byes == (5, 2)


def test_a_second_upfloater_is_named_by_c4() -> None:
    round_ = TeamRound(
        teams=(team(1, 4), team(2, 4), team(3, 2), team(4, 2), team(5, 2), team(6, 2)),
        round_to_pair=3,
        total_rounds=7,
    )
    answer = why_not_team(round_, 1, 3)
    verify_why_not(round_, answer)
    assert answer.reason == T.WORSE and answer.term == "C4" and answer.values == (0, 2)
    assert wording_team.describe_why_not(answer, scale=1) == (
        "With 1-3 paired, the pairing first differs at bracket 1 (4 match points), where 2 more upfloaters are "
        "needed (C4, 2.3.1)."
    )


def test_equal_says_the_order_decided() -> None:
    round_ = TeamRound(teams=tuple(team(t, 0) for t in range(1, 5)), round_to_pair=1, total_rounds=5)
    answer = why_not_team(round_, 1, 2)
    verify_why_not(round_, answer)
    assert answer.reason == T.EQUAL and answer.term == T.ORDER_PAIRS
    assert "(3.6.2-3.6.3)" in wording_team.describe_why_not(answer, scale=1)


def test_colour_rule_and_type_are_named() -> None:
    round_ = TeamRound(
        teams=(team(1, 2, (W,), {3}), team(2, 2, (B,), {4}), team(3, 0, (B,), {1}), team(4, 0, (W,), {2})),
        round_to_pair=2,
        total_rounds=5,
        preferences=ColourPreferences.TYPE_B,
    )
    lines = wording_team.describe_team_round(explain_team_round(round_), scale=1)
    assert lines[0] == (
        "Team 1 (2 match points): paired in bracket 1 (2 match points); meets 2 (2 match points); Black on board "
        "1: both colour preferences are granted (4.3.3; type B preferences, 1.7.2)."
    )


def test_every_team_wording_has_its_italian_with_the_same_fields() -> None:
    assert_italian_for(wording_team.templates())
    italian = po_messages((LOCALE / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))

    def ngettext(singular: str, plural: str, n: int) -> str:
        return italian[singular + "\x00" + plural].split("\x00")[n != 1]

    round_ = TeamRound(
        teams=(team(1, 4), team(2, 4), team(3, 2), team(4, 2), team(5, 2), team(6, 2)),
        round_to_pair=3,
        total_rounds=7,
    )
    text = wording_team.describe_why_not(why_not_team(round_, 1, 3), lambda t: italian.get(t, t), ngettext, scale=1)
    assert "2 squadre" not in text and "(C4, 2.3.1)" in text and "With" not in text


def test_only_the_engines_pairing_is_explained() -> None:
    round_ = TeamRound(teams=tuple(team(t, 0) for t in range(1, 5)), round_to_pair=1, total_rounds=5)
    pairing = explain_team_round(round_).pairing
    swapped = dataclasses.replace(
        pairing, matches=tuple(dataclasses.replace(m, white=m.black, black=m.white) for m in pairing.matches)
    )
    with pytest.raises(ValueError, match="not the team engine's pairing"):
        explain_team_round(round_, swapped)
    with pytest.raises(ValueError, match="not the team engine's pairing"):
        why_not_team(round_, 1, 2, swapped)
