"""The team-competition tie-breaks of C.07 articles 11-13, on plain data.

A team competition scores each match twice: match points (MP, from the comparison of the
two teams' game points) and game points (GP, the sum of the boards); the regulations make
one primary and the other secondary (11). Input: per team, its rounds as
:class:`TeamRound` (opponent, game points on each board, board 1 first); output: values
per team and the standings by an ordered list.

Codes (a ``:MP`` or ``:GP`` suffix picks the score a code reads; without one, the primary):

    MP, GP           match points, game points (11)      MPVGP  the secondary score (13.1)
    BC               board count (12.2: board number x game points, lower is better)
    TBR              top-board result (12.3: the boards' totals compared from board 1 down)
    BBE              bottom-board elimination (12.4: the bottom boards left out one by one)
    BH, SB           Buchholz and Sonneborn-Berger on the team's scores (13, 8.1, 9.1)
    WIN, WON, PS, KS, AOB  matches won (with or without playing), matches won over the boards,
                     progressive score, Koya, average of the opponents' Buchholz, on a
                     team score (13, 7.1, 7.2, 7.6, 9.2, 8.2)
    EMMSB, EMGSB, EGMSB, EGGSB  extended Sonneborn-Berger (13.2): the opponent's MP or GP
                     (second letter) times the team's MP or GP in the match (third letter);
                     ESB reads the primary then the secondary score; ``/C1`` cuts the least
    EDE              extended direct encounter (13.3.1): direct encounter on the primary
                     score, then the secondary, again until nothing changes; EDEC adds the
                     board count, EDET the top-board result, EDEB the bottom-board
                     elimination, EDEBT both BC and TBR, EDEBB both BC and BBE (13.3.2), the
                     board criteria read in the matches between exactly two teams still tied
    SSSC             score strength combination (13.4): the secondary score plus the
                     Buchholz on the primary score divided by the rounds' maximum primary
                     score per board, rounded to hundredths

Unplayed rounds follow article 16 as for players: a round without a match is a voluntary
unplayed round unless it gave a match win (PAB, forfeit win); the dummy opponent of 16.4
scores the team's own score, capped in the 2026 edition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pairing.engine.tiebreaks.codes import TieBreakCodeError
from pairing.engine.tiebreaks.values import cut_terms

TEAM_CODES = frozenset(
    {
        "MP",
        "GP",
        "MPVGP",
        "BC",
        "TBR",
        "BBE",
        "ESB",
        "EMMSB",
        "EMGSB",
        "EGMSB",
        "EGGSB",
        "EDEC",
        "EDET",
        "EDEB",
        "EDEBT",
        "EDEBB",
        "SSSC",
    }
)
_OPPONENT_SUMS = frozenset({"BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"})
_SHARED = frozenset({"WIN", "WON", "PS", "KS", "AOB"})  # MTB26 table 2: for players and teams
_ENCOUNTER_STEPS = {
    "DE": "P",
    "EDE": "PS",
    "EDEC": "PSC",
    "EDET": "PST",
    "EDEB": "PSB",
    "EDEBT": "PSCT",
    "EDEBB": "PSCB",
}
KNOWN = TEAM_CODES | _OPPONENT_SUMS | _SHARED | set(_ENCOUNTER_STEPS) | {"PTS"}
_CUTTABLE = (_OPPONENT_SUMS - {"SSSC"}) | {"PS"}


@dataclass(frozen=True)
class TeamScoring:
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    game_win: Fraction = Fraction(1)
    game_draw: Fraction = Fraction(1, 2)


@dataclass(frozen=True)
class TeamRound:
    """One team's round. *boards*: its game points on each board, board 1 first (for a
    round without a match, what the regulations give, e.g. a win on every board for a
    PAB). *match_points*: given for a round without a match over the boards (a PAB, a
    forfeited match, an absence); a match played has them from the two teams' boards."""

    opponent: int | None
    boards: tuple[Fraction, ...]
    played: bool = True
    match_points: Fraction | None = None
    # C.07 16.2: whether an unplayed round was the team's choice (a VUR). None: derived, a
    # round without a match that gave no match win; a PAB worth a drawn match (C.04.6 1.4)
    # is not the team's choice (16.2.1) and is given as False.
    voluntary: bool | None = None


