"""Whether a tournament may use a tie-break list: the combinations C.07 forbids.

:func:`list_refusals` is a pure function of the list and of what the tournament is (a
round robin or a Swiss, individual or teams, a rated field or not); it returns each
refusal with its article, and the text's advice (``refused`` False) where C.07 only
recommends against a choice. The tournament form calls it before saving a list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pairing.engine.tiebreaks.codes import RATING_BASED, TieBreak, TieBreakCodeError, parse
from pairing.engine.tiebreaks.teams import TEAM_CODES, parse_team

BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})  # C.07 8.1-8.3
TERMINAL = frozenset({"TPN", "RTNG"})  # 7.8, 10.6: every player has his own value


@dataclass(frozen=True)
class Refusal:
    code: str
    article: str  # "C.07 8", "C.07 10"...
    reason: str
    refused: bool = True  # False: advice of the text, the list stays allowed


@dataclass(frozen=True)
class TournamentKind:
    """What the list is checked against."""

    round_robin: bool = False
    team: bool = False
    every_player_rated: bool = True
    several_ratings: bool = False  # a player may get more than one rating during the event (10, note)
    edition: str = field(kw_only=True)  # of C.07, named by the tournament's start date


def list_refusals(codes: Sequence[str], tournament: TournamentKind) -> list[Refusal]:
    """The refusals (and advice) for the ordered list *codes* (``PTS`` left out) in *tournament*."""
    out: list[Refusal] = []
    seen: set[str] = set()
    for k, code in enumerate(codes):
        tb = _parse(code, tournament.team)
        if isinstance(tb, Refusal):
            out.append(tb)
            continue
        name = tb.name
        written = code.strip().upper()
        if written in seen and name not in ("DE", "EDE"):
            out.append(Refusal(code, "C.07 4.1", "the same tie-break twice breaks no tie the first left", False))
        seen.add(written)
        if name in BUCHHOLZ_FAMILY and tournament.round_robin and tournament.edition == "2026":
            out.append(Refusal(code, "C.07 8", "Buchholz tie-breaks must not be used in round robins"))
        if name in RATING_BASED and isinstance(tb, TieBreak):
            if not tournament.every_player_rated and tb.unrated_rating is None:
                out.append(
                    Refusal(
                        code,
                        "C.07 10",
                        "the field has unrated players: the list must state the rating they count with (/U<rating>)",
                    )
                )
            if tournament.several_ratings:
                out.append(
                    Refusal(
                        code,
                        "C.07 10",
                        "not recommended when a player can get more than one rating; the first one is used",
                        False,
                    )
                )
        if name == "KS" and not tournament.round_robin:
            out.append(Refusal(code, "C.07 9.2", "the Koya system is meant for round robins", False))
        if name in TERMINAL and k < len(codes) - 1:
            out.append(
                Refusal(
                    code, f"C.07 {'7.8' if name == 'TPN' else '10.6'}", "it leaves no tie to the codes after it", False
                )
            )
    return out


def _parse(code: str, team: bool) -> TieBreak | object | Refusal:
    """The parsed code, or the refusal of a code that is not of this kind of tournament."""
    name = code.strip().upper().split("/")[0].split(":")[0]
    if name in TEAM_CODES and not team:
        return Refusal(code, "C.07 11-13", "a team-competition tie-break in an individual tournament")
    try:
        return parse_team(code) if team else parse(code)
    except TieBreakCodeError as exc:
        return Refusal(code, "C.07 5", str(exc))
