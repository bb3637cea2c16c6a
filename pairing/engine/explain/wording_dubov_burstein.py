"""The Dubov and Burstein explanations in words, citing the article of the edition.

As :mod:`.wording`: English templates marked for translation (``gettext_noop``), the
caller's *translate* puts them in its language (the Italian is in locale/it); a template
that counts is a :class:`~.wording.Plural` (``ngettext_noop``), put in the language and
the number by the caller's *ngettext*; a score carries its unit (:func:`.wording.score`).
The reasons and criteria the systems share with the Dutch one keep the Dutch sentences.
"""

from __future__ import annotations

from pairing.engine.explain import common as c
from pairing.engine.explain import wording
from pairing.engine.explain.common import PlayerExplanation, RoundExplanation
from pairing.engine.explain.wording import (
    COLOURS,
    NGettext,
    Plural,
    Translate,
    counted,
    gettext_noop,
    ngettext_noop,
    score,
)

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

WORSENED: dict[str, str | Plural] = {
    **wording.WORSENED,
    "upfloaters": ngettext_noop("{count} more upfloater", "{count} more upfloaters"),
    "upfloater_scores": gettext_noop("the upfloaters have lower scores"),
    "colour_preferences": wording.WORSENED["preference"],
    "maximum_upfloaters": ngettext_noop(
        "{count} more upfloater is a maximum upfloater", "{count} more upfloaters are maximum upfloaters"
    ),
    "maximum_upfloats": ngettext_noop(
        "the maximum upfloaters have upfloated {count} more time",
        "the maximum upfloaters have upfloated {count} more times",
    ),
    "upfloated_again": ngettext_noop(
        "{count} more upfloater upfloated in the previous round",
        "{count} more upfloaters upfloated in the previous round",
    ),
    "merged": ngettext_noop(
        "{count} more score group cannot be paired by itself and is paired with the next",
        "{count} more score groups cannot be paired by themselves and are paired as one",
    ),
    "floaters": ngettext_noop("{count} more player floats down", "{count} more players float down"),
    "next_floater_scores": gettext_noop(
        "the players floating down who are paired in the next bracket have lower scores"
    ),
    "due_colours": ngettext_noop(
        "{count} more player does not get his due colour", "{count} more players do not get their due colour"
    ),
}


def describe(answer: c.WhyNot, translate: Translate = lambda text: text, ngettext: NGettext | None = None) -> str:
    """*answer* in words, through the caller's *translate* (and *ngettext* for counts)."""
    if answer.dutch is not None:
        head = translate(SEEDING).format(round=answer.round_to_pair)
        return f"{head} {wording.describe(answer.dutch, translate, ngettext)}"
    fields = wording.answer_fields(answer, translate, ngettext)
    if answer.byes is not None:
        fields |= {"bye": answer.byes[0], "forced_bye": answer.byes[1]}
        if answer.reason == c.NOT_WORSE:
            return translate(NOT_WORSE_BYE).format(**fields)
    difference = answer.difference
    if difference is not None:
        fields |= {"bracket": difference.group.number, "score": score(difference.group.score, translate, ngettext)}
        if difference.term is not None:
            count = difference.count()
            fields["what"] = counted(WORSENED[difference.term], abs(count), translate, ngettext).format(count=count)
    text = translate(REASONS[answer.reason]).format(**fields)
    if answer.culprits:
        pairs = ", ".join(f"{x}-{y}" for x, y in answer.culprits)
        text += " " + translate(wording.PAIRS_CONCERNED).format(pairs=pairs)
    return text


