"""The toolkit every compiled kernel shares: numba's decorators, borrowed array views,
the kernels' array types, and the draws of the game generator (:mod:`cardwar.rng`) on
``uint64`` words.

Private: the kernels of the games (each game's ``_batch_numba``) import it; it names no
game. The generator's stream is :mod:`cardwar.rng`'s: draw ``c`` (1-based) of key ``k``
is ``mix64(k + c * GAMMA)`` and ``below(m)`` is ``(word * m) >> 64``, computed here on
32-bit halves because the kernels have no 128-bit integers.

numba is optional (the ``fast`` extra). Without it this module still imports, with
:data:`COMPILED` false and the same functions running as plain Python (slowly): the
batch engine then uses the reference engine instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

try:
    import numba
except ImportError:  # pragma: no cover - exercised where the fast extra is absent
    numba = None  # type: ignore[assignment]  # the fast extra is not installed

__all__ = ["COMPILED", "F64", "I16", "I64", "U8", "U64", "borrowed"]

F = TypeVar("F", bound=Callable[..., Any])

#: Whether numba compiled the kernel (else it runs as plain Python).
COMPILED = numba is not None


def _jit(function: F) -> F:
    """Return ``function`` compiled by numba (cached on disk, GIL released), or as is."""
    if not COMPILED:  # pragma: no cover - exercised where the fast extra is absent
        return function
    return cast(F, _plain_calls(numba.njit(cache=True, nogil=True, boundscheck=False)(
        function)))


def _plain_calls(dispatcher: Any) -> Any:
    """Return ``dispatcher``, made to compile a call from another kernel for the plain
    types of its arguments: numba would compile ``f(x, 0)`` for the literal type of ``0``,
    a second whole compile of ``f`` beside the one for ``f(x, n)``."""
    resolve = dispatcher.get_call_template

    def get_call_template(args: Any, kws: Any) -> Any:
        plain: Callable[[Any], Any] = _types.unliteral
        return resolve(tuple(plain(a) for a in args), {k: plain(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


A = TypeVar("A")


def borrowed(array: A) -> A:
    """Return ``array`` as a view that counts no references, for the length of the call
    that received it (as plain Python: ``array`` itself).

    numba counts references to arrays with atomic instructions wherever an array enters
    a helper, inlined or not, unless the count's increment and decrement fall in one
    basic block; in the games' loops (measured with ``perf``) that took 55-70% of the
    kernels' time. A borrowed view (no ``meminfo``) makes every such count a test of a
    null pointer. Use it only on a function's array arguments, which its caller keeps
    alive for the call, and never return it or store it anywhere that outlives the call.
    """
    return array


if COMPILED:  # pragma: no branch - without the fast extra there is nothing to compile
    from numba.core import types as _types
    from numba.extending import intrinsic as _intrinsic
    from numba.extending import overload as _overload

    @_intrinsic
    def _borrowed_view(typingctx: Any, array: Any) -> Any:
        """The view of :func:`borrowed`: the array's struct with null ``meminfo`` and
        ``parent``."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            kind = signature.args[0]
            source = context.make_array(kind)(context, builder, value=args[0])
            view = context.make_array(kind)(context, builder)
            for name in ("nitems", "itemsize", "data", "shape", "strides"):
                setattr(view, name, getattr(source, name))
            meminfo: Any = _types.MemInfoPointer  # untyped in numba
            view.meminfo = context.get_constant_null(meminfo(kind.dtype))
            view.parent = context.get_constant_null(_types.pyobject)
            return view._getvalue()

        return array(array), codegen

    @_overload(borrowed, inline="always")
    def _borrowed_overload(array: Any) -> Any:
        if not isinstance(array, _types.Array):
            return None

        # The overload's parameters, annotations included; numba compiles the body, which
        # Python never runs, and the intrinsic takes its typing context itself.
        def view(array: Any) -> Any:  # pragma: no cover - compiled by numba only
            return _borrowed_view(array)  # type: ignore[call-arg]

        return view


_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_S27 = np.uint64(27)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_ONE = np.uint64(1)
_DERIVE = np.uint64(0xD1B54A32D192ED03)

#: The kernels' array types, named once for every game's kernel module.
I16 = NDArray[np.int16]
I64 = NDArray[np.int64]
U64 = NDArray[np.uint64]
F64 = NDArray[np.float64]
U8 = NDArray[np.uint8]


