"""Filters for what the templates show: points in tenths, audit actions, the byes a draft
may take in. None reads the database: the views and tourney.navigation put what the
pages need in their context."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def points(tenths: int | None) -> str:
    """25 -> '2½', 5 -> '½', 10 -> '1', 13 -> '1.3' (scoring systems with other steps)."""
    if tenths is None:
        return ""
    whole, rest = divmod(int(tenths), 10)
    if rest == 0:
        return str(whole)
    if rest == 5:
        return f"{whole or ''}½"
    return f"{tenths / 10:.1f}"


@register.filter
def audit_action(action: str) -> str:
    """An audit entry's action in the reader's language."""
    from tourney.audit import action_label

    return action_label(action)


@register.filter
def among(name: str, names: str) -> bool:
    """Whether *name* is one of the space-separated *names*: a whole word, where the
    template language's ``in`` would find "rounds" inside "rounds_per_day"."""
    return name in names.split()


@register.filter
def without_pab(byes: list) -> list:
    """The round's byes but the pairing-allocated one: the players a draft may take in."""
    return [b for b in byes if b.kind != "pab"]


@register.filter
def match_games(game: object) -> list[tuple[int, str]]:
    """A Double-Swiss board's games with their results: [(1, result), (2, second result)]."""
    return [(1, game.result), (2, game.second_result)]  # type: ignore[attr-defined]
