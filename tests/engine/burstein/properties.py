"""Shared property checks for Burstein and Lim on random tournaments."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from pairing.engine.checker import check_pairing
from pairing.engine.state import Colour, Outcome, Pairing, PairingError, TournamentState
from tests.engine.burstein.swiss_builder import simulate, some_valid_pairing_exists

Engine = Callable[[TournamentState], Pairing]
BarredBye = frozenset[Outcome]  # what, already in a player's history, bars him from the PAB


def colour_room(state: TournamentState, pid: int, colour: Colour) -> bool:
    """May *pid* get *colour*: never three in a row, never a difference over 2."""
    seq = (*state.by_id[pid].colour_sequence(), colour)
    diff = sum(1 if c is Colour.WHITE else -1 for c in seq)
    return abs(diff) <= 2 and not (len(seq) >= 3 and seq[-1] is seq[-2] is seq[-3])


def independent_compatible(state: TournamentState, colours: bool) -> Callable[[int, int], bool]:
    forbidden = {frozenset(p) for p in state.forbidden}

    def compatible(a: int, b: int) -> bool:
        if b in state.by_id[a].played_opponents() or frozenset((a, b)) in forbidden:
            return False
        if not colours:
            return True
        return any(colour_room(state, a, c) and colour_room(state, b, c.opposite) for c in (Colour.WHITE, Colour.BLACK))

    return compatible


def assert_absolute_rules_kept(
    state: TournamentState, pairing: Pairing, colours: bool, barred_bye: frozenset[Outcome], seed: int
) -> None:
    problems = check_pairing(state, pairing, colours=colours, edition="2017")
    assert not problems, (seed, state.round_to_pair, [str(p) for p in problems])
    if pairing.bye is not None:
        history = state.by_id[pairing.bye].history
        assert not any(e.outcome in barred_bye for e in history), (seed, pairing.bye)


def assert_no_pairing_exists(
    state: TournamentState, colours: bool, barred_bye: frozenset[Outcome], context: tuple[object, ...]
) -> None:
    """The engine may refuse only when no pairing at all satisfies the absolute rules."""
    compatible = independent_compatible(state, colours)

    def bye_allowed(pid: int) -> bool:
        return not any(e.outcome in barred_bye for e in state.by_id[pid].history)

    assert len(state.to_pair) <= 14, (*context, "refused a big round")
    assert not some_valid_pairing_exists(state, compatible, bye_allowed), context


def run_random_tournament(
    engine: Engine, seed: int, players: int, rounds: int, colour_limits_in_last_round: bool, barred_bye: BarredBye
) -> int:
    """Pair a random tournament round by round; return the number of rounds paired."""
    paired = [0]

    def check(state: TournamentState, pairing: Pairing) -> None:
        colours = colour_limits_in_last_round or not state.is_last_round
        assert_absolute_rules_kept(state, pairing, colours, barred_bye, seed)
        paired[0] += 1

    def on_error(state: TournamentState, error: PairingError) -> None:
        colours = colour_limits_in_last_round or not state.is_last_round
        assert_no_pairing_exists(state, colours, barred_bye, (seed, str(error)))

    simulate(engine, seed, players, rounds, check, on_error)
    return paired[0]


def run_generated_tournament(
    engine: Engine, seed: int, players: int, rounds: int, colour_limits_in_last_round: bool, barred_bye: BarredBye
) -> None:
    """The project's generator (late entries, withdrawals, requested byes, forfeits,
    double forfeits) pairs a tournament with *engine*; every round is checked."""
    from pairing.engine.generator import GeneratorConfig, generate

    def checked(state: TournamentState) -> Pairing:
        colours = colour_limits_in_last_round or not state.is_last_round
        try:
            pairing = engine(state)
        except PairingError:
            assert_no_pairing_exists(state, colours, barred_bye, (seed, state.round_to_pair))
            raise
        assert_absolute_rules_kept(state, pairing, colours, barred_bye, seed)
        return pairing

    config = GeneratorConfig(
        players=players, rounds=rounds, forfeit_rate=0.05, bye_rate=0.06, withdraw_rate=0.02, late_rate=0.1
    )
    # A small field may run out of pairings; checked() has proved it had to.
    with contextlib.suppress(PairingError):
        generate(config, seed, checked)
