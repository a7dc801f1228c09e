"""The retail and airline packs, loaded once per test module that asks for them."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet
from proxy.policy.loader import load_policy

from ..conftest import ROOT


@pytest.fixture(scope="module")
def retail() -> PolicySet:
    return load_policy(ROOT / "policies" / "retail")


@pytest.fixture(scope="module")
def airline() -> PolicySet:
    return load_policy(ROOT / "policies" / "airline")
