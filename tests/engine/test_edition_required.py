"""Below pairing.engine.pair no function chooses an edition of the pairing rules by itself:
every one that takes an *edition* of C.04 must be given it (pair() resolves it once, from
the tournament, the file or the system's list)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pairing.engine

# pair() is where the edition is resolved; the tie-break and standings modules take the
# edition of C.07, another text, named by the tournament's start date (record 042).
# generate() needs it only for an accelerated event, and refuses one without it.
RESOLVES = {"pairing.engine.pair", "pairing.engine.generator.generate"}
OTHER_TEXTS = (
    "pairing.engine.tiebreaks",
    "pairing.engine.standings_check",
    "pairing.engine.team.standings",
    "pairing.engine.generator.with_standings",
)


def _engine_modules():
    for info in pkgutil.walk_packages(pairing.engine.__path__, "pairing.engine."):
        yield importlib.import_module(info.name)


def _defaulted_editions() -> list[str]:
    found = []
    seen = set()
    for module in _engine_modules():
        for name, obj in vars(module).items():
            if getattr(obj, "__module__", None) != module.__name__ or id(obj) in seen:
                continue
            seen.add(id(obj))
            where = f"{module.__name__}.{name}"
            members = [(where, obj)]
            if inspect.isclass(obj):
                members = [
                    (f"{where}.{k}", getattr(v, "__func__", v))
                    for k, v in vars(obj).items()
                    if inspect.isfunction(getattr(v, "__func__", v))
                ]
                if dataclasses.is_dataclass(obj):
                    for f in dataclasses.fields(obj):
                        if f.name == "edition" and f.default is not dataclasses.MISSING:
                            found.append(f"{where}.edition")
            for qualified, func in members:
                if not inspect.isfunction(func) or qualified in RESOLVES or qualified.startswith(OTHER_TEXTS):
                    continue
                parameter = inspect.signature(func).parameters.get("edition")
                if parameter is not None and parameter.default is not inspect.Parameter.empty:
                    found.append(qualified)
    return sorted(found)


def test_no_function_below_pair_has_a_default_edition() -> None:
    assert _defaulted_editions() == []
