"""Every service's table of refusals (tourney.errors.RefusalTable) against its use.

The tables are found in the source: each module that builds one is read with ``ast``,
so every call of a table is checked, not only the calls a test happens to reach. An
entry must have an Italian translation with the same named placeholders, each call must
name an entry and pass exactly the values its message names, and no entry lies unused.
"""

from __future__ import annotations

import ast
import importlib
import pickle
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tourney.errors import RefusalTable

ROOT = Path(settings.BASE_DIR)
# The Django half: the engine is standard library only and raises no refusal.
SEARCHED = [
    path
    for path in sorted([*ROOT.glob("tourney/**/*.py"), *ROOT.glob("pairing/**/*.py")])
    if "engine" not in path.parts and "migrations" not in path.parts
]
PLACEHOLDER = re.compile(r"%\((\w+)\)")
POSITIONAL = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?[sdifrxX]")
REFUSAL_TYPES = re.compile(r"Refused$|Unconfirmed$|^DomainError$|^ResultConflict$|^TrfImportError$")


@dataclass
class Call:
    line: int
    code: str | None  # None: not a literal
    keywords: set[str] | None  # None: **values or positional values


@dataclass
class Table:
    path: Path
    name: str
    table: RefusalTable
    calls: list[Call]


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _tables() -> list[Table]:
    found = []
    for path in SEARCHED:
        source = path.read_text(encoding="utf-8")
        if "RefusalTable(" not in source or path.name == "errors.py":
            continue
        tree = ast.parse(source)
        names = [
            target.id
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", "") == "RefusalTable"
            for target in node.targets
            if isinstance(target, ast.Name)
        ]
        module = importlib.import_module(_module_name(path))
        for name in names:
            calls = [
                Call(
                    node.lineno,
                    node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None,
                    None
                    if len(node.args) != 1 or any(k.arg is None for k in node.keywords)
                    else {k.arg for k in node.keywords},
                )
                for node in ast.walk(tree)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
            ]
            found.append(Table(path, name, getattr(module, name), calls))
    return found


TABLES = _tables()


def _english(message: object) -> str:
    with translation.override(None):
        return str(message)


def _italian(message: object) -> str:
    with translation.override("it"):
        return str(message)


def test_the_services_have_their_tables() -> None:
    services = {table.table.service for table in TABLES}
    assert {"accounts", "checkin", "imports", "manual_changes", "prizes", "rating_list", "registration"} <= services
    assert {"results", "rounds", "setup", "pairing", "adapter"} <= services
    assert len(services) == len(TABLES), "two tables share a service name, so their codes may collide"


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.table.service)
def test_every_entry_is_in_italian_with_the_same_placeholders(table: Table) -> None:
    untranslated, positional, unmatched = [], [], []
    for code, message in table.table.messages.items():
        english, italian = _english(message), _italian(message)
        if italian == english:
            untranslated.append(english)
        if POSITIONAL.search(english.replace("%%", "")):  # a translator cannot reorder these
            positional.append(code)
        if set(PLACEHOLDER.findall(italian)) != set(PLACEHOLDER.findall(english)):
            unmatched.append(code)
    assert (untranslated, positional, unmatched) == ([], [], [])


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.table.service)
def test_every_call_passes_the_values_its_entry_names(table: Table) -> None:
    used = set()
    for call in table.calls:
        where = f"{table.path.name}:{call.line}"
        assert call.code is not None, f"{where}: the code is a literal, so that this walk can check it"
        assert call.code in table.table.messages, f"{where}: no entry {call.code!r}"
        assert call.keywords is not None, f"{where}: the values are passed by name, one by one"
        named = set(PLACEHOLDER.findall(_english(table.table.messages[call.code])))
        assert call.keywords == named, f"{where}: {call.code} names {sorted(named)}, gets {sorted(call.keywords)}"
        used.add(call.code)
    assert set(table.table.messages) - used == set(), "entries no service raises"


def _raised_texts(path: Path) -> list[int]:
    """The lines raising a refusal whose message is written on the spot (a string, an
    f-string, a message translated there) instead of taken from the service's table."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
            continue
        name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
        message = node.exc.args[0]
        if isinstance(message, ast.BinOp):  # _("...") % values
            message = message.left
        written_here = (
            isinstance(message, ast.JoinedStr)
            or (isinstance(message, ast.Constant) and isinstance(message.value, str))
            or (isinstance(message, ast.Call) and getattr(message.func, "id", "") in ("_", "gettext", "gettext_lazy"))
        )
        if REFUSAL_TYPES.search(name) and written_here:
            lines.append(node.lineno)
    return lines


def test_no_service_raises_a_refusal_outside_its_table() -> None:
    # The pairing app's job and its adapter are services too (pairing/job.py, pairing/services.py).
    services = [*sorted(ROOT.glob("tourney/services/*.py")), *sorted(ROOT.glob("pairing/*.py"))]
    assert {path.name: _raised_texts(path) for path in services if _raised_texts(path)} == {}


def test_a_refusal_is_rendered_when_shown_in_the_language_then_and_survives_pickling() -> None:
    from tourney.errors import PairingRefused, in_sentence
    from tourney.models import RoundStatus
    from tourney.services.rounds import REFUSALS

    status, expected = in_sentence(RoundStatus.PUBLISHED.label), in_sentence(RoundStatus.PAIRED.label)
    with translation.override("it"):  # raised under one language...
        error = PairingRefused(REFUSALS("wrong_status", round=3, status=status, expected=expected))
    error = pickle.loads(pickle.dumps(error))  # (a Celery result carries it pickled)
    assert error.code == "rounds.wrong_status"
    with translation.override("en"):  # ...shown under another
        assert str(error) == "round 3 is published, not paired"
    with translation.override("it"):
        assert str(error) == "il turno 3 è nello stato «pubblicato», non «abbinato»"
