"""The README's Layout names every module of the two packages, so that a reader finds each."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_lists_every_module() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :]
    modules = [
        path.relative_to(ROOT).as_posix()
        for package in ("pairing", "tourney")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.name != "__init__.py" and "migrations" not in path.parts
    ]
    missing = [m for m in modules if m not in layout]
    assert not missing, "add to the README's Layout:\n" + "\n".join(missing)
