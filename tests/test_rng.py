"""Tests of :mod:`cardwar.rng`: pinned stream vectors, an independent SplitMix64 reference,
bit-for-bit agreement with the numpy implementation, uniformity, purity and errors.
"""

from __future__ import annotations

import copy
import itertools
import math
import pickle
from collections import Counter

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwar.rng import (
    GAMMA,
    MASK64,
    MAX_BOUND,
    MAX_SEED,
    Rng,
    SeedError,
    check_seed,
    derive_seed,
    mix64,
)
from tests import numpy_rng as nr

SEEDS = st.integers(min_value=0, max_value=MAX_SEED)
COUNTERS = st.integers(min_value=0, max_value=2**48)
BOUNDS = st.integers(min_value=1, max_value=MAX_BOUND)

# Primes up to MAX_BOUND used as bounds (plus the largest prime below MAX_BOUND = 2**14).
PRIME_BOUNDS = (2, 3, 5, 7, 11, 13, 17, 31, 53, 97, 101, 127, 257, 1009, 4099, 8191, 16381)

# ---------------------------------------------------------------------------------------
# 1. Pinned regression vectors. Computed once with the reference implementation; they
#    must never change on any platform or Python version: the stream is the contract.
# ---------------------------------------------------------------------------------------

#: The bounds of the chained ``below`` draws pinned in VECTORS (counters 0..5).
PINNED_BOUNDS = (1, 2, 6, 52, 1000, MAX_BOUND)

#: (seed, key, first five bits() words, chained below(PINNED_BOUNDS), shuffle(range(10)))
VECTORS: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = (
    (
        0,
        0xE220A8397B1DCDAF,
        (
            0xA706DD2F4D197E6F,
            0xB382A305F4414F5E,
            0x631A9154FBABF717,
            0xA80ABA8C86640906,
            0xC9B5AE106698F0BB,
        ),
        (0, 1, 2, 34, 787, 2395),
        (1, 2, 5, 7, 0, 8, 4, 3, 9, 6),
    ),
    (
        1,
        0x910A2DEC89025CC1,
        (
            0x5E41AB087439611E,
            0xF18D6CE93D6CF1EE,
            0x0B95F66D327E8D78,
            0xC7061B1B93322BA9,
            0x3817EDDDF9257651,
        ),
        (0, 1, 0, 40, 219, 12687),
        (6, 4, 7, 2, 9, 1, 5, 0, 8, 3),
    ),
    (
        2026,
        0xDB9C559891948D23,
        (
            0x6E75725323D4929E,
            0x07B389BACFD8F970,
            0x29267FA040AE73FF,
            0x43B5CB642EB7CF71,
            0x91460E48003ED35C,
        ),
        (0, 0, 0, 13, 567, 8525),
        (8, 6, 5, 9, 2, 3, 7, 1, 0, 4),
    ),
    (
        2**64 - 1,
        0xE4D971771B652C20,
        (
            0x5DC20AA7B2A27137,
            0xBDA5668A01D7049C,
            0x82B43276ABB80226,
            0xED4D5ED4A6EA59B4,
            0x8306445ED348A658,
        ),
        (0, 1, 3, 48, 511, 2523),
        (1, 7, 2, 5, 0, 9, 8, 4, 6, 3),
    ),
    (
        123456789,
        0x223C74D93DEB7679,
        (
            0x800343194B107776,
            0x68D07FB8D9FC3315,
            0xC5CC16F7993A9F83,
            0xE11607B2B8820397,
            0x4002346253F5EE9B,
        ),
        (0, 0, 4, 45, 250, 10785),
        (2, 9, 4, 0, 8, 1, 7, 6, 3, 5),
    ),
)

