"""A Double-Swiss event (C.04.5 2026) in TRF-2026: two round columns per match.

TRF-2026 has one opponent, colour and result per player per round; it cannot hold the two
games of a match in one block, and neither it nor ETT26 (which names the code
``FIDE_DOUBLESWISS`` for record 192) says how to. The reading chosen here
(docs/double-swiss.md, "TRF"): match *k* is written as round columns ``2k-1`` (game 1)
and ``2k`` (game 2), each a plain TRF game block:

- both columns name the same opponent, the colours reversed (``w`` then ``b``, or ``b``
  then ``w``); each column has the game's own result (``1 = 0 + - W D L``), so a single
  forfeited game and a match forfeited in both games are both written as they happened;
- the PAB is ``0000 - U`` in game 1 and ``0000 - H`` in game 2: a win's points and a
  draw's (1.4), with record 162's ``P`` and ``D`` values; a requested bye or an absence
  covers the match (Preface): the same code (``F``, ``H``, ``Z``) in both columns;
- record 192 is ``FIDE_DOUBLESWISS``; record 142 (or XXR) counts columns, twice the matches;
  records 240, 250 and 260 count columns too.

Any TRF reader takes such a file (it is plain TRF-2026) and sees every game, so ratings and
game-point standings come out right; but a program that does not know the convention sees
twice the rounds, pairs "round 2k" as a round of its own, and its Buchholz-type tie-breaks
count each opponent twice (C.07 has no Double-Swiss rule for them). Our reader and
writer round-trip it unchanged, and ``--check`` replays the game-1 columns with the engine
and checks that each game-2 column repeats game 1 with the colours reversed.
"""

from __future__ import annotations

from pairing.engine.state import TournamentState
from pairing.engine.trf.records import TrfPlayer, TrfRound, TrfTournament

TYPE_192 = "FIDE_DOUBLESWISS"


def _block(opponent: int | None, colour: str, result: str) -> TrfRound:
    return TrfRound(opponent, colour, result)


def tournament_of(state: TournamentState, name: str = "Double-Swiss event") -> TrfTournament:
    """The TRF-2026 tournament of *state*'s players and their game columns."""
    players = []
    for p in state.players:
        rounds = tuple(
            _block(e.opponent, e.colour.value if e.colour is not None else "-", e.outcome.value) for e in p.history
        )
        players.append(
            TrfPlayer(
                start=p.id,
                name=p.name,
                rating=p.rating or None,
                points=state.score_before(p.id, len(p.history) + 1),
                rounds=rounds,
            )
        )
    return TrfTournament(
        players=tuple(players),
        name=name,
        rounds_142=state.total_rounds,
        initial_colour_152=state.initial_colour.value.upper(),
        type_192=TYPE_192,
    )


def match_column_errors(t: TrfTournament) -> list[str]:
    """Where a file breaks the two-columns-per-match convention: a game 2 that does not
    repeat game 1's opponent with the other colour, a bye in one column only."""
    out = []
    for p in t.players:
        for first in range(0, len(p.rounds) - 1, 2):
            one, two = p.rounds[first], p.rounds[first + 1]
            match = first // 2 + 1
            if one.is_blank and two.is_blank:
                continue
            if one.opponent != two.opponent:
                out.append(
                    f"player {p.start}, match {match}: game 1 against {one.opponent}, game 2 against {two.opponent}"
                )
            elif one.opponent is not None and {one.colour, two.colour} != {"w", "b"}:
                out.append(f"player {p.start}, match {match}: the colours of the two games are not reversed")
    return out
