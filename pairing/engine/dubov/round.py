"""A whole Dubov round (C.04.4.1 A.8): the bye first, then the score groups from the top.

Two editions pair by the same code. The 2026 text (C.04.4.1 effective from 1 February
2026) restates the Batumi 2018 rules with new article numbers (A.x -> 1.x, B.0 -> 3.1,
C.x -> 2.x [Cx], E.x -> 5.2.x) and one change of substance: its C2 no longer names
"a pairing-allocated bye or a forfeit win" but refers to C.04.1 article 4, which bars
the PAB to anyone who already scored a win's points in one round without playing (a
requested full-point bye too). That rule lives in pairing.engine.common.general_rules, chosen
by the edition when the entrants are built. Everything else (C6 reworded as "the score
differences taken in descending order", the same criterion; the PAB chosen before
pairing; the mild preference for Black of a player with no game) reads as in 2018.
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2017, EDITION_2026, edition_of
from pairing.engine.dubov.bye import choose_bye
from pairing.engine.dubov.colours import white_and_black
from pairing.engine.dubov.field import Field
from pairing.engine.dubov.graphs import perfect
from pairing.engine.dubov.players import DubovEntrant, entrants
from pairing.engine.dubov.shifters import pair_bracket
from pairing.engine.dubov.upfloaters import choose_upfloaters
from pairing.engine.options import PairingOptions, report_progress
from pairing.engine.state import Board, Pairing, PairingError, TournamentState

UNPAIRABLE = (
    "no pairing of this round satisfies the absolute criteria C.1-C.3 with at most one "
    "eligible player (C.2) receiving the pairing-allocated bye (C.04.4.1 A.8: the arbiter decides)"
)


def pair_players(
    field: Field, last_round: bool, options: PairingOptions | None = None
) -> tuple[list[tuple[DubovEntrant, DubovEntrant]], DubovEntrant | None]:
    """The pairs and the PAB for the field's players (sorted by score, then pairing number);
    *options*' progress callback, if any, is told (k, n) as the bracket of score group k of
    n starts."""
    players = field.players
    try:
        bye = choose_bye(field, players)  # B.0
    except ValueError:
        raise PairingError(UNPAIRABLE) from None
    remaining = [p for p in players if bye is None or p.id != bye.id]
    if bye is None and not perfect(field.adj, field.mask(remaining)):
        raise PairingError(UNPAIRABLE)
    pairs: list[tuple[DubovEntrant, DubovEntrant]] = []
    groups = sorted({p.score for p in remaining}, reverse=True)
    while remaining:
        top = remaining[0].score
        report_progress(options, groups.index(top) + 1, len(groups))
        residents = [p for p in remaining if p.score == top]
        pool = remaining[len(residents) :]
        upfloaters = choose_upfloaters(field, residents, pool, last_round)  # B.1, B.2
        bracket = residents + upfloaters
        found = pair_bracket(field, bracket)  # B.3-B.6
        if found is None:  # pragma: no cover - C.4 was checked when the upfloaters were chosen
            raise PairingError(UNPAIRABLE)
        pairs += found
        taken = {p.id for p in bracket}
        remaining = [p for p in remaining if p.id not in taken]
    return pairs, bye


EDITIONS = (EDITION_2017, EDITION_2026)


def pair_round(state: TournamentState, options: PairingOptions | None, edition: str) -> Pairing:
    """Pair on the pairing score, real + virtual points (an acceleration, C.04.5: "applicable
    to any Swiss Pairing System"; pairing.engine.pair puts the virtual points in the state)."""
    edition = edition_of("dubov", edition, EDITIONS)
    players = entrants(state, edition)
    if not players:
        return Pairing(boards=(), bye=None)
    pairs, bye = pair_players(Field(players, state.forbidden), state.is_last_round, options)
    return to_pairing(state, players, pairs, bye)


def to_pairing(
    state: TournamentState,
    players: list[DubovEntrant],
    pairs: list[tuple[DubovEntrant, DubovEntrant]],
    bye: DubovEntrant | None,
) -> Pairing:
    """Colours by E.0-E.4; pairing.engine.pair puts the boards in C.04.2.D.9 order."""
    boards = tuple(Board(*white_and_black(a, b, state.initial_colour, state.by_id)) for a, b in pairs)
    unrated = sorted(p.id for p in players if not p.rating)
    notes = ()
    if unrated:
        notes = (
            f"A.1: every player must have a rating (the arbiter assigns a provisional one); "
            f"without one, AROs count them as 0: {', '.join(map(str, unrated))}",
        )
    return Pairing(boards=boards, bye=bye.id if bye else None, notes=notes)
