"""The seeded generator carried in states."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules as cr
from cardrules.rng import GroupedShuffle, next_u64, randbelow, seed_state, shuffled

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


@given(SEEDS)
def test_seed_state_is_deterministic(seed: int) -> None:
    state = seed_state(seed)
    assert state == seed_state(seed)
    assert 0 <= state < 2**64
    assert next_u64(state) == next_u64(state)


def test_known_values_are_stable() -> None:
    """The stream must be the same on every machine and Python version: pin it."""
    value, _ = next_u64(seed_state(7))
    assert value == 10685861832487323571


def test_nearby_seeds_give_different_streams() -> None:
    firsts = {next_u64(seed_state(seed))[0] for seed in range(1000)}
    assert len(firsts) == 1000


@given(SEEDS, st.integers(min_value=1, max_value=10**6))
def test_randbelow_range_and_determinism(seed: int, n: int) -> None:
    state = seed_state(seed)
    value, new_state = randbelow(state, n)
    assert 0 <= value < n
    assert new_state != state
    assert randbelow(state, n) == (value, new_state)


def test_randbelow_one_is_always_zero() -> None:
    state = seed_state(3)
    for _ in range(50):
        value, state = randbelow(state, 1)
        assert value == 0


@pytest.mark.parametrize("n", [0, -1])
def test_randbelow_rejects_empty_range(n: int) -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        randbelow(seed_state(0), n)


@pytest.mark.parametrize("n", [2, 6, 13, 52])
def test_randbelow_is_roughly_uniform(n: int) -> None:
    """Chi-square sanity check with a fixed seed (deterministic, not flaky)."""
    draws = 600 * n
    counts = [0] * n
    state = seed_state(12345)
    for _ in range(draws):
        value, state = randbelow(state, n)
        counts[value] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    # For df = n - 1 <= 51, chi2 beyond 3 * df + 30 is far in the tail.
    assert chi2 < 3 * (n - 1) + 30, counts


def test_randbelow_large_n_uses_rejection() -> None:
    """With n just over 2**63 (where plain modulo would be badly biased), the values are
    uniform over the whole range: about half fall in the upper half."""
    n = 2**63 + 12345
    state = seed_state(9)
    high = 0
    for _ in range(200):
        value, state = randbelow(state, n)
        assert 0 <= value < n
        high += value >= n // 2
    assert 70 < high < 130


@given(SEEDS, st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation_and_deterministic(seed: int, items: list[int]) -> None:
    state = seed_state(seed)
    result, new_state = shuffled(items, state)
    assert isinstance(result, tuple)
    assert sorted(result) == sorted(items)
    assert shuffled(items, state) == (result, new_state)


def test_shuffle_does_not_mutate_its_input() -> None:
    items = list(range(20))
    shuffled(items, seed_state(1))
    assert items == list(range(20))


def test_shuffle_positions_are_roughly_uniform() -> None:
    """Each of 4 items lands in each of 4 places about equally often."""
    counts = [[0] * 4 for _ in range(4)]
    state = seed_state(2024)
    rounds = 4000
    for _ in range(rounds):
        order, state = shuffled(range(4), state)
        for position, item in enumerate(order):
            counts[item][position] += 1
    expected = rounds / 4
    for row in counts:
        chi2 = sum((c - expected) ** 2 / expected for c in row)
        assert chi2 < 25, counts


def test_shuffle_reaches_every_permutation_of_three() -> None:
    seen = set()
    state = seed_state(5)
    for _ in range(300):
        order, state = shuffled("abc", state)
        seen.add(order)
    assert len(seen) == 6


@pytest.mark.parametrize("seed", ["7", 1.0, None, True, [1]])
def test_seed_must_be_an_int(seed: object) -> None:
    with pytest.raises(cr.SetupError, match="seed must be an int"):
        seed_state(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, 10**30])
def test_seed_must_be_in_range(seed: int) -> None:
    with pytest.raises(cr.SetupError, match=r"0 to 2\*\*64 - 1"):
        seed_state(seed)


def test_extreme_seeds_are_accepted() -> None:
    assert seed_state(0) != seed_state(2**64 - 1)


def test_a_grouped_shuffle_keeps_the_groups_apart_and_orders_each_at_random() -> None:
    """The lowest group comes first; the 6 x 6 orders of two groups of three come up
    about equally often (so each group's order is uniform, and independent of the
    other's); the same state gives the same order."""
    shuffle = GroupedShuffle([9, 4, 8, 3, 7, 2], [1, 0, 1, 0, 1, 0])
    runs = 36 * 50
    seen = Counter(shuffle.order(seed_state(seed))[0] for seed in range(runs))
    assert {order[:3] for order in seen} == {bytes(p) for p in itertools.permutations((4, 3, 2))}
    assert {order[3:] for order in seen} == {bytes(p) for p in itertools.permutations((9, 8, 7))}
    assert len(seen) == 36
    statistic = sum((n - runs / 36) ** 2 / (runs / 36) for n in seen.values())
    assert statistic < 35 + 6 * math.sqrt(70), statistic
    state = seed_state(3)
    assert shuffle.order(state) == shuffle.order(state)
    assert shuffle.order(state)[1] == next_u64(state)[1]


def test_a_grouped_shuffle_takes_decided_orders_group_by_group() -> None:
    shuffle = GroupedShuffle([5, 6, 1, 2], [1, 1, 0, 0])
    order, after = shuffle.order(cr.rng.DecidedShuffles(((2, 1), (6, 5))))
    assert order == bytes([2, 1, 6, 5])
    assert isinstance(after, cr.rng.DecidedShuffles) and after.settled


@pytest.mark.parametrize(
    ("items", "groups", "message"),
    [([1, 1], [0, 0], "distinct"), ([1, 300], [0, 0], "0 to 255"), ([1, 2], [0], "one group")],
)
def test_a_grouped_shuffle_refuses_bad_items(
    items: list[int], groups: list[int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        GroupedShuffle(items, groups)
