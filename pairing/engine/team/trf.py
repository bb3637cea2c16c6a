"""A team tournament's TRF-2026 file: written for a generated event (files and the command
line) and read back (what ``python -m pairing --team`` pairs, checks and ranks). The team
records are written from plain data (:class:`TeamSection`, :func:`section_lines`) whoever
made the event: the generator here, the web app's TRF mapping from its rows.

Read and written: 012, 042, 142, 152, 192 (the team codes ``FIDE_TEAM_TYPEA_MP_GP``...,
see :func:`options_of`), 352 (the boards' colours; its length is the number of boards), 362
(match points, when not 2/1/0), 001 (every player, board by board), 310 (each team: TPN,
name, points, rank, players in board order), 240 (F, H, Z byes of teams), 250 (accelerated
rounds), 299 (abnormal points), 320 (the PAB's points and team of each round), 330
(forfeited matches), 802 (each team's rounds at a glance), 202/212 and the ``###TBV`` table
of tie-break values. Written when a section has them: 300 (boards played out of the default
order). Read only: 013 (TRF16's team record, when there is no 310), 162 (game points per
result), 260 (prohibited pairings; the web app writes them with the players' records).
Recognised and skipped: 801 (informative). The columns of each record are in
:mod:`pairing.engine.team.records`.

Scores are kept in tenths (match points 20/10/0 and game points 10/5/0 per board by
default; records 362 and 162 change them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.engine.state import Colour
from pairing.engine.team import records as rec
from pairing.engine.team.generator import GAME_DRAW, GAME_WIN, MATCH_DRAW, MATCH_LOSS, MATCH_WIN, TeamEvent
from pairing.engine.team.history import RoundKind, TeamResult, teams_before
from pairing.engine.team.model import ColourPreferences, Match, PrimaryScore, TeamPairing, TeamRound
from pairing.engine.trf import trf26
from pairing.engine.trf.reader import player_reader
from pairing.engine.trf.records import (
    RecordLine,
    TrfAbnormalPoints,
    TrfAcceleratedRounds,
    TrfBye,
    TrfError,
    TrfPlayer,
    TrfProhibited,
    format_points,
)

MATCH = rec.DEFAULT_TEAM_SCORING  # record 362's defaults, in tenths
GAME = {"W": 10, "D": 5, "L": 0, "A": 0}  # record 162's defaults, in tenths
# Record 162's groups: which result codes of a board score which item (P, the PAB, is the
# team's record 320 in a team event; X, an unknown result, is scored as a draw).
GAME_GROUP = {"1": "W", "W": "W", "+": "W", "F": "W", "=": "D", "D": "D", "H": "D", "0": "L", "L": "L"}
_ABNORMAL_KINDS = {
    "F": (RoundKind.FULL_BYE,),
    "H": (RoundKind.HALF_BYE,),
    "Z": (RoundKind.ZERO_BYE,),
    "+": (RoundKind.FORFEIT_WIN,),
    "-": (RoundKind.FORFEIT_LOSS,),
}
KEPT_TAGS = ("202", "212", "###")


class TeamTrfError(ValueError):
    """A team file that is well formed line by line but not a team tournament."""


def type_code(preferences: ColourPreferences, primary: PrimaryScore, use_secondary: bool) -> str:
    """Record 192 for the team system (TRF-2026 Tournament-Type Code Table)."""
    model = {ColourPreferences.TYPE_A: "_TYPEA", ColourPreferences.TYPE_B: "_TYPEB", ColourPreferences.NONE: ""}
    scores = ("MP", "GP") if primary is PrimaryScore.MATCH_POINTS else ("GP", "MP")
    return "FIDE_TEAM" + model[preferences] + "_" + "_".join(scores if use_secondary else scores[:1])


def options_of(code: str) -> tuple[ColourPreferences, PrimaryScore, bool]:
    """Record 192 read back. Reading (docs/team.md): a code naming no TYPE token is type A
    when it names no score either (``FIDE_TEAM``, ``FIDE_TEAM_BAKU``), no colour preferences
    when it names scores (``FIDE_TEAM_MP_GP``); the first score named is the primary, a
    second one the secondary used by art. 4.2.2, none named the default MP then GP."""
    tokens = code.strip().upper().split("_")
    if tokens[:2] != ["FIDE", "TEAM"]:
        raise TeamTrfError(f"record 192 {code!r} is not a team code (FIDE_TEAM...)")
    scores = [t for t in tokens if t in ("MP", "GP")]
    if "TYPEB" in tokens:
        preferences = ColourPreferences.TYPE_B
    elif "TYPEA" in tokens or not scores:
        preferences = ColourPreferences.TYPE_A
    else:
        preferences = ColourPreferences.NONE
    if not scores:
        return preferences, PrimaryScore.MATCH_POINTS, True
    primary = PrimaryScore.MATCH_POINTS if scores[0] == "MP" else PrimaryScore.GAME_POINTS
    return preferences, primary, len(scores) > 1


# ---------------------------------------------------------------- the file


@dataclass
class TeamFile:
    """A team tournament as its TRF-2026 records give it."""

    total_rounds: int
    initial_colour: Colour
    preferences: ColourPreferences
    primary: PrimaryScore
    use_secondary: bool
    boards: int
    histories: dict[int, list[TeamResult]]
    played_rounds: int
    absent: dict[int, set[int]] = field(default_factory=dict)  # round -> teams with a 240 bye
    forbidden: list[tuple[int, int, int, int]] = field(default_factory=list)  # first, last round, a, b
    name: str = ""
    start_date: str = ""
    type_192: str = ""
    colour_sequence: str = ""
    teams: dict[int, rec.TeamEntry] = field(default_factory=dict)
    match_scoring: dict[str, int] = field(default_factory=lambda: dict(MATCH))  # 362, tenths
    game_scoring: dict[str, int] = field(default_factory=lambda: dict(GAME))  # 162, tenths
    scoring_362: dict[str, int] = field(default_factory=dict)  # as written in the file
    scoring_162: tuple[tuple[str, int], ...] = ()
    pab_points: tuple[int, int] | None = None  # record 320: match, game points
    pab_teams: tuple[int, ...] = ()
    byes: tuple[TrfBye, ...] = ()
    forfeits: tuple[rec.ForfeitedMatch, ...] = ()
    out_of_order: tuple[rec.OutOfOrder, ...] = ()
    accelerations: tuple[TrfAcceleratedRounds, ...] = ()
    prohibited: tuple[TrfProhibited, ...] = ()
    abnormal: tuple[TrfAbnormalPoints, ...] = ()
    summaries: dict[int, rec.TeamSummary] = field(default_factory=dict)  # record 802
    board_points: dict[int, list[tuple[int, ...]]] = field(default_factory=dict)  # played matches, tenths
    other_records: tuple[str, ...] = ()  # 202, 212 and comment lines, as written
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)  # "310 T" -> (line, column)

    def pairing(self, number: int) -> TeamPairing:
        """The pairing round *number* had, as the file records it."""
        matches = []
        bye = None
        for t, results in sorted(self.histories.items()):
            result = results[number - 1]
            if result.kind is RoundKind.PAB:
                bye = t
            elif result.opponent is not None and result.colour is Colour.WHITE:
                matches.append(Match(t, result.opponent))
        return TeamPairing(tuple(matches), bye)

    def virtual_points(self, number: int) -> dict[int, tuple[int, int]]:
        """Record 250: each team's fictitious (match, game) points for pairing round *number*."""
        out: dict[int, tuple[int, int]] = {}
        for a in self.accelerations:
            if a.first_round <= number <= a.last_round:
                for t in range(a.first_player, a.last_player + 1):
                    mp, gp = out.get(t, (0, 0))
                    out[t] = (mp + (a.match_points or 0), gp + a.game_points)
        return out

    def round(self, number: int | None = None) -> TeamRound:
        """The round *number* (default: the next one) as it is paired from the rounds before
        it; the fictitious points of records 250 are added to the scores it is paired on."""
        number = number or self.played_rounds + 1
        before = {t: results[: number - 1] for t, results in self.histories.items()}
        teams = teams_before(before, self.primary)
        for t, (mp, gp) in self.virtual_points(number).items():
            if t in teams:
                team = teams[t]
                teams[t] = dataclasses.replace(
                    team, match_points=team.match_points + mp, game_points=team.game_points + gp
                )
        present = [t for t in sorted(teams) if t not in self.absent.get(number, set())]
        if number <= self.played_rounds:  # a played round: the teams that had a match or the PAB
            present = [
                t
                for t in present
                if self.histories[t][number - 1].kind
                not in (RoundKind.ZERO_BYE, RoundKind.HALF_BYE, RoundKind.FULL_BYE)
            ]
        return TeamRound(
            teams=tuple(teams[t] for t in present),
            round_to_pair=number,
            total_rounds=max(self.total_rounds, number),
            preferences=self.preferences,
            primary=self.primary,
            use_secondary=self.use_secondary,
            initial_colour=self.initial_colour,
            forbidden=tuple((a, b) for first, last, a, b in self.forbidden if first <= number <= last),
        )


