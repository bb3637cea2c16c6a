""" "Why this pairing?" and "why not X?" as the pages show them: the explainer's sentences
(pairing.explanations) in the reader's language, beside the players' names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext

from pairing import explanations
from pairing.explanations import Asked, Explainable
from tourney.models import Player
from tourney.presentation.points import players_by_number


@dataclass(frozen=True)
class Line:
    player: Player
    text: str


def round_lines(ex: Explainable, only: set[int] | None = None) -> list[Line]:
    """One line a player of the round (those of *only*, pairing numbers, when given), in
    pairing order: his bracket, float, colour and its rule, or why he has the PAB."""
    explained = explanations.explain_round(ex)
    texts = explanations.describe_round(explained, ex, gettext, ngettext)
    by_number = players_by_number(ex.round.tournament)
    return [
        Line(by_number[p.player], _without_number(text, p.player))
        for p, text in zip(explained.players, texts, strict=True)
        if only is None or p.player in only
    ]


def _without_number(text: str, number: int) -> str:
    """The line after its pairing number: the page shows the number and the name before it."""
    prefix = f"{number} "
    return text[len(prefix) :] if text.startswith(prefix) else text


def seated(ex: Explainable) -> list[Player]:
    """The players the round's pairing seats, in pairing-number order (the choices of "why not")."""
    by_number = players_by_number(ex.round.tournament)
    numbers = {n for board in ex.pairing.boards for n in (board.white, board.black)}
    if ex.pairing.bye is not None:
        numbers.add(ex.pairing.bye)
    return [by_number[n] for n in sorted(numbers)]


@dataclass(frozen=True)
class ForcedBoard:
    number: int
    white: Player
    black: Player
    holds_pair: bool


def answer_context(ex: Explainable, asked: Asked, a: int, b: int) -> dict[str, Any]:
    """What the "why not" box shows: the answer in words and the best pairing holding the
    pair, or that the worker is on it."""
    context: dict[str, Any] = {"asked": asked, "a": a, "b": b}
    if asked.state != explanations.DONE or asked.answer is None:
        return context
    answer = asked.answer
    context["text"] = explanations.describe_answer(answer, ex, gettext, ngettext)
    forced = getattr(answer, "forced", None)
    if forced is not None:
        by_number = players_by_number(ex.round.tournament)
        context["forced"] = [
            ForcedBoard(k, by_number[board.white], by_number[board.black], {board.white, board.black} == {a, b})
            for k, board in enumerate(forced.boards, start=1)
        ]
        context["forced_bye"] = by_number.get(forced.bye) if forced.bye is not None else None
    return context
