"""The engines are pure Python: nothing under pairing/engine may import Django (or any
web or database layer), so they run the same from the CLI, Celery and tests."""

from __future__ import annotations

import ast
from pathlib import Path

import pairing.engine

ENGINE = Path(pairing.engine.__file__).parent
# networkx is a test-only witness for the matching solver, never a runtime dependency.
FORBIDDEN = ("django", "celery", "redis", "psycopg", "tourney", "networkx")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_engine_module_imports_a_framework() -> None:
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        for name in imported_modules(path):
            if name.split(".")[0] in FORBIDDEN:
                offenders.append(f"{path.relative_to(ENGINE.parent)} imports {name}")
    assert offenders == []


def test_the_walk_sees_every_engine_package() -> None:
    packages = {p.parent.name for p in ENGINE.rglob("__init__.py")}
    assert {"engine", "dutch"} <= packages