# ---------------------------------------------------------------- reading


@dataclass
class _Seen:
    """What the records say, before the rounds are worked out."""

    players: dict[int, list[tuple[int, str, str]]] = field(default_factory=dict)
    teams: dict[int, rec.TeamEntry] = field(default_factory=dict)
    legacy: list[rec.TeamEntry] = field(default_factory=list)
    named: list[tuple[int, int, int, str]] = field(default_factory=list)  # line, column, team, record
    members_named: list[tuple[int, int, int]] = field(default_factory=list)  # line, column, player
    out_of_order: list[rec.OutOfOrder] = field(default_factory=list)
    forfeits: list[rec.ForfeitedMatch] = field(default_factory=list)
    byes: list[TrfBye] = field(default_factory=list)
    accelerations: list[TrfAcceleratedRounds] = field(default_factory=list)
    prohibited: list[TrfProhibited] = field(default_factory=list)
    abnormal: list[TrfAbnormalPoints] = field(default_factory=list)
    summaries: dict[int, rec.TeamSummary] = field(default_factory=dict)
    scoring_162: list[tuple[str, int]] = field(default_factory=list)
    scoring_362: dict[str, int] = field(default_factory=dict)
    pab: tuple[int, int, tuple[int, ...]] | None = None
    other: list[str] = field(default_factory=list)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    values: dict[str, object] = field(default_factory=dict)


