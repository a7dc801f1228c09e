"""Cases from the thirty-eighth independent review, held out (helpers wrote conversations without
seeing the project, each based on one real task of the shared task files: tau2-like retail and
airline runs, tau-bench-like retail and airline runs; docs/policy.md gives the figures).
Shortened to what the check reads, each refusal beside the allowed case it must not break."""

from __future__ import annotations

import pytest

from proxy.policy import PolicySet

from .test_confirm_review3 import Case, marked, verdict
from .test_confirm_review8 import PROFILE, shop
from .test_ledger import ORDER, PENDING

BOTH_READ = [PROFILE, ("read", "get_order_details", {"order_id": "#W2000002"}, PENDING),
             ("read", "get_order_details", {"order_id": "#W1000001"}, ORDER)]
# an address copied from another order: that order is where it comes from, not the target
COPIED = [*BOTH_READ, "assistant: First, the address change:\n\n- **Order ID:** #W2000002 "
          "(pending)\n- **Current address:** 159 Hickory Lane, Austin, TX 78701\n- **New address "
          "(from #W1000001):** 380 Maple Drive, Suite 960, San Diego, CA 92101, USA\n\nDo you "
          "confirm you'd like me to update the shipping address? (yes/no)", "user: Yes."]
COPIED_TO = [*BOTH_READ, "assistant: I'll update the shipping address of #W2000002 to the same "
             "address as order #W1000001: 380 Maple Drive, Suite 960, San Diego, CA 92101. "
             "Shall I proceed?", "user: yes"]
MAPLE = {"address1": "380 Maple Drive", "address2": "Suite 960", "city": "San Diego",
         "state": "CA", "country": "USA", "zip": "92101"}
ADDRESS_TOOL = "modify_pending_order_address"

CASES = [
    shop("Z236", "allow", COPIED, ADDRESS_TOOL, {"order_id": "#W2000002", **MAPLE},
         "the order listed; the other one is where the address comes from"),
    shop("Z237", "allow", COPIED_TO, ADDRESS_TOOL, {"order_id": "#W2000002", **MAPLE},
         "the same address as order #W1000001"),
    shop("Z238", "refuse", COPIED_TO, ADDRESS_TOOL, {"order_id": "#W1000001", **MAPLE},
         "the order the address comes from is not the one proposed"),
]


@pytest.mark.parametrize("case", marked(CASES, {}))
async def test_review(airline: PolicySet, retail: PolicySet, case: Case) -> None:
    ok, reason = await verdict(airline if case.domain == "airline" else retail, case)
    assert ("allow" if ok else "refuse") == case.expected, f"{case.why}: {reason}"
