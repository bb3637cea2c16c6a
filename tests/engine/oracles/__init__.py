"""Test oracles: literal sieves that try every candidate the rules allow, to check the fast engines."""
