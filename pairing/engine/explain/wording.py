"""The answers in words a player understands, citing the article.

The templates are English and marked for translation (``gettext_noop``: the engine knows
no Django); :func:`describe` takes the caller's *translate* (the web passes Django's
``gettext``, whose Italian is in locale/it; the command line keeps English). A template that
counts has a singular and a plural (:class:`Plural`, marked by ``ngettext_noop``); the caller
passes *ngettext* too (Django's) for the translated plural forms, else the English form is
chosen by the count and handed to *translate*.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain.dutch_round import LEFT_OVER, NO_OPPONENT, PlayerExplanation, RoundExplanation
from pairing.engine.state import Colour

Translate = Callable[[str], str]
NGettext = Callable[[str, str, int], str]


def gettext_noop(text: str) -> str:
    """Marks *text* for the translation catalogue; translated where it is shown."""
    return text


@dataclass(frozen=True)
class Plural:
    """A template that counts: its singular and plural msgids (``msgid_plural``)."""

    singular: str
    plural: str


def ngettext_noop(singular: str, plural: str) -> Plural:
    """Marks a counted template for the translation catalogue (a plural entry)."""
    return Plural(singular, plural)


def counted(
    template: str | Plural, count: int, translate: Translate = lambda t: t, ngettext: NGettext | None = None
) -> str:
    """*template* translated for *count*: through *ngettext* when given, else the English
    form for the count through *translate* (a catalogue without the plural entry keeps it
    English)."""
    if not isinstance(template, Plural):
        return translate(template)
    if ngettext is not None:
        return ngettext(template.singular, template.plural, count)
    return translate(template.singular if count == 1 else template.plural)


REASONS = {
    w.PAIRED: gettext_noop("{a} and {b} are paired together in this round."),
    w.NOT_IN_ROUND: gettext_noop("{a} and {b} are not both paired in this round (absent, or a requested bye)."),
    w.MET_BEFORE: gettext_noop("{a} and {b} met in round {round}: two players shall not meet twice ({rule})."),
    w.FORBIDDEN: gettext_noop("The arbiter forbade the pair {a}-{b} (TRF XXP / record 260; {rule})."),
    w.SAME_ABSOLUTE_COLOUR: gettext_noop(
        "{a} and {b} must both have {colour} and neither is a topscorer: they shall not meet ({rule})."
    ),
    w.NO_COMPLETION: gettext_noop(
        "With {a}-{b} paired, the other players cannot all be paired under the absolute criteria, "
        "at most one eligible player receiving the pairing-allocated bye ({rule})."
    ),
    w.PAB_SCORE: gettext_noop(
        "With {a}-{b} paired, the pairing-allocated bye would go to {forced_bye} ({forced_bye_score}) "
        "instead of {bye} ({bye_score}): its receiver's score shall be as low as possible ({rule})."
    ),
    w.WORSE: gettext_noop("Pairing {a}-{b} makes the round worse: in bracket {bracket} ({score}), {what} ({rule})."),
    w.EQUAL: gettext_noop(
        "The best pairing with {a}-{b} first differs in bracket {bracket} ({score}), where it is as good "
        "by every quality criterion; the engine's pairing comes first in the order the rules generate the "
        "pairings ({rule})."
    ),
    w.NOT_WORSE: gettext_noop(
        "The best pairing with {a}-{b} first differs in bracket {bracket} ({score}), where this "
        "explanation does not find it worse ({rule}); the engine's pairing procedure chose otherwise."
    ),
}

# What gets worse, *count* being how much (players or pairs).
WORSENED: dict[str, str | Plural] = {
    "pairs": ngettext_noop(
        "{count} pair fewer: more players float down", "{count} pairs fewer: more players float down"
    ),
    "floater_scores": gettext_noop("the players floating down have higher scores"),
    "next_pairs": ngettext_noop("{count} pair fewer in the next bracket", "{count} pairs fewer in the next bracket"),
    "next_scores": gettext_noop("the players floating down from the next bracket have higher scores"),
    "pab_unplayed": gettext_noop("the pairing-allocated bye goes to a player with more unplayed games"),
    "topscorer_difference": ngettext_noop(
        "{count} more topscorer or opponent of a topscorer gets a colour difference beyond +2 or -2",
        "{count} more topscorers or opponents of a topscorer get a colour difference beyond +2 or -2",
    ),
    "topscorer_third": ngettext_noop(
        "{count} more topscorer or opponent of a topscorer gets the same colour three times in a row",
        "{count} more topscorers or opponents of a topscorer get the same colour three times in a row",
    ),
    "preference": ngettext_noop(
        "{count} more player does not get his colour preference",
        "{count} more players do not get their colour preference",
    ),
    "strong_preference": ngettext_noop(
        "{count} more player does not get his strong colour preference",
        "{count} more players do not get their strong colour preference",
    ),
    "down_again": ngettext_noop(
        "{count} more player floats down as in the previous round",
        "{count} more players float down as in the previous round",
    ),
    "up_again": ngettext_noop(
        "{count} more player floats up as in the previous round",
        "{count} more players float up as in the previous round",
    ),
    "down_2": ngettext_noop(
        "{count} more player floats down as two rounds before", "{count} more players float down as two rounds before"
    ),
    "up_2": ngettext_noop(
        "{count} more player floats up as two rounds before", "{count} more players float up as two rounds before"
    ),
    "down_again_scores": gettext_noop("the players floating down as in the previous round have higher scores"),
    "up_again_scores": gettext_noop("the players floating up as in the previous round have larger score differences"),
    "down_2_scores": gettext_noop("the players floating down as two rounds before have higher scores"),
    "up_2_scores": gettext_noop("the players floating up as two rounds before have larger score differences"),
}

PAIRS_CONCERNED = gettext_noop("Pairs concerned: {pairs}.")
COLOURS = {Colour.WHITE: gettext_noop("White"), Colour.BLACK: gettext_noop("Black")}


def points(tenths: int) -> str:
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths / 10:g}"


POINTS = ngettext_noop("{points} point", "{points} points")


def score(tenths: int, translate: Translate = lambda t: t, ngettext: NGettext | None = None) -> str:
    """A score with its unit, "1 point", "1.5 points": singular for exactly one point."""
    return counted(POINTS, 1 if tenths == 10 else 2, translate, ngettext).format(points=points(tenths))


def answer_fields(
    answer: Any, translate: Translate = lambda t: t, ngettext: NGettext | None = None
) -> dict[str, object]:
    """The fields every system's "why not" sentences share: the two players, the article,
    the round they met, the colour both must have, and the two PAB receivers with their
    scores (an answer without one of them leaves its fields out)."""
    fields: dict[str, object] = {"a": answer.a, "b": answer.b, "rule": answer.rule, "round": answer.round_met}
    if getattr(answer, "colour", None) is not None:
        fields["colour"] = translate(COLOURS[answer.colour])
    bye_scores = getattr(answer, "bye_scores", None)
    if bye_scores is not None and answer.forced is not None:
        fields |= {"bye": answer.pairing.bye, "forced_bye": answer.forced.bye}
        fields["bye_score"] = score(bye_scores[0], translate, ngettext)
        fields["forced_bye_score"] = score(bye_scores[1], translate, ngettext)
    return fields


def describe(answer: w.WhyNot, translate: Translate = lambda text: text, ngettext: NGettext | None = None) -> str:
    """*answer* in words, through the caller's *translate* (and *ngettext* for counts)."""
    fields = answer_fields(answer, translate, ngettext)
    difference = answer.difference
    if difference is not None:
        fields["bracket"] = difference.bracket.number
        fields["score"] = score(difference.bracket.score, translate, ngettext)
        if difference.term is not None:
            count = difference.first[difference.term] - difference.second[difference.term]
            template = WORSENED[difference.term]
            fields["what"] = counted(template, abs(count), translate, ngettext).format(count=abs(count))
    text = translate(REASONS[answer.reason]).format(**fields)
    if answer.culprits:
        pairs = ", ".join(f"{x}-{y}" for x, y in answer.culprits)
        text += " " + translate(PAIRS_CONCERNED).format(pairs=pairs)
    return text