#: (master, index, derive_seed(master, index))
DERIVED: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0x1DF5DF97578D90C0),
    (0, 1, 0xBB0E8EB991D7D0F7),
    (1, 0, 0xB382824D9BF81FB8),
    (7, 0, 0x8A03F97F5EEE5A83),
    (7, 1, 0x654C570BBA3B6633),
    (2026, 41, 0x92BC8EB19FE41129),
    (2**64 - 1, 2**64 - 1, 0x8522E150CB02E1DA),
    (123456789, 1000000, 0xC18E17564A2CBA4D),
)

VECTOR_IDS = [str(v[0]) for v in VECTORS]


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_pinned_key(
    vector: tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
) -> None:
    seed, key, _, _, _ = vector
    rng = Rng.from_seed(seed)
    assert rng == Rng(key, 0)
    assert rng.key == key
    assert rng.counter == 0


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_pinned_bits(
    vector: tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
) -> None:
    seed, key, words, _, _ = vector
    rng = Rng.from_seed(seed)
    got = []
    for expected_counter in range(1, len(words) + 1):
        word, rng = rng.bits()
        got.append(word)
        assert rng == Rng(key, expected_counter)
    assert tuple(got) == words


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_pinned_below(
    vector: tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
) -> None:
    seed, key, words, values, _ = vector
    rng = Rng.from_seed(seed)
    got = []
    for n in PINNED_BOUNDS:
        value, rng = rng.below(n)
        got.append(value)
    assert tuple(got) == values
    assert rng == Rng(key, len(PINNED_BOUNDS))
    # below(n) is the multiply-shift of the pinned words.
    for n, word, value in zip(PINNED_BOUNDS[:5], words, values[:5], strict=True):
        assert (word * n) >> 64 == value


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_pinned_shuffle(
    vector: tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
) -> None:
    seed, key, _, _, order = vector
    shuffled, after = Rng.from_seed(seed).shuffle(range(10))
    assert shuffled == order
    assert after == Rng(key, 9)
    # The same positions apply to any items.
    letters = "abcdefghij"
    assert Rng.from_seed(seed).shuffle(letters)[0] == tuple(letters[i] for i in order)


@pytest.mark.parametrize(("master", "index", "seed"), DERIVED)
def test_pinned_derive_seed(master: int, index: int, seed: int) -> None:
    assert derive_seed(master, index) == seed


def test_pinned_docstring_example() -> None:
    value, rng = Rng.from_seed(2026).below(6)
    assert (value, rng.counter) == (2, 1)
    shuffled, rng = rng.shuffle(("a", "b", "c", "d"))
    assert shuffled == ("b", "c", "d", "a")
    assert rng.counter == 4


def test_public_constants() -> None:
    assert MASK64 == 2**64 - 1
    assert MAX_SEED == MASK64
    assert MAX_BOUND == 2**14
    assert GAMMA == 0x9E3779B97F4A7C15
    assert int(nr.GAMMA) == GAMMA


# ---------------------------------------------------------------------------------------
# An independent from-scratch SplitMix64 reference.
# ---------------------------------------------------------------------------------------


def splitmix64(state: int, count: int) -> list[int]:
    """Return the first ``count`` outputs of the standard SplitMix64 seeded with ``state``."""
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        out.append(z ^ (z >> 31))
    return out


def test_splitmix64_reference_known_values() -> None:
    # The widely published first outputs of SplitMix64 seeded with 0 and with 1234567.
    assert splitmix64(0, 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert splitmix64(1234567, 2) == [6457827717110365317, 3203168211198807973]


@pytest.mark.parametrize("seed", [v[0] for v in VECTORS] + [2, 3, 2**63, 2**64 - GAMMA])
def test_key_is_first_splitmix64_output(seed: int) -> None:
    assert Rng.from_seed(seed).key == splitmix64(seed, 1)[0]


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_stream_is_splitmix64_from_the_key(
    vector: tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]],
) -> None:
    # The pinned words are SplitMix64's sequence started from the state ``key``.
    _, key, words, _, _ = vector
    assert tuple(splitmix64(key, len(words))) == words


