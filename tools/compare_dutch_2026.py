"""Differential test of the Dutch 2026 edition against gacrux and caissify-pairings.

Each tournament is generated (and so paired, round by round) by our 2026 edition; every
round is then cut (rounds before it, plus its announced absences) and given to gacrux,
the FIDE technical commission's checker (its Dutch rules of 2026-02-01), and the two
pairings are compared. gacrux reads the initial colour from the TRF-2026 record 152, not
XXC, so the cut is written with the TRF-2026 records (``write_trf(..., trf26=True)``).

Every differing round is filed under one kind (see KINDS); a kind not adjudicated from
the 2026 text (ADJUDICATED, each a named test) makes the exit status 1.

caissify-pairings (a 2026 Dutch engine with a checker, slow on large fields) is asked
with ``--witness caissify`` on small tournaments (at most 24 players, 7 rounds); its
checker replays the whole file, each round from the rounds before it.

    python tools/compare_dutch_2026.py --tournaments 200 --seed 1
    python tools/compare_dutch_2026.py --tournaments 200 --seed 2001 --small --unplayed 3
    python tools/compare_dutch_2026.py --witness caissify --tournaments 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compare_py4swiss import summarise
from witnesses import caissify_rounds, gacrux_rows

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import PairingError
from pairing.engine.trf import TrfTournament, write_trf
from pairing.engine.trf.state import cut, pairing_rows, recorded_pairing, state_for_round

COLOURS = "same pairs and PAB, colours differ"
COLOURS_LATE = "same pairs and PAB, colours differ, some player has not entered yet (E.5 effective numbers)"
COLOURS_RANK = "colours differ where the lower pairing number has the lower score (A.2 rank, E.4/E.5)"
COLOURS_NO_GAMES = "colours differ between players with no played game (E.5)"
COLOURS_RANK_OR_NO_GAMES = "colours differ, each board of one of the two kinds above (A.2 rank, E.5)"
PAB = "different PAB"
PAB_UNPLAYED = "different PAB: ours had only byes worth less than a win without playing (C2, C.04.1 2026)"
PAB_FEWER_UNPLAYED = (
    "different PAB at the same score: the witness's receiver has fewer unplayed games "
    "(C9 ranked in a bracket that does not decide the PAB)"
)
PAB_MORE_UNPLAYED = "different PAB at the same score: the witness's receiver has more unplayed games (C9)"
PAIRS = "different pairs, same PAB"
PAIRS_ZERO_BYE = "different pairs: one of them scored nothing without opponent lately (A.4 2026: no downfloat)"
NO_PAIRING = "witness gives no pairing"
ABSENT_PAIRED = "witness pairs a player announced absent for the round (C.04.2: not to be paired)"
KINDS = (
    COLOURS,
    COLOURS_LATE,
    COLOURS_RANK,
    COLOURS_NO_GAMES,
    COLOURS_RANK_OR_NO_GAMES,
    PAB,
    PAB_UNPLAYED,
    PAB_FEWER_UNPLAYED,
    PAB_MORE_UNPLAYED,
    PAIRS,
    PAIRS_ZERO_BYE,
    NO_PAIRING,
    ABSENT_PAIRED,
)
# The kinds adjudicated for us from the 2026 text, each a named test in
# tests/engine/dutch/test_witnesses_2026.py. gacrux shows only ABSENT_PAIRED (once, in a
# field where the PAB is forced); caissify-pairings all the others. PAB_FEWER_UNPLAYED:
# C9 ranks only where the PAB is decided (test_c9_does_not_rank_where_the_bracket_floats_
# more_than_one_player, test_c9_does_not_rank_where_mdps_need_partners_below).
ADJUDICATED = (
    COLOURS_LATE,
    COLOURS_RANK,
    COLOURS_NO_GAMES,
    COLOURS_RANK_OR_NO_GAMES,
    PAB_UNPLAYED,
    PAB_FEWER_UNPLAYED,
    PAIRS_ZERO_BYE,
    ABSENT_PAIRED,
)


def rows(pairing) -> set[tuple[int, int]]:
    return set(pairing_rows(pairing))


def pending_entries(tournament: TrfTournament, rnd: int) -> bool:
    """True when some player has no effective pairing number yet, or numbers are shifted
    (C.04.2.C.3: a late entry is numbered when he arrives)."""
    state = state_for_round(tournament, rnd)
    numbered = [state.pairing_numbers[p.id] for p in state.players if p.id in state.pairing_numbers]
    return len(numbered) < len(state.players) or any(n != k + 1 for k, n in enumerate(numbered))


def unplayed_below_win(tournament: TrfTournament, pid: int, rnd: int) -> bool:
    """True when the player had, before round *rnd*, a round without opponent that is not
    the PAB and not a full-point bye (a zero- or half-point bye, an absence)."""
    player = next(p for p in tournament.players if p.start == pid)
    return any(b.opponent is None and b.result not in ("U", "F", "+", "1") for b in player.rounds[: rnd - 1])


def zero_point_unplayed_lately(tournament: TrfTournament, pid: int, rnd: int) -> bool:
    """True when one of the player's two rounds before *rnd* had no opponent and scored
    nothing (a zero-point bye, an absence): no downfloat in 2026 (A.4), a downfloat to a
    reader of the older text."""
    player = next(p for p in tournament.players if p.start == pid)
    return any(b.opponent is None and b.result in ("Z", "-", "0") for b in player.rounds[max(0, rnd - 3) : rnd - 1])


def unplayed(tournament: TrfTournament, pid: int, rnd: int) -> int:
    """Rounds before *rnd* the player did not play over the board (C9's unplayed games)."""
    return rnd - 1 - played_games(tournament, pid, rnd)


def played_games(tournament: TrfTournament, pid: int, rnd: int) -> int:
    """Games the player played before round *rnd* (forfeits are not played)."""
    player = next(p for p in tournament.players if p.start == pid)
    return sum(1 for b in player.rounds[: rnd - 1] if b.opponent is not None and b.result not in ("+", "-"))


def classify(tournament: TrfTournament, rnd: int, ours: set, theirs: set) -> str:
    if not theirs:
        return NO_PAIRING
    absent = {p.start for p in tournament.players if len(p.rounds) >= rnd and p.rounds[rnd - 1].is_announced_absence}
    if any(pid in absent for row in theirs for pid in row if row[1]):
        return ABSENT_PAIRED
    bye_ours = {w for w, b in ours if b == 0}
    bye_theirs = {w for w, b in theirs if b == 0}
    if bye_ours != bye_theirs:
        if bye_ours and all(unplayed_below_win(tournament, pid, rnd) for pid in bye_ours):
            return PAB_UNPLAYED
        if len(bye_ours) == len(bye_theirs) == 1:
            (mine,), (other,) = bye_ours, bye_theirs
            state = state_for_round(tournament, rnd)
            if state.score(mine) == state.score(other):
                theirs_unplayed, ours_unplayed = unplayed(tournament, other, rnd), unplayed(tournament, mine, rnd)
                if theirs_unplayed < ours_unplayed:
                    return PAB_FEWER_UNPLAYED
                if theirs_unplayed > ours_unplayed:
                    return PAB_MORE_UNPLAYED
        return PAB
    if {frozenset(r) for r in ours} != {frozenset(r) for r in theirs}:
        involved = {pid for row in ours ^ theirs for pid in row if pid}
        if any(zero_point_unplayed_lately(tournament, pid, rnd) for pid in involved):
            return PAIRS_ZERO_BYE
        return PAIRS
    if pending_entries(tournament, rnd):
        return COLOURS_LATE
    state = state_for_round(tournament, rnd)
    numbers = state.pairing_numbers
    flipped = [(w, b) for w, b in ours - theirs if b]

    def by_rank(w: int, b: int) -> bool:
        scores = state.score(w), state.score(b)
        return scores[0] != scores[1] and (numbers[w] < numbers[b]) != (scores[0] > scores[1])

    def no_games(w: int, b: int) -> bool:
        return not played_games(tournament, w, rnd) and not played_games(tournament, b, rnd)

    if flipped and all(no_games(*row) for row in flipped):
        return COLOURS_NO_GAMES
    if flipped and all(by_rank(*row) for row in flipped):
        return COLOURS_RANK
    if flipped and all(by_rank(*row) or no_games(*row) for row in flipped):
        return COLOURS_RANK_OR_NO_GAMES
    return COLOURS


def generator_config(rng: random.Random, small: bool = False, unplayed: int = 1) -> GeneratorConfig:
    """*unplayed* multiplies the rates of forfeits, requested byes, withdrawals and late
    entries: the rounds without a game are where the 2026 rules changed most."""
    players = rng.randint(7, 24 if small else 60)
    return GeneratorConfig(
        players=players,
        rounds=min(rng.randint(5, 7 if small else 11), players // 2 + 1),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03 * unplayed,
        bye_rate=0.04 * unplayed,
        withdraw_rate=0.02 * unplayed,
        late_rate=0.06 * unplayed,
    )


def generated(seed: int, small: bool = False, unplayed: int = 1) -> TrfTournament | None:
    """Tournament *seed*, paired by our 2026 edition; None if a round ran out of pairings."""
    config = generator_config(random.Random(seed), small, unplayed)
    try:
        return generate(config, seed, lambda state: pair(state, "dutch", "2026"))
    except PairingError:
        return None


def compare(
    seed: int, witness=gacrux_rows, small: bool = False, unplayed: int = 1
) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its kind and detail."""
    tournament = generated(seed, small, unplayed)
    if tournament is None:
        return 0, []
    out = []
    for rnd in range(1, (tournament.xx_rounds or 0) + 1):
        ours = rows(recorded_pairing(tournament, rnd, "2026"))
        theirs = witness(write_trf(cut(tournament, rnd), trf26=True))
        if ours != theirs:
            kind = classify(tournament, rnd, ours, theirs)
            out.append((rnd, kind, f"ours-only {sorted(ours - theirs)} witness-only {sorted(theirs - ours)}"))
    return tournament.xx_rounds or 0, out


def compare_caissify(seed: int, judge: bool = True, unplayed: int = 1) -> tuple[int, list[tuple[int, str, str]]]:
    """As :func:`compare`, against caissify-pairings, on a small tournament (it is slow
    on large fields); with *judge*, each differing round is also given to gacrux, and the
    detail says whether gacrux pairs it as we do."""
    tournament = generated(seed, small=True, unplayed=unplayed)
    if tournament is None:
        return 0, []
    theirs_by_round = caissify_rounds(tournament)
    out = []
    for rnd in range(1, (tournament.xx_rounds or 0) + 1):
        ours = rows(recorded_pairing(tournament, rnd, "2026"))
        theirs = theirs_by_round.get(rnd, set())
        if ours != theirs:
            kind = classify(tournament, rnd, ours, theirs)
            detail = f"ours-only {sorted(ours - theirs)} witness-only {sorted(theirs - ours)}"
            if judge:
                same = gacrux_rows(write_trf(cut(tournament, rnd), trf26=True)) == ours
                detail += "; gacrux pairs as we do" if same else "; gacrux pairs otherwise"
            out.append((rnd, kind, detail))
    return tournament.xx_rounds or 0, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true", help="at most 24 players and 7 rounds")
    parser.add_argument("--unplayed", type=int, default=1, help="multiply the rates of unplayed rounds")
    parser.add_argument("--witness", choices=("gacrux", "caissify"), default="gacrux")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.tournaments)
    unexplained = []

    def compare_one(seed: int) -> tuple[int, list[tuple[int, str, str]]]:
        if args.witness == "caissify":
            compared, differences = compare_caissify(seed, unplayed=args.unplayed)
        else:
            compared, differences = compare(seed, small=args.small, unplayed=args.unplayed)
        unexplained.extend(d for d in differences if d[1] not in ADJUDICATED)
        return compared, differences

    summarise(compare_one, seeds, "unexplained")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
