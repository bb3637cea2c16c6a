"""ORM rows <-> engine state: the only module that knows both.

The engine identifies a player by the starting rank (Player.pairing_number,
the TRF start number); history comes from the RoundEntry rows of the rounds
before the one to pair.

The rest of the project reaches the engine's state types through this module
(``adapter.TournamentState``, ``adapter.Pairing``...): only it and the TRF mapping
import them (tests/test_import_graph.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from fractions import Fraction

from django.db.models import Count
from django.utils.translation import gettext_lazy

from pairing.engine import PairingOptions, editions
from pairing.engine import state as engine
from pairing.engine import team as team_engine
from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.boards import board_order
from pairing.engine.common.editions import edition_of
from pairing.engine.team import checker as team_checker
from pairing.engine.team import history as team_history
from pairing.engine.tiebreaks import edition_for
from pairing.engine.tiebreaks.teams import TeamRound as TieBreakTeamRound
from pairing.engine.tiebreaks.teams import TeamScoring, TeamTable
from pairing.engine.trf import TrfAcceleratedRounds, parse_trf
from pairing.engine.trf.state import adjustments_for
from pairing.engine.trf.trf26 import virtual_points_250
from tourney.errors import RefusalTable
from tourney.models import (
    PAIRED_STATUSES,
    PUBLIC_STATUSES,
    UNPAIRED_STATUSES,
    Bye,
    ByeKind,
    Game,
    InitialColour,
    MatchForfeit,
    PairingSystem,
    Player,
    Result,
    Round,
    TeamBye,
    TeamColourPreferences,
    TeamMatch,
    TeamPrimaryScore,
    Tournament,
)
from tourney.services import teams

# The engine's state types the rest of the project names (in annotations, or to build a
# changed pairing): reached as adapter.<name>.
Board = engine.Board
Pairing = engine.Pairing
RoundEntry = engine.RoundEntry
TournamentState = engine.TournamentState


class IncompleteRound(Exception):
    """A round before the one to pair still has games without a result (or is not
    paired): the engine has no state to pair from. Its message is a REFUSALS entry."""


REFUSALS = RefusalTable(
    "adapter",
    {
        "result_missing": gettext_lazy("round %(round)d, board %(board)d has no result yet"),
        "game_result_missing": gettext_lazy("round %(round)d, board %(board)d has no result for game %(game)d yet"),
        "round_missing": gettext_lazy("round %(round)d does not exist yet"),
        "round_unpaired": gettext_lazy("round %(round)d is not paired yet"),
        # Every board of a team match has a player of each team (tourney.services.teams.lineup_of).
        "roster_short": gettext_lazy("%(team)s has %(count)d players for %(boards)d boards"),
    },
)


BYE_OUTCOMES = {
    ByeKind.PAIRING_ALLOCATED: engine.Outcome.PAIRING_BYE,
    ByeKind.HALF_POINT: engine.Outcome.HALF_BYE,
    ByeKind.ZERO_POINT: engine.Outcome.ZERO_BYE,
    ByeKind.FULL_POINT: engine.Outcome.FULL_BYE,
}
BYE_KINDS = {outcome: kind for kind, outcome in BYE_OUTCOMES.items()}

_W, _D, _L = engine.Outcome.WIN, engine.Outcome.DRAW, engine.Outcome.LOSS
_UW, _UD, _UL = engine.Outcome.UNRATED_WIN, engine.Outcome.UNRATED_DRAW, engine.Outcome.UNRATED_LOSS
_FW, _FL = engine.Outcome.FORFEIT_WIN, engine.Outcome.FORFEIT_LOSS
# (white's outcome, black's outcome) per result, rated and unrated.
GAME_OUTCOMES: dict[tuple[str, bool], tuple[engine.Outcome, engine.Outcome]] = {
    (Result.WHITE_WINS, False): (_W, _L),
    (Result.BLACK_WINS, False): (_L, _W),
    (Result.DRAW, False): (_D, _D),
    (Result.WHITE_WINS, True): (_UW, _UL),
    (Result.BLACK_WINS, True): (_UL, _UW),
    (Result.DRAW, True): (_UD, _UD),
}
for _unrated in (False, True):
    GAME_OUTCOMES[(Result.WHITE_WINS_FORFEIT, _unrated)] = (_FW, _FL)
    GAME_OUTCOMES[(Result.BLACK_WINS_FORFEIT, _unrated)] = (_FL, _FW)
    GAME_OUTCOMES[(Result.DOUBLE_FORFEIT, _unrated)] = (_FL, _FL)


# The tournament's initial colour (C.04.2.E; C.04.3 E.5) in the engine's terms and back.
INITIAL_COLOUR_OF: dict[engine.Colour, InitialColour] = {
    engine.Colour.WHITE: InitialColour.WHITE,
    engine.Colour.BLACK: InitialColour.BLACK,
}


def engine_initial_colour(initial_colour: str) -> engine.Colour:
    """The tournament's initial colour as the engine takes it; one not drawn yet is the
    engine's default, White (the lot is drawn before round 1 is paired)."""
    return engine.Colour.BLACK if initial_colour == InitialColour.BLACK else engine.Colour.WHITE


