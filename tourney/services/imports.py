"""Imports, each all or none: a whole TRF file as a new tournament, and the players of a
TRF or CSV file into an existing one.

tourney.trf_io maps the file's records to rows; this module writes them. Players join a
tournament through the registration service, all of a file at once
(registration.register_many: initial order and pairing numbers of C.04.2.B, late entries
from the first open round, C.04.2.C.2, one audit entry). Every refused player or line is
named, with its column, and nothing is written.
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing.engine.trf import TrfError, TrfTournament, parse_trf
from tourney import trf_io
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import Refusal, RefusalTable, RegistrationRefused
from tourney.models import Bye, Game, Player, RoundEntry, Title, Tournament
from tourney.services import rating_list, registration
from tourney.validators import MAX_ROUNDS

REFUSALS = RefusalTable(
    "imports",
    {
        "no_players": gettext_lazy("the file has no player (001 record)"),
        "rounds_differ": gettext_lazy("the file declares %(declared)d rounds, not %(rounds)d"),
        "rounds_undeclared": gettext_lazy(
            "the file does not declare the number of rounds (XXR or record 142): give the number of rounds"
        ),
        "rounds_out_of_range": gettext_lazy("the number of rounds is 1 to %(max_rounds)d"),
        "rounds_in_file": gettext_lazy("the file already records %(rounds)d rounds"),
        "empty_file": gettext_lazy("the file is empty"),
        "no_header": gettext_lazy("the first line must name the columns, one of them 'name' or 'fide_id'"),
        "unreadable_csv": gettext_lazy("line %(line)d: %(error)s"),
        "malformed_trf": gettext_lazy("line %(line)s, column %(column)s: %(message)s"),
    },
)


def malformed_trf(error: TrfError) -> Refusal:
    """A file the TRF reader refuses, by its line and column."""
    return REFUSALS("malformed_trf", line=error.line, column=error.column, message=error.message)


def importable(t: TrfTournament, rounds: int | None = None) -> TrfTournament:
    """The file as a tournament can be made of it, as strict as ``python -m pairing``: players
    (001 records) and a number of rounds, declared (XXR, record 142) or given as *rounds*.
    The reader already refused rounds beyond the declared count. Raises TrfImportError."""
    if not t.players:
        raise trf_io.TrfImportError(REFUSALS("no_players"))
    if t.total_rounds is not None:
        if rounds is not None and rounds != t.total_rounds:
            raise trf_io.TrfImportError(REFUSALS("rounds_differ", declared=t.total_rounds, rounds=rounds))
        return t
    if rounds is None:
        raise trf_io.TrfImportError(REFUSALS("rounds_undeclared"))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise trf_io.TrfImportError(REFUSALS("rounds_out_of_range", max_rounds=MAX_ROUNDS))
    if rounds < t.rounds_in_file:
        raise trf_io.TrfImportError(REFUSALS("rounds_in_file", rounds=t.rounds_in_file))
    return dataclasses.replace(t, xx_rounds=rounds)


def import_tournament(
    t: TrfTournament,
    *,
    system: str | None = None,
    name: str | None = None,
    rounds: int | None = None,
    edition: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Tournament:
    """Create the tournament, its players and its rounds as the file records them (*rounds*:
    the number of rounds when the file declares none). Raises trf_io.TrfImportError for a
    file without players or round count, or a round the database cannot hold.

    Every kind of row is written in bulk (a few queries per round, whatever the field's
    size), with the RoundEntry rows Game.save and Bye.save would keep. *progress* is
    called with (rounds written, rounds to write) after the players and after each round."""
    t = importable(t, rounds)
    report = progress or (lambda done, total: None)
    fields = trf_io.tournament_fields(t, system=system, name=name, edition=edition)
    problems = trf_io.tournament_problems(t, fields)
    problems += [
        f"{trf_io.player_place(t, start, field)}: {problem}"
        for start, player in trf_io.player_rows(t, Tournament(**fields)).items()
        for field, problem in registration.player_problems(player).items()
    ]
    if problems:
        raise trf_io.TrfImportError("; ".join(problems))
    with transaction.atomic():
        tournament = Tournament.objects.create(**fields)
        players = trf_io.player_rows(t, tournament)
        Player.objects.bulk_create(players.values(), batch_size=BATCH)
        for kind in trf_io.setting_rows(t, tournament, players):
            if kind:
                type(kind[0]).objects.bulk_create(kind, batch_size=BATCH)
        round_rows = trf_io.round_rows(t, tournament, players)
        report(0, len(round_rows))
        for done, rows in enumerate(round_rows, start=1):
            _write_round(rows)
            report(done, len(round_rows))
        public_change(tournament.pk, base=True)
    return tournament


# Rows per INSERT: well under SQLite's 32,766 parameters and PostgreSQL's 65,535.
BATCH = 500


def _write_round(rows: trf_io.RoundRows) -> None:
    """One round's row, games and byes, and the RoundEntry row of each player in it (the
    database's "once per round" key), in bulk."""
    rows.round.save()
    Game.objects.bulk_create(rows.games, batch_size=BATCH)
    Bye.objects.bulk_create(rows.byes, batch_size=BATCH)
    # By id: the related descriptors cost more than the rest of the row.
    round_id = rows.round.pk
    entries = [
        RoundEntry(round_id=round_id, player_id=player.pk, game_id=game.pk)
        for game in rows.games
        for player in (game.white, game.black)
    ]
    entries += [RoundEntry(round_id=round_id, player_id=bye.player.pk, bye_id=bye.pk) for bye in rows.byes]
    RoundEntry.objects.bulk_create(entries, batch_size=BATCH)