def _ids(line: RecordLine, column: int, tag: str, seen: _Seen) -> None:
    seen.named += [(line.number, c, team, tag) for c, team in line.id_columns(column)]


def _record(tag: str, line: RecordLine, seen: _Seen, players: Callable[[RecordLine], TrfPlayer]) -> None:
    if tag == "001":
        p = players(line)
        seen.players[p.start] = [(r.opponent or 0, r.colour, r.result) for r in p.rounds]
    elif tag == "310":
        team = rec.team_310(line)
        if team.tpn in seen.teams:
            raise line.error(
                5, f"team pairing number {team.tpn} already used on line {seen.positions[f'310 {team.tpn}'][0]}"
            )
        seen.teams[team.tpn] = team
        seen.positions[f"310 {team.tpn}"] = (line.number, 5)
        seen.members_named += [(line.number, c, p) for c, p in line.id_columns(74)]
    elif tag == "013":
        team = rec.team_013(line, len(seen.legacy) + 1)
        seen.legacy.append(team)
        seen.positions[f"013 {team.tpn}"] = (line.number, 5)
        seen.members_named += [(line.number, c, p) for c, p in line.id_columns(37)]
    elif tag == "012":
        seen.values["name"] = line.text[4:].strip()
    elif tag == "042":
        seen.values["start_date"] = line.text[4:].strip()
    elif tag == "142":
        seen.values["total"] = trf26.rounds_142(line)
    elif tag == "152":
        seen.values["initial"] = trf26.colour_152(line)
    elif tag == "162":
        seen.scoring_162 += trf26.scoring_162(line)
    elif tag == "192":
        code = trf26.type_192(line)
        try:
            options_of(code)
        except TeamTrfError as exc:
            raise line.error(5, str(exc)) from None
        seen.values["code"] = code
    elif tag == "352":
        seen.values["sequence"] = rec.colours_352(line)
    elif tag == "362":
        seen.scoring_362.update(rec.scoring_362(line))
    elif tag == "240":
        seen.byes.append(trf26.bye_240(line))
        _ids(line, 11, tag, seen)
    elif tag == "250":
        seen.accelerations.append(trf26.accelerated_rounds_250(line))
        seen.named += [(line.number, 23, seen.accelerations[-1].first_player, tag)]
        seen.named += [(line.number, 28, seen.accelerations[-1].last_player, tag)]
    elif tag == "260":
        seen.prohibited.append(trf26.prohibited_260(line))
        _ids(line, 13, tag, seen)
    elif tag == "299":
        seen.abnormal.append(trf26.abnormal_299(line))
        _ids(line, 24, tag, seen)
    elif tag == "320":
        seen.pab = rec.pab_320(line)
        seen.named += [(line.number, 15 + 4 * k, t, tag) for k, t in enumerate(seen.pab[2]) if t]
    elif tag == "330":
        f = rec.forfeit_330(line)
        seen.forfeits.append(f)
        seen.named += [(line.number, 12, f.white, tag), (line.number, 16, f.black, tag)]
    elif tag == "300":
        o = rec.out_of_order_300(line)
        seen.out_of_order.append(o)
        seen.named += [(line.number, 9, o.team, tag)]
        seen.members_named += [(line.number, 17 + 5 * k, p) for k, p in enumerate(o.players) if p]
    elif tag == "802":
        s = rec.summary_802(line)
        seen.summaries[s.tpn] = s
        seen.named += [(line.number, 5, s.tpn, tag)]
    elif tag in rec.INFORMATIVE_ONLY:
        pass
    elif tag.startswith(KEPT_TAGS):
        seen.other.append(line.text.rstrip())