# C.04.5 1.4: the Double-Swiss PAB is a game won and a game drawn (pairing.engine.double_swiss.events).
DOUBLE_SWISS_PAB = (engine.Outcome.PAIRING_BYE, engine.Outcome.HALF_BYE)


def games_per_round(tournament: Tournament) -> int:
    """The engine's columns per round: two in the Double-Swiss system (one per game of the
    match, as the TRF writes it, docs/double-swiss.md), one in the others."""
    return 2 if tournament.pairing_system == PairingSystem.DOUBLE_SWISS else 1


def result_for(white: engine.Outcome, black: engine.Outcome) -> tuple[str, bool]:
    """The stored (result, unrated) of a game from both players' outcomes."""
    for key, outcomes in GAME_OUTCOMES.items():
        if outcomes == (white, black):
            return key
    raise ValueError(f"no game result gives White {white.value!r} and Black {black.value!r}")


def scoring_of(tournament: Tournament) -> engine.Scoring:
    return engine.Scoring(
        win=tournament.points_win,
        draw=tournament.points_draw,
        loss=tournament.points_loss,
        pairing_bye=tournament.points_pairing_bye,
        forfeit_win=tournament.points_forfeit_win,
        forfeit_loss=tournament.points_forfeit_loss,
        full_bye=tournament.points_full_bye,
        half_bye=tournament.points_half_bye,
    )


