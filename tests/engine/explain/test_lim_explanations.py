"""Explanations for the Lim system (C.04.4.3, both editions): "why not X?" verified on the
procedures over generated events (the honesty property), and the round explained per player.

The property runs a small sample by default; ``LIM_WHY_TOURNAMENTS=500`` runs 500 generated
events per edition (``python -m pytest tests/engine/explain/test_lim_explanations.py -k honest``).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from pairing.engine import pair
from pairing.engine.explain import EXPLAINERS, wording_lim
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain import lim_why_not as L
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.lim_round import CHOSEN, CRACKED, MAXI, NO_OPPONENT, explain_round
from pairing.engine.lim.players import LimRound
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dutch.replay import FIXTURES
from tests.engine.explain.generated import generated_rounds
from tests.engine.explain.honesty_lim import verify
from tests.translations import LOCALE, assert_italian_for, po_messages

EDITIONS = ("2017", "2026")
SEED = FIXTURES / "trf" / "dutch-seed-example.trf"
TOURNAMENTS = int(os.environ.get("LIM_WHY_TOURNAMENTS", "50"))
PAIRS_PER_ROUND = 20


def events(edition: str, seeds: range, options: PairingOptions | None = None):
    return generated_rounds("lim", edition, seeds, options)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_lim_answer_is_honest(edition: str) -> None:
    """An absolute answer is indeed broken (or no complete pairing exists, counted by brute
    force); otherwise the forced pairing holds the pair, is legal, the groups paired before
    the one named decide the same in both procedures, and what the answer says differs there
    does: more floaters, or the engine's floater or pair coming first by the rule named."""
    reasons: Counter[str] = Counter()
    for seed, rng, state in events(edition, range(TOURNAMENTS)):
        ids = [p.id for p in state.to_pair]
        if len(ids) < 3:
            continue
        engine = pair(state, "lim", edition)
        for _ in range(PAIRS_PER_ROUND):
            a, b = rng.sample(ids, 2)
            answer = L.why_not(state, a, b, edition, pairing=engine)
            try:
                verify(state, answer, edition)
            except AssertionError as exc:
                text = wording_lim.describe(answer)
                raise AssertionError(f"seed {seed}, round {state.round_to_pair}, {a}-{b}: {text}") from exc
            reasons[answer.reason if answer.term is None else f"{answer.reason}:{answer.term}"] += 1
    print(edition, sum(reasons.values()), dict(reasons))
    assert reasons[w.NOT_WORSE] == 0
    if TOURNAMENTS >= 12:
        assert reasons[f"{w.WORSE}:{L.MORE_FLOATERS}"] >= 50 and reasons[w.MET_BEFORE] >= 50
        assert reasons[f"{L.ORDER}:{L.FLOATER_CHOICE}"] >= 10 and reasons[f"{L.ORDER}:{L.EXCHANGE}"] >= 10


@pytest.mark.parametrize("edition", EDITIONS)
def test_maxi_tournament_answers_are_honest(edition: str) -> None:
    """3.2, 3.8, 5.7 (maxi-tournaments): the floater chosen within 100 rating points is told so."""
    options = PairingOptions(lim_maxi=True)
    named: Counter[str] = Counter()
    for _, rng, state in events(edition, range(12), options):
        ids = [p.id for p in state.to_pair]
        if len(ids) < 3:
            continue
        engine = pair(state, "lim", edition, options)
        for _ in range(PAIRS_PER_ROUND):
            a, b = rng.sample(ids, 2)
            answer = L.why_not(state, a, b, edition, options, engine)
            verify(state, answer, edition, options)
            named[answer.difference.why if answer.difference else ""] += 1
    assert named[MAXI]