@dataclass(frozen=True)
class TeamTieBreak:
    name: str
    score: str = ""  # "MP", "GP" or "" (the primary)
    cut_low: int = 0

    @property
    def code(self) -> str:
        return self.name + (f":{self.score}" if self.score else "") + (f"/C{self.cut_low}" if self.cut_low else "")

    @property
    def lower_is_better(self) -> bool:
        return self.name == "BC" or self.name in _ENCOUNTER_STEPS


def parse_team(code: str) -> TeamTieBreak:
    """``"EMGSB/C1"``, ``"BH:GP"``... -> TeamTieBreak; unknown names are refused."""
    head, *modifiers = code.strip().upper().split("/")
    name, _, score = head.partition(":")
    if name not in KNOWN:
        raise TieBreakCodeError(f"unknown team tie-break {code!r}")
    if score not in ("", "MP", "GP"):
        raise TieBreakCodeError(f"{code!r}: the score is MP or GP")
    cut = 0
    for m in modifiers:
        if not (m[:1] == "C" and m[1:].isdigit() and name in _CUTTABLE):
            raise TieBreakCodeError(f"{code!r}: bad modifier {m!r}")
        cut = int(m[1:])
    return TeamTieBreak(name, score, cut)


@dataclass
class TeamTable:
    """The rounds of every team (all teams with the same number of rounds) and their scores."""

    rounds_of: dict[int, tuple[TeamRound, ...]]
    scoring: TeamScoring = field(default_factory=TeamScoring)
    primary: str = "MP"
    edition: str = field(kw_only=True)  # of C.07, named by the tournament's start date

    def __post_init__(self) -> None:
        self.ids = tuple(self.rounds_of)
        self.rounds = max((len(r) for r in self.rounds_of.values()), default=0)
        self.boards = max((len(r.boards) for rs in self.rounds_of.values() for r in rs), default=0)
        self.gp = {t: [sum(r.boards, Fraction(0)) for r in rs] for t, rs in self.rounds_of.items()}
        self.mp = {t: [self._match_points(t, k) for k in range(len(rs))] for t, rs in self.rounds_of.items()}

    def _match_points(self, team: int, k: int) -> Fraction:
        r = self.rounds_of[team][k]
        if r.match_points is not None:
            return r.match_points
        if r.opponent is None:
            return self.scoring.match_loss
        mine, theirs = self.gp[team][k], self.gp[r.opponent][k]
        s = self.scoring
        return s.match_win if mine > theirs else s.match_draw if mine == theirs else s.match_loss

    def secondary(self, score: str) -> str:
        return "GP" if score == "MP" else "MP"

    def per_round(self, score: str) -> dict[int, list[Fraction]]:
        return self.mp if (score or self.primary) == "MP" else self.gp

    def total(self, score: str) -> dict[int, Fraction]:
        return {t: sum(v, Fraction(0)) for t, v in self.per_round(score).items()}

    def draw(self, score: str) -> Fraction:
        return self.scoring.match_draw if (score or self.primary) == "MP" else self.scoring.game_draw * self.boards

    def voluntary(self, team: int, k: int) -> bool:
        """C.07 16 for teams: a round without a match that did not give a match win."""
        r = self.rounds_of[team][k]
        if r.played:
            return False
        return r.voluntary if r.voluntary is not None else self.mp[team][k] < self.scoring.match_win

    def adjusted(self, score: str) -> dict[int, Fraction]:
        """C.07 16.3: rounds without an opponent after the team's last round that was not
        voluntary unplayed count as draws in what it brings to its opponents."""
        out = {}
        values = self.per_round(score)
        for t, rs in self.rounds_of.items():
            last = max((k for k in range(len(rs)) if not self.voluntary(t, k)), default=-1)
            out[t] = sum(
                (
                    self.draw(score) if k > last and rs[k].opponent is None and self.voluntary(t, k) else values[t][k]
                    for k in range(len(rs))
                ),
                Fraction(0),
            )
        return out


