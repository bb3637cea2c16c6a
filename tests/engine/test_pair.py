"""``pair``: the one entry to every system, with the edition of its rules and its options."""

from __future__ import annotations

import pytest

from pairing.engine import SYSTEMS, PairingOptions, editions, pair
from pairing.engine.double_swiss.events import EventConfig, play
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import PairingError, TournamentState
from pairing.engine.trf.state import cut, state_for_round

CONFIG = GeneratorConfig(players=12, rounds=5, late_rate=0, bye_rate=0, forfeit_rate=0, withdraw_rate=0)


def round_three(system: str) -> TournamentState:
    if system == "double_swiss":  # two columns per match: the state before match 3
        config = EventConfig(players=12, matches=3, forfeit_rate=0, bye_rate=0)
        return play(config, 3, lambda s: pair(s, system))[-1][0]
    return state_for_round(cut(generate(CONFIG, 3, lambda s: pair(s, system)), 3), 3)


@pytest.mark.parametrize("system", [s for s in SYSTEMS if "2017" in editions(s)])
def test_the_2017_edition_is_the_one_every_system_pairs_by_default(system: str) -> None:
    state = round_three(system)
    assert pair(state, system, "2017") == pair(state, system)


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_edition_the_system_does_not_know_is_refused_with_the_known_ones(system: str) -> None:
    known = ", ".join(editions(system))
    with pytest.raises(PairingError, match=f"the {system} system has no '1997' edition of its rules; known: {known}"):
        pair(round_three(system), system, "1997")


def test_the_dutch_system_knows_both_editions_and_pairs_by_2017_unless_told() -> None:
    assert editions("dutch") == ("2017", "2026")
    state = round_three("dutch")
    assert pair(state, "dutch", "2026").boards  # the 2026 rules pair it too
    with pytest.raises(PairingError, match="the dutch system has no '2030' edition of its rules; known: 2017, 2026"):
        pair(state, "dutch", "2030")


@pytest.mark.parametrize("system", ["dubov", "burstein"])
def test_dubov_and_burstein_know_both_editions_and_pair_by_2017_unless_told(system: str) -> None:
    assert editions(system) == ("2017", "2026")
    state = round_three(system)
    assert pair(state, system, "2026").boards
    with pytest.raises(
        PairingError, match=f"the {system} system has no '2030' edition of its rules; known: 2017, 2026"
    ):
        pair(state, system, "2030")


def test_an_unknown_system_is_refused() -> None:
    with pytest.raises(PairingError, match="unknown pairing system 'swiss'"):
        pair(round_three("dutch"), "swiss")


def test_options_are_typed_and_default_to_no_acceleration() -> None:
    options = PairingOptions()
    assert (options.acceleration, options.group_a_min, options.group_c_below, options.lim_maxi) == (
        "none",
        2000,
        1600,
        False,
    )
    spec = PairingOptions("progressive", 2450, 2420).acceleration_spec
    assert (spec.method, spec.group_a_min, spec.group_c_below) == ("progressive", 2450, 2420)


@pytest.mark.parametrize(("system", "edition"), [(s, e) for s in SYSTEMS for e in editions(s)])
def test_every_system_in_every_edition_honours_the_forbidden_pairs(system: str, edition: str) -> None:
    """TRF XXP / TRF-2026 record 260: pairs the competition's rules forbid are never paired."""
    import dataclasses

    state = round_three(system)
    for board in pair(state, system, edition).boards[:3]:
        # Forbid each board the engine chose, one at a time: the new pairing avoids it.
        pair_ = (board.white, board.black)
        forbidden = dataclasses.replace(state, forbidden=(*state.forbidden, pair_))
        paired = {frozenset((b.white, b.black)) for b in pair(forbidden, system, edition).boards}
        assert frozenset(pair_) not in paired
