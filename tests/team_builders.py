"""Team events for the tests: *teams* teams of *members* players each, registered through
the service (team k's players rated 2400 - 20k down the boards), and their rounds played."""

from __future__ import annotations

from pairing.job import pair_round
from tourney.models import MatchForfeit, Result, RoundStatus, Tournament
from tourney.services import teams
from tourney.services.results import enter_board_result
from tourney.services.rounds import close_round, publish_pairing, round_for
from tourney.services.teams import MemberData, register_team

TEAM_NAMES = ["Aosta", "Bari", "Como", "Dolo", "Enna", "Fano", "Gela", "Imola", "Lodi", "Massa", "Nardo", "Osimo"]


def team_event(teams: int = 4, members: int = 4, rounds: int = 3, boards: int = 4, **fields: object) -> Tournament:
    fields.setdefault("name", "Test Team Cup")
    fields.setdefault("initial_colour", "white")
    t = Tournament.objects.create(rounds=rounds, kind="team", team_boards=boards, **fields)
    for k in range(teams):
        name = TEAM_NAMES[k]
        ratings = [2400 - 20 * k - 5 * b for b in range(1, members + 1)]
        roster = [MemberData(name=f"{name} {b}", rating=r, federation="ITA") for b, r in enumerate(ratings, start=1)]
        register_team(tournament_id=t.pk, name=name, members=roster, federation="ITA")
    return t


# The boards' results seen from White, cycled board after board and shifted each round.
RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS, Result.DRAW]


def play_team_event(
    t: Tournament,
    rounds: int,
    *,
    first: int = 1,
    forfeit_round: int | None = None,
    forfeit: str = MatchForfeit.AWAY,
    close: bool = True,
) -> None:
    """Pair, publish and play *rounds* rounds of *t* from round *first* through the services;
    in *forfeit_round* the first match is forfeited as a whole (*forfeit*: by its second team)."""
    for number in range(first, first + rounds):
        rnd = pair_round(round_id=round_for(t, number).pk)
        assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
        publish_pairing(round_id=rnd.pk)
        if number == forfeit_round:
            match = rnd.team_matches.filter(away__isnull=False).order_by("table").first()
            teams.forfeit_match(match_id=match.pk, forfeit=forfeit)
        for k, game in enumerate(rnd.games.filter(result=Result.PENDING).order_by("board")):
            result = RESULTS[(k + number) % len(RESULTS)]
            enter_board_result(tournament_id=t.pk, round_number=number, board=game.board, result=result)
        if close:
            close_round(round_id=rnd.pk)