def round_entries(
    tournament: Tournament, before: int, *, public: bool = False
) -> dict[int, dict[int, engine.RoundEntry]]:
    """{column: {player id: RoundEntry}} for rounds 1..before-1: a column per round, or per
    game in the Double-Swiss system (round n is columns 2n-1 and 2n, see games_per_round).

    *public*: only published rounds, and a game without a result yet is left out (the
    standings of a round in progress) instead of refusing to go on.
    """
    history: dict[int, dict[int, engine.RoundEntry]] = {}
    games = Game.objects.filter(round__tournament=tournament, round__number__lt=before)
    byes = Bye.objects.filter(round__tournament=tournament, round__number__lt=before)
    if public:
        games = games.filter(round__status__in=PUBLIC_STATUSES)
        byes = byes.filter(round__status__in=PUBLIC_STATUSES)
    two = games_per_round(tournament) == 2
    # Plain tuples, not model instances: a 2,000-player open has 11,000 games after 11 rounds.
    rows = games.values_list(
        "round__number",
        "board",
        "result",
        "unrated",
        "second_result",
        "second_unrated",
        "white__pairing_number",
        "black__pairing_number",
    )
    for number, board, result, unrated, second, second_unrated, w, b in rows:
        played = [(number if not two else 2 * number - 1, result, unrated, w, b, 1)]
        if two:  # C.04.5 4.4: game 2 with the colours reversed
            played.append((2 * number, second, second_unrated, b, w, 2))
        for column, res, unr, white_id, black_id, game_number in played:
            if res == Result.PENDING:
                if public:
                    continue
                if two:
                    raise IncompleteRound(REFUSALS("game_result_missing", round=number, board=board, game=game_number))
                raise IncompleteRound(REFUSALS("result_missing", round=number, board=board))
            white, black = GAME_OUTCOMES[(res, unr)]
            rnd = history.setdefault(column, {})
            rnd[white_id] = engine.RoundEntry(black_id, engine.Colour.WHITE, white)
            rnd[black_id] = engine.RoundEntry(white_id, engine.Colour.BLACK, black)
    for number, kind, player in byes.values_list("round__number", "kind", "player__pairing_number"):
        outcome = BYE_OUTCOMES[ByeKind(kind)]
        if not two:
            history.setdefault(number, {})[player] = engine.RoundEntry(None, None, outcome)
            continue
        # The PAB is a win and a draw (1.4); a requested bye covers the match (Preface): both games.
        outcomes = DOUBLE_SWISS_PAB if kind == ByeKind.PAIRING_ALLOCATED else (outcome, outcome)
        for column, each in zip((2 * number - 1, 2 * number), outcomes, strict=True):
            history.setdefault(column, {})[player] = engine.RoundEntry(None, None, each)
    return history


def pending_games(tournament: Tournament, last: int) -> dict[tuple[int, int], engine.RoundEntry]:
    """{(round, player): the game without a result yet} in the published rounds up to
    *last*, as entries without an outcome (the crosstable shows them unfinished)."""
    games = Game.objects.filter(
        round__tournament=tournament, round__number__lte=last, round__status__in=PUBLIC_STATUSES, result=Result.PENDING
    ).values_list("round__number", "white__pairing_number", "black__pairing_number")
    pending: dict[tuple[int, int], engine.RoundEntry] = {}
    for number, white, black in games:
        pending[number, white] = engine.RoundEntry(black, engine.Colour.WHITE, engine.Outcome.NOT_PAIRED)
        pending[number, black] = engine.RoundEntry(white, engine.Colour.BLACK, engine.Outcome.NOT_PAIRED)
    return pending


def absent_for(rnd: Round, players: Iterable[Player]) -> frozenset[int]:
    """Players not to be paired in *rnd*: not yet entered, withdrawn, or with a bye already recorded."""
    with_bye = set(rnd.byes.exclude(kind=ByeKind.PAIRING_ALLOCATED).values_list("player__pairing_number", flat=True))
    absent = set(with_bye)
    for p in players:
        if p.entry_round > rnd.number or (p.withdrawal_round is not None and p.withdrawal_round <= rnd.number):
            absent.add(p.pairing_number)
    return frozenset(absent)


def check_earlier_rounds(rnd: Round) -> None:
    """Every round before *rnd* must exist and be paired; their results are checked with the history."""
    earlier = dict(
        Round.objects.filter(tournament_id=rnd.tournament_id, number__lt=rnd.number).values_list("number", "status")
    )
    for number in range(1, rnd.number):
        if number not in earlier:
            raise IncompleteRound(REFUSALS("round_missing", round=number))
        if earlier[number] in UNPAIRED_STATUSES:
            raise IncompleteRound(REFUSALS("round_unpaired", round=number))


def engine_players(
    players: Iterable[Player], history: dict[int, dict[int, engine.RoundEntry]], rounds: int
) -> tuple[engine.Player, ...]:
    """The engine's players, each with his rounds 1..*rounds* from *history* (not paired where it has none)."""
    not_paired = engine.RoundEntry(None, None, engine.Outcome.NOT_PAIRED)
    return tuple(
        engine.Player(
            id=p.pairing_number,
            name=p.name,
            # The provisional rating of an unrated player counts wherever a rating does
            # (Dubov A.1, AROs); the FIDE report writes the official one (trf_io).
            rating=p.pairing_rating,
            title=p.title,
            federation=p.federation,
            fide_id=p.fide_id,
            sex=p.sex,
            birth=p.birth_date,
            history=tuple(history.get(k, {}).get(p.pairing_number, not_paired) for k in range(1, rounds + 1)),
        )
        for p in players
    )


