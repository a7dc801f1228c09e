"""The metric functions: tables of known values and hypothesis properties."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proxy.report.metrics import (
    clopper_pearson_lower,
    failures_to_drop,
    pass_at_k,
    pass_hat_k,
    pass_hat_k_overall,
    trials_to_reach,
    wilson_interval,
    wilson_lower,
)


@pytest.mark.parametrize(
    ("c", "n", "lower"),
    [(3, 3, 0.439), (19, 20, 0.764), (0, 10, 0.0), (5, 10, 0.237), (10, 10, 0.722),
     (1, 1, 0.207), (0, 1, 0.0)],
)
def test_wilson_published_values(c: int, n: int, lower: float) -> None:
    """Wilson score, z = 1.96 (Wilson 1927; Newcombe 1998, method 3)."""
    assert round(wilson_lower(c, n), 3) == lower


@pytest.mark.parametrize(("c", "n", "lower"),
                         [(19, 20, 0.751), (3, 3, 0.292), (0, 5, 0.0), (10, 10, 0.692)])
def test_exact_lower_bound_values(c: int, n: int, lower: float) -> None:
    """Clopper-Pearson: 19 of 20 gives 0.751 (the figure sometimes quoted as Wilson's)."""
    assert round(clopper_pearson_lower(c, n), 3) == lower


@pytest.mark.parametrize(
    ("n", "c", "k", "expected"),
    [(4, 4, 4, 1.0), (4, 0, 1, 0.0), (4, 2, 1, 0.5), (4, 2, 2, 1 / 6), (4, 3, 2, 0.5),
     (4, 3, 3, 0.25), (4, 2, 3, 0.0), (8, 5, 3, 10 / 56)],
)
def test_pass_hat_k_table(n: int, c: int, k: int, expected: float) -> None:
    assert pass_hat_k(n, c, k) == pytest.approx(expected)


@pytest.mark.parametrize(("n", "c", "k", "expected"),
                         [(4, 0, 2, 0.0), (4, 1, 1, 0.25), (4, 1, 2, 0.5), (4, 2, 4, 1.0)])
def test_pass_at_k_table(n: int, c: int, k: int, expected: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(expected)


def test_overall_averages_over_cases_with_enough_trials() -> None:
    assert pass_hat_k_overall([(4, 4), (4, 0), (2, 2)], 3) == pytest.approx(0.5)
    assert pass_hat_k_overall([(2, 2)], 3) is None


@pytest.mark.parametrize("args", [(3, 4, 1), (4, 2, 0), (4, 2, 5), (-1, 0, 1)])
def test_invalid_inputs_raise(args: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError, match="pass\\^k needs"):
        pass_hat_k(*args)


trials = st.integers(min_value=1, max_value=60).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(min_value=0, max_value=n)))


@given(trials)
def test_pass_hat_k_falls_and_pass_at_k_rises_with_k(nc: tuple[int, int]) -> None:
    n, c = nc
    hats = [pass_hat_k(n, c, k) for k in range(1, n + 1)]
    ats = [pass_at_k(n, c, k) for k in range(1, n + 1)]
    assert all(a >= b - 1e-12 for a, b in itertools.pairwise(hats))
    assert all(a <= b + 1e-12 for a, b in itertools.pairwise(ats))
    assert hats[0] == pytest.approx(c / n) == ats[0]
    assert all(0 <= h <= a + 1e-12 <= 1 + 1e-12 for h, a in zip(hats, ats, strict=True))


@given(trials)
def test_wilson_bounds_lie_in_unit_interval_around_the_rate(nc: tuple[int, int]) -> None:
    n, c = nc
    lo, hi = wilson_interval(c, n)
    assert 0.0 <= lo <= c / n <= hi <= 1.0
    assert not math.isnan(lo)
    assert 0.0 <= clopper_pearson_lower(c, n) <= c / n


@given(trials)
def test_more_successes_never_lower_the_floor(nc: tuple[int, int]) -> None:
    n, c = nc
    assert wilson_lower(c + 1, n + 1) >= wilson_lower(c, n) - 1e-12


def test_plan_arithmetic() -> None:
    assert trials_to_reach(3, 3, 0.4) == 0
    needed = trials_to_reach(3, 3, 0.7)
    assert needed is not None and wilson_lower(3 + needed, 3 + needed) >= 0.7
    assert wilson_lower(3 + needed - 1, 3 + needed - 1) < 0.7
    assert trials_to_reach(1, 10, 0.99, limit=5) is None
    drop = failures_to_drop(10, 10, 0.5)
    assert drop is not None and wilson_lower(10, 10 + drop) < 0.5 <= wilson_lower(10, 9 + drop)
