"""The command line on bad input: a file of the wrong shape, an output that cannot be written, a
port taken or out of range, a store held by another process. Each is one line naming what is
wrong and a non-zero exit; none is a Python traceback, and nothing is left half-written."""

from __future__ import annotations

import fcntl
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bench.ports import free_port
from proxy.cli import main
from proxy.demo.data import load_tau

from .conftest import ROOT

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
RUN = {"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "user", "content": "hi"}]}


@pytest.mark.parametrize(("data", "said"), [
    ([1, 2, 3], "not a tau-bench (list of"),
    ({"simulations": [1]}, "not a tau2-bench trajectory file: simulations.0: Input should be a "
                           "valid dictionary"),
    ({"simulations": "x"}, "not a tau2-bench trajectory file: simulations: Input should be a "
                           "valid list"),
    ([{**RUN, "reward": "x"}], "not a tau-bench trajectory file: 0.reward: Input should be a "
                               "valid number"),
    ([{**RUN, "traj": "abc"}], "not a tau-bench trajectory file: 0.traj: Input should be a "
                               "valid list"),
    ([{**RUN, "traj": [1, 2]}], "not a tau-bench trajectory file: 0.traj.0: Input should be a "
                                "valid dictionary"),
    ({"simulations": [{"task_id": "1", "messages": [{"role": "assistant",
                                                     "tool_calls": "x"}]}]},
     "not a tau2-bench trajectory file: simulations.0.messages.0.tool_calls: Input should be "
     "a valid list"),
])
def test_a_trajectory_file_of_another_shape_is_named(tmp_path: Path, data: object,
                                                    said: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    out = tmp_path / "out.jsonl"
    for args in (["report", str(bad)], ["replay", str(bad), "--policy",
                                        str(ROOT / "policies" / "retail")],
                 ["import", str(bad), "-o", str(out)],
                 ["cases", "extract", str(bad), "-o", str(tmp_path / "tests-x.yaml")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, (args, result.output)
        assert f"bad.json: {said}" in result.output, (args, result.output)
        assert result.output.count("bad.json") == 1  # (named once)
        assert not isinstance(result.exception, TypeError | AttributeError | ValueError)
    assert not out.exists() and not list(tmp_path.glob(".*.part"))


def test_a_good_file_still_imports(tmp_path: Path) -> None:
    run = tmp_path / "run.json"
    run.write_text(json.dumps([RUN]))
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["import", str(run), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["event"] for line in out.read_text().splitlines()] == [
        "session_start", "message", "session_end"]


def test_an_output_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    run = tmp_path / "run.json"
    run.write_text(json.dumps([RUN]))
    missing = tmp_path / "no" / "such"
    for args in (["import", str(run), "-o", str(missing / "x.jsonl")],
                 ["report", str(run), "--html", str(missing / "r.html")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, result.output
        assert f"cannot write {missing}" in result.output and "No such file" in result.output
        assert not isinstance(result.exception, OSError)


@pytest.mark.parametrize(("extra", "said"), [
    (["--min-pass-hat-k", "0:0.5"], "K is a number of trials (1 or more)"),
    (["--min-pass-hat-k", "2:1.5"], "THRESHOLD a share from 0 to 1"),
    (["--plan"], "add --min-case-floor"),
    (["--plan", "--min-case-floor", "0.3", "--plan-budget", "-5"], "--plan-budget"),
])
def test_report_options_that_make_no_sense_are_refused(tmp_path: Path, extra: list[str],
                                                        said: str) -> None:
    run = tmp_path / "run.json"
    run.write_text(json.dumps([RUN]))
    result = CliRunner().invoke(main, ["report", str(run), *extra])
    assert result.exit_code == 2, result.output
    assert said in result.output


def test_a_trace_record_of_a_newer_version_is_not_read(tmp_path: Path) -> None:
    trace = tmp_path / "t.jsonl"
    trace.write_text('{"v": 99, "ts": "x", "event": "session_start", "session_id": "a"}\n')
    result = CliRunner().invoke(main, ["report", str(trace)])
    assert result.exit_code == 1
    assert "t.jsonl:1: not a callgate trace record: Input should be less than or equal to 1" \
        in result.output


def test_a_retail_database_of_another_shape_is_named(tmp_path: Path) -> None:
    for name in ("users", "orders", "products"):
        (tmp_path / f"{name}.json").write_text("{}")
    (tmp_path / "users.json").write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"users\.json: expected an object of records by id"):
        load_tau(tmp_path)
    (tmp_path / "users.json").write_text('{"u1": {"email": "a@b.c"}}')
    with pytest.raises(ValueError, match=r"users\.json: record 'u1': 'address' is missing"):
        load_tau(tmp_path)
    (tmp_path / "users.json").write_text("{bad")
    with pytest.raises(ValueError, match=r"users\.json: not JSON"):
        load_tau(tmp_path)
    result = CliRunner().invoke(main, ["demo-upstream", "--retail-db", str(tmp_path)])
    assert result.exit_code == 2 and "users.json: not JSON" in result.output


def _serve(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "callgate.yaml"
    config.write_text(f"store: {{path: {tmp_path / 'c.db'}}}\n"
                      f"trace: {{path: {tmp_path / 't.jsonl'}}}\n"
                      "upstreams: {retail: {base_url: 'http://127.0.0.1:9'}}\n"
                      f"catalogs: ['{ROOT / 'schemas/retail/catalog.yaml'}']\n")
    command = [sys.executable, "-m", "proxy", "serve", "--config", str(config), "--log-level",
               "error", *extra]
    return subprocess.run(command, env=ENV, capture_output=True, text=True,  # noqa: S603
                          timeout=120)


def test_serve_says_why_it_cannot_listen(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve(tmp_path, "--port", str(port))
    assert done.returncode == 2, done.stderr
    assert f"callgate: cannot listen on 127.0.0.1:{port}:" in done.stderr
    assert "address already in use" in done.stderr and "Traceback" not in done.stderr
    done = _serve(tmp_path, "--host", "999.1.1.1", "--port", "0")
    assert done.returncode == 2 and "cannot listen on 999.1.1.1:0" in done.stderr
    assert "Traceback" not in done.stderr
    done = _serve(tmp_path, "--port", "99999")
    assert done.returncode == 2 and "99999 is not in the range 0<=x<=65535" in done.stderr


def test_serve_says_the_store_is_held(tmp_path: Path) -> None:
    fd = os.open(tmp_path / "c.db.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running callgate holds it
        done = _serve(tmp_path, "--port", "0")
    finally:
        os.close(fd)
    assert done.returncode == 2, done.stderr
    assert "is in use by another callgate process" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_demo_that_cannot_start_writes_no_config(tmp_path: Path) -> None:
    """The demo's callgate.yaml is for the commands that reach a running demo's store: one that
    fails to listen leaves it as it was (here: never written)."""
    upstream = free_port(5)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = subprocess.run([sys.executable, "-m", "proxy", "demo", "--port",  # noqa: S603
                               str(taken.getsockname()[1]), "--upstream-port", str(upstream),
                               "--data-dir", str(tmp_path)], env=ENV, capture_output=True,
                              text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "cannot start the demo" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "callgate.yaml").exists()


def test_replay_options_that_do_nothing_are_refused(tmp_path: Path) -> None:
    run = tmp_path / "run.json"
    run.write_text(json.dumps([RUN]))
    retail = str(ROOT / "policies" / "retail")
    result = CliRunner().invoke(main, ["replay", str(run), "--policy", retail,
                                       "--agent-key", "cg_x"])
    assert result.exit_code == 2 and "--agent-key is for --live" in result.output
    result = CliRunner().invoke(main, ["replay", str(run), "--live", "notaurl"])
    assert result.exit_code == 2 and "--live takes the proxy's URL" in result.output