def read_team_trf(text: str) -> TeamFile:
    """A team file's records; a malformed one raises :class:`TrfError` (line, column)."""
    seen = _Seen()
    players = player_reader()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = RecordLine(number, raw.rstrip("\r\n").replace("\t", " "))
        if line.text.strip():
            _record(line.text[:3], line, seen, players)
    teams = seen.teams or {t.tpn: t for t in seen.legacy}  # 013 only when there is no 310
    if not teams:
        raise TeamTrfError("no team records (310 or 013): not a team tournament file")
    for number, column, player in seen.members_named:
        if player and player not in seen.players:
            raise TrfError(number, column, f"player {player} has no 001 record")
    for number, column, team, tag in seen.named:
        if team and team not in teams:
            raise TrfError(number, column, f"record {tag} names team {team}, which has no 310 record")
    return _build(seen, teams)


def _build(seen: _Seen, teams: dict[int, rec.TeamEntry]) -> TeamFile:
    v = seen.values
    preferences, primary, use_secondary = options_of(str(v.get("code", "FIDE_TEAM")))
    sequence = str(v.get("sequence", ""))
    boards = len(sequence) or max(len(t.members) for t in teams.values())
    match_scoring = {**MATCH, **seen.scoring_362}
    game_scoring = {**GAME, **dict(seen.scoring_162)}

    def game_value(result: str) -> int:
        return game_scoring[GAME_GROUP[result]] if result in GAME_GROUP else game_scoring["A"]

    team_of = {p: t.tpn for t in teams.values() for p in t.members}
    order = {(o.round, o.team): o.players for o in seen.out_of_order}
    pab_match, pab_game, pab_rounds = seen.pab or (match_scoring["TD"], None, ())
    pab_of_round = {r: t for r, t in enumerate(pab_rounds, start=1) if t}
    forfeits = {}
    for f in seen.forfeits:
        forfeits[(f.round, f.white)] = forfeits[(f.round, f.black)] = f
    byes = {(b.round, t): b.kind for b in seen.byes for t in b.players}
    absent: dict[int, set[int]] = {}
    for b in seen.byes:
        absent.setdefault(b.round, set()).update(b.players)
    played_rounds = max(
        [len(entries) for entries in seen.players.values()] + [max(pab_of_round, default=0)] + [r for r, _ in byes]
    )
    pab_game = pab_game if pab_game is not None else game_scoring["D"] * boards
    histories: dict[int, list[TeamResult]] = {t: [] for t in teams}
    board_points: dict[int, list[tuple[int, ...]]] = {t: [] for t in teams}

    def entry(player: int, r: int) -> tuple[int, str, str]:
        entries = seen.players.get(player, [])
        return entries[r - 1] if len(entries) >= r else (0, "-", "Z")

    unplayed = _Unplayed(boards, match_scoring, game_scoring, pab_of_round, (pab_match, pab_game), byes, forfeits)
    for r in range(1, played_rounds + 1):
        seated: dict[int, list[tuple[int, str, str]]] = {}
        for t, team in teams.items():
            if (r, t) in order:  # record 300: the boards as they were played
                seated[t] = [entry(p, r) if p else (0, "-", "-") for p in order[(r, t)]]
            else:  # the 310 order of the players who had a game or a forfeit
                seated[t] = [e for e in (entry(p, r) for p in team.members) if e[0] or e[2] in "+-"][:boards]
            board_points[t].append(tuple(game_value(res) for _, _, res in seated[t]))
        game = {t: sum(board_points[t][-1]) for t in teams}
        for t in teams:
            first = seated[t][0] if seated[t] else (0, "-", "Z")
            opponent = team_of.get(first[0]) if first[0] else None
            colour = Colour.WHITE if first[1] == "w" else Colour.BLACK if first[1] == "b" else None
            histories[t].append(unplayed.result(t, r, opponent, colour, game))
    _apply_abnormal(histories, seen.abnormal)
    return TeamFile(
        total_rounds=int(v.get("total", 0)),  # type: ignore[call-overload]
        initial_colour=Colour.BLACK if v.get("initial") == "B" else Colour.WHITE,
        preferences=preferences,
        primary=primary,
        use_secondary=use_secondary,
        boards=boards,
        histories=histories,
        played_rounds=played_rounds,
        absent=absent,
        forbidden=[
            (p.first_round, p.last_round, a, b)
            for p in seen.prohibited
            for i, a in enumerate(p.players)
            for b in p.players[i + 1 :]
        ],
        name=str(v.get("name", "")),
        start_date=str(v.get("start_date", "")),
        type_192=str(v.get("code", "")),
        colour_sequence=sequence,
        teams=teams,
        match_scoring=match_scoring,
        game_scoring=game_scoring,
        scoring_362=dict(seen.scoring_362),
        scoring_162=tuple(seen.scoring_162),
        pab_points=(pab_match, pab_game) if seen.pab else None,
        pab_teams=pab_rounds,
        byes=tuple(seen.byes),
        forfeits=tuple(seen.forfeits),
        out_of_order=tuple(seen.out_of_order),
        accelerations=tuple(seen.accelerations),
        prohibited=tuple(seen.prohibited),
        abnormal=tuple(seen.abnormal),
        summaries=seen.summaries,
        board_points=board_points,
        other_records=tuple(seen.other),
        positions=seen.positions,
    )


