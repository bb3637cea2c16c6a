"""The import graph of the project's modules (every module of ``pairing`` and ``tourney``,
its function-level imports included): no import cycle, no pairing system importing
another system, nothing under ``pairing/engine/`` or ``pairing/cli/`` importing Django,
Celery, ``tourney`` or the pairing app's Django modules, and the engine's state types
imported only by the adapter and the TRF mapping.

Read from the source with :mod:`ast`, nothing is imported. ``from package import name``
is an import of the submodule ``package.name`` when there is one, else of ``package``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pairing", "tourney")
SYSTEMS = ("dutch", "dubov", "burstein", "lim", "team")  # pairing/engine/<system>/
NOT_IN_PAIRING = ("django", "celery", "tourney")
# The pure-Python part of ``pairing``: the engines, their command line, and the package and
# ``python -m pairing`` that the command line imports. The rest of ``pairing`` is the Django
# app that wraps the engines (pairing/apps.py).
PURE_PAIRING = ("pairing.engine", "pairing.cli")
PURE_PAIRING_MODULES = ("pairing", "pairing.__main__")
# The modules outside the engine that may import the engine's state types: the adapter
# (database rows <-> engine state), the TRF mapping (tourney/trf_io.py; pairing/engine/trf/
# is the engine's own), and the engine's command line (a TRF file in, no database).
STATE_IMPORTERS = ("pairing.adapter", "tourney.trf_io", "pairing.cli")
STATE_MODULE = "pairing.engine.state"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def extension_modules() -> set[str]:
    """Compiled modules (``pairing/engine/_blossom.c``), built or not: imported, never read."""
    return {
        module_name(path.parent / path.name.split(".")[0])
        for package in PACKAGES
        for pattern in ("*.c", "*.so", "*.pyd")
        for path in (ROOT / package).rglob(pattern)
    }


def imports_in(source: str, module: str, is_package: bool, modules: Iterable[str]) -> set[str]:
    """The modules *module* imports anywhere in *source* (functions and TYPE_CHECKING blocks too)."""
    known = set(modules)
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".")
                base = parts[: len(parts) - node.level + (1 if is_package else 0)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names} & known
            found |= submodules
            if len(submodules) < len(node.names):
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    known = modules.keys() | extension_modules()
    return {
        name: imports_in(path.read_text(), name, path.name == "__init__.py", known) for name, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (first module repeated at the end) in each strongly connected component."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def connect(node: str) -> None:  # Tarjan
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return [_cycle_in(graph, component) for component in components]


def _cycle_in(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the component's first module (breadth-first, inside the component)."""
    start = min(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & component):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle in {component}")


def state_types(source: str) -> set[str]:
    """The dataclasses of pairing/engine/state.py (``@dataclass`` or ``@dataclass(...)``)."""
    found = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if (target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")) == "dataclass":
                    found.add(node.name)
    return found


def state_imports(source: str, module: str, is_package: bool, types: set[str]) -> list[str]:
    """What in *source* imports the engine's state types: one of *types* by name from any
    module of ``pairing`` (re-exports included; tourney.models has a Player and a
    RoundEntry of its own), or the state module itself (which holds them all)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name == STATE_MODULE]
        elif isinstance(node, ast.ImportFrom):
            (target,) = imports_in(ast.unparse(ast.Module([node], [])), module, is_package, {})
            for alias in node.names:
                if (alias.name in types and under(target, ("pairing",))) or f"{target}.{alias.name}" == STATE_MODULE:
                    found.append(f"{target}.{alias.name}")
    return found


def under(module: str, packages: Iterable[str]) -> bool:
    return any(module == p or module.startswith(f"{p}.") for p in packages)


def is_pure_pairing(module: str) -> bool:
    return under(module, PURE_PAIRING) or module in PURE_PAIRING_MODULES


def system_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] == ["pairing", "engine"] and len(parts) > 2 and parts[2] in SYSTEMS:
        return parts[2]
    return None


GRAPH = import_graph()


def test_no_import_cycle_among_the_project_modules() -> None:
    found = cycles(GRAPH)
    assert not found, "import cycles (one per tangle):\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def test_no_pairing_system_imports_another_system() -> None:
    crossings = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        for target in sorted(targets)
        if system_of(name) and system_of(target) and system_of(name) != system_of(target)
    ]
    assert not crossings, "\n".join(crossings)


def test_the_engines_and_their_command_line_import_no_django_celery_tourney_or_pairing_app() -> None:
    offenders = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        if is_pure_pairing(name)
        for target in sorted(targets)
        if target.split(".")[0] in NOT_IN_PAIRING or (target.split(".")[0] == "pairing" and not is_pure_pairing(target))
    ]
    assert not offenders, "\n".join(offenders)


def test_only_the_adapter_and_the_trf_mapping_import_the_engine_state_types() -> None:
    modules = project_modules()
    types = state_types(modules[STATE_MODULE].read_text())
    assert {"TournamentState", "Player", "RoundEntry", "Pairing", "Board"} <= types
    offenders = [
        f"{name} imports {imported}"
        for name, path in modules.items()
        if not under(name, ("pairing.engine", *STATE_IMPORTERS))
        for imported in state_imports(path.read_text(), name, path.name == "__init__.py", types)
    ]
    assert not offenders, "go through pairing.adapter:\n" + "\n".join(offenders)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from pairing.engine.state import Colour, TournamentState\n", ["pairing.engine.state.TournamentState"]),
        ("def f():\n    from pairing.adapter import Pairing\n", ["pairing.adapter.Pairing"]),
        ("from pairing.engine import state as engine\n", ["pairing.engine.state"]),
        ("import pairing.engine.state\n", ["pairing.engine.state"]),
        ("from ..engine.state import Board\n", ["pairing.engine.state.Board"]),
        ("from pairing import adapter\nfrom pairing.engine.state import Outcome, PairingError\n", []),
        ("from tourney.models import Pairing\n", []),
    ],
)
def test_state_imports_are_found_by_name_or_by_module(source: str, expected: list[str]) -> None:
    types = {"TournamentState", "Pairing", "Board"}
    assert state_imports(source, "pairing.cli.x", False, types) == expected


def test_the_walk_sees_both_packages_and_the_pairing_systems() -> None:
    assert {"pairing", "pairing.engine", "tourney", "tourney.models"} <= GRAPH.keys()
    assert {system_of(name) for name in GRAPH} >= set(SYSTEMS)


@pytest.mark.parametrize(
    ("source", "module", "is_package", "expected"),
    [
        ("def f():\n    from b.c import x\n", "a", False, {"b.c"}),
        ("from b import c, x\n", "a", False, {"b.c", "b"}),
        ("from b import c\n", "a", False, {"b.c"}),
        ("import b.c as d\n", "a", False, {"b.c"}),
        ("from . import c\n", "b.m", False, {"b.c"}),
        ("from .c import x\n", "b", True, {"b.c"}),
        ("from .. import m\n", "b.c.n", False, {"b.m"}),
        ("from .. import x\n", "b.c.n", False, {"b"}),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from b import m\n", "a", False, {"typing", "b.m"}),
    ],
)
def test_imports_are_read_anywhere_and_relative_ones_resolved(
    source: str, module: str, is_package: bool, expected: set[str]
) -> None:
    assert imports_in(source, module, is_package, {"a", "b", "b.c", "b.m", "b.c.n"}) == expected


def test_a_cycle_is_reported_with_its_path() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert sorted(cycles(graph)) == [["a", "b", "c", "a"], ["e", "e"]]