def state_for_round(rnd: Round) -> engine.TournamentState:
    """The engine's view of the tournament just before *rnd* is paired."""
    check_earlier_rounds(rnd)
    tournament = rnd.tournament
    players = list(tournament.players.order_by("pairing_number"))
    scoring = scoring_of(tournament)
    columns = games_per_round(tournament)
    history = engine_players(players, round_entries(tournament, rnd.number), columns * (rnd.number - 1))
    return engine.TournamentState(
        players=history,
        total_rounds=columns * tournament.rounds,
        # The Double-Swiss engine pairs the match whose game 1 is this column.
        round_to_pair=columns * (rnd.number - 1) + 1,
        initial_colour=engine_initial_colour(tournament.initial_colour),
        absent=absent_for(rnd, players),
        scoring=scoring,
        virtual_points=virtual_points_250(tuple(TrfAcceleratedRounds(*v) for v in tournament.accelerated_rounds)),
        forbidden=forbidden_in(tournament, rnd.number),
        adjustments=adjustments_in(tournament, history, scoring),
    )


def state_as_paired(rnd: Round) -> tuple[engine.TournamentState, engine.Pairing]:
    """The engine's view of the tournament when *rnd* was paired, and its pairing: the
    results of the rounds before it, and as the round's present players those its pairing
    seats (a player withdrawn or entered since does not change what was paired)."""
    state = state_for_round(rnd)
    pairing = pairing_of(rnd)
    seated = {pid for board in pairing.boards for pid in (board.white, board.black)} | {pairing.bye}
    absent = frozenset(p.id for p in state.players if p.id not in seated)
    return dataclasses.replace(state, absent=absent), pairing


def adjustments_in(
    tournament: Tournament, players: tuple[engine.Player, ...], scoring: engine.Scoring
) -> tuple[engine.ScoreAdjustment, ...]:
    """The tournament's record 299 points (kept as the imported file gave them, by pairing
    number) as the engine's score adjustments."""
    lines = [a.record for a in tournament.abnormal_points.all()]
    if not lines:
        return ()
    return adjustments_for(parse_trf("\n".join(lines) + "\n").abnormal_299, players, scoring)


def forbidden_in(tournament: Tournament, number: int) -> tuple[tuple[int, int], ...]:
    """The prohibited pairings (TRF-2026 record 260) in force in round *number*, as pairs of pairing numbers."""
    pairs = {
        tuple(sorted((p.player.pairing_number, p.other.pairing_number)))
        for p in tournament.prohibited_pairings.select_related("player", "other")
        if p.applies_to(number)
    }
    return tuple(sorted(pairs))  # type: ignore[arg-type]


def acceleration_spec(tournament: Tournament) -> AccelerationSpec:
    """The tournament's acceleration as the acceleration module takes it."""
    return options_for(tournament).acceleration_spec


def pairing_edition(tournament: Tournament) -> str:
    """The edition of its system's rules the tournament is paired by, as pairing.engine.pair
    resolves it (the system's first when the tournament names none)."""
    system = tournament.pairing_system
    return edition_of(system, tournament.rules_edition or None, editions(system))


def accelerated(
    tournament: Tournament, state: engine.TournamentState
) -> tuple[engine.TournamentState, tuple[str, ...]]:
    """*state* with the tournament's acceleration points, and the acceleration's warnings.
    (pairing.engine.pair applies the acceleration itself from options_for; this is the same call.)"""
    if tournament.acceleration == "none":
        return state, ()
    # The acceleration of the edition the round is paired by (C.04.5.1 in 2017, C.04.7 in 2026).
    result = accelerate(state, acceleration_spec(tournament), pairing_edition(tournament))
    return result.state, tuple(str(w) for w in result.warnings)