@dataclass(frozen=True)
class _Unplayed:
    """The records that say a round had no match over the boards: 320, 240, 330."""

    boards: int
    match_scoring: dict[str, int]
    game_scoring: dict[str, int]
    pab_of_round: dict[int, int]
    pab: tuple[int, int]
    byes: dict[tuple[int, int], str]
    forfeits: dict[tuple[int, int], rec.ForfeitedMatch]

    def result(self, t: int, r: int, opponent: int | None, colour: Colour | None, game: dict[int, int]) -> TeamResult:
        """Team *t*'s round *r*: the PAB (320), a bye (240), a forfeited match (330), else
        the match its first board played, else a zero-point round."""
        scoring = self.match_scoring
        if self.pab_of_round.get(r) == t:
            return TeamResult(RoundKind.PAB, match_points=self.pab[0], game_points=self.pab[1])
        kind = self.byes.get((r, t))
        if kind == "F":
            return TeamResult(RoundKind.FULL_BYE, None, None, scoring["TW"], self.game_scoring["W"] * self.boards)
        if kind == "H":
            return TeamResult(RoundKind.HALF_BYE, None, None, scoring["TD"], self.game_scoring["D"] * self.boards)
        if kind:
            return TeamResult(RoundKind.ZERO_BYE)
        f = self.forfeits.get((r, t))
        if f:
            other = f.black if t == f.white else f.white
            scheduled = Colour.WHITE if t == f.white else Colour.BLACK  # not a colour had (art. 1.6.1)
            if f.kind == "--":
                return TeamResult(RoundKind.DOUBLE_FORFEIT, other, scheduled)
            if (f.kind == "+-") == (t == f.white):
                return TeamResult(RoundKind.FORFEIT_WIN, other, scheduled, scoring["TW"], game[t])
            return TeamResult(RoundKind.FORFEIT_LOSS, other, scheduled, scoring["TL"], game[t])
        if opponent is None or opponent == t:
            return TeamResult(RoundKind.ZERO_BYE)
        outcome = "TW" if game[t] > game[opponent] else "TD" if game[t] == game[opponent] else "TL"
        return TeamResult(RoundKind.PLAYED, opponent, colour, scoring[outcome], game[t])


