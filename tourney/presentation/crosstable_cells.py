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
    if tournament.two_games:
        return _match_rows(rows, rounds, histories, pending)

    def entry(player: int, number: int) -> adapter.RoundEntry | None:
        history = histories.get(player, ())
        if number <= len(history) and history[number - 1].outcome is not Outcome.NOT_PAIRED:
            return history[number - 1]
        return pending.get((number, player))

    return [
        TableRow(r.rank, r.player, r.points, r.values, tuple(cell(entry(r.player.pairing_number, k)) for k in rounds))
        for r in rows
    ]


def _match_rows(
    rows: list[TableRow],
    rounds: range,
    histories: dict[int, tuple[adapter.RoundEntry, ...]],
    pending: dict[tuple[int, int], adapter.RoundEntry],
) -> list[TableRow]:
    """A Double-Swiss crosstable: one cell per match holding both games ("7w1 7b½"), the
    state's columns 2k-1 and 2k (C.04.5; the PAB reads "PAB HPB": a win and a draw)."""

    def game(player: int, column: int) -> str:
        history = histories.get(player, ())
        if column <= len(history) and history[column - 1].outcome is not Outcome.NOT_PAIRED:
            return cell(history[column - 1])
        return cell(pending.get((column, player)))

    def match(player: int, k: int) -> str:
        return " ".join(c for c in (game(player, 2 * k - 1), game(player, 2 * k)) if c)

    return [
        TableRow(r.rank, r.player, r.points, r.values, tuple(match(r.player.pairing_number, k) for k in rounds))
        for r in rows
    ]


def _pending_games(tournament: Tournament, last: int) -> dict[tuple[int, int], adapter.RoundEntry]:
    """{(round, player): the game without a result yet} in the published rounds up to *last*
    (in a Double-Swiss event, by column: game 1 of round n is 2n-1, game 2 is 2n)."""
    two = tournament.two_games
    games = Game.objects.filter(
        round__tournament=tournament, round__number__lte=last, round__status__in=PUBLIC_STATUSES
    ).values_list("round__number", "white__pairing_number", "black__pairing_number", "result", "second_result")
    pending: dict[tuple[int, int], adapter.RoundEntry] = {}
    for number, white, black, result, second in games:
        played = [(2 * number - 1 if two else number, result, white, black)]
        if two:
            played.append((2 * number, second, black, white))
        for column, res, w, b in played:
            if res != Result.PENDING:
                continue
            pending[column, w] = adapter.RoundEntry(b, Colour.WHITE, Outcome.NOT_PAIRED)
            pending[column, b] = adapter.RoundEntry(w, Colour.BLACK, Outcome.NOT_PAIRED)
    return pending


def scores_before(rnd: Round) -> dict[int, object]:
    """Each player's points before *rnd*, by starting rank (none while an earlier round
    has a game without result)."""
    try:
        state = adapter.state_for_round(rnd)
    except adapter.IncompleteRound:
        return {}
    return {p.id: as_decimal(Fraction(state.score(p.id), 10)) for p in state.players}