def prepared_state(rnd: Round) -> tuple[engine.TournamentState, tuple[str, ...]]:
    """The state as the engine pairs it, acceleration points included, and the
    acceleration's warnings: what the draft's explanation shows."""
    return accelerated(rnd.tournament, state_for_round(rnd))


def in_board_order(
    tournament: Tournament, state: engine.TournamentState, boards: Iterable[engine.Board]
) -> tuple[engine.Board, ...]:
    """*boards* in the order the engine publishes them (C.04.2.D.9; C.04.7 2026 1.5: by the
    pairing scores, acceleration included), *state* being the round's before acceleration."""
    return board_order(accelerated(tournament, state)[0], boards, pairing_edition(tournament))


def state_after(tournament: Tournament, rounds: int) -> engine.TournamentState:
    """The public view of the tournament after *rounds* rounds: published rounds only,
    results as far as entered (standings, ARO lists and player cards)."""
    players = tournament.players.order_by("pairing_number")
    scoring = scoring_of(tournament)
    columns = games_per_round(tournament)
    history = engine_players(players, round_entries(tournament, rounds + 1, public=True), columns * rounds)
    return engine.TournamentState(
        players=history,
        total_rounds=columns * tournament.rounds,
        round_to_pair=min(columns * rounds + 1, columns * tournament.rounds),
        scoring=scoring,
        adjustments=adjustments_in(tournament, history, scoring),
    )


def options_for(tournament: Tournament) -> PairingOptions:
    """The options announced for the tournament (C.04.2.A.3), as the engines take them:
    the acceleration with the progressive method's limits, the Lim maxi option."""
    return PairingOptions(
        acceleration=tournament.acceleration,
        group_a_min=tournament.acceleration_group_a_min,
        group_c_below=tournament.acceleration_group_c_below,
        lim_maxi=tournament.pairing_system == "lim" and tournament.lim_maxi,
    )


def unsaved_rows(rnd: Round, pairing: engine.Pairing) -> tuple[list[Game], list[Bye]]:
    """The engine's pairing as unsaved Game and Bye rows, boards numbered in the engine's order."""
    by_number = {p.pairing_number: p for p in rnd.tournament.players.all()}
    games = [
        Game(round=rnd, board=k, white=by_number[b.white], black=by_number[b.black])
        for k, b in enumerate(pairing.boards, start=1)
    ]
    byes = []
    if pairing.bye is not None:
        byes.append(Bye(round=rnd, player=by_number[pairing.bye], kind=ByeKind.PAIRING_ALLOCATED, requested=False))
    return games, byes


def pairing_of(rnd: Round) -> engine.Pairing:
    """The round's stored pairing in the engine's terms, boards in board order."""
    boards = tuple(
        engine.Board(g.white.pairing_number, g.black.pairing_number)
        for g in rnd.games.select_related("white", "black").order_by("board")
    )
    pab = rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).select_related("player").first()
    return engine.Pairing(boards=boards, bye=pab.player.pairing_number if pab else None)


# ---------------------------------------------------------------- team events (C.04.6)
#
# A team event's rounds are TeamMatch rows (home: White on board 1) with their board games;
# the team system reads each team's rounds as TeamResult (its TPN is Team.start_number).

TEAM_PREFERENCES = {
    TeamColourPreferences.TYPE_A: team_engine.ColourPreferences.TYPE_A,
    TeamColourPreferences.TYPE_B: team_engine.ColourPreferences.TYPE_B,
    TeamColourPreferences.NONE: team_engine.ColourPreferences.NONE,
}
TeamPairing = team_engine.TeamPairing


def team_primary(tournament: Tournament) -> team_engine.PrimaryScore:
    if tournament.team_primary_score == TeamPrimaryScore.GAME_POINTS:
        return team_engine.PrimaryScore.GAME_POINTS
    return team_engine.PrimaryScore.MATCH_POINTS