@dataclass(frozen=True)
class _SumTerm:
    key: Fraction
    value: Fraction
    voluntary: bool


def _opponent_sum(table: TeamTable, opponent_score: str, own_score: str | None, cut: int) -> dict[int, Fraction]:
    """Sum over the rounds of the opponent's (adjusted) *opponent_score*, times the team's
    *own_score* in the round when given (Sonneborn-Berger type); unplayed rounds count the
    dummy of 16.4; the *cut* least significant terms go (14.1, 16.5)."""
    adjusted = table.adjusted(opponent_score)
    own_total = table.total(opponent_score)
    own = table.per_round(own_score) if own_score else None
    out = {}
    for t, rs in table.rounds_of.items():
        terms = []
        for k, r in enumerate(rs):
            if r.played and r.opponent is not None:
                key = adjusted[r.opponent]
            else:
                key = own_total[t]
                if table.edition == "2026":  # 16.4.1, 16.4.2
                    cap = adjusted[r.opponent] if r.opponent is not None else table.draw(opponent_score) * table.rounds
                    key = min(key, cap)
            value = key * own[t][k] if own is not None else key
            terms.append(_SumTerm(key, value, table.voluntary(t, k)))
        kept = cut_terms(terms, cut, 0, table.rounds)  # type: ignore[arg-type]
        out[t] = sum((term.value for term in kept), Fraction(0))
    return out


def _board_totals(table: TeamTable) -> dict[int, list[Fraction]]:
    """Each team's game points on each board over the rounds, board 1 first."""
    out = {}
    for t, rs in table.rounds_of.items():
        totals = [Fraction(0)] * table.boards
        for r in rs:
            for b, points in enumerate(r.boards):
                totals[b] += points
        out[t] = totals
    return out


def team_values(table: TeamTable, tb: TeamTieBreak) -> dict[int, object]:
    """One team tie-break that depends on nothing but the table (every one but the
    direct encounters). TBR and BBE are tuples compared in order."""
    score = tb.score or table.primary
    name = tb.name
    if name in ("PTS",):
        return dict(table.total(score))
    if name in ("MP", "GP"):
        return dict(table.total(name))
    if name == "MPVGP":
        return dict(table.total(table.secondary(table.primary)))
    totals = _board_totals(table)
    if name == "BC":  # 12.2
        return {t: sum((b * p for b, p in enumerate(v, 1)), Fraction(0)) for t, v in totals.items()}
    if name == "TBR":  # 12.3
        return {t: tuple(v) for t, v in totals.items()}
    if name == "BBE":  # 12.4
        out = {}
        for t, v in totals.items():
            left, keys = sum(v, Fraction(0)), []
            for points in reversed(v[1:]):
                left -= points
                keys.append(left)
            out[t] = tuple(keys)
        return out
    if name == "BH":
        return dict(_opponent_sum(table, score, None, tb.cut_low))
    if name in _SHARED:
        return _shared(table, tb, score)
    if name == "SB":
        return dict(_opponent_sum(table, score, score, tb.cut_low))
    if name == "ESB":
        return dict(_opponent_sum(table, table.primary, table.secondary(table.primary), tb.cut_low))
    if name in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):  # 13.2
        return dict(_opponent_sum(table, name[1] + "P", name[2] + "P", tb.cut_low))
    if name == "SSSC":  # 13.4
        primary = table.primary
        strength = _opponent_sum(table, primary, None, 0)
        s = table.scoring
        if primary == "MP":
            divisor = int(s.match_win * table.rounds / s.game_win / table.boards)
        else:
            divisor = int(s.game_win * table.rounds * table.boards / s.match_win)
        secondary = table.total(table.secondary(primary))
        return {t: _hundredths(secondary[t] + strength[t] / max(divisor, 1)) for t in table.ids}
    raise TieBreakCodeError(f"{tb.code}: a direct encounter gives places, see team_standings")