PLAYER = wording.PLAYER
BYE_PLAYER = gettext_noop("{player} ({points})")
MEETS = {
    "": wording.FLOATS[""],
    "upfloater": gettext_noop("meets {opponent} ({opponent_points}), an upfloater"),
    "up": gettext_noop("meets {opponent} ({opponent_points}), who floated down to this bracket"),
}
# The size of a score group, where the sentence counts something else.
PLAYERS = ngettext_noop("{size} player", "{size} players")
# Each counted sentence and what it counts: the score group's size ("odd") or the
# upfloaters it needs ("unpaired", "completion").
FLOATS: dict[str, str | Plural] = {
    # Dubov: why he upfloated (B.1; 2026 [C4], [C5]) and what chose him.
    "odd": ngettext_noop(
        "upfloats to meet {opponent} ({opponent_points}): that score group has {size} player, so it needs one "
        "upfloater ({rule}); he is the one chosen by {choice_rule}",
        "upfloats to meet {opponent} ({opponent_points}): the {size} players of that score group can all be paired "
        "among themselves but one, so it needs one upfloater ({rule}); he is the one chosen by {choice_rule}",
    ),
    # Here at least two players are left unpaired (else the group is "odd" or needs a "completion").
    "unpaired": ngettext_noop(
        "upfloats to meet {opponent} ({opponent_points}): {unpaired} of the {size} players of that score group "
        "cannot be paired among themselves, so it needs {needed} upfloater ({rule}): {floaters}, chosen by "
        "{choice_rule}",
        "upfloats to meet {opponent} ({opponent_points}): {unpaired} of the {size} players of that score group "
        "cannot be paired among themselves, so it needs {needed} upfloaters ({rule}): {floaters}, chosen by "
        "{choice_rule}",
    ),
    "completion": ngettext_noop(
        "upfloats to meet {opponent} ({opponent_points}): the score group of {players} needs {needed} upfloater, "
        "more than the {unpaired} its players leave unpaired, since no smaller set pairs it with the rest of the "
        "round still pairable ({rule}): {floaters}, chosen by {choice_rule}",
        "upfloats to meet {opponent} ({opponent_points}): the score group of {players} needs {needed} upfloaters, "
        "more than the {unpaired} its players leave unpaired, since no smaller set pairs it with the rest of the "
        "round still pairable ({rule}): {floaters}, chosen by {choice_rule}",
    ),
    # Burstein: why he floated down.
    "floated": gettext_noop(
        "floats down to meet {opponent} ({opponent_points}): his score group's pairing leaves {floaters} to the "
        "group below ({rule}), the pairing chosen by {choice_rule}"
    ),
    "merged": gettext_noop(
        "floats down to meet {opponent} ({opponent_points}): his score group cannot be paired with at most one "
        "floater, and is paired together with the next ({rule})"
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


def describe_player(
    explained: PlayerExplanation,
    system: str,
    rule_of_bye: str,
    translate: Translate = lambda t: t,
    ngettext: NGettext | None = None,
) -> str:
    """One player's line of the round's explanation."""
    if explained.opponent is None:
        text = translate(BYE_PLAYER).format(player=explained.player, points=score(explained.score, translate, ngettext))
        return f"{text}; " + translate(BYE[(system, rule_of_bye)]).format(rule=rule_of_bye) + "."
    text = translate(PLAYER).format(
        player=explained.player,
        points=score(explained.score, translate, ngettext),
        bracket=explained.group,
        bracket_points=score(explained.group_score, translate, ngettext),
    )
    size, needed = explained.group_size, len(explained.floaters)
    fields = {
        "opponent": explained.opponent,
        "opponent_points": score(explained.opponent_score, translate, ngettext),
        "rule": explained.float_rule,
        "choice_rule": explained.float_choice_rule,
        "size": size,
        "players": counted(PLAYERS, size, translate, ngettext).format(size=size),
        "unpaired": explained.left_unpaired,
        "needed": needed,
        "floaters": ", ".join(map(str, explained.floaters)),
    }
    if explained.float_reason:
        count = size if explained.float_reason == "odd" else needed
        meets = counted(FLOATS[explained.float_reason], count, translate, ngettext).format(**fields)
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
    return [describe_player(p, explained.system, explained.bye_rule, translate, ngettext) for p in explained.players]


def templates() -> list[str | Plural]:
    """Every template of this module, for the catalogue test."""
    out: list[str | Plural] = [*REASONS.values(), *WORSENED.values(), NOT_WORSE_BYE, SEEDING, PLAYER, BYE_PLAYER]
    for group in (MEETS, FLOATS, COLOUR_RULES, BYE):
        out += list(group.values())
    return [*out, PLAYERS]