def _apply_abnormal(histories: dict[int, list[TeamResult]], abnormal: tuple[TrfAbnormalPoints, ...]) -> None:
    """Record 299 (a reading, docs/team.md): a typed record (W D L F H Z + -) gives the
    teams it names (all teams when it names none) the points it states in place of the
    usual ones, in its round (every round when 000 or blank), in the rounds of that type (W,
    D, L: a match played and won, drawn, lost over the boards); a blank type is a penalty or
    a bonus added to the team's round (round 1 when it names none). A blank field keeps the
    usual points."""
    outcome = {
        (t, r): _outcome(res, histories[res.opponent][r - 1]) if res.opponent in histories else ""
        for t, results in histories.items()
        for r, res in enumerate(results, start=1)
    }
    for a in abnormal:
        for t in a.players or tuple(histories):
            results = histories.get(t, [])
            if a.kind.strip():
                for r in [a.round] if a.round else range(1, len(results) + 1):
                    if 1 <= r <= len(results) and _of_kind(a.kind, results[r - 1], outcome[(t, r)]):
                        res = results[r - 1]
                        results[r - 1] = dataclasses.replace(
                            res,
                            match_points=res.match_points if a.match_points is None else a.match_points,
                            game_points=res.game_points if a.points is None else a.points,
                        )
            elif 1 <= (a.round or 1) <= len(results):
                r = a.round or 1
                res = results[r - 1]
                results[r - 1] = dataclasses.replace(
                    res,
                    match_points=res.match_points + (a.match_points or 0),
                    game_points=res.game_points + (a.points or 0),
                )


def _of_kind(kind: str, result: TeamResult, outcome: str) -> bool:
    if kind in _ABNORMAL_KINDS:
        return result.kind in _ABNORMAL_KINDS[kind]
    return result.kind is RoundKind.PLAYED and outcome == kind


def _outcome(result: TeamResult, theirs: TeamResult) -> str:
    """W, D or L of a match played over the boards, by the two teams' game points."""
    if result.kind is not RoundKind.PLAYED:
        return ""
    return "W" if result.game_points > theirs.game_points else "D" if result.game_points == theirs.game_points else "L"


# ---------------------------------------------------------------- writing


@dataclass(frozen=True)
class WriteOptions:
    """What a written file adds to the event: the scoring records (match points in tenths
    per TW/TD/TL, written as record 362 when not 2/1/0), records 250 and 299 as given (they
    change what the file's rounds are worth, so an event written with them reads back with
    them applied), the tie-break list (202, 212 and the ``###TBV`` table) and the start date
    (record 042, which names the C.07 edition)."""

    name: str = "Generated team event"
    match_scoring: dict[str, int] = field(default_factory=lambda: dict(MATCH))
    accelerations: tuple[TrfAcceleratedRounds, ...] = ()
    abnormal: tuple[TrfAbnormalPoints, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    start_date: str = ""


def _match_tenths(result: TeamResult, scoring: dict[str, int]) -> int:
    """The generator's 2/1/0 as the file's match points (record 362)."""
    if result.kind in (RoundKind.ZERO_BYE, RoundKind.DOUBLE_FORFEIT):
        return 0
    return {MATCH_WIN: scoring["TW"], MATCH_DRAW: scoring["TD"], MATCH_LOSS: scoring["TL"]}[result.match_points]


def _summary_round(result: TeamResult) -> rec.SummaryRound:
    bye = {RoundKind.PAB: "PAB", RoundKind.FULL_BYE: "FPB", RoundKind.HALF_BYE: "HPB", RoundKind.ZERO_BYE: "ZPB"}
    if result.kind in bye:
        return rec.SummaryRound(None, bye[result.kind], "", result.game_points)
    colour = "w" if result.colour is Colour.WHITE else "b" if result.colour is Colour.BLACK else ""
    forfeited = result.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT)
    return rec.SummaryRound(result.opponent, "", colour, result.game_points, forfeited)