def _shared(table: TeamTable, tb: TeamTieBreak, score: str) -> dict[int, object]:
    """WIN, WON (7.1, 7.2: match wins, the second over the boards only), PS (7.6, /C<n>
    leaves out the first n running scores), KS (9.2: against the teams on half the maximum
    score or more) and AOB (8.2: the opponents met over the boards) on the team's *score*."""
    per_round = table.per_round(score)
    if tb.name in ("WIN", "WON"):
        win = table.scoring.match_win
        return {
            t: sum(1 for k, r in enumerate(rs) if table.mp[t][k] == win and (r.played or tb.name == "WIN"))
            for t, rs in table.rounds_of.items()
        }
    if tb.name == "PS":
        out: dict[int, object] = {}
        for t, values in per_round.items():
            running, total = Fraction(0), Fraction(0)
            for k, v in enumerate(values):
                running += v
                total += running if k >= tb.cut_low else 0
            out[t] = total
        return out
    totals = table.total(score)
    if tb.name == "KS":
        best = table.scoring.match_win if score == "MP" else table.scoring.game_win * table.boards
        limit = best * table.rounds / 2
        return {
            t: sum(
                (per_round[t][k] for k, r in enumerate(rs) if r.opponent is not None and totals[r.opponent] >= limit),
                Fraction(0),
            )
            for t, rs in table.rounds_of.items()
        }
    buchholz = _opponent_sum(table, score, None, 0)  # AOB
    out = {}
    for t, rs in table.rounds_of.items():
        met = [buchholz[r.opponent] for r in rs if r.played and r.opponent is not None]
        out[t] = sum(met, Fraction(0)) / len(met) if met else None
    return out


def _hundredths(value: Fraction) -> Fraction:
    return Fraction(int(value * 100 + Fraction(1, 2)), 100)


# ---------------------------------------------------------------- direct encounter (6, 13.3)


def _mutual(table: TeamTable, group: Sequence[int], step: str) -> dict[int, tuple[Fraction, int]]:
    """Per team of *group*: its score against the others of the group (each opponent's
    matches averaged, 6.1) and how many of them it met. *step* is P or S (the primary or
    secondary score), or C, T, B with the board weights of 13.3.2 (board count, the
    n-th top board, the boards above the n-th from the bottom)."""
    members = set(group)
    score = table.primary if step in "P" else table.secondary(table.primary)
    per_round = table.per_round(score)
    out = {}
    for t in group:
        games: dict[int, list[Fraction]] = {}
        for k, r in enumerate(table.rounds_of[t]):
            if r.played and r.opponent in members:
                games.setdefault(r.opponent, []).append(per_round[t][k] if step in "PS" else _weighted(r, step))
        out[t] = (sum((sum(g, Fraction(0)) / len(g) for g in games.values()), Fraction(0)), len(games))
    return out


def _weighted(r: TeamRound, step: str) -> Fraction:
    kind, n = step[0], int(step[1:] or 0)
    if kind == "C":  # lower board count is better: negated so that more is better
        return -sum((b * p for b, p in enumerate(r.boards, 1)), Fraction(0))
    if kind == "T":
        return r.boards[n] if n < len(r.boards) else Fraction(0)
    return sum(r.boards[: len(r.boards) - 1 - n], Fraction(0))  # B


