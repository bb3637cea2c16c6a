""" "Why not team X against team Y?" as the pages show it: the team explainer's answer
(pairing.team_explanations) in the reader's language, and the best pairing of matches
holding the pair, with the teams' names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pairing import explanations
from pairing.explanations import Asked
from pairing.team_explanations import TeamExplainable, describe_answer
from tourney.models import Team


@dataclass(frozen=True)
class ForcedMatch:
    table: int
    home: Team  # White on board 1
    away: Team
    holds_pair: bool


def teams_by_number(ex: TeamExplainable) -> dict[int, Team]:
    return {t.start_number: t for t in ex.round.tournament.teams.all()}


def seated(ex: TeamExplainable) -> list[Team]:
    """The teams the round's pairing seats, in TPN order (the choices of "why not")."""
    by_number = teams_by_number(ex)
    numbers = {n for m in ex.pairing.matches for n in (m.white, m.black)}
    if ex.pairing.bye is not None:
        numbers.add(ex.pairing.bye)
    return [by_number[n] for n in sorted(numbers) if n in by_number]


def answer_context(ex: TeamExplainable, asked: Asked, a: int, b: int) -> dict[str, Any]:
    """What the "why not" box shows: the answer in words and the best pairing of matches
    holding the pair, or that the worker is on it."""
    context: dict[str, Any] = {"asked": asked, "a": a, "b": b}
    if asked.state != explanations.DONE or asked.answer is None:
        return context
    answer = asked.answer
    context["text"] = describe_answer(answer, ex)
    if answer.forced is not None:
        by_number = teams_by_number(ex)
        context["forced"] = [
            ForcedMatch(k, by_number[m.white], by_number[m.black], {m.white, m.black} == {a, b})
            for k, m in enumerate(answer.forced.matches, start=1)
        ]
        bye = answer.forced.bye
        context["forced_bye"] = by_number.get(bye) if bye is not None else None
    return context