@given(SEEDS, st.integers(min_value=0, max_value=20))
def test_stream_is_splitmix64_from_the_key_property(key: int, counter: int) -> None:
    assert Rng(key, counter).bits()[0] == splitmix64(key, counter + 1)[-1]


#: derive_seed's domain separator (private in cardwar.rng; restated here and in numpy_rng).
DERIVE = 0xD1B54A32D192ED03


@given(SEEDS, st.integers(min_value=0, max_value=20))
def test_derive_seed_is_splitmix64_from_the_mixed_master(master: int, index: int) -> None:
    state = splitmix64((master + DERIVE - GAMMA) % 2**64, 1)[0]  # mix64(master + DERIVE)
    assert state == mix64((master + DERIVE) % 2**64)
    assert derive_seed(master, index) == splitmix64(state, index + 1)[-1]
    assert int(nr.DERIVE) == DERIVE


@given(SEEDS)
def test_key_is_first_splitmix64_output_property(seed: int) -> None:
    assert Rng.from_seed(seed).key == splitmix64(seed, 1)[0]


@given(SEEDS, st.integers(min_value=1, max_value=8))
def test_mix64_is_the_splitmix64_finaliser(seed: int, k: int) -> None:
    # The k-th SplitMix64 output is mix64 of seed + k * GAMMA.
    assert splitmix64(seed, k)[-1] == mix64((seed + k * GAMMA) & MASK64)


def test_mix64_small_values_and_range() -> None:
    assert mix64(0) == 0
    assert mix64(1) == 0x5692161D100B05E5
    for z in (1, 2, 2**32, 2**63, MASK64):
        assert 0 <= mix64(z) <= MASK64