def _split(table: TeamTable, group: list[int], step: str) -> list[list[int]]:
    scores = _mutual(table, group, step)
    others = len(group) - 1
    by_score: dict[Fraction, list[int]] = {}
    if all(met == others for _, met in scores.values()):  # 6.1: all met
        for t in group:
            by_score.setdefault(scores[t][0], []).append(t)
        return [by_score[s] for s in sorted(by_score, reverse=True)]
    if step[0] not in "PS":
        return [group]
    score = table.primary if step == "P" else table.secondary(table.primary)
    best_per_match = table.scoring.match_win if score == "MP" else table.scoring.game_win * table.boards
    best = {t: s + (others - met) * best_per_match for t, (s, met) in scores.items()}  # 6.2
    order = sorted(group, key=lambda t: (-scores[t][0], -best[t], t))
    parts, k = [], 0
    while k < len(order) - 1 and scores[order[k]][0] > max(best[t] for t in order[k + 1 :]):
        parts.append([order[k]])
        k += 1
    parts.append(order[k:])
    return parts


def _steps(table: TeamTable, name: str) -> list[str]:
    out = []
    for letter in _ENCOUNTER_STEPS[name]:
        if letter == "T":
            out += [f"T{n}" for n in range(table.boards)]
        elif letter == "B":
            out += [f"B{n}" for n in range(table.boards - 1)]
        else:
            out.append(letter)
    return out


def encounter_places(table: TeamTable, name: str, groups: list[list[int]]) -> dict[int, int]:
    """Places within each tied group by DE/EDE and its named variants (13.3): the steps in
    turn, each tried on every subgroup still tied, starting again from the first whenever
    one separates teams; the board steps only for exactly two teams still tied."""
    place = dict.fromkeys(table.ids, 0)
    steps = _steps(table, name)
    for group in groups:
        if len(group) < 2:
            continue
        parts = [list(group)]
        changed = True
        while changed:
            changed = False
            for step in steps:
                refined = []
                for part in parts:
                    if len(part) > 1 and (step in "PS" or len(part) == 2):
                        refined.extend(_split(table, part, step))
                    else:
                        refined.append(part)
                if len(refined) != len(parts):
                    parts, changed = refined, True
                    break
        if len(parts) == 1:
            continue
        position = 1
        for part in parts:
            for t in part:
                place[t] = position
            position += len(part)
    return place


@dataclass(frozen=True)
class TeamStandingRow:
    rank: int
    team: int
    values: tuple[object, ...]  # the primary score, then one per tie-break


def team_standings(table: TeamTable, codes: Sequence[str]) -> list[TeamStandingRow]:
    """Ranked by the primary score, then the ordered list (4.1; 4.2: each code on every
    group still tied); teams level on everything share the place."""
    tiebreaks = [parse_team(c) for c in codes]
    primary = table.total(table.primary)
    rank = {t: 1 for t in table.ids}
    columns: list[dict[int, object]] = [dict(primary)]
    order = _rerank(list(table.ids), rank, primary, False)
    for tb in tiebreaks:
        if tb.name in _ENCOUNTER_STEPS:
            groups: dict[int, list[int]] = {}
            for t in order:
                groups.setdefault(rank[t], []).append(t)
            column: dict[int, object] = dict(encounter_places(table, tb.name, list(groups.values())))
        else:
            column = team_values(table, tb)
        columns.append(column)
        order = _rerank(order, rank, column, tb.lower_is_better)
    return [TeamStandingRow(rank[t], t, tuple(c[t] for c in columns)) for t in order]


def _rerank(order: list[int], rank: dict[int, int], column: dict[int, object], lower: bool) -> list[int]:
    def key(t: int) -> object:
        v = column[t]
        if isinstance(v, tuple):
            return tuple(x if lower else -x for x in v)
        return v if lower else -v  # type: ignore[operator]

    order = sorted(order, key=lambda t: (rank[t], key(t), t))
    new: dict[int, int] = {}
    for position, t in enumerate(order, 1):
        prev = order[position - 2] if position > 1 else None
        new[t] = new[prev] if prev is not None and rank[prev] == rank[t] and column[prev] == column[t] else position
    rank.update(new)
    return order
