"""The keyboard's result entry: "12 1-0", "12 =", "12 +-", "12 --" (board, then result),
or "#17 1-0" (the board where pairing number 17 plays, then that board's result, White's
first as on every scoresheet); in a team event "12.3 1-0" (match 12, its board 3).

A Double-Swiss match (C.04.5) has two games on a board: "12.1 1-0" and "12.2 0-1" name
game 1 and game 2, "12 1-0 =" gives both at once, each as its own scoresheet reads it
(White first: game 2's White is game 1's Black); "12 1-0" alone is game 1."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tourney.models import Result

# What an arbiter types, normalised (spaces removed, lower case) -> the stored result.
TYPED = {
    "1-0": Result.WHITE_WINS,
    "1:0": Result.WHITE_WINS,
    "1": Result.WHITE_WINS,
    "0-1": Result.BLACK_WINS,
    "0:1": Result.BLACK_WINS,
    "0": Result.BLACK_WINS,
    "=": Result.DRAW,
    "½": Result.DRAW,
    "1/2": Result.DRAW,
    "½-½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "0.5": Result.DRAW,
    "d": Result.DRAW,
    "+-": Result.WHITE_WINS_FORFEIT,
    "+/-": Result.WHITE_WINS_FORFEIT,
    "+": Result.WHITE_WINS_FORFEIT,
    "-+": Result.BLACK_WINS_FORFEIT,
    "-/+": Result.BLACK_WINS_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    "-/-": Result.DOUBLE_FORFEIT,
    "*": Result.PENDING,
}

_TEAM_ENTRY = re.compile(r"^\s*(\d+)\.(\d+)\s+(\S.*?)\s*$")
_ENTRY = re.compile(r"^\s*(#?)\s*(\d+)(?:\s*[\s.:,]\s*(\S.*?)|([-=+½*].*?))\s*$")
# A Double-Swiss match: "12.2 0-1" (one game) and "12 1-0 =" (both games).
_GAME_ENTRY = re.compile(r"^\s*(#?)\s*(\d+)\.([12])\s+(\S.*?)\s*$")
_MATCH_ENTRY = re.compile(r"^\s*(#?)\s*(\d+)\s+(\S+)\s+(\S+)\s*$")


class EntryError(ValueError):
    pass


def parse_result(text: str) -> Result:
    key = re.sub(r"\s+", "", text).lower()
    if key not in TYPED:
        raise EntryError(_("%(text)r is not a result: type 1-0, 0-1, =, +-, -+ or --") % {"text": text})
    return TYPED[key]


# Board numbers are small positive integers (a PositiveSmallIntegerField).
_LAST_BOARD = 32767


def parse_board(text: str) -> int:
    """A board number as a form sends it; anything else is the arbiter's typing error."""
    text = (text or "").strip()
    if not re.fullmatch(r"[0-9]{1,5}", text) or not 1 <= int(text) <= _LAST_BOARD:
        raise EntryError(_("%(text)r is not a board number") % {"text": text})
    return int(text)


@dataclass(frozen=True)
class Entry:
    """What one line typed means: a result for a board, or for the board of a pairing number."""

    result: Result
    board: int | None = None
    pairing_number: int | None = None
    game: int = 1  # the game of a Double-Swiss match the result is for
    second: Result | None = None  # game 2's result, when both games of a match were typed
    match: int | None = None  # a team event's match (its table), *board* then its board


def _located(by_player: str, number: str, result: Result, **more: object) -> Entry:
    if by_player:
        if int(number) < 1:
            raise EntryError(_("%(text)r is not a pairing number") % {"text": number})
        return Entry(result, pairing_number=int(number), **more)  # type: ignore[arg-type]
    return Entry(result, board=parse_board(number), **more)  # type: ignore[arg-type]


def _match_entry(text: str) -> Entry | None:
    """A Double-Swiss entry naming a game ("12.2 0-1") or giving both ("12 1-0 ="), or None."""
    game = _GAME_ENTRY.match(text)
    if game:
        by_player, number, which, result = game.groups()
        return _located(by_player, number, parse_result(result), game=int(which))
    both = _MATCH_ENTRY.match(text)
    if both:
        keys = [re.sub(r"\s+", "", t).lower() for t in both.group(3, 4)]
        if all(k in TYPED for k in keys):
            return _located(both.group(1), both.group(2), TYPED[keys[0]], second=TYPED[keys[1]])
    return None


def parse_team_entry(text: str) -> Entry | None:
    """ "12.3 1-0": match 12, board 3, the result of that board (White's first); None when
    the text is not of that form."""
    found = _TEAM_ENTRY.match(text or "")
    if not found:
        return None
    match, board = int(found.group(1)), int(found.group(2))
    if not (1 <= match <= _LAST_BOARD and 1 <= board <= _LAST_BOARD):
        raise EntryError(_("%(text)r is not a match and board, e.g. “12.3”") % {"text": text.split()[0]})
    return Entry(parse_result(found.group(3)), board=board, match=match)


def parse_entry(text: str, *, two_games: bool = False) -> Entry:
    """The entry the arbiter typed: "12 1-0" names a board, "#17 1-0" a pairing number;
    *two_games* (a Double-Swiss match) reads "12.2 0-1" and "12 1-0 =" too; in any other
    event "12.3 1-0" names board 3 of team match 12 (a team event's desk checks it is one)."""
    if two_games:
        entry = _match_entry(text or "")
        if entry is not None:
            return entry
    else:
        team_entry = parse_team_entry(text)
        if team_entry is not None:
            return team_entry
    match = _ENTRY.match(text or "")
    if not match:
        raise EntryError(_("type the board and the result, e.g. “12 1-0”, or “#17 1-0” by pairing number"))
    by_player, number, result = match.group(1), match.group(2), match.group(3) or match.group(4)
    return _located(by_player, number, parse_result(result))