@_jit
def _mix64(z: np.uint64) -> Any:
    """Return SplitMix64's finaliser of ``z`` (cardwar.rng.mix64)."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@_jit
def _below(key: np.uint64, counter: np.uint64, bound: int) -> int:
    """Return ``below(bound)`` drawn at ``counter`` (already advanced, 1-based)."""
    word = _mix64(key + counter * _GAMMA)
    n = np.uint64(bound)
    return int(((word >> _S32) * n + (((word & _LOW32) * n) >> _S32)) >> _S32)


@_jit
def _shuffle(cards: I16, start: int, length: int, key: np.uint64, counter: np.uint64) -> Any:
    """Shuffle ``cards[start:start + length]`` in place as ``Rng.shuffle`` does (Fisher-Yates
    from the last position down, one draw per position); return the advanced counter."""
    for i in range(length - 1, 0, -1):
        counter += _ONE
        j = _below(key, counter, i + 1)
        tmp = cards[start + i]
        cards[start + i] = cards[start + j]
        cards[start + j] = tmp
    return counter


def _inline(function: F) -> F:
    """Return ``function`` compiled to be inlined where it is called: the helpers of the
    move loop take many arrays, and a call that is not inlined pays for each of them.

    numba copies the helper's source into every caller (``inline="always"``), where it is
    typed and lowered again: for a helper called in many places, or inside other such
    helpers, :func:`_inline_once` compiles faster."""
    if not COMPILED:  # pragma: no cover - exercised where the fast extra is absent
        return function
    return cast(F, numba.njit(inline="always", cache=True, nogil=True, boundscheck=False)(
        function))


def _inline_once(function: F) -> F:
    """Return ``function`` compiled once for its argument types, its code inlined into
    every caller by LLVM (numba's ``forceinline``) rather than its source copied by numba
    as :func:`_inline` does: Caravan's helpers, nested and called from every kernel,
    took half of its first-run compile copied (docs/simulation.md). Which of the two a
    helper takes is measured, compile and run speed both."""
    if not COMPILED:  # pragma: no cover - exercised where the fast extra is absent
        return function
    return cast(F, _plain_calls(numba.njit(forceinline=True, cache=True, nogil=True,
                                           boundscheck=False)(function)))


@_jit
def _agent_key(seed: np.uint64, seat: int) -> Any:
    """Return the key of ``RandomAgent(derive_seed(seed, seat + 1))``'s generator."""
    derived = _mix64(_mix64(seed + _DERIVE) + np.uint64(seat + 2) * _GAMMA)
    return _mix64(derived + _GAMMA)


@_inline_once
def _fraction(v: float, bound: float) -> float:
    """TensorWriter.fractions of one value: 0 at or below 0, 1 at or above ``bound``,
    else ``v / bound`` (clipped without a branch on ``v``, which is often at either end;
    ``bound / bound`` is exactly 1)."""
    if bound <= 0:
        return 0.0
    return min(max(v, 0.0), bound) / bound


@_inline_once
def _add_card(row: Any, at: int, card: int, copies: int, jokers: int) -> None:
    """TensorWriter.cards: add one ``card`` to the 53 values from ``at``, clipped at 1."""
    if card == 52:
        step = 1.0 / jokers if jokers > 1 else 1.0
    else:
        step = 1.0 / copies if copies > 1 else 1.0
    v = row[at + card] + step
    row[at + card] = 1.0 if v > 1.0 else v


# --- the vector environments' bookkeeping (cardwar._vector), one call each side of a step

@_jit
def vector_restarts(over: Any, early: Any, illegal: Any, masters: U64, episodes: I64,
                    seeds: U64, restart: U8) -> bool:
    """Set what the kernel does in each game ``g`` at this step (``restart[g]``): 1, deal
    the next game of its master seed, where the last step ended it (``over[g]``; its
    episode counted and its seed ``derive_seed(masters[g], episodes[g])`` written into
    ``seeds[g]``); 2, play nothing in it, where its id is known illegal or its game was
    dealt over (``illegal[g]``, ``early[g]``); else 0, step it. Return whether any game
    was dealt over."""
    dealt_over = False
    for g in range(over.shape[0]):
        dealt_over |= early[g]
        if over[g]:
            episodes[g] += 1
            seeds[g] = _mix64(_mix64(masters[g] + _DERIVE) + np.uint64(episodes[g] + 1)
                              * _GAMMA)
            restart[g] = 1
        elif illegal[g] or early[g]:
            restart[g] = 2
        else:
            restart[g] = 0
    return dealt_over


@_jit
def vector_settle(restarted: Any, early: Any, illegal: Any, codes: I64, truncating: Any,
                  rewards: F64, pending: F64, over: Any, terminated: Any, truncated: Any,
                  returned: F64) -> bool:
    """Settle a step of every game ``g`` after the kernel's run, as ``CardwarEnv`` reports
    it: ``terminated``, ``truncated`` and the reward ``returned`` (-1 for an illegal id;
    the result of a game dealt over, kept in ``pending``, at the step after its deal; 0
    at a restart; else the kernel's ``rewards``), from the game's termination code
    ``codes[g]`` (``truncating``: whether each code is a truncation); then the next
    step's ``over`` (it ended now), ``early`` (dealt over now: restarted and already
    ended) and ``pending``. Return whether any id was illegal."""
    any_illegal = False
    for g in range(codes.shape[0]):
        code = codes[g]
        bad = illegal[g] != 0
        ended = code != 0 and not restarted[g] and not bad
        cut = ended and truncating[code]
        terminated[g] = (ended and not cut) or bad
        truncated[g] = cut
        if bad:
            returned[g] = -1.0
            any_illegal = True
        elif early[g]:
            returned[g] = pending[g]
        elif restarted[g]:
            returned[g] = 0.0
        else:
            returned[g] = rewards[g]
        over[g] = terminated[g] or cut
        early[g] = restarted[g] and code != 0
        pending[g] = rewards[g] if early[g] else 0.0
    return any_illegal