PLAYER = gettext_noop("{player} ({points}): paired in bracket {bracket} ({bracket_points})")
FLOATS = {
    "down": gettext_noop("floats down to meet {opponent} ({opponent_points})"),
    "up": gettext_noop("floats up to meet {opponent} ({opponent_points})"),
    "": gettext_noop("meets {opponent} ({opponent_points})"),
}
COLOUR_RULES = {
    "E.1": gettext_noop("{colour}: both colour preferences are granted (E.1)"),
    "E.2": gettext_noop("{colour}: the stronger colour preference is granted (E.2)"),
    "E.3": gettext_noop(
        "{colour}: colours alternate from the latest round in which the two had different colours (E.3)"
    ),
    "E.4": gettext_noop("{colour}: the preference of the higher-ranked player is granted (E.4)"),
    "E.5": gettext_noop(
        "{colour}: neither has a preference, the pairing number decides against the initial colour (E.5)"
    ),
}
DOWN_FLOATS = {
    NO_OPPONENT: gettext_noop(
        "he floats down from bracket {bracket} ({bracket_points}): the absolute criteria let him meet nobody "
        "there ({rule})"
    ),
    LEFT_OVER: gettext_noop(
        "he floats down from bracket {bracket} ({bracket_points}): its best pairing by the quality criteria "
        "leaves him over ({rule})"
    ),
}
BYE = {
    "A.9, C.2": gettext_noop(
        "receives the pairing-allocated bye: the player left over in the last bracket, who may receive it ({rule})"
    ),
    "C2, C5, C9": gettext_noop(
        "receives the pairing-allocated bye: of the players who may receive it, the lowest score possible, "
        "then the fewest unplayed games ({rule})"
    ),
}


def describe_player(
    explained: PlayerExplanation,
    rule_of_bye: str,
    translate: Translate = lambda t: t,
    ngettext: NGettext | None = None,
) -> str:
    """One player's line of the round's explanation: his bracket, why he floated down
    from each bracket he left, whom he meets, his colour and its rule; or the PAB."""
    text = translate(PLAYER).format(
        player=explained.player,
        points=score(explained.score, translate, ngettext),
        bracket=explained.bracket,
        bracket_points=score(explained.bracket_score, translate, ngettext),
    )
    if explained.opponent is None:
        return f"{text}; " + translate(BYE[rule_of_bye]).format(rule=rule_of_bye) + "."
    parts = [text]
    for step in explained.floats:
        parts.append(
            translate(DOWN_FLOATS[step.reason]).format(
                bracket=step.bracket, bracket_points=score(step.bracket_score, translate, ngettext), rule=step.rule
            )
        )
    parts.append(
        translate(FLOATS[explained.float]).format(
            opponent=explained.opponent, opponent_points=score(explained.opponent_score, translate, ngettext)
        )
    )
    parts.append(translate(COLOUR_RULES[explained.colour_rule]).format(colour=translate(COLOURS[explained.colour])))
    return "; ".join(parts) + "."


def describe_round(
    explained: RoundExplanation, translate: Translate = lambda t: t, ngettext: NGettext | None = None
) -> list[str]:
    return [describe_player(p, explained.bye_rule, translate, ngettext) for p in explained.players]
