"""Imports, each all or none: a whole TRF file as a new tournament, and the players of a
TRF or CSV file into an existing one.

tourney.trf_io maps the file's records to rows; this module writes them. Players join a
tournament through the registration service, one by one as the registration form enters
them (initial order and pairing numbers of C.04.2.B, late entries from the first open
round, C.04.2.C.2, audited). A refused player or line is named and nothing is written.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from pairing.engine.trf import TrfError, TrfTournament, parse_trf
from tourney import trf_io
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import RegistrationRefused
from tourney.models import Player, Title, Tournament
from tourney.services import registration


def import_tournament(t: TrfTournament, *, system: str | None = None, name: str | None = None) -> Tournament:
    """Create the tournament, its players and its rounds as the file records them.
    Raises trf_io.TrfImportError for a round the database cannot hold."""
    with transaction.atomic():
        tournament = Tournament.objects.create(**trf_io.tournament_fields(t, system=system, name=name))
        players = trf_io.player_rows(t, tournament)
        for player in players.values():
            player.save()
        for rows in trf_io.round_rows(t, tournament, players):
            rows.round.save()
            for game in rows.games:
                game.save()
            for bye in rows.byes:
                bye.save()
        public_change(tournament.pk, base=True)
    return tournament


def import_players(tournament: Tournament, trf: str | TrfTournament, *, user: User | None = None) -> list[Player]:
    """Register the players of a TRF file (its 001 records) in *tournament*, in their
    start-number order. Raises pairing.engine.trf.TrfError for a malformed file,
    trf_io.TrfImportError naming the refused player otherwise."""
    t = parse_trf(trf) if isinstance(trf, str) else trf
    created: list[Player] = []
    with transaction.atomic():
        for start, data in trf_io.players_to_register(t, tournament.players.all()):
            try:
                created.append(registration.register(tournament, data, user=user))
            except RegistrationRefused as error:
                where = {"n": start, "name": data["name"], "e": error}
                raise trf_io.TrfImportError(_("player %(n)d (%(name)s): %(e)s") % where) from None
    for player in created:
        player.refresh_from_db()
    return created


def import_csv(tournament: Tournament, text: str, *, user: User | None = None) -> list[Player]:
    """Register every row of a CSV file (header: name, rating, title, federation, fide_id,
    sex, birth_date, entry_round; name is required). A bad row is named by its line."""
    try:
        dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    if reader.fieldnames is None:
        raise RegistrationRefused(_("the file is empty"))
    header = [(h or "").strip().lower() for h in reader.fieldnames]
    if "name" not in header:
        raise RegistrationRefused(_("the first line must name the columns, one of them 'name'"))
    created = []
    with transaction.atomic():
        for row in reader:
            line = reader.line_num
            values = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k}
            if not any(values.values()):
                continue
            data: dict[str, Any] = {k: values.get(k, "") for k in (*registration.PLAYER_FIELDS, "entry_round")}
            data["title"] = data["title"].upper()
            data["sex"] = data["sex"].lower()[:1]
            data["federation"] = data["federation"].upper()
            try:
                data["rating"] = int(data["rating"] or 0)
                if data["entry_round"]:
                    data["entry_round"] = int(data["entry_round"])
            except ValueError:
                raise RegistrationRefused(_("line %d: rating and entry round must be whole numbers") % line) from None
            if data["title"] not in Title.values:
                raise RegistrationRefused(_("line %(l)d: unknown title %(t)r") % {"l": line, "t": data["title"]})
            try:
                created.append(registration.register(tournament, data, user=user))
            except RegistrationRefused as error:
                raise RegistrationRefused(_("line %(l)d: %(e)s") % {"l": line, "e": error}) from None
    for p in created:
        p.refresh_from_db()
    return created


def looks_like_trf(text: str) -> bool:
    """A FIDE TRF file has records: the tournament's name (``012``), players (``001``)."""
    return any(line.startswith(("001 ", "012 ")) for line in text.splitlines())


def import_entries(tournament: Tournament, text: str, *, user: User | None = None) -> list[Player]:
    """The registration page's upload: the players of a FIDE TRF file or the rows of a CSV
    file. Raises RegistrationRefused naming the line (and column) or the player refused."""
    if not looks_like_trf(text):
        return import_csv(tournament, text, user=user)
    try:
        return import_players(tournament, text, user=user)
    except TrfError as e:
        raise RegistrationRefused(
            _("line %(line)s, column %(column)s: %(message)s")
            % {"line": e.line, "column": e.column, "message": e.message}
        ) from None
    except trf_io.TrfImportError as e:
        raise RegistrationRefused(str(e)) from None
