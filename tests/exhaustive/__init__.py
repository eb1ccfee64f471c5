"""The exhaustive model checks of the six variants, gathered in one place.

Every module here plays every deal (and every choice) of a reduced deck to a stated
bound, checks every state it visits, and records its counts through the
``exhaustive_counts`` fixture of ``conftest.py``; the run prints them per variant.
"""
