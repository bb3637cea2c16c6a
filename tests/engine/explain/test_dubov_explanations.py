"""The Dubov explanations on the seed's worked tournament (000, the revised rules paired by
hand): where the seed gives its own reason for an upfloater, a colour, a PAB or a pairing,
the explanation gives the same one. The quotes are the seed's (Italian)."""

from __future__ import annotations

import dataclasses

import pytest

from pairing.engine import pair
from pairing.engine.explain import EXPLAINERS
from pairing.engine.explain import common as c
from pairing.engine.explain.dubov_quality import DubovRules
from pairing.engine.explain.dubov_round import explain_round
from pairing.engine.explain.dubov_why_not import why_not
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.wording_dubov_burstein import describe, describe_round
from pairing.engine.state import Colour
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dubov.support import SEED
from tests.engine.explain.honesty_systems import verify

EDITIONS = ("2017", "2026")


def seed_round(rnd: int):
    return state_for_round(read_trf(SEED), rnd)


def explained(rnd: int, edition: str = "2017") -> dict[int, c.PlayerExplanation]:
    state = seed_round(rnd)
    return {p.player: p for p in explain_round(state, pair(state, "dubov", edition), edition).players}


def test_the_dubov_and_burstein_explainers_are_registered() -> None:
    from pairing.engine.explain import burstein_round, burstein_why_not

    dubov, burstein = EXPLAINERS["dubov"], EXPLAINERS["burstein"]
    assert (dubov.explain_round, dubov.why_not) == (explain_round, why_not)
    assert (burstein.explain_round, burstein.why_not) == (burstein_round.explain_round, burstein_why_not.why_not)
    for module in (dubov, burstein):
        assert (module.describe, module.describe_round) == (describe, describe_round)


def test_round_two_the_odd_top_group_takes_6_as_its_one_upfloater() -> None:
    """Seed, round 2, @ 1,0: "Non ci sono incompatibili ma il gruppo è dispari; per
    pareggiarlo serve un upfloater." ... "Il primo insieme contiene il giocatore con il
    numero di sequenza $1, ossia {06W @ 0,5}, che è proprio un WS." """
    six = explained(2)[6]
    assert (six.float, six.float_reason, six.group, six.floaters, six.group_size) == ("up", "odd", 1, (6,), 5)
    assert (six.float_rule, six.float_choice_rule) == ("A.3, B.1, C.4, C.5", "C.6-C.10, D.1")
    assert six.opponent == 1 and explained(2)[1].float == ""


def test_round_two_7_upfloats_to_the_half_point_group_and_one_colour_fails() -> None:
    """Seed, round 2, @ 0,5: "La bracket è dispari, serve un upfloater (se possibile WS)."
    ... "Prendiamo con il primo insieme, contenente il giocatore #7 (WS), che lascia
    abbinabile il resto" ... "Otteniamo le coppie 13-12, 7-14; il candidato è perfetto,
    perché c'è una sola preferenza di colore non rispettata (di meglio non si può fare)." """
    players = explained(2)
    seven = players[7]
    assert (seven.float, seven.float_reason, seven.group, seven.opponent) == ("up", "odd", 2, 14)
    state = seed_round(2)
    rules = DubovRules(state, "2017")
    partners = partners_of(pair(state, "dubov", "2017"))
    group = next(g for g in rules.groups(partners) if g.number == 2)
    assert rules.values(group, partners)["colour_preferences"] == 1
    # 13-12: both seek Black (A.5.d for 13), 12's preference is the stronger (E.2).
    assert (players[13].colour, players[12].colour, players[12].colour_rule) == (Colour.WHITE, Colour.BLACK, "E.2")


