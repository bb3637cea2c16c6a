"""The Dubov and Burstein explanations in words, citing the article of the edition.

As :mod:`.wording`: English templates marked for translation (``gettext_noop``), the
caller's *translate* puts them in its language (the Italian is in locale/it). The
reasons and criteria the systems share with the Dutch one keep the Dutch sentences.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.explain import common as c
from pairing.engine.explain import wording
from pairing.engine.explain.common import PlayerExplanation, RoundExplanation
from pairing.engine.explain.wording import COLOURS, NGettext, counted, gettext_noop, points

Translate = Callable[[str], str]

REASONS = {
    **wording.REASONS,
    c.SAME_ABSOLUTE_COLOUR: gettext_noop("{a} and {b} must both have {colour}: they shall not meet ({rule})."),
    c.COLOUR_LIMIT: gettext_noop(
        "{a} and {b} may both only have {colour} (a colour difference of at most 2, never the same colour "
        "three times in a row): they shall not meet ({rule})."
    ),
    c.PAB_ORDER: gettext_noop(
        "With {a}-{b} paired, the pairing-allocated bye would go to {forced_bye} instead of {bye}, who comes "
        "first in the order the rules give it, before any bracket is paired ({rule})."
    ),
}
NOT_WORSE_BYE = gettext_noop(
    "With {a}-{b} paired, the pairing-allocated bye would go to {forced_bye} instead of {bye}; this explanation "
    "does not find that worse ({rule}); the engine's pairing procedure chose otherwise."
)
SEEDING = gettext_noop("Round {round} is a seeding round, paired by the Dutch system (1.6.1).")

WORSENED = {
    **wording.WORSENED,
    "upfloaters": gettext_noop("{count} more upfloater(s)"),
    "upfloater_scores": gettext_noop("the upfloaters have lower scores"),
    "colour_preferences": wording.WORSENED["preference"],
    "maximum_upfloaters": gettext_noop("{count} more upfloater(s) are maximum upfloaters"),
    "maximum_upfloats": gettext_noop("the maximum upfloaters have upfloated {count} more time(s)"),
    "upfloated_again": gettext_noop("{count} more upfloater(s) upfloated in the previous round"),
    "merged": gettext_noop("{count} more score group(s) cannot be paired by themselves and are paired as one"),
    "floaters": gettext_noop("{count} more player(s) float down"),
    "next_floater_scores": gettext_noop(
        "the players floating down who are paired in the next bracket have lower scores"
    ),
    "due_colours": gettext_noop("{count} more player(s) do not get their due colour"),
}


def describe(answer: c.WhyNot, translate: Translate = lambda text: text, ngettext: NGettext | None = None) -> str:
    """*answer* in words, through the caller's *translate* (and *ngettext* for counts)."""
    if answer.dutch is not None:
        head = translate(SEEDING).format(round=answer.round_to_pair)
        return f"{head} {wording.describe(answer.dutch, translate, ngettext)}"
    fields: dict[str, object] = {"a": answer.a, "b": answer.b, "rule": answer.rule, "round": answer.round_met}
    if answer.colour is not None:
        fields["colour"] = translate(COLOURS[answer.colour])
    if answer.byes is not None:
        fields |= {"bye": answer.byes[0], "forced_bye": answer.byes[1]}
        if answer.reason == c.NOT_WORSE:
            return translate(NOT_WORSE_BYE).format(**fields)
    difference = answer.difference
    if difference is not None:
        fields |= {"bracket": difference.group.number, "score": points(difference.group.score)}
        if difference.term is not None:
            count = difference.count()
            fields["what"] = counted(WORSENED[difference.term], abs(count), translate, ngettext).format(count=count)
    text = translate(REASONS[answer.reason]).format(**fields)
    if answer.culprits:
        pairs = ", ".join(f"{x}-{y}" for x, y in answer.culprits)
        text += " " + translate(wording.PAIRS_CONCERNED).format(pairs=pairs)
    return text