def _match_results(match: TeamMatch, games: list[Game], tournament: Tournament) -> dict[int, team_history.TeamResult]:
    """{TPN: its TeamResult} of the teams of *match* (its games in board order)."""
    kinds = team_history.RoundKind
    score = teams.match_score(match, tournament, games)
    home, away = match.home.start_number, match.away.start_number if match.away else None
    if away is None:
        return {home: team_history.TeamResult(kinds.PAB, None, None, score.home_match_points, score.home_game_points)}
    home_kind, away_kind = {
        MatchForfeit.NONE: (kinds.PLAYED, kinds.PLAYED),
        MatchForfeit.HOME: (kinds.FORFEIT_WIN, kinds.FORFEIT_LOSS),
        MatchForfeit.AWAY: (kinds.FORFEIT_LOSS, kinds.FORFEIT_WIN),
        MatchForfeit.DOUBLE: (kinds.DOUBLE_FORFEIT, kinds.DOUBLE_FORFEIT),
    }[MatchForfeit(match.forfeit)]
    played = home_kind is kinds.PLAYED
    return {
        home: team_history.TeamResult(
            home_kind,
            away,
            engine.Colour.WHITE if played else None,
            score.home_match_points,
            score.home_game_points,
        ),
        away: team_history.TeamResult(
            away_kind,
            home,
            engine.Colour.BLACK if played else None,
            score.away_match_points,
            score.away_game_points,
        ),
    }


def team_matches(tournament: Tournament, before: int, *, public: bool = False) -> list[tuple[TeamMatch, list[Game]]]:
    """The matches of rounds 1..before-1 with their games in board order (published rounds
    only when *public*)."""
    matches = TeamMatch.objects.filter(round__tournament=tournament, round__number__lt=before)
    if public:
        matches = matches.filter(round__status__in=PUBLIC_STATUSES)
    games: dict[int, list[Game]] = {}
    for game in Game.objects.filter(match__in=matches).select_related("white", "black").order_by("board"):
        games.setdefault(game.match_id, []).append(game)  # type: ignore[arg-type]
    rows = matches.select_related("round", "home", "away").order_by("round__number", "table")
    return [(m, games.get(m.pk, [])) for m in rows]


def team_results(
    tournament: Tournament, before: int, *, public: bool = False, pending: bool | None = None
) -> dict[int, list[team_history.TeamResult]]:
    """{TPN: its rounds 1..before-1} of every team; a round without a match is a zero-point
    bye (absent, withdrawn, not yet entered: C.04.2 2026 art. 3.2-3.3). A board without a
    result refuses (IncompleteRound) unless *pending* (by default: when *public*), which
    leaves the match's match points out."""
    pending_allowed = public if pending is None else pending
    absent = team_history.TeamResult(team_history.RoundKind.ZERO_BYE)
    tpns = list(tournament.teams.values_list("start_number", flat=True))
    rounds: dict[int, dict[int, team_history.TeamResult]] = {k: {} for k in range(1, before)}
    for match, games in team_matches(tournament, before, public=public):
        waiting = [g for g in games if g.result == Result.PENDING]
        if waiting and not pending_allowed:
            raise IncompleteRound(REFUSALS("result_missing", round=match.round.number, board=waiting[0].board))
        results = _match_results(match, games, tournament)
        if waiting:
            results = {tpn: dataclasses.replace(r, match_points=0) for tpn, r in results.items()}
        rounds[match.round.number].update(results)
    kinds = {
        ByeKind.HALF_POINT: team_history.RoundKind.HALF_BYE,
        ByeKind.FULL_POINT: team_history.RoundKind.FULL_BYE,
        ByeKind.ZERO_POINT: team_history.RoundKind.ZERO_BYE,
    }
    for number, kind, tpn in requested_team_byes(tournament, before, public=public):
        mp, gp = teams.bye_score(kind, tournament)
        rounds[number][tpn] = team_history.TeamResult(kinds[ByeKind(kind)], match_points=mp, game_points=gp)
    return {tpn: [rounds[k].get(tpn, absent) for k in range(1, before)] for tpn in tpns}