def check_round(state, edition: str) -> set[int]:
    pairing = pair(state, "lim", edition)
    explained = explain_round(state, pairing, edition)
    data = LimRound(state, edition)
    colour = {b.white: Colour.WHITE for b in pairing.boards} | {b.black: Colour.BLACK for b in pairing.boards}
    cracked: set[int] = set()
    assert sorted(p.player for p in explained.players) == sorted(p.id for p in state.to_pair)
    for p in explained.players:
        if p.opponent is None:
            assert p.player == pairing.bye == explained.bye and explained.bye_rule
            continue
        assert p.colour is colour[p.player] and p.colour_rule
        mine = data.colour[p.player]
        if p.colour_rule == "due":
            assert mine.due is None or mine.due is p.colour
        if p.colour_rule == "forced":
            assert mine.forced is p.colour
        if p.colour_rule == "opponent_forced":
            assert data.colour[p.opponent].forced is p.colour.opposite
        assert p.float == ("down" if p.score > p.opponent_score else "up" if p.score < p.opponent_score else "")
        if p.score != p.opponent_score:  # whoever meets another score left his group, or took a floater
            assert p.floats or any(f for q in explained.players if q.player == p.opponent for f in q.floats)
        for step in p.floats:
            assert step.reason in (NO_OPPONENT, CHOSEN, CRACKED) and step.rule
            if step.reason == CHOSEN:
                assert step.decided_rule
            if step.reason == CRACKED:  # paired in a neighbour of the median group, then cracked (2.6)
                assert step.group_score != data.median_score and p.group_score == data.median_score
                cracked.add(p.player)
    others = [q.id for q in state.to_pair]
    for passed in explained.bye_passed:  # 1.1: each would have left the others unpairable
        assert not data.can_all_pair([q for q in others if q != passed])
    assert len(wording_lim.describe_round(explained)) == len(explained.players)
    return cracked


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_round_explained(edition: str) -> None:
    cracked = 0
    for _, _, state in events(edition, range(40)):
        cracked += len(check_round(state, edition))
    assert cracked  # 2.6 met at least once
    for rnd in range(1, 7):
        check_round(state_for_round(read_trf(SEED), rnd), edition)


def test_a_round_in_words() -> None:
    state = state_for_round(read_trf(SEED), 5)
    lines = wording_lim.describe_round(explain_round(state, pair(state, "lim", "2026"), "2026"))
    assert lines[0] == (
        "2 (3.5 points): paired in scoregroup 2 (3 points); he floats down from the scoregroup of 3.5 points, "
        "where no compatible opponent is left to him (2.3.1-2.3.3); meets 1 (3 points), a lower score; "
        "White: each player gets his due colour (5.1)."
    )
    assert any(
        line.startswith("10 (1.5 points): paired in scoregroup 6 (1.5 points); meets 12 (0.5 points)") for line in lines
    )
    assert any(line.startswith("8 (1 point): paired in scoregroup 5 (1 point); meets 13 (1 point);") for line in lines)
    italian = po_messages((LOCALE / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))

    def ngettext(singular: str, plural: str, n: int) -> str:
        forms = italian.get(singular + "\x00" + plural)
        return forms.split("\x00")[n != 1] if forms else (singular if n == 1 else plural)

    explained = explain_round(state, pair(state, "lim", "2026"), "2026")
    line = wording_lim.describe_round(explained, lambda t: italian.get(t, t), ngettext)[0]
    assert line.startswith("2 (3.5 punti): abbinato nel gruppo di punteggio 2 (3 punti)")
    assert lines[-1].startswith("12 (0.5 points): paired in scoregroup 6 (1.5 points); he floats up")


@pytest.mark.parametrize(("edition", "rule"), [("2017", "2.1"), ("2026", "2.1")])
def test_players_who_met(edition: str, rule: str) -> None:
    state = state_for_round(read_trf(SEED), 5)
    answer = L.why_not(state, 1, 5, edition)
    assert (answer.reason, answer.rule, answer.round_met) == (w.MET_BEFORE, rule, 2)
    assert wording_lim.describe(answer) == f"1 and 5 met in round 2: they are not compatible ({rule})."


def test_a_pair_that_floats_one_more_player() -> None:
    state = state_for_round(read_trf(SEED), 5)
    engine = pair(state, "lim", "2017")
    answers = [L.why_not(state, 1, b, "2017", pairing=engine) for b in range(2, 15)]
    worse = [x for x in answers if x.reason == w.WORSE]
    assert worse
    for answer in worse:
        verify(state, answer, "2017")
        assert partners_of(answer.forced)[1] == answer.b
        assert "more player" in wording_lim.describe(answer)


def test_registered_for_the_command_line() -> None:
    assert EXPLAINERS["lim"].why_not is L.why_not


def test_every_lim_wording_has_its_italian_with_the_same_fields() -> None:
    assert_italian_for(wording_lim.templates())