def import_players(tournament: Tournament, trf: str | TrfTournament, *, user: User | None = None) -> list[Player]:
    """Register the players of a TRF file (its 001 records) in *tournament*, in their
    start-number order, all at once (registration.register_many). Raises
    pairing.engine.trf.TrfError for a malformed file, trf_io.TrfImportError naming every
    refused player otherwise."""
    try:
        return _register_trf_players(tournament, parse_trf(trf) if isinstance(trf, str) else trf, user)
    except RegistrationRefused as error:
        raise trf_io.TrfImportError(str(error)) from None


def _register_trf_players(tournament: Tournament, t: TrfTournament, user: User | None) -> list[Player]:
    """Raises EntriesRefused listing every refused player, TrfImportError for a file without one."""
    found, problems = trf_io.players_to_register(t, tournament.players.all())
    rows: list[tuple[str, registration.PlayerData]] = [
        (
            _("%(line)s (player %(n)d, %(name)s)")  # type: ignore[misc]
            % {"line": trf_io.player_line(t, start), "n": start, "name": data["name"]},
            data,
        )
        for start, data in found
    ]
    return registration.register_many(
        tournament, rows, user=user, source="a TRF file", problems=problems, columns=trf_io.PLAYER_COLUMN_NAMES
    )


# CSV columns: the registration form's fields and the round of entry.
CSV_COLUMNS = (*registration.PLAYER_FIELDS, "entry_round")


def import_csv(
    tournament: Tournament, text: str, *, user: User | None = None, choices: Mapping[str, str] | None = None
) -> list[Player]:
    """Register every row of a CSV file (header: name, rating, title, federation, fide_id,
    sex, birth_date, entry_round; a name or a FIDE ID is required), all at once. A player of
    the FIDE rating list has his empty fields filled from it; a field the file gives
    otherwise raises ListDifferencesUnresolved until *choices* settles it
    (rating_list.complete_rows). A refusal names every bad row by its line and column."""
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect)
    if reader.fieldnames is None:
        raise RegistrationRefused(REFUSALS("empty_file"))
    header = [(h or "").strip().lower() for h in reader.fieldnames]
    if "name" not in header and "fide_id" not in header:
        raise RegistrationRefused(REFUSALS("no_header"))
    rows: list[tuple[str, registration.PlayerData]] = []
    problems: list[str] = []
    try:
        for row in reader:
            where = _("line %d") % reader.line_num
            values = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k}
            if not any(values.values()):
                continue
            data, row_problems = _csv_row(values)
            problems += [
                _("%(where)s, column %(column)s: %(problem)s") % {"where": where, "column": k, "problem": v}
                for k, v in row_problems.items()
            ]
            if not row_problems:
                rows.append((where, data))  # type: ignore[arg-type]
    except csv.Error as error:
        raise RegistrationRefused(REFUSALS("unreadable_csv", line=reader.line_num, error=error)) from None
    rows, unlisted = rating_list.complete_rows(tournament, rows, choices)
    return registration.register_many(tournament, rows, user=user, source="a CSV file", problems=problems + unlisted)


def _csv_row(values: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """One CSV row as the registration form's data, and what is wrong with it by column."""
    data: dict[str, Any] = {k: values.get(k, "") for k in CSV_COLUMNS}
    data["title"] = data["title"].upper()
    data["sex"] = data["sex"].lower()[:1]
    data["federation"] = data["federation"].upper()
    problems: dict[str, str] = {}
    for column in ("rating", "entry_round", "provisional_rating"):
        if data[column]:
            try:
                data[column] = int(data[column])
            except ValueError:
                problems[column] = _("%(v)r is not a whole number") % {"v": data[column]}
    data["rating"] = data["rating"] or 0
    data["provisional_rating"] = data["provisional_rating"] or None
    if data["title"] not in Title.values:
        problems["title"] = _("unknown title %(t)r") % {"t": data["title"]}
    return data, problems


def looks_like_trf(text: str) -> bool:
    """A FIDE TRF file has records: the tournament's name (``012``), players (``001``)."""
    return any(line.startswith(("001 ", "012 ")) for line in text.splitlines())


def import_entries(
    tournament: Tournament, text: str, *, user: User | None = None, choices: Mapping[str, str] | None = None
) -> list[Player]:
    """The registration page's upload: the players of a FIDE TRF file or the rows of a CSV
    file (*choices*: import_csv's). Raises RegistrationRefused naming the line (and column)
    or the player refused."""
    if not looks_like_trf(text):
        return import_csv(tournament, text, user=user, choices=choices)
    try:
        return _register_trf_players(tournament, parse_trf(text), user)
    except TrfError as e:
        raise RegistrationRefused(malformed_trf(e)) from None
    except trf_io.TrfImportError as e:
        raise RegistrationRefused(str(e)) from None