PLAYER = gettext_noop("{player} ({points} points): paired in bracket {bracket} ({bracket_points} points)")
BYE_PLAYER = gettext_noop("{player} ({points} points)")
MEETS = {
    "": gettext_noop("meets {opponent} ({opponent_points} points)"),
    "upfloater": gettext_noop("meets {opponent} ({opponent_points} points), an upfloater"),
    "up": gettext_noop("meets {opponent} ({opponent_points} points), who floated down to this bracket"),
}
FLOATS = {
    # Dubov: why he upfloated (B.1; 2026 [C4], [C5]) and what chose him.
    "odd": gettext_noop(
        "upfloats to meet {opponent} ({opponent_points} points): the {size} player(s) of that score group can all "
        "be paired among themselves but one, so it needs one upfloater ({rule}); he is the one chosen by "
        "{choice_rule}"
    ),
    "unpaired": gettext_noop(
        "upfloats to meet {opponent} ({opponent_points} points): {unpaired} of the {size} player(s) of that score "
        "group cannot be paired among themselves, so it needs {needed} upfloaters ({rule}): {floaters}, chosen by "
        "{choice_rule}"
    ),
    "completion": gettext_noop(
        "upfloats to meet {opponent} ({opponent_points} points): the score group of {size} player(s) needs "
        "{needed} upfloater(s), more than the {unpaired} its players leave unpaired, since no smaller set pairs it "
        "with the rest of the round still pairable ({rule}): {floaters}, chosen by {choice_rule}"
    ),
    # Burstein: why he floated down.
    "floated": gettext_noop(
        "floats down to meet {opponent} ({opponent_points} points): his score group's pairing leaves "
        "{floaters} to the group below ({rule}), the pairing chosen by {choice_rule}"
    ),
    "merged": gettext_noop(
        "floats down to meet {opponent} ({opponent_points} points): his score group cannot be paired with at most "
        "one floater, and is paired together with the next ({rule})"
    ),
}
COLOUR_RULES = {
    "first": gettext_noop(
        "{colour}: neither has played a game, the higher-ranked player's pairing number decides against the "
        "colour drawn by lot ({rule})"
    ),
    "both": gettext_noop("{colour}: both colour preferences are granted ({rule})"),
    "stronger": gettext_noop("{colour}: the stronger colour preference is granted ({rule})"),
    "alternate": gettext_noop(
        "{colour}: colours alternate from the latest round in which the two had different colours ({rule})"
    ),
    "higher": gettext_noop("{colour}: the colour preference of the higher-ranked player is granted ({rule})"),
    "limit_difference": gettext_noop(
        "{colour}: the only colour the limits leave, a colour difference never beyond 2 or -2 ({rule})"
    ),
    "limit_row": gettext_noop(
        "{colour}: the only colour the limits leave, never the same colour three times in a row ({rule})"
    ),
    "due": gettext_noop("{colour}: both due colours are granted ({rule})"),
    "equalise": gettext_noop(
        "{colour}: both are due the same colour, it goes to the one whose whites and blacks differ more, to "
        "equalise them ({rule})"
    ),
    "due_alternate": gettext_noop(
        "{colour}: both are due the same colour, colours alternate from the latest round in which the two had "
        "different colours ({rule})"
    ),
    "strength": gettext_noop(
        "{colour}: both are due the same colour with the same history, it goes to the higher Sonneborn-Berger, "
        "then Buchholz, and so on ({rule})"
    ),
}
# The article of each edition's colour rules, and its sentence.
COLOUR_STEP = {
    "E.0": "first",
    "5.2.1": "first",
    "5.1": "first",
    "E.1": "both",
    "5.2.2": "both",
    "E.2": "stronger",
    "5.2.3": "stronger",
    "E.3": "alternate",
    "5.2.4": "alternate",
    "E.4": "higher",
    "5.2.5": "higher",
    "5.2": "limit_difference",
    "5.3": "limit_row",
    "5.4 a": "due",
    "5.4 b": "equalise",
    "5.4 c": "due_alternate",
    "5.4 d": "strength",
}
BYE = {
    ("dubov", "B.0"): gettext_noop(
        "receives the pairing-allocated bye, given before any bracket is paired: of the players who may receive "
        "it, the lowest score, then the most games played, then the lowest in the initial ranking, the others "
        "still pairable ({rule})"
    ),
    ("dubov", "3.1"): gettext_noop(
        "receives the pairing-allocated bye, given before any bracket is paired: of the players who may receive "
        "it, the lowest score, then the most games played, then the lowest in the initial ranking, the others "
        "still pairable ({rule})"
    ),
    ("burstein", "4.1-4.3"): gettext_noop(
        "receives the pairing-allocated bye: of the players who never had a point without playing, the lowest "
        "score group, in it the lowest Sonneborn-Berger, then Buchholz and so on, the others still pairable ({rule})"
    ),
    ("burstein", "3.1"): gettext_noop(
        "receives the pairing-allocated bye, given before any bracket is paired: of the players who may receive "
        "it, the lowest score, then the most games played, then the lowest in the ranking order (1.8), the others "
        "still pairable ({rule})"
    ),
}


def describe_player(explained: PlayerExplanation, system: str, rule_of_bye: str, translate: Translate) -> str:
    """One player's line of the round's explanation."""
    if explained.opponent is None:
        text = translate(BYE_PLAYER).format(player=explained.player, points=points(explained.score))
        return f"{text}; " + translate(BYE[(system, rule_of_bye)]).format(rule=rule_of_bye) + "."
    text = translate(PLAYER).format(
        player=explained.player,
        points=points(explained.score),
        bracket=explained.group,
        bracket_points=points(explained.group_score),
    )
    fields = {
        "opponent": explained.opponent,
        "opponent_points": points(explained.opponent_score),
        "rule": explained.float_rule,
        "choice_rule": explained.float_choice_rule,
        "size": explained.group_size,
        "unpaired": explained.left_unpaired,
        "needed": len(explained.floaters),
        "floaters": ", ".join(map(str, explained.floaters)),
    }
    if explained.float_reason:
        meets = translate(FLOATS[explained.float_reason]).format(**fields)
    elif explained.float == "up":
        meets = translate(MEETS["up"]).format(**fields)
    elif explained.opponent_score < explained.score and system == "dubov":
        meets = translate(MEETS["upfloater"]).format(**fields)
    else:
        meets = translate(MEETS[""]).format(**fields)
    assert explained.colour is not None
    colour = translate(COLOUR_RULES[COLOUR_STEP[explained.colour_rule]]).format(
        colour=translate(COLOURS[explained.colour]), rule=explained.colour_rule
    )
    return f"{text}; {meets}; {colour}."


def describe_round(
    explained: RoundExplanation, translate: Translate = lambda t: t, ngettext: NGettext | None = None
) -> list[str]:
    if explained.seeding is not None:
        head = translate(SEEDING).format(round=explained.round)
        return [head, *wording.describe_round(explained.seeding, translate, ngettext)]
    return [describe_player(p, explained.system, explained.bye_rule, translate) for p in explained.players]