@pytest.mark.parametrize(("edition", "met", "c10"), [("2017", "C.1", "C.10"), ("2026", "[C1]", "[C10]")])
def test_round_three_3_and_4_met_so_two_upfloaters_and_7_would_upfloat_again(edition: str, met: str, c10: str) -> None:
    """Seed, round 3, @ 1.5: "L'unico abbinamento disponibile in questa bracket (3-4) è
    illegale; sono necessari due upfloater." ... with the set (5,7): "3-7, 5-4 è legale,
    ma non minimizza la ripetizione degli upfloat." """
    state = seed_round(3)
    assert (why_not(state, 3, 4, edition).reason, why_not(state, 3, 4, edition).rule) == (c.MET_BEFORE, met)
    players = explained(3, edition)
    assert players[5].float_reason == players[13].float_reason == "unpaired"
    assert (players[5].left_unpaired, players[5].floaters) == (2, (5, 13))
    lines = describe_round(explain_round(state, pair(state, "dubov", edition), edition))
    upfloat = "A.3, B.1, C.4, C.5" if edition == "2017" else "1.3, [C4], [C5]"
    choice = "C.6-C.10, D.1" if edition == "2017" else "[C6]-[C10], D.1 of 2018"
    colour = "E.1" if edition == "2017" else "5.2.2"
    expected = (
        "5 (1 point): paired in bracket 2 (1.5 points); upfloats to meet 4 (1.5 points): 2 of the 2 players "
        f"of that score group cannot be paired among themselves, so it needs 2 upfloaters ({upfloat}): 5, 13, "
        f"chosen by {choice}; White: both colour preferences are granted ({colour})."
    )
    assert expected in lines
    answer = why_not(state, 3, 7, edition)
    assert (answer.reason, answer.term, answer.rule) == (c.WORSE, "upfloated_again", c10)
    assert describe(answer) == (
        "Pairing 3-7 makes the round worse: in bracket 2 (1.5 points), "
        f"1 more upfloater upfloated in the previous round ({c10})."
    )
    verify(state, answer)


def test_round_four_11_has_white_by_the_stronger_preference() -> None:
    """Vectors README, round 4 (the seed's table with the crosstable's AROs): "the rules
    give 7-10 and 11-13 (11 has the strong White preference, E.2)"."""
    players = explained(4)
    assert (players[11].colour, players[11].colour_rule, players[11].opponent) == (Colour.WHITE, "E.2", 13)
    assert players[10].float == "up" and players[10].opponent == 7


def test_round_five_2_is_incompatible_so_two_upfloaters_and_three_colours_fail() -> None:
    """Seed, round 5, @ 3: "Il giocatore #2 è incompatibile, quindi sono necessari due
    upfloater" ... "ci sono ben tre preferenze di colore non rispettate e un precedente
    upfloat è ignorato. Tuttavia, non è possibile fare di meglio senza infrangere il
    criterio sulla differenza di punteggi" """
    players = explained(5)
    assert players[4].floaters == players[5].floaters == (4, 5)
    assert players[4].float_reason == "unpaired" and players[4].left_unpaired == 2
    state = seed_round(5)
    rules = DubovRules(state, "2017")
    partners = partners_of(pair(state, "dubov", "2017"))
    top = next(rules.groups(partners))
    assert rules.values(top, partners) | {} == {
        "upfloaters": 2,
        "upfloater_scores": (-25, -25),
        "colour_preferences": 3,
        "maximum_upfloaters": 0,
        "maximum_upfloats": 0,
        "upfloated_again": 1,
    }


@pytest.mark.parametrize(("edition", "c6"), [("2017", "C.6"), ("2026", "[C6]")])
def test_round_five_10_upfloats_to_7_for_c6_comes_before_c10(edition: str, c6: str) -> None:
    """Seed, round 5, @ 2,0: "l'abbinamento legale 10-7 ma ha un fallimento per il
    criterio C.10 perché il giocatore #10 ripete l'upfloat" ... "(7-14 hanno già giocato
    in precedenza)" ... the next container's upfloaters "daranno una differenza di
    punteggio (SD) superiore al minimo indispensabile; e quindi una violazione di C.6, che
    ha la priorità su C.10. In conclusione, l'abbinamento 10-7 è il migliore" """
    state = seed_round(5)
    assert explained(5, edition)[10].opponent == 7
    assert why_not(state, 7, 14, edition).reason == c.MET_BEFORE
    for lower in (6, 9, 13):  # the one-point container
        answer = why_not(state, 7, lower, edition)
        assert (answer.reason, answer.term, answer.rule) == (c.WORSE, "upfloater_scores", c6)
        verify(state, answer)


