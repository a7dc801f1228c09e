"""The executed call's envelope, built without pydantic's general path, is the model's own."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import orjson
import pytest

from proxy.session import Outcome
from proxy.wire import Envelope, ErrorItem, _fields, trusted_envelope

IDS = {"session_id": "s_1", "call_id": "c_1", "decision_id": "d_1", "tool": "get_order_details"}


@pytest.mark.parametrize("fields", [
    {"outcome": Outcome.EXECUTED, "message": "Executed.", "result": {"order": [1, "x"]},
     "upstream_status": 200, **IDS},
    {"outcome": Outcome.EXECUTED, "message": "Executed.", "result": None, **IDS},
    {"outcome": Outcome.UPSTREAM_ERROR, "message": "m", "errors": [ErrorItem(code="c",
                                                                           message="m")]},
    {"outcome": Outcome.INVALID, "message": ""},
])
def test_trusted_envelope_is_model_construct(fields: dict[str, Any]) -> None:
    ours, theirs = trusted_envelope(**fields), Envelope.model_construct(**fields)
    assert ours == theirs
    assert ours.__dict__ == theirs.__dict__ and list(ours.__dict__) == list(theirs.__dict__)
    assert ours.model_fields_set == theirs.model_fields_set
    assert ours.model_dump() == theirs.model_dump()
    assert ours.model_dump_json() == theirs.model_dump_json()
    assert orjson.dumps(ours, default=_fields) == orjson.dumps(theirs, default=_fields)
    assert copy.deepcopy(ours) == theirs
    assert pickle.loads(pickle.dumps(ours)) == theirs  # noqa: S301 (our own bytes)
    assert Envelope.model_validate(ours.model_dump()) == Envelope.model_validate(
        theirs.model_dump())


def test_envelopes_share_no_default() -> None:
    """The defaults are copied into each instance by reference: only immutable ones may be."""
    for name, field in Envelope.model_fields.items():
        if not field.is_required():
            assert field.default_factory is None, name
            assert isinstance(field.default, str | int | float | bool | type(None)), name
    a = trusted_envelope(outcome=Outcome.EXECUTED, message="a")
    a.__dict__["errors"] = []
    assert trusted_envelope(outcome=Outcome.EXECUTED, message="b").errors is None
