"""The confirmation check against 380 real writes labelled by careful readers.

The labels (tests/policy/labels/tau-writes.jsonl) were made by two independent readers per
write following the steering material's labelling guide, disagreements settled by re-reading;
they point into ../shared/data/tau/trajectories by file, session and write, and carry no text of
it. docs/policy.md has the figures; these thresholds keep them from sliding back.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from proxy.cli import main
from proxy.evaluate import Evaluation, evaluate, load_labels
from proxy.policy.loader import load_policies

from ..conftest import ROOT, SHARED, needs_tau

LABELS = ROOT / "tests" / "policy" / "labels" / "tau-writes.jsonl"
FILES = ["tau2-gpt-4.1-retail-1trial.json", "tau2-gpt-4.1-airline-1trial.json",
         "tau2-claude-sonnet-4-5-airline-1trial.json", "tau-bench-gpt-4o-airline-4trials.json"]
PACKS = [ROOT / "policies" / "retail", ROOT / "policies" / "airline"]


def test_the_label_set_is_complete() -> None:
    labels = load_labels(LABELS)
    assert len(labels) >= 300
    assert {lab.label for lab in labels} <= {"confirmed", "plan", "unconfirmed", "repeat", "other"}
    keys = [(lab.file, lab.session, lab.write) for lab in labels]
    assert len(keys) == len(set(keys))
    assert all(lab.why for lab in labels)


@pytest.fixture(scope="module")
def evaluation() -> Evaluation:
    if not SHARED.is_dir():
        pytest.skip("../shared/data/tau is not present")
    policy = load_policies(PACKS)
    assert policy.catalog is not None
    return asyncio.run(evaluate([SHARED / "trajectories" / f for f in FILES],
                                load_labels(LABELS), policy, policy.catalog))


@needs_tau
def test_every_label_finds_its_write(evaluation: Evaluation) -> None:
    assert evaluation.unmatched == []


@needs_tau
def test_agreement_overall(evaluation: Evaluation) -> None:
    s = evaluation.summary()
    assert s["agreement"] >= 0.975
    assert s["false_refusal_rate"]["confirmed"] <= 0.006
    assert s["false_refusal_rate"]["plan"] <= 0.01
    should_refuse = [j for j in evaluation.judged if j.label.label in ("unconfirmed", "repeat")]
    assert sum(j.outcome == "miss" for j in should_refuse) <= 8  # of 94 (docs/policy.md)


@needs_tau
def test_agreement_on_the_tau2_runs(evaluation: Evaluation) -> None:
    """The newer agents' runs (gpt-4.1, claude-sonnet-4.5): closer to the transcripts users
    bring than tau-bench's gpt-4o run, whose retries and silent payment switches dominate the
    misses (docs/policy.md)."""
    tau2 = [j for j in evaluation.judged if j.label.file.startswith("tau2")]
    scored = [j for j in tau2 if j.outcome != "unscored"]
    agree = sum(j.outcome == "agree" for j in scored)
    assert agree / len(scored) >= 0.97
    should_refuse = [j for j in scored if j.label.label in ("unconfirmed", "repeat")]
    assert sum(j.outcome == "miss" for j in should_refuse) <= 2


@needs_tau
def test_policy_eval_command(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["policy", "eval", str(SHARED / "trajectories" / FILES[0]), "--labels", str(LABELS),
            "--policy", str(PACKS[0])]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "61 labelled writes" in result.output and "agreement" in result.output
    result = runner.invoke(main, [*args, "--json"])
    summary = json.loads(result.output.strip().splitlines()[-1])["summary"]
    assert summary["labelled"] == 61 and summary["agreement"] >= 0.95


def test_policy_eval_refuses_a_broken_label_file(tmp_path: Path) -> None:
    bad = tmp_path / "labels.jsonl"
    bad.write_text('{"file": "x.json", "session": "1:0", "write": 1, "label": "maybe"}\n')
    trace = tmp_path / "t.jsonl"
    trace.write_text("")
    result = CliRunner().invoke(main, ["policy", "eval", str(trace), "--labels", str(bad),
                                       "--policy", str(PACKS[0])])
    assert result.exit_code == 2
    assert "labels.jsonl:1" in result.output and "maybe" in result.output


@pytest.mark.parametrize(("name", "text", "said"), [
    ("empty.json", "", "empty.json: EOF while parsing"),
    ("cut.json", '{"simulations": [', "cut.json: EOF while parsing"),
    ("other.json", '{"runs": []}', "other.json: not a tau-bench"),
    ("bad.jsonl", "not json\n", "bad.jsonl:1: not a callgate trace record: Invalid JSON"),
])
def test_a_trace_that_cannot_be_read_is_named_not_a_traceback(tmp_path: Path, name: str,
                                                              text: str, said: str) -> None:
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"file": "x.json", "session": "1:0", "write": 1, "label": "confirmed"}\n')
    trace = tmp_path / name
    trace.write_text(text)
    for args, code in ((["policy", "eval", str(trace), "--labels", str(labels)], 2),
                       (["replay", str(trace)], 1)):
        result = CliRunner().invoke(main, [*args, "--policy", str(PACKS[0])])
        assert result.exit_code == code, result.output
        assert said in result.output and "Traceback" not in result.output
        assert not isinstance(result.exception, ValueError)


def test_writes_the_policy_never_judged_are_not_scored(tmp_path: Path) -> None:
    """Another domain's pack (retail for an airline run): its catalog knows none of the writes,
    so none is scored (they were shown as agreeing with every label) and the command fails."""
    run = tmp_path / "run.json"
    run.write_text(json.dumps({"info": {"environment_info": {"domain_name": "airline"}},
                               "simulations": [{"id": "s", "task_id": "1", "trial": 0, "messages": [
                                   {"role": "user", "content": "cancel ABC123 please"},
                                   {"role": "assistant", "content": None, "tool_calls": [
                                       {"id": "c1", "name": "cancel_reservation",
                                        "arguments": {"reservation_id": "ABC123"}}]},
                                   {"role": "tool", "id": "c1", "content": "{}"}]}]}))
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"file": "run.json", "session": "1:0", "write": 1, "call_id": "c1", '
                      '"label": "unconfirmed"}\n')
    result = CliRunner().invoke(main, ["policy", "eval", str(run), "--labels", str(labels),
                                       "--policy", str(PACKS[0]), "--json"])
    assert result.exit_code == 2, result.output
    assert "catalog does not know (cancel_reservation): not scored" in result.output
    summary = json.loads(result.output.strip().splitlines()[-1])["summary"]
    assert summary["scored"] == 0 and summary["undecided"] == 1 and summary["agreement"] is None
    result = CliRunner().invoke(main, ["policy", "eval", str(run), "--labels", str(labels),
                                       "--policy", str(PACKS[1]), "--json"])
    summary = json.loads(result.output.strip().splitlines()[-1])["summary"]
    assert summary["scored"] == 1 and summary["undecided"] == 0


def _two_cancellations(path: Path) -> None:
    """An airline run with two cancellations: the first after a listed yes, the second not."""
    path.write_text(json.dumps({"info": {"environment_info": {"domain_name": "airline"}},
                                "simulations": [{"id": "s", "task_id": "7", "trial": 0, "messages": [
        {"role": "user", "content": "I want to cancel ABC123 and XYZ789."},
        {"role": "assistant", "content": "I'll cancel reservation ABC123 (SFO to JFK, one "
         "passenger), refunded to the original card. Shall I proceed?"},
        {"role": "user", "content": "Yes, go ahead."},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c-one", "name": "cancel_reservation",
             "arguments": {"reservation_id": "ABC123"}}]},
        {"role": "tool", "id": "c-one", "content": "{}"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c-two", "name": "cancel_reservation",
             "arguments": {"reservation_id": "XYZ789"}}]},
        {"role": "tool", "id": "c-two", "content": "{}"}]}]}))


def _eval(run: Path, labels: list[dict[str, object]], tmp_path: Path) -> tuple[int, list[str]]:
    path = tmp_path / "labels.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in labels))
    result = CliRunner().invoke(main, ["policy", "eval", str(run), "--labels", str(path),
                                       "--policy", str(PACKS[1]), "--json", "--all"])
    return result.exit_code, result.output.strip().splitlines()


def test_a_label_finds_its_write_by_the_call_id_alone(tmp_path: Path) -> None:
    """A reader who labels by the agent's call id need not count the session's writes."""
    run = tmp_path / "run.json"
    _two_cancellations(run)
    code, lines = _eval(run, [
        {"file": "run.json", "session": "7:0", "call_id": "c-two", "label": "unconfirmed"},
        {"file": "run.json", "session": "7:0", "call_id": "c-one", "label": "confirmed"}],
        tmp_path)
    assert code == 0, lines
    rows = [json.loads(line) for line in lines]
    judged = {r["call_id"]: r for r in rows[:-1]}
    assert judged["c-one"]["write"] == 1 and judged["c-one"]["outcome"] == "agree"
    assert judged["c-two"]["write"] == 2 and judged["c-two"]["outcome"] == "agree"
    assert rows[-1]["summary"]["scored"] == 2 and rows[-1]["unmatched"] == []
    # the write's position and a call id that disagree: the label finds nothing, and says so
    code, lines = _eval(run, [{"file": "run.json", "session": "7:0", "write": 1,
                               "call_id": "c-two", "label": "unconfirmed"}], tmp_path)
    assert code == 2
    assert json.loads(lines[-1])["unmatched"] == ["run.json 7:0 write 1 (c-two)"]


def test_a_debatable_label_is_shown_not_scored(tmp_path: Path) -> None:
    run = tmp_path / "run.json"
    _two_cancellations(run)
    code, lines = _eval(run, [
        {"file": "run.json", "session": "7:0", "call_id": "c-one", "label": "confirmed"},
        {"file": "run.json", "session": "7:0", "call_id": "c-two", "label": "confirmed",
         "debatable": True}], tmp_path)
    assert code == 0, lines
    rows = [json.loads(line) for line in lines]
    assert [(r["call_id"], r["outcome"], r["debatable"]) for r in rows[:-1]] == [
        ("c-one", "agree", False), ("c-two", "unscored", True)]
    summary = rows[-1]["summary"]
    assert summary["scored"] == 1 and summary["debatable"] == 1 and summary["agreement"] == 1.0


@pytest.mark.parametrize(("row", "said"), [
    ({"file": "run.json", "session": "7:0", "label": "confirmed"}, "(write) or the agent's call id"),
    ({"file": "run.json", "session": "7:0", "write": 1, "label": "confirmed", "debatable": "no"},
     "debatable is 'no'"),
    (["run.json", "7:0", 1, "confirmed"], "not an object"),
])
def test_a_label_line_without_its_write_is_refused(tmp_path: Path, row: object, said: str) -> None:
    run = tmp_path / "run.json"
    _two_cancellations(run)
    path = tmp_path / "labels.jsonl"
    path.write_text(json.dumps(row) + "\n")
    result = CliRunner().invoke(main, ["policy", "eval", str(run), "--labels", str(path),
                                       "--policy", str(PACKS[1])])
    assert result.exit_code == 2
    assert "labels.jsonl:1" in result.output and said in result.output
