"""What the pages show, computed from the engines' one definition of each rule.

One module per page family:

- :mod:`.points`: the points standings and the ARO list (pairing.engine.aro), the rounds
  a reader sees;
- :mod:`.card`: a player's card;
- :mod:`.draft`: the facts that explain a draft pairing (scores, colour preferences,
  floats as the tournament's system and edition define them);
- :mod:`.tiebreak_table`: the standings with the tournament's C.07 tie-breaks;
- :mod:`.crosstable_cells`: the crosstable's cells and the scores before a round;
- :mod:`.shown`: a value as the template language shows it, for the big tables' rows.
"""
