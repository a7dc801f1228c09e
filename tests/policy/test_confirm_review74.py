"""Cases from the seventy-fourth independent review, held out (helpers wrote conversations without
seeing the project; docs/policy.md gives the figures), and what the review of the last stop's
change noticed. Shortened to what the check reads, each refusal beside the allowed case it must
not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import Case, marked, verdict
from .test_confirm_review8 import shop
from .test_confirm_review33 import EARBUDS, OPTION_ONE, _buds

# "the last one" of a numbered list of variants is its last option, as for flights
LAST_ONE = [*OPTION_ONE[:3], "user: hmm, the last one I think. the water thing doesn't matter to "
            "me. go ahead."]
assert len(EARBUDS["variants"]) == 3

CASES = [
    shop("Z979", "allow", LAST_ONE, "modify_pending_order_items", _buds("7000000013"),
         "'the last one' is option 3"),
    shop("Z980", "refuse", LAST_ONE, "modify_pending_order_items", _buds("7000000011"),
         "option 1, not the last one picked"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
