"""The team records of TRF-2026: a minimal writer (a generated event, for files and for
the command line) and a reader of the same records (what ``python -m pairing --team`` pairs).

Read and written: 012, 142 (rounds), 152 (initial colour, art. 4.1), 192 (the team codes:
``FIDE_TEAM_TYPEA_MP_GP``... the colour model and the scores, see :func:`options_of`), 352
(the board colours; its length is the number of boards), 001 (every player, board by
board), 310 (each team: TPN, match and game points, players in board order), 240 (F, H, Z
byes of teams), 320 (the PAB: its points and the team of each round), 330 (forfeited
matches), 260 (prohibited pairings of teams). Read only: 300 (out-of-order boards: which
player sat on board 1). Not read: 013 (superseded by 310), 250 (acceleration), 299
(abnormal points), 362 and 162 (the default 2/1/0 and 1/0.5/0 are assumed), 801/802.

Scores are read in tenths (match points 20/10/0, game points 10/5/0 per board).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairing.engine.state import Colour
from pairing.engine.team.generator import GAME_DRAW, GAME_WIN, TeamEvent
from pairing.engine.team.history import RoundKind, TeamResult, teams_before
from pairing.engine.team.model import ColourPreferences, Match, PrimaryScore, TeamPairing, TeamRound

MATCH = {"W": 20, "D": 10, "L": 0}  # record 362 defaults, in tenths
GAME = {"1": 10, "=": 5, "0": 0, "W": 10, "D": 5, "L": 0, "+": 10, "-": 0}  # record 162 defaults
PLAYED_RESULTS = frozenset("1=0WDL")


class TeamTrfError(ValueError):
    pass


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


def _points(tenths: int) -> str:
    return f"{tenths / 10:.1f}"


def _put(line: list[str], start: int, text: str) -> None:
    """Write *text* at 1-based column *start*."""
    for k, ch in enumerate(text):
        index = start - 1 + k
        while len(line) <= index:
            line.append(" ")
        line[index] = ch


def write_team_trf(event: TeamEvent, name: str = "Generated team event") -> str:
    """TRF-2026 team records of *event* (its rounds so far)."""
    config = event.config
    boards = config.boards
    rounds = len(event.rounds)
    sequence = "".join("W" if k % 2 == 0 else "B" for k in range(boards))
    out = [
        f"012 {name}",
        f"142 {config.rounds}",
        f"152 {'W' if event.initial_colour is Colour.WHITE else 'B'}",
        f"192 {type_code(config.preferences, config.primary, config.use_secondary)}",
        f"352 {sequence}",
    ]

    def player(tpn: int, board: int) -> int:
        return (tpn - 1) * boards + board

    entries: dict[int, list[tuple[int, str, str]]] = {}
    game_points: dict[int, int] = {}
    byes: list[str] = []
    forfeits: list[str] = []
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
                    game_points[player(team, board)] = game_points.get(player(team, board), 0) + GAME[result]
            seen |= {match.white, match.black}
            if results is None:
                winner = played.forfeit_winner[(match.white, match.black)]
                kind = "+-" if winner == match.white else "-+"
                forfeits.append(f"330 {kind} {r:03d} {match.white:03d} {match.black:03d}")
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
                byes.append(f"240 {code} {r:03d} {tpn:04d}")
    for tpn in range(1, config.teams + 1):
        for board in range(1, boards + 1):
            number = player(tpn, board)
            line: list[str] = []
            _put(line, 1, "001")
            _put(line, 5, f"{number:4d}")
            _put(line, 15, f"Team {tpn} board {board}"[:33])
            _put(line, 81, f"{game_points.get(number, 0) / 10:4.1f}")
            _put(line, 86, f"{number:4d}")
            for k, (opponent, colour, result) in enumerate(entries.get(number, [])):
                _put(line, 92 + 10 * k, f"{opponent:4d} {colour} {result}")
            out.append("".join(line).rstrip())
    histories = event.histories
    for tpn in range(1, config.teams + 1):
        results = histories[tpn][:rounds]
        line = []
        _put(line, 1, "310")
        _put(line, 5, f"{tpn:3d}")
        _put(line, 9, f"Team {tpn}"[:32])
        _put(line, 55, f"{sum(r.match_points for r in results) * 10 / 10:6.1f}")
        _put(line, 62, f"{sum(r.game_points for r in results) / 10:6.1f}")
        _put(line, 69, f"{tpn:3d}")
        for board in range(1, boards + 1):
            _put(line, 74 + 5 * (board - 1), f"{player(tpn, board):4d}")
        out.append("".join(line).rstrip())
    pab = " ".join(f"{(r.pairing.bye or 0):03d}" for r in event.rounds)
    out.append(f"320 {1.0:04.1f} {GAME_DRAW * boards / 10:04.1f} {pab}".rstrip())
    out += forfeits + byes
    return "\n".join(out) + "\n"


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

    def round(self, number: int | None = None) -> TeamRound:
        """The round *number* (default: the next one) as it is paired from the rounds before it."""
        number = number or self.played_rounds + 1
        before = {t: results[: number - 1] for t, results in self.histories.items()}
        teams = teams_before(before, self.primary)
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


def _int(text: str, what: str, number: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise TeamTrfError(f"line {number}: {what} {text.strip()!r} is not a number") from None


def _tenths(text: str, what: str, number: int) -> int:
    try:
        return round(float(text) * 10)
    except ValueError:
        raise TeamTrfError(f"line {number}: {what} {text.strip()!r} is not a number") from None


def read_team_trf(text: str) -> TeamFile:
    players: dict[int, list[tuple[int, str, str]]] = {}
    teams: dict[int, list[int]] = {}
    order: dict[tuple[int, int], int] = {}  # (round, team) -> board-1 player (record 300)
    pab_points = (MATCH["D"], None)
    pab_of_round: dict[int, int] = {}
    forfeits: dict[tuple[int, int], tuple[str, int, int]] = {}
    byes: dict[tuple[int, int], str] = {}
    absent: dict[int, set[int]] = {}
    forbidden: list[tuple[int, int, int, int]] = []
    total = 0
    initial = Colour.WHITE
    code = "FIDE_TEAM"
    boards = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        tag = line[:3]
        if tag == "001":
            start = _int(line[4:8], "the starting rank", number)
            rounds = []
            k = 91
            while k < len(line):
                chunk = line[k : k + 8].ljust(8)
                opponent = chunk[0:4].strip()
                rounds.append((int(opponent) if opponent.isdigit() else 0, chunk[5].lower(), chunk[7].upper()))
                k += 10
            players[start] = rounds
        elif tag == "310":
            tpn = _int(line[4:7], "the team pairing number", number)
            members = []
            k = 73
            while k < len(line):
                field_ = line[k : k + 4].strip()
                if field_:
                    members.append(_int(field_, "a player", number))
                k += 5
            teams[tpn] = members
        elif tag == "142":
            total = _int(line[4:].strip(), "the number of rounds", number)
        elif tag == "152":
            initial = Colour.BLACK if line[4:].strip().upper().startswith("B") else Colour.WHITE
        elif tag == "192":
            code = line[4:].strip()
        elif tag == "352":
            boards = len(line[4:].strip())
        elif tag == "320":
            fields = line[4:].split()
            if len(fields) < 2:
                raise TeamTrfError(f"line {number}: record 320 needs the PAB's match and game points")
            pab_points = (_tenths(fields[0], "PAB match points", number), _tenths(fields[1], "PAB game points", number))
            for r, team in enumerate(fields[2:], start=1):
                if _int(team, "a PAB team", number):
                    pab_of_round[r] = int(team)
        elif tag == "330":
            kind, r, white, black = line[4:6], int(line[7:10]), int(line[11:14]), int(line[15:18])
            forfeits[(r, white)] = (kind, white, black)
            forfeits[(r, black)] = (kind, white, black)
        elif tag == "240":
            kind, r = line[4].upper(), _int(line[6:9], "the round", number)
            for team in line[10:].split():
                byes[(r, int(team))] = kind
                absent.setdefault(r, set()).add(int(team))
        elif tag == "300":
            r, team = _int(line[4:7], "the round", number), _int(line[8:11], "the team", number)
            first = line[16:20].strip()
            if first and int(first):
                order[(r, team)] = int(first)
        elif tag == "260":
            first, last = _int(line[4:7], "the first round", number), _int(line[8:11], "the last round", number)
            ids = [int(x) for x in line[12:].split()]
            forbidden += [(first, last, a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    if not teams:
        raise TeamTrfError("no team records (310): not a team tournament file")
    preferences, primary, use_secondary = options_of(code)
    boards = boards or max(len(m) for m in teams.values())
    team_of = {p: t for t, members in teams.items() for p in members}
    played_rounds = max(
        [len([e for e in entries if e != (0, " ", " ")]) for entries in players.values()]
        + [max(pab_of_round, default=0)]
    )
    pab_game = pab_points[1] if pab_points[1] is not None else GAME_DRAW * boards
    histories: dict[int, list[TeamResult]] = {t: [] for t in teams}
    for r in range(1, played_rounds + 1):
        game = {}
        opponent_of: dict[int, int | None] = {}
        colour_of: dict[int, Colour | None] = {}
        for t, members in teams.items():
            entries = [players.get(p, [])[r - 1] if len(players.get(p, [])) >= r else (0, "-", "Z") for p in members]
            game[t] = sum(GAME.get(res, 0) for _, _, res in entries)
            first = order.get((r, t), members[0] if members else 0)
            opponent, colour, _ = players.get(first, [])[r - 1] if len(players.get(first, [])) >= r else (0, "-", "Z")
            opponent_of[t] = team_of.get(opponent) if opponent else None
            colour_of[t] = Colour.WHITE if colour == "w" else Colour.BLACK if colour == "b" else None
        for t in teams:
            if pab_of_round.get(r) == t:
                histories[t].append(TeamResult(RoundKind.PAB, match_points=pab_points[0], game_points=pab_game))
            elif (r, t) in byes:
                kind = byes[(r, t)]
                result = {
                    "F": TeamResult(RoundKind.FULL_BYE, match_points=MATCH["W"], game_points=GAME_WIN * boards),
                    "H": TeamResult(RoundKind.HALF_BYE, match_points=MATCH["D"], game_points=GAME_DRAW * boards),
                }.get(kind, TeamResult(RoundKind.ZERO_BYE))
                histories[t].append(result)
            elif (r, t) in forfeits:
                kind, white, black = forfeits[(r, t)]
                other = black if t == white else white
                won = (kind == "+-" and t == white) or (kind == "-+" and t == black)
                scheduled = Colour.WHITE if t == white else Colour.BLACK  # not a colour had (art. 1.6.1)
                if kind == "--":
                    histories[t].append(TeamResult(RoundKind.DOUBLE_FORFEIT, other, scheduled))
                elif won:
                    histories[t].append(TeamResult(RoundKind.FORFEIT_WIN, other, scheduled, MATCH["W"], game[t]))
                else:
                    histories[t].append(TeamResult(RoundKind.FORFEIT_LOSS, other, scheduled, MATCH["L"], game[t]))
            elif opponent_of[t] is None:
                histories[t].append(TeamResult(RoundKind.ZERO_BYE))
            else:
                other = opponent_of[t]
                outcome = "W" if game[t] > game[other] else "D" if game[t] == game[other] else "L"
                histories[t].append(TeamResult(RoundKind.PLAYED, other, colour_of[t], MATCH[outcome], game[t]))
    return TeamFile(
        total, initial, preferences, primary, use_secondary, boards, histories, played_rounds, absent, forbidden
    )