@dataclass(frozen=True)
class TeamSection:
    """A team event's own records as plain data, whoever made the event (the generator
    here, the web app's adapter from its rows): what :func:`section_lines` writes. TPNs,
    the players' start numbers (record 001) and points in tenths."""

    boards: int
    teams: tuple[rec.TeamEntry, ...]  # record 310 without the rank; members in board order
    summaries: tuple[rec.TeamSummary, ...]  # record 802
    pab_points: tuple[int, int]  # record 320: match, game points
    pab_teams: tuple[int, ...]  # the PAB team of each round, 0 for none
    match_scoring: dict[str, int] = field(default_factory=lambda: dict(MATCH))  # record 362
    forfeits: tuple[rec.ForfeitedMatch, ...] = ()  # record 330
    byes: tuple[TrfBye, ...] = ()  # record 240 (F, H, Z), by TPN
    out_of_order: tuple[rec.OutOfOrder, ...] = ()  # record 300
    accelerations: tuple[TrfAcceleratedRounds, ...] = ()  # record 250
    abnormal: tuple[TrfAbnormalPoints, ...] = ()  # record 299


def colour_sequence(boards: int) -> str:
    """Record 352: White on board 1 for the first team, the colours alternating after it."""
    return "".join("W" if k % 2 == 0 else "B" for k in range(boards))


def section_header_lines(section: TeamSection) -> list[str]:
    """Records 352 and 362 (the latter when the match points are not 2/1/0)."""
    out = [f"352 {colour_sequence(section.boards)}"]
    if section.match_scoring != MATCH:
        out.append(rec.scoring_line(section.match_scoring))
    return out


def section_lines(section: TeamSection, ranks: dict[int, int]) -> list[str]:
    """Records 310 (with *ranks*), 320, 330, 240, 300, 250, 299 and 802 of *section*."""
    out = [rec.team_line(dataclasses.replace(t, rank=ranks.get(t.tpn))) for t in section.teams]
    out.append(rec.pab_line(*section.pab_points, section.pab_teams))
    out += [rec.forfeit_line(f) for f in section.forfeits]
    out += [f"240 {b.kind} {b.round:03d}" + "".join(f" {t:04d}" for t in b.players) for b in section.byes]
    out += [rec.out_of_order_line(o) for o in section.out_of_order]
    out += [_acceleration_line(a) for a in section.accelerations]
    out += [trf26.abnormal_line(a) for a in section.abnormal]
    out += [rec.summary_line(s) for s in section.summaries]
    return out


def summary_of(
    tpn: int, nickname: str, results: list[TeamResult], match_tenths: Callable[[TeamResult], int]
) -> rec.TeamSummary:
    """Record 802 of a team from its rounds; *match_tenths* gives a round's match points in tenths."""
    return rec.TeamSummary(
        tpn,
        nickname,
        sum(match_tenths(r) for r in results),
        sum(r.game_points for r in results),
        tuple(_summary_round(r) for r in results),
    )