def test_the_pab_goes_by_b0_in_the_seeds_odd_example() -> None:
    """Seed, B.0 example (round 4's table after some withdrawals): "Il punteggio più basso
    è quello dei giocatori #7, #11 e #13 ... Il #13 ha giocato una partita meno degli altri,
    quindi va scartato e restano #7 e #11, tra i quali il più basso nel ranking iniziale è
    il #11." """
    state = dataclasses.replace(seed_round(4), absent=frozenset({6, 9, 10}))
    pairing = pair(state, "dubov", "2017")
    round_explained = explain_round(state, pairing, "2017")
    assert (round_explained.bye, round_explained.bye_rule) == (11, "B.0")
    assert DubovRules(state, "2017").bye_order()[:3] == [11, 7, 13]
    line = next(text for text in describe_round(round_explained) if text.startswith("11 "))
    assert "receives the pairing-allocated bye" in line and line.endswith("(B.0).")
    answers = [why_not(state, 11, x, "2017", pairing=pairing) for x in (1, 2, 3, 4, 12, 14)]
    moved = [a for a in answers if a.reason == c.PAB_ORDER]
    assert moved and all(a.byes is not None and a.byes[0] == 11 for a in moved)
    for answer in moved:
        verify(state, answer)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("rnd", range(1, 7))
def test_every_round_of_the_worked_example_is_explained(edition: str, rnd: int) -> None:
    state = seed_round(rnd)
    pairing = pair(state, "dubov", edition)
    round_explained = explain_round(state, pairing, edition)
    colour = c.colour_facts(pairing)
    assert sorted(p.player for p in round_explained.players) == sorted(p.id for p in state.to_pair)
    articles = ("E.0", "E.1", "E.2", "E.3", "E.4") if edition == "2017" else ("5.2.1", "5.2.2", "5.2.3", "5.2.4")
    for p in round_explained.players:
        if p.opponent is None:
            assert p.player == pairing.bye
            continue
        assert p.colour is colour[p.player] and p.colour_rule in (*articles, "5.2.5")
        assert (p.float == "up") == (p.score < p.opponent_score)
    assert len(describe_round(round_explained)) == len(round_explained.players)


@pytest.mark.parametrize(
    ("edition", "met", "order"), [("2017", "C.1", "B.2, D.1-D.3"), ("2026", "[C1]", "D.1-D.3 of 2018")]
)
def test_round_six_each_odd_group_takes_the_upfloater_the_seed_chose(edition: str, met: str, order: str) -> None:
    """Seed, round 6: "@3,5: Serve un upfloater: il #2 è incompatibile, scelgo #8" ...
    "@3,0: Serve un upfloater: il #5 è incompatibile, scelgo il #7" ... "@2,5: Serve un
    upfloater: scelgo il #6, che è il primo del contenitore" ... "@2,0: ... La coppia 10-11
    è illegale" ... "@1,5: Serve un upfloater, e non resta che il #13" """
    state = seed_round(6)
    players = explained(6, edition)
    for upfloater, resident in ((8, 4), (7, 2), (6, 5), (13, 9)):
        assert (players[upfloater].opponent, players[upfloater].float_reason) == (resident, "odd")
    for a, b in ((4, 2), (2, 5), (10, 11)):
        assert (why_not(state, a, b, edition).reason, why_not(state, a, b, edition).rule) == (c.MET_BEFORE, met)
    answer = why_not(state, 5, 10, edition)  # 10 is later in the same container (D.1)
    assert (answer.reason, answer.rule) == (c.EQUAL, order)
    verify(state, answer)