def requested_team_byes(tournament: Tournament, before: int, *, public: bool = False) -> list[tuple[int, str, int]]:
    """(round, kind, TPN) of the teams' requested byes in rounds 1..before-1 (paired rounds:
    a bye of a round still in draft counts once the round is paired)."""
    byes = TeamBye.objects.filter(round__tournament=tournament, round__number__lt=before)
    byes = byes.filter(round__status__in=PUBLIC_STATUSES if public else PAIRED_STATUSES)
    return list(byes.values_list("round__number", "kind", "team__start_number"))


def team_round_for(rnd: Round) -> team_engine.TeamRound:
    """The team system's view of the event just before *rnd* is paired."""
    check_earlier_rounds(rnd)
    tournament = rnd.tournament
    primary = team_primary(tournament)
    before = team_history.teams_before(team_results(tournament, rnd.number), primary)
    playing = []
    with_bye = set(rnd.team_byes.values_list("team_id", flat=True))
    for team in tournament.teams.annotate(players=Count("members")):
        if not team.plays_in(rnd.number) or team.pk in with_bye:
            continue
        if team.players < tournament.team_boards:
            raise IncompleteRound(
                REFUSALS("roster_short", team=team.name, count=team.players, boards=tournament.team_boards)
            )
        playing.append(team.start_number)
    return team_engine.TeamRound(
        teams=tuple(before[tpn] for tpn in sorted(playing)),
        round_to_pair=rnd.number,
        total_rounds=tournament.rounds,
        preferences=TEAM_PREFERENCES[TeamColourPreferences(tournament.team_colour_preferences)],
        primary=primary,
        initial_colour=engine_initial_colour(tournament.initial_colour),
        forbidden=teams.prohibited_pairs(tournament, rnd.number),
    )


def pair_team_round(
    team_round: team_engine.TeamRound, progress: Callable[[int, int], None] | None = None
) -> team_engine.TeamPairing:
    return team_engine.pair_round(team_round, progress)


def check_team_pairing(team_round: team_engine.TeamRound, pairing: team_engine.TeamPairing) -> list[str]:
    return [str(v) for v in team_checker.check_team_pairing(team_round, pairing)]


def store_team_pairing(rnd: Round, pairing: team_engine.TeamPairing) -> None:
    """Replace the round's matches with *pairing*: tables in the engine's order (C.04.2 2026
    art. 3.6 on the primary score, pairing.engine.team), the PAB last; each match's boards
    from the two lineups, the colours alternating from board 1 (teams.home_has_white)."""
    rnd.games.all().delete()
    rnd.team_matches.all().delete()
    tournament = rnd.tournament
    boards = tournament.team_boards
    by_tpn = {t.start_number: t for t in tournament.teams.all()}
    table = 0
    for table, match in enumerate(pairing.matches, start=1):
        row = TeamMatch.objects.create(
            round=rnd, table=table, home=by_tpn[match.white], away=by_tpn[match.black], rule=match.rule
        )
        teams.seat_boards(row, boards)
    if pairing.bye is not None:
        TeamMatch.objects.create(round=rnd, table=table + 1, home=by_tpn[pairing.bye], away=None)


