"""A tiny fixed network for the tests of :func:`cardwar.agents.from_policy`: a random
linear layer (seeded numpy weights) and an argmax over the legal mask; and module-level
agents of it, one per variant with decisions, to name as ``tests.support_policy:<name>``
(an agent kind)."""

from __future__ import annotations

from typing import Any

import numpy as np

import cardwar
from cardwar import agents

Array = np.ndarray[Any, Any]


class Linear:
    """A fixed random linear policy of ``game`` under ``options``: scores the ids by
    ``tensor @ weights`` (through a hidden layer of 8, so that it stays cheap) and plays
    the legal id of the best score. ``calls`` keeps every (tensor, mask, id) it saw."""

    def __init__(self, name: str, options: Any = None, seed: int = 0) -> None:
        game = cardwar.variant(name)
        opts = game.options() if options is None else options
        self.inputs = game.observation_shape(opts)[0] + game.partial_size(opts)
        self.size = game.num_actions(opts)
        rng = np.random.default_rng(seed)
        self.hidden = rng.standard_normal((self.inputs, 8)).astype(np.float32)
        self.out = rng.standard_normal((8, self.size)).astype(np.float32)
        self.calls: list[tuple[Array, Array, int]] = []

    def __call__(self, tensor: Array, mask: Array) -> int:
        assert tensor.dtype == np.float32
        assert tensor.shape == (self.inputs,)
        assert mask.dtype == np.bool_
        assert mask.shape == (self.size,)
        scores = (tensor @ self.hidden) @ self.out
        picked = int(np.argmax(np.where(mask, scores, -np.inf)))
        self.calls.append((tensor.copy(), mask.copy(), picked))
        return picked


arneson_bot = agents.from_policy(Linear("arneson"), "arneson")
cold_war_bot = agents.from_policy(Linear("cold-war"), "cold-war")
generals_bot = agents.from_policy(Linear("generals"), "generals")
caravan_bot = agents.from_policy(Linear("caravan"), "caravan")
