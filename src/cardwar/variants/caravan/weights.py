"""The weights of Caravan's heuristic player (:class:`~cardwar.variants.caravan.CaravanHeuristic`),
in one place for the player and for the compiled kernel's copy of it (the batch engine's
``heuristic`` kind), so that the two cannot drift apart."""

__all__ = ["DISBAND_COST", "DISCARD_COST", "FACE_COST", "GAME", "HELD"]

#: What a position held (a caravan that sells and is not outbid) is worth to the heuristic.
HELD = 30.0
#: What playing a face card (or a Joker) costs: it is gone from the hand for good.
FACE_COST = 10.0
#: What discarding and disbanding cost: a turn spent without building.
DISCARD_COST = 1.0
DISBAND_COST = 2.0
#: What winning (or losing) the game is worth: more than any position.
GAME = 1000.0
