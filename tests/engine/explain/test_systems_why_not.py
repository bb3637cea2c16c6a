""" "Why not X?" for the Dubov and Burstein systems, both editions: the honesty property over
generated events (every answer verified on the pairings, :mod:`.honesty_systems`), and the
answers in words, Italian included."""

from __future__ import annotations

import dataclasses
import os

import pytest

from pairing.engine import pair
from pairing.engine.explain import common as c
from pairing.engine.explain import wording_dubov_burstein as words
from pairing.engine.explain.burstein_round import explain_round as burstein_explain_round
from pairing.engine.explain.burstein_why_not import why_not as burstein_why_not
from pairing.engine.explain.dubov_round import explain_round as dubov_explain_round
from pairing.engine.explain.dubov_why_not import why_not as dubov_why_not
from pairing.engine.state import Colour
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dubov.support import SEED
from tests.engine.explain.honesty_systems import verify
from tests.engine.explain.systems_honesty_run import SYSTEMS, run

# The suite's sample; EXPLAIN_TOURNAMENTS=500 runs the figure (docs/explanations.md).
TOURNAMENTS = int(os.environ.get("EXPLAIN_TOURNAMENTS", "25"))


@pytest.mark.parametrize(("system", "edition"), SYSTEMS)
def test_every_answer_is_what_the_pairings_show(system: str, edition: str) -> None:
    """An absolute answer is indeed broken (or the forced round cannot be paired); else the
    forced pairing holds the pair and is legal, the groups above the one named decide the
    same in both, and the criterion named is the first there whose value differs, worse in
    the forced pairing (the PAB: its receiver comes later in the system's order)."""
    reasons, failures, named = run(system, edition, range(TOURNAMENTS))
    assert not failures, "\n".join(failures[:5])
    total = sum(reasons.values())
    assert total >= 20 * TOURNAMENTS
    assert reasons[c.NOT_WORSE] <= total // 100
    assert named >= 1  # the colour criteria name the forced pairs that break them
    if system == "burstein" and edition == "2026":
        assert reasons["seeding worse"] >= 10 and reasons[c.WORSE] >= 10  # the Dutch rounds and the others
    else:
        assert reasons[c.WORSE] >= 5 * TOURNAMENTS and reasons[c.MET_BEFORE] >= TOURNAMENTS
        assert reasons[c.PAB_ORDER] >= 5 and reasons[c.EQUAL] >= TOURNAMENTS


def test_a_burstein_seeding_round_is_answered_by_the_dutch_system() -> None:
    state = state_for_round(read_trf(SEED), 2)  # 6 rounds: 1.6.2 gives three seeding rounds
    answer = burstein_why_not(state, 1, 2, "2026")
    assert answer.reason == c.SEEDING and answer.dutch is not None
    assert answer.pairing == pair(state, "dutch", "2026")
    assert words.describe(answer).startswith("Round 2 is a seeding round, paired by the Dutch system (1.6.1). ")
    verify(state, answer)
    lines = words.describe_round(burstein_explain_round(state, answer.pairing, "2026"))
    assert lines[0] == "Round 2 is a seeding round, paired by the Dutch system (1.6.1)."
    assert len(lines) == 1 + len(state.to_pair)


@pytest.mark.parametrize(("edition", "rule"), [("2017", "5.4 a"), ("2026", "5.2.2")])
def test_a_burstein_round_names_its_colour_rules(edition: str, rule: str) -> None:
    state = state_for_round(read_trf(SEED), 5)
    pairing = pair(state, "burstein", edition)
    explained = burstein_explain_round(state, pairing, edition)
    colour = c.colour_facts(pairing)
    assert any(p.colour_rule == rule for p in explained.players)
    for p in explained.players:
        assert p.opponent is None or p.colour is colour[p.player]
    bye = next(p for p in explained.players if p.opponent is None)
    assert bye.player == pairing.bye and explained.bye_rule == ("4.1-4.3" if edition == "2017" else "3.1")


def test_same_absolute_colour_needs_no_topscorer_exception_in_dubov() -> None:
    state = state_for_round(read_trf(SEED), 5)
    answer = dubov_why_not(state, 11, 9, "2017")
    assert (answer.reason, answer.rule, answer.colour) == (c.SAME_ABSOLUTE_COLOUR, "C.3", answer.colour)
    assert words.describe(answer).endswith("they shall not meet (C.3).")
    verify(state, answer)


def test_every_wording_has_its_italian_with_the_same_fields() -> None:
    from tests.translations import LOCALE, assert_italian_for, po_messages

    assert_italian_for(words.templates())
    italian = po_messages((LOCALE / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))

    def ngettext(singular: str, plural: str, n: int) -> str:
        return italian[singular + "\x00" + plural].split("\x00")[n != 1]

    state = state_for_round(read_trf(SEED), 3)
    answer = dubov_why_not(state, 3, 7, "2026")
    assert words.describe(answer, lambda text: italian.get(text, text), ngettext) == (
        "Abbinare 3-7 peggiora il turno: nel gruppo 2 (1.5 punti), 1 upfloater in più è salito anche nel turno "
        "precedente ([C10])."
    )
    explained = dubov_explain_round(state, pair(state, "dubov", "2026"), "2026")
    lines = words.describe_round(explained, lambda text: italian.get(text, text), ngettext)
    assert lines[4].startswith(
        "5 (1 punto): abbinato nel gruppo 2 (1.5 punti); sale per incontrare 4 (1.5 punti): 2 dei 2 giocatori di "
        "quel gruppo di punteggio non possono essere abbinati tra loro, quindi servono 2 upfloater "
    )
    assert (
        "11 (0 punti): abbinato nel gruppo 4 (0.5 punti); sale per incontrare 10 (0.5 punti): i 3 giocatori"
        in (lines[-1])
    )


def test_a_lone_player_s_score_group_and_one_upfloater_are_counted_in_the_singular() -> None:
    """The counted sentences of a player's line take the number of what they count: a
    score group of one player needs one upfloater ("odd"); one upfloater completes a group
    whose players all pair among themselves ("completion")."""
    lone = c.PlayerExplanation(
        9, 5, 3, 10, 8, 10, "up", Colour.BLACK, "E.1", True, "odd", "B.1", "C.6-C.10", group_size=1, floaters=(9,)
    )
    assert words.describe_player(lone, "dubov", "", lambda t: t).startswith(
        "9 (0.5 points): paired in bracket 3 (1 point); upfloats to meet 8 (1 point): that score group has 1 player, "
        "so it needs one upfloater (B.1)"
    )
    completion = dataclasses.replace(lone, float_reason="completion", group_size=4, left_unpaired=0)
    assert "the score group of 4 players needs 1 upfloater, more than the 0 " in words.describe_player(
        completion, "dubov", "", lambda t: t
    )
