"""The crosstable's cells (C.07 / TRF result signs) and the scores before a round."""

from __future__ import annotations

from fractions import Fraction

from pairing import adapter
from pairing.engine.state import Colour, Outcome
from tourney.models import PUBLIC_STATUSES, Game, Result, Round, Tournament
from tourney.presentation.tiebreak_table import TableRow, as_decimal
from tourney.standings import public_state

# A crosstable cell's result sign for each outcome (C.07 / TRF codes), and the FIDE
# acronym of an unplayed round.
_RESULT_SIGN = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.UNRATED_WIN: "1",
    Outcome.UNRATED_DRAW: "½",
    Outcome.UNRATED_LOSS: "0",
    Outcome.PAIRING_BYE: "PAB",
    Outcome.FULL_BYE: "FPB",
    Outcome.HALF_BYE: "HPB",
    Outcome.ZERO_BYE: "ZPB",
    Outcome.NOT_PAIRED: "",
}


def cell(entry: adapter.RoundEntry | None) -> str:
    """One crosstable cell: opponent's starting number, colour, result (``12w½``); a
    game still without a result as ``12w``; an unplayed round as its FIDE acronym
    (PAB, FPB, HPB, ZPB) or its forfeit sign."""
    if entry is None:
        return ""
    sign = _RESULT_SIGN[entry.outcome]
    if entry.opponent is None:
        return sign
    colour = entry.colour.value if entry.colour is not None else ""
    return f"{entry.opponent}{colour}{sign}"


def crosstable_rows(tournament: Tournament, rows: list[TableRow], rounds: range) -> list[TableRow]:
    """The standings' rows with a cell for each of *rounds* (published rounds only)."""
    last = rounds.stop - 1 if rounds else 0
    histories = {p.id: p.history for p in public_state(tournament, last).players}
    pending = _pending_games(tournament, last)

    def entry(player: int, number: int) -> adapter.RoundEntry | None:
        history = histories.get(player, ())
        if number <= len(history) and history[number - 1].outcome is not Outcome.NOT_PAIRED:
            return history[number - 1]
        return pending.get((number, player))

    return [
        TableRow(r.rank, r.player, r.points, r.values, tuple(cell(entry(r.player.pairing_number, k)) for k in rounds))
        for r in rows
    ]


def _pending_games(tournament: Tournament, last: int) -> dict[tuple[int, int], adapter.RoundEntry]:
    """{(round, player): the game without a result yet} in the published rounds up to *last*."""
    games = Game.objects.filter(
        round__tournament=tournament, round__number__lte=last, round__status__in=PUBLIC_STATUSES, result=Result.PENDING
    ).values_list("round__number", "white__pairing_number", "black__pairing_number")
    pending: dict[tuple[int, int], adapter.RoundEntry] = {}
    for number, white, black in games:
        pending[number, white] = adapter.RoundEntry(black, Colour.WHITE, Outcome.NOT_PAIRED)
        pending[number, black] = adapter.RoundEntry(white, Colour.BLACK, Outcome.NOT_PAIRED)
    return pending


def scores_before(rnd: Round) -> dict[int, object]:
    """Each player's points before *rnd*, by starting rank (none while an earlier round
    has a game without result)."""
    try:
        state = adapter.state_for_round(rnd)
    except adapter.IncompleteRound:
        return {}
    return {p.id: as_decimal(Fraction(state.score(p.id), 10)) for p in state.players}