def test_mix64_is_injective_on_a_sample() -> None:
    sample = range(0, 2**64, 2**64 // 50_000 + 12345)
    images = {mix64(z) for z in sample}
    assert len(images) == len(sample)


# ---------------------------------------------------------------------------------------
# 2. Bit-for-bit agreement with the numpy implementation (tests/numpy_rng.py).
# ---------------------------------------------------------------------------------------

MANY_SEEDS = (
    list(range(1000))
    + [MAX_SEED - i for i in range(500)]
    + [(i * 0x9E3779B97F4A7C15 + 12345) % 2**64 for i in range(500)]
)
SEVERAL_COUNTERS = (0, 1, 2, 7, 51, 1000, 2**32 - 1, 2**32, 2**63, MASK64)


def test_numpy_keys_match() -> None:
    assert len(MANY_SEEDS) == 2000
    got = nr.keys(MANY_SEEDS).tolist()
    assert got == [Rng.from_seed(s).key for s in MANY_SEEDS]


def test_numpy_mix64_matches() -> None:
    zs = [0, 1, 2, 2**31, 2**32, 2**63, MASK64] + [(i * GAMMA) & MASK64 for i in range(2000)]
    assert nr.mix64(nr.as_u64(zs)).tolist() == [mix64(z) for z in zs]


@pytest.mark.parametrize("counter", SEVERAL_COUNTERS)
def test_numpy_draws_match(counter: int) -> None:
    keys = nr.keys(MANY_SEEDS)
    got = nr.draws(keys, counter).tolist()
    assert got == [Rng(int(k), counter).bits()[0] for k in keys]


def test_numpy_draws_match_per_pair() -> None:
    # Distinct (key, counter) pairs in one call.
    keys = nr.keys(MANY_SEEDS)
    counters = [(i * 7919) % 5000 for i in range(len(MANY_SEEDS))]
    got = nr.draws(keys, counters).tolist()
    assert got == [Rng(int(k), c).bits()[0] for k, c in zip(keys, counters, strict=True)]


def test_numpy_below_matches_for_every_bound() -> None:
    # Every bound 1..MAX_BOUND against four stream words each (65,536 pairs).
    bounds = np.repeat(np.arange(1, MAX_BOUND + 1, dtype=np.uint64), 4)
    counters = np.arange(bounds.size, dtype=np.uint64) % np.uint64(4)
    key = Rng.from_seed(99).key
    words = nr.draws([key], counters)
    got = nr.below(words, bounds).tolist()
    expected = [
        Rng(key, int(c)).below(int(n))[0]
        for c, n in zip(counters.tolist(), bounds.tolist(), strict=True)
    ]
    assert got == expected
    assert all(0 <= v < n for v, n in zip(got, bounds.tolist(), strict=True))


@pytest.mark.parametrize("n", [1, 2, 6, 52, 1000, MAX_BOUND - 1, MAX_BOUND, *PRIME_BOUNDS])
def test_numpy_below_matches_many_seeds(n: int) -> None:
    keys = nr.keys(MANY_SEEDS)
    for counter in (0, 3, 2**40):
        got = nr.below(nr.draws(keys, counter), n).tolist()
        assert got == [Rng(int(k), counter).below(n)[0] for k in keys]


def test_numpy_below_extreme_words() -> None:
    # The 32-bit split is exact on the words where carries matter most.
    words = [0, 1, 2**32 - 1, 2**32, 2**63, MASK64 - 1, MASK64, 0xFFFFFFFF00000000]
    for n in (1, 2, 3, 6, 16381, MAX_BOUND, 2**31 + 11, 2**32 - 1):
        got = nr.below(nr.as_u64(words), n).tolist()
        assert got == [(w * n) >> 64 for w in words]


def test_numpy_below_rejects_bad_bounds() -> None:
    with pytest.raises(ValueError, match="bounds"):
        nr.below(nr.as_u64([1]), 0)
    with pytest.raises(ValueError, match="bounds"):
        nr.below(nr.as_u64([1]), 2**32)


def test_numpy_derive_seed_matches() -> None:
    indexes = list(range(2000)) + [MASK64 - i for i in range(10)]
    for master in (0, 1, 7, 2026, MASK64):
        got = nr.derive_seeds(master, indexes).tolist()
        assert got == [derive_seed(master, i) for i in indexes]
    masters = list(range(1000))
    assert nr.derive_seeds(masters, 5).tolist() == [derive_seed(m, 5) for m in masters]


@pytest.mark.parametrize("length", [0, 1, 2, 4, 10, 52])
def test_numpy_shuffle_matches(length: int) -> None:
    seeds = MANY_SEEDS if length <= 10 else MANY_SEEDS[:400]
    keys = nr.keys(seeds)
    for counter in (0, 5):
        perms, after = nr.shuffle_positions(keys, counter, length)
        assert perms.shape == (len(seeds), length)
        for key, perm, end in zip(keys.tolist(), perms.tolist(), after.tolist(), strict=True):
            shuffled, rng = Rng(key, counter).shuffle(range(length))
            assert tuple(perm) == shuffled
            assert end == rng.counter == counter + max(length - 1, 0)


def test_numpy_doctest_values_are_the_pinned_ones() -> None:
    for seed, key, words, _, order in VECTORS:
        assert nr.keys([seed]).tolist() == [key]
        assert nr.draws([key], range(5)).tolist() == list(words)
        assert nr.shuffle_positions([key], 0, 10)[0].tolist() == [list(order)]


# ---------------------------------------------------------------------------------------
# 3. Uniformity and independence, with stated tolerances. All inputs are fixed, so these
#    tests are deterministic; the bounds are those a good generator passes with
#    probability 0.999 (chi-square) or 1 - 6e-7 per bit (five standard deviations).
# ---------------------------------------------------------------------------------------

#: Upper 0.999 quantiles of the chi-square distribution, by degrees of freedom
#: (chi2.ppf(0.999, df); computed with the regularized incomplete gamma function and
#: checked against published tables). scipy is not a dependency.
CHI2_999 = {
    5: 20.515,  # n = 6
    12: 32.909,  # n = 13
    23: 49.728,  # the 24 permutations of 4 cards
    51: 87.968,  # n = 52
    999: 1142.848,  # n = 1000
}


def chi_square(counts: list[int], total: int) -> float:
    expected = total / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


def test_chi_square_helper() -> None:
    assert chi_square([10, 10, 10], 30) == 0.0
    assert chi_square([20, 0], 20) == pytest.approx(20.0)


def test_every_permutation_of_four_is_equally_likely() -> None:
    seeds = 48_000  # 2,000 expected per permutation
    perms, _ = nr.shuffle_positions(nr.keys(range(seeds)), 0, 4)
    counts = Counter(map(tuple, perms.tolist()))
    assert set(counts) == set(itertools.permutations(range(4)))
    stat = chi_square([counts[p] for p in itertools.permutations(range(4))], seeds)
    # chi2.ppf(0.999, 23) ~= 49.73: a uniform shuffle exceeds it with probability 0.001.
    assert stat < CHI2_999[23]
    # The pure-Python shuffle gives the very same orders (spot check on every 16th seed).
    for seed in range(0, seeds, 16):
        assert Rng.from_seed(seed).shuffle(range(4))[0] == tuple(perms[seed].tolist())


def test_every_permutation_of_four_along_one_stream() -> None:
    # Consecutive shuffles from one generator: 24,000 shuffles, 1,000 per permutation.
    rng = Rng.from_seed(2026)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        order, rng = rng.shuffle(range(4))
        counts[order] += 1
    assert rng.counter == 3 * 24_000
    stat = chi_square([counts[p] for p in itertools.permutations(range(4))], 24_000)
    assert stat < CHI2_999[23]


@pytest.mark.parametrize(("n", "draws"), [(6, 12_000), (13, 13_000), (52, 26_000), (1000, 50_000)])
def test_below_chi_square_along_one_stream(n: int, draws: int) -> None:
    rng = Rng.from_seed(n)
    counts = [0] * n
    for _ in range(draws):
        value, rng = rng.below(n)
        counts[value] += 1
    # chi2.ppf(0.999, n - 1): 20.52 (n=6), 32.91 (13), 87.97 (52), 1142.85 (1000).
    assert chi_square(counts, draws) < CHI2_999[n - 1]


@pytest.mark.parametrize(("n", "draws"), [(6, 12_000), (13, 13_000), (52, 26_000), (1000, 50_000)])
def test_below_chi_square_across_seeds(n: int, draws: int) -> None:
    # The first draw of consecutive seeds (via numpy, shown equal to Rng above).
    values = nr.below(nr.draws(nr.keys(range(draws)), 0), n)
    counts = np.bincount(values.astype(np.intp), minlength=n).tolist()
    assert len(counts) == n
    assert chi_square(counts, draws) < CHI2_999[n - 1]


def bit_counts(words: list[int]) -> list[int]:
    """Return how many of ``words`` have each of the 64 bits set."""
    return [sum((w >> b) & 1 for w in words) for b in range(64)]


#: Bit balance over 10,000 words: each bit is set Binomial(10000, 1/2) times, mean 5,000
#: and standard deviation 50; the bound is five standard deviations.
BIT_DRAWS = 10_000
BIT_TOLERANCE = 250


def assert_bits_balanced(words: list[int]) -> None:
    assert len(words) == BIT_DRAWS
    for bit, count in enumerate(bit_counts(words)):
        assert abs(count - BIT_DRAWS // 2) <= BIT_TOLERANCE, (bit, count)


def stream(seed: int, count: int) -> list[int]:
    rng = Rng.from_seed(seed)
    out = []
    for _ in range(count):
        word, rng = rng.bits()
        out.append(word)
    return out


def test_bit_balance_of_keys_of_consecutive_seeds() -> None:
    assert_bits_balanced([Rng.from_seed(s).key for s in range(BIT_DRAWS)])


def test_bit_balance_of_first_draws_of_consecutive_seeds() -> None:
    assert_bits_balanced([Rng.from_seed(s).bits()[0] for s in range(BIT_DRAWS)])


def test_bit_balance_of_consecutive_counters() -> None:
    assert_bits_balanced(stream(0, BIT_DRAWS))


def test_xor_of_neighbours_is_balanced() -> None:
    # Trivial correlation between neighbours would show as unbalanced bits of their xor.
    words = stream(7, BIT_DRAWS + 1)
    assert_bits_balanced([a ^ b for a, b in itertools.pairwise(words)])
    firsts = [Rng.from_seed(s).bits()[0] for s in range(BIT_DRAWS + 1)]
    assert_bits_balanced([a ^ b for a, b in itertools.pairwise(firsts)])
    # The same counter of keys derived for a batch.
    derived = [Rng.from_seed(derive_seed(3, i)).bits()[0] for i in range(BIT_DRAWS + 1)]
    assert_bits_balanced([a ^ b for a, b in itertools.pairwise(derived)])


def pearson(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def test_neighbours_are_uncorrelated() -> None:
    # For independent uniforms the sample correlation of N pairs has standard deviation
    # 1/sqrt(N) = 0.01; the bound is five of them.
    bound = 5 / math.sqrt(BIT_DRAWS)
    along = [w / 2**64 for w in stream(11, BIT_DRAWS + 1)]
    assert abs(pearson(along[:-1], along[1:])) < bound
    across = [Rng.from_seed(s).bits()[0] / 2**64 for s in range(BIT_DRAWS + 1)]
    assert abs(pearson(across[:-1], across[1:])) < bound
    # Draw 0 and draw 1 of the same seed.
    second = [Rng.from_seed(s).bits()[1].bits()[0] / 2**64 for s in range(BIT_DRAWS + 1)]
    assert abs(pearson(across, second)) < bound


def test_pearson_helper() -> None:
    assert pearson([1.0, 2.0, 3.0], [2.0, 4.0, 6.0]) == pytest.approx(1.0)
    assert pearson([1.0, 2.0, 3.0], [3.0, 2.0, 1.0]) == pytest.approx(-1.0)


def test_derived_seeds_are_distinct() -> None:
    seeds = {derive_seed(m, i) for m in range(20) for i in range(500)}
    assert len(seeds) == 20 * 500


# ---------------------------------------------------------------------------------------
# 4. Purity.
# ---------------------------------------------------------------------------------------


@given(SEEDS, COUNTERS, BOUNDS)
def test_drawing_never_mutates(seed: int, counter: int, n: int) -> None:
    rng = Rng(Rng.from_seed(seed).key, counter)
    before = copy.copy(rng)
    first = rng.bits()
    assert rng == before
    assert rng.bits() == first
    assert rng.below(n) == rng.below(n)
    assert rng == before
    assert rng.shuffle(range(5)) == rng.shuffle(range(5))
    assert rng == before
    assert (rng.key, rng.counter) == (before.key, before.counter)


@given(SEEDS, COUNTERS)
def test_equal_rngs_give_equal_draws(seed: int, counter: int) -> None:
    key = Rng.from_seed(seed).key
    a, b = Rng(key, counter), Rng(key, counter)
    assert a == b
    assert a is not b
    assert hash(a) == hash(b)
    assert a.bits() == b.bits()
    assert a.below(52) == b.below(52)
    assert a.shuffle("abcdef") == b.shuffle("abcdef")


def test_rng_is_hashable() -> None:
    rngs = {Rng.from_seed(1), Rng.from_seed(1), Rng.from_seed(2), Rng.from_seed(1).bits()[1]}
    assert len(rngs) == 3
    assert {Rng(5, 3): "x"}[Rng(5, 3)] == "x"


@given(SEEDS, COUNTERS)
def test_rng_pickles(seed: int, counter: int) -> None:
    rng = Rng(Rng.from_seed(seed).key, counter)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(rng, protocol=protocol))
        assert back == rng
        assert back.bits() == rng.bits()


def test_rng_is_frozen() -> None:
    rng = Rng.from_seed(3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.key = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.counter = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        rng.extra = 1  # type: ignore[attr-defined]
    assert rng == Rng.from_seed(3)


def test_rng_defaults_and_repr() -> None:
    assert Rng(12) == Rng(12, 0)
    assert repr(Rng(12, 3)) == "Rng(key=12, counter=3)"
    assert eval(repr(Rng(12, 3)), {"Rng": Rng}) == Rng(12, 3)


# ---------------------------------------------------------------------------------------
# 5. Errors.
# ---------------------------------------------------------------------------------------

BAD_SEEDS: list[object] = [
    -1,
    -(2**64),
    2**64,
    2**64 + 5,
    1.0,
    0.5,
    float("nan"),
    "1",
    "",
    True,
    False,
    None,
    b"1",
    [1],
]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_bad_seed_is_rejected(seed: object) -> None:
    with pytest.raises(SeedError, match=r"^seed must be an int in \[0, 2\*\*64 - 1\]") as info:
        Rng.from_seed(seed)  # type: ignore[arg-type]
    assert repr(seed) in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(SeedError):
        check_seed(seed)


@pytest.mark.parametrize("seed", [0, 1, 2**63, MAX_SEED])
def test_good_seed_is_accepted(seed: int) -> None:
    assert check_seed(seed) == seed
    assert Rng.from_seed(seed).counter == 0


def test_seed_error_names_the_kind_of_a_non_int() -> None:
    with pytest.raises(SeedError, match=r"got float 1\.5"):
        Rng.from_seed(1.5)  # type: ignore[arg-type]
    with pytest.raises(SeedError, match="got bool True"):
        Rng.from_seed(True)
    with pytest.raises(SeedError, match=r"got -1$"):
        Rng.from_seed(-1)


@pytest.mark.parametrize("bad", BAD_SEEDS, ids=repr)
def test_derive_seed_rejects_bad_master_and_index(bad: object) -> None:
    with pytest.raises(SeedError, match=r"^master seed must be") as info:
        derive_seed(bad, 0)  # type: ignore[arg-type]
    assert repr(bad) in str(info.value)
    with pytest.raises(SeedError, match=r"^index must be") as info:
        derive_seed(0, bad)  # type: ignore[arg-type]
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize("n", [0, -1, MAX_BOUND + 1, 2**64, 6.0, True, None, "6"], ids=repr)
def test_below_rejects_bad_bounds(n: object) -> None:
    rng = Rng.from_seed(0)
    with pytest.raises(ValueError, match=r"bound must be an int in \[1, 16384\]") as info:
        rng.below(n)  # type: ignore[arg-type]
    assert repr(n) in str(info.value)


def test_below_accepts_the_extreme_bounds() -> None:
    rng = Rng.from_seed(0)
    assert rng.below(1) == (0, Rng(rng.key, 1))
    value, _ = rng.below(MAX_BOUND)
    assert 0 <= value < MAX_BOUND


def test_shuffle_size_limit() -> None:
    rng = Rng.from_seed(4)
    shuffled, after = rng.shuffle(range(MAX_BOUND))
    assert sorted(shuffled) == list(range(MAX_BOUND))
    assert after.counter == MAX_BOUND - 1
    with pytest.raises(ValueError, match="at most 16384 items"):
        rng.shuffle(range(MAX_BOUND + 1))


@pytest.mark.parametrize("key", [-1, 2**64, True, 1.0, None, "1"], ids=repr)
def test_rng_rejects_a_bad_key(key: object) -> None:
    # A key outside the 64-bit words would give a stream no 64-bit implementation has.
    with pytest.raises(SeedError, match=r"^key must be an int in \[0, 2\*\*64 - 1\]") as info:
        Rng(key)  # type: ignore[arg-type]
    assert repr(key) in str(info.value)


@pytest.mark.parametrize("counter", [-1, -(2**64), True, 1.5, None, "0"], ids=repr)
def test_rng_rejects_a_bad_counter(counter: object) -> None:
    with pytest.raises(SeedError, match=r"^counter must be an int >= 0") as info:
        Rng(0, counter)  # type: ignore[arg-type]
    assert repr(counter) in str(info.value)


def test_rng_draws_at_the_last_counter() -> None:
    # Counter 2**64 - 1 is the last draw of the 2**64-periodic stream; drawing it works.
    key = Rng.from_seed(5).key
    word, after = Rng(key, MASK64).bits()
    assert word == mix64(key)  # (key + 2**64 * GAMMA) mod 2**64 == key
    assert after == Rng(key, 2**64)


# ---------------------------------------------------------------------------------------
# 6. Properties.
# ---------------------------------------------------------------------------------------


@given(SEEDS, COUNTERS, st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation_and_draws_len_minus_one(
    seed: int, counter: int, items: list[int]
) -> None:
    rng = Rng(Rng.from_seed(seed).key, counter)
    shuffled, after = rng.shuffle(items)
    assert isinstance(shuffled, tuple)
    assert sorted(shuffled) == sorted(items)
    assert after.key == rng.key
    assert after.counter == counter + max(len(items) - 1, 0)


@given(SEEDS, COUNTERS, st.lists(st.integers(), max_size=30))
def test_shuffle_is_fisher_yates_over_below(seed: int, counter: int, items: list[int]) -> None:
    rng = Rng(Rng.from_seed(seed).key, counter)
    expected = list(items)
    draw = rng
    for i in range(len(expected) - 1, 0, -1):
        j, draw = draw.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.shuffle(items) == (tuple(expected), draw)


@given(SEEDS, COUNTERS, BOUNDS)
def test_below_is_in_range_and_draws_one_word(seed: int, counter: int, n: int) -> None:
    rng = Rng(Rng.from_seed(seed).key, counter)
    value, after = rng.below(n)
    word, after_bits = rng.bits()
    assert 0 <= value < n
    assert value == (word * n) >> 64
    assert after == after_bits == Rng(rng.key, counter + 1)


@given(SEEDS, COUNTERS)
def test_bits_are_64_bit_words(seed: int, counter: int) -> None:
    rng = Rng(Rng.from_seed(seed).key, counter)
    word, after = rng.bits()
    assert 0 <= word <= MASK64
    assert word == mix64((rng.key + (counter + 1) * GAMMA) & MASK64)
    assert after.counter == counter + 1


@given(SEEDS, SEEDS)
def test_derive_seed_is_a_valid_seed(master: int, index: int) -> None:
    seed = derive_seed(master, index)
    assert check_seed(seed) == seed
    assert derive_seed(master, index) == seed
    assert nr.derive_seeds(master, index).tolist() == [seed]


@given(st.lists(SEEDS, min_size=1, max_size=20), COUNTERS, BOUNDS)
def test_numpy_agrees_on_arbitrary_inputs(seeds: list[int], counter: int, n: int) -> None:
    keys = nr.keys(seeds)
    assert keys.tolist() == [Rng.from_seed(s).key for s in seeds]
    got = nr.below(nr.draws(keys, counter), n).tolist()
    assert got == [Rng(int(k), counter).below(n)[0] for k in keys]


def test_prime_bounds_are_prime() -> None:
    for p in PRIME_BOUNDS:
        assert p > 1
        assert all(p % d for d in range(2, math.isqrt(p) + 1)), p
    assert PRIME_BOUNDS[-1] == max(
        p for p in range(2, MAX_BOUND) if all(p % d for d in range(2, math.isqrt(p) + 1))
    )
