"""The arithmetic of reliability: pure functions, no I/O.

- ``pass_hat_k(n, c, k)``: the chance that k trials drawn without replacement from a case's n
  trials (c of them successful) all succeed, C(c, k) / C(n, k): tau-bench's unbiased estimator.
- ``pass_at_k(n, c, k)``: the chance that at least one of k such trials succeeds.
- ``wilson_interval(c, n)``: the 95% Wilson score interval of a success rate.
- ``clopper_pearson_lower(c, n)``: the exact 95% lower bound, more conservative.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def pass_hat_k(n: int, c: int, k: int) -> float:
    """C(c, k) / C(n, k); requires 0 <= c <= n and 1 <= k <= n."""
    if not (0 <= c <= n) or not (1 <= k <= n):
        raise ValueError(f"pass^k needs 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")
    return math.comb(c, k) / math.comb(n, k)


def pass_at_k(n: int, c: int, k: int) -> float:
    """1 - C(n - c, k) / C(n, k): at least one success among k trials."""
    if not (0 <= c <= n) or not (1 <= k <= n):
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def mean(values: Iterable[float]) -> float | None:
    items = list(values)
    return sum(items) / len(items) if items else None


def wilson_interval(c: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for c successes in n trials (0 trials: the whole [0, 1])."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= c <= n:
        raise ValueError(f"Wilson interval needs 0 <= c <= n (c={c}, n={n})")
    p = c / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # exact at the edges (the formula leaves float dust there: 5.5e-17 for 0 of 3)
    lower = 0.0 if c == 0 else max(0.0, centre - half)
    upper = 1.0 if c == n else min(1.0, centre + half)
    return lower, upper


def wilson_lower(c: int, n: int, z: float = Z95) -> float:
    return wilson_interval(c, n, z)[0]


def _binomial_tail(c: int, n: int, p: float) -> float:
    """P(X >= c) for X ~ Binomial(n, p), summed in log space."""
    if p <= 0.0:
        return 1.0 if c <= 0 else 0.0
    if p >= 1.0:
        return 1.0
    logs = [math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p) for k in range(c, n + 1)]
    top = max(logs)
    return math.exp(top) * sum(math.exp(x - top) for x in logs)


def clopper_pearson_lower(c: int, n: int, alpha: float = 0.05) -> float:
    """The exact (Clopper-Pearson) two-sided lower bound: the p at which P(X >= c) = alpha/2.
    Usually more conservative than Wilson; reported beside it (19 of 20: 0.751, Wilson: 0.764)."""
    if n <= 0 or c <= 0:
        return 0.0
    lo, hi = 0.0, c / n
    for _ in range(50):  # bisection to ~1e-15, far below the printed precision
        mid = (lo + hi) / 2
        if _binomial_tail(c, n, mid) < alpha / 2:
            lo = mid
        else:
            hi = mid
    return lo


def trials_to_reach(c: int, n: int, floor: float, limit: int = 10_000) -> int | None:
    """How many more trials, all successful, lift the Wilson lower bound to ``floor``.
    0 if it is there already; None if not within ``limit`` (or ``floor`` >= 1)."""
    if floor >= 1.0:
        return None
    extra = 0
    while wilson_lower(c + extra, n + extra) < floor:
        extra += 1
        if extra > limit:
            return None
    return extra


def failures_to_drop(c: int, n: int, floor: float, limit: int = 10_000) -> int | None:
    """How many more trials, all failed, bring the Wilson lower bound below ``floor``.
    0 if it is below already; None if not within ``limit``."""
    extra = 0
    while wilson_lower(c, n + extra) >= floor:
        extra += 1
        if extra > limit:
            return None
    return extra


def pass_hat_k_overall(cases: Sequence[tuple[int, int]], k: int) -> float | None:
    """pass^k averaged over the cases that have at least k trials (as tau-bench computes it)."""
    return mean(pass_hat_k(n, c, k) for n, c in cases if n >= k)


def pass_at_k_overall(cases: Sequence[tuple[int, int]], k: int) -> float | None:
    return mean(pass_at_k(n, c, k) for n, c in cases if n >= k)