def write_records(event: TeamEvent, options: WriteOptions, ranks: dict[int, int], value_lines: list[str]) -> str:
    """The TRF-2026 records of *event* with the given *ranks* (record 310) and ``###TBV``
    *value_lines*; :func:`pairing.engine.team.standings.write_team_trf` computes them."""
    config = event.config
    boards = config.boards
    scoring = options.match_scoring
    sequence = colour_sequence(boards)
    out = [f"012 {options.name}"]
    if options.start_date:
        out.append(f"042 {options.start_date}")
    out += [
        f"142 {config.rounds}",
        f"152 {'W' if event.initial_colour is Colour.WHITE else 'B'}",
        f"192 {type_code(config.preferences, config.primary, config.use_secondary)}",
    ]
    if options.tiebreaks:
        out += ["202 " + ",".join(options.tiebreaks), "212 " + ",".join(("PTS", *options.tiebreaks))]

    def player(tpn: int, board: int) -> int:
        return (tpn - 1) * boards + board

    entries: dict[int, list[tuple[int, str, str]]] = {}
    game_points: dict[int, int] = {}
    byes: list[TrfBye] = []
    forfeits: list[rec.ForfeitedMatch] = []
    for played in event.rounds:
        r = played.number
        seen = set()
        for match in played.pairing.matches:
            results = played.boards[(match.white, match.black)]
            for board in range(1, boards + 1):
                white_team_white = sequence[board - 1] == "W"
                for team, other in ((match.white, match.black), (match.black, match.white)):
                    colour = "w" if (team == match.white) == white_team_white else "b"
                    if results is None:
                        winner = played.forfeit_winner[(match.white, match.black)]
                        result = "+" if team == winner else "-"
                    else:
                        seen_from_white = results[board - 1]
                        result = (
                            seen_from_white if team == match.white else {"1": "0", "0": "1", "=": "="}[seen_from_white]
                        )
                    entries.setdefault(player(team, board), []).append((player(other, board), colour, result))
                    gained = GAME[GAME_GROUP.get(result, "A")]
                    game_points[player(team, board)] = game_points.get(player(team, board), 0) + gained
            seen |= {match.white, match.black}
            if results is None:
                winner = played.forfeit_winner[(match.white, match.black)]
                kind = "+-" if winner == match.white else "-+"
                forfeits.append(rec.ForfeitedMatch(kind, r, match.white, match.black))
        for tpn in range(1, config.teams + 1):
            if tpn in seen:
                continue
            code = (
                "U"
                if tpn == played.pairing.bye
                else "F"
                if tpn in played.full_byes
                else "H"
                if tpn in played.half_byes
                else "Z"
            )
            for board in range(1, boards + 1):
                entries.setdefault(player(tpn, board), []).append((0, "-", code))
                gained = {"U": GAME_DRAW, "F": GAME_WIN, "H": GAME_DRAW}.get(code, 0)
                game_points[player(tpn, board)] = game_points.get(player(tpn, board), 0) + gained
            if code in "FHZ":
                byes.append(TrfBye(code, r, (tpn,)))
    summaries = _generated_summaries(event, scoring)
    section = TeamSection(
        boards=boards,
        teams=tuple(
            rec.TeamEntry(
                tpn=s.tpn,
                name=f"Team {s.tpn}",
                members=tuple(player(s.tpn, board) for board in range(1, boards + 1)),
                nickname=s.nickname,
                match_points=s.match_points,
                game_points=s.game_points,
            )
            for s in summaries
        ),
        summaries=summaries,
        pab_points=(scoring["TD"], GAME_DRAW * boards),
        pab_teams=tuple(r.pairing.bye or 0 for r in event.rounds),
        match_scoring=scoring,
        forfeits=tuple(forfeits),
        byes=tuple(byes),
        accelerations=options.accelerations,
        abnormal=options.abnormal,
    )
    out += section_header_lines(section)
    for tpn in range(1, config.teams + 1):
        for board in range(1, boards + 1):
            number = player(tpn, board)
            line: list[str] = []
            rec._put(line, 1, "001")
            rec._put(line, 5, f"{number:4d}")
            rec._put(line, 15, f"Team {tpn} board {board}"[:33])
            rec._put(line, 81, f"{game_points.get(number, 0) / 10:4.1f}")
            rec._put(line, 86, f"{number:4d}")
            for k, (opponent, colour, result) in enumerate(entries.get(number, [])):
                rec._put(line, 92 + 10 * k, f"{opponent:4d} {colour} {result}")
            out.append("".join(line).rstrip())
    out += section_lines(section, ranks)
    out += value_lines
    return "\n".join(out) + "\n"


def _generated_summaries(event: TeamEvent, scoring: dict[str, int]) -> tuple[rec.TeamSummary, ...]:
    rounds = len(event.rounds)
    return tuple(
        summary_of(tpn, f"T{tpn:03d}", event.histories[tpn][:rounds], lambda r: _match_tenths(r, scoring))
        for tpn in range(1, event.config.teams + 1)
    )


def _acceleration_line(a: TrfAcceleratedRounds) -> str:
    mp = "    " if a.match_points is None else f"{format_points(a.match_points):>4}"
    return (
        f"250 {mp} {format_points(a.game_points):>4} {a.first_round:03d} {a.last_round:03d} "
        f"{a.first_player:4d} {a.last_player:4d}"
    )