def team_round_as_paired(rnd: Round) -> tuple[team_engine.TeamRound, team_engine.TeamPairing]:
    """The team round as its pairing was made, for the explanations: the teams the stored
    matches seat (a team withdrawn or absent since is still among them when it can be), and
    the stored pairing (home: White on board 1; the PAB: a match without an away team).
    Raises IncompleteRound as team_round_for does."""
    matches, bye = [], None
    for m in rnd.team_matches.select_related("home", "away").order_by("table"):
        if m.is_bye:
            bye = m.home.start_number
        else:
            matches.append(team_engine.Match(m.home.start_number, m.away.start_number, m.rule))
    seated = {tpn for match in matches for tpn in (match.white, match.black)} | ({bye} if bye is not None else set())
    team_round = team_round_for(rnd)
    before = team_history.teams_before(team_results(rnd.tournament, rnd.number), team_round.primary)
    teams = tuple(before[tpn] for tpn in sorted(seated) if tpn in before)
    return dataclasses.replace(team_round, teams=teams), team_engine.TeamPairing(tuple(matches), bye)


def describe_team_round(rnd: Round) -> str:
    """A one-line pairing of teams by start number, e.g. '1-8 2-9 ... bye 14', for the audit trail."""
    parts = []
    for m in rnd.team_matches.select_related("home", "away").order_by("table"):
        parts.append(f"bye {m.home.start_number}" if m.is_bye else f"{m.home.start_number}-{m.away.start_number}")
    return " ".join(parts)


def team_table(tournament: Tournament, rounds: int) -> TeamTable:
    """The team tie-breaks' table after *rounds* published rounds (C.07 11-13): each team's
    game points per board in points, the match points of a round without a match over the
    boards given (PAB, forfeit, absence)."""
    tenth = Fraction(1, 10)
    results = team_results(tournament, rounds + 1, public=True)
    boards = tournament.team_boards
    per_round: dict[int, dict[int, TieBreakTeamRound]] = {}
    for match, games in team_matches(tournament, rounds + 1, public=True):
        number = match.round.number
        score = teams.match_score(match, tournament, games)
        if match.is_bye:
            gp = tuple([Fraction(tournament.points_draw) * tenth] * boards)
            per_round.setdefault(match.home.start_number, {})[number] = TieBreakTeamRound(
                None, gp, played=False, match_points=Fraction(score.home_match_points)
            )
            continue
        home_boards, away_boards = [], []
        for k, game in enumerate(games, start=1):
            points = teams.board_points(game, tournament) or (0, 0)
            h, a = points if teams.home_has_white(k) else (points[1], points[0])
            home_boards.append(Fraction(h) * tenth)
            away_boards.append(Fraction(a) * tenth)
        played = match.forfeit == MatchForfeit.NONE
        complete = score.complete
        for tpn, other, mine, mp in (
            (match.home.start_number, match.away.start_number, home_boards, score.home_match_points),
            (match.away.start_number, match.home.start_number, away_boards, score.away_match_points),
        ):
            given = None if played and complete else Fraction(mp if complete else 0)
            per_round.setdefault(tpn, {})[number] = TieBreakTeamRound(
                other if played else None, tuple(mine), played=played, match_points=given
            )
    for number, kind, tpn in requested_team_byes(tournament, rounds + 1, public=True):
        mp, gp = teams.bye_score(kind, tournament)
        per_round.setdefault(tpn, {})[number] = TieBreakTeamRound(
            None, tuple([Fraction(gp, boards) * tenth] * boards), played=False, match_points=Fraction(mp)
        )
    absent = TieBreakTeamRound(None, tuple([Fraction(0)] * boards), played=False, match_points=Fraction(0))
    rounds_of = {tpn: tuple(per_round.get(tpn, {}).get(k, absent) for k in range(1, rounds + 1)) for tpn in results}
    scoring = TeamScoring(
        match_win=Fraction(tournament.match_points_win),
        match_draw=Fraction(tournament.match_points_draw),
        match_loss=Fraction(tournament.match_points_loss),
        game_win=Fraction(tournament.points_win) * tenth,
        game_draw=Fraction(tournament.points_draw) * tenth,
    )
    primary = "GP" if tournament.team_primary_score == TeamPrimaryScore.GAME_POINTS else "MP"
    return TeamTable(
        rounds_of,
        scoring,
        primary,
        edition=edition_for(tournament.start_date.isoformat() if tournament.start_date else None),
    )
