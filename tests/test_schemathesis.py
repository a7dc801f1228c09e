"""The API against its own OpenAPI document, with schemathesis (short run; docs/api-fuzzing.md
has the long one): the demo (retail upstream, retail pack, gate) answers no 5xx and nothing the
document does not list, whatever schemathesis sends."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_serve import ENV, free_port

ST = shutil.which("st", path=str(Path(sys.executable).parent))
pytestmark = [pytest.mark.slow, pytest.mark.skipif(ST is None, reason="schemathesis is not "
                                                   "installed (pip install -e '.[dev]')")]
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance," \
         "response_schema_conformance"


def test_no_5xx_and_nothing_undocumented(tmp_path: Path) -> None:
    port = free_port(6)  # the proxy, then the demo's five services on the ports after it
    upstream = port + 1
    log = (tmp_path / "demo.log").open("wb")
    demo = subprocess.Popen(  # noqa: S603 - our own command line
        [sys.executable, "-m", "proxy", "demo", "--port", str(port), "--upstream-port",
         str(upstream)], cwd=tmp_path, env=ENV, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120  # a loaded machine starts slowly
        while True:
            assert demo.poll() is None, (tmp_path / "demo.log").read_text()[-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz",
                                            timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, ("the demo did not become ready: "
                                                 + (tmp_path / "demo.log").read_text()[-3000:])
            time.sleep(0.2)
        assert ST is not None
        run = subprocess.run(  # noqa: S603
            [ST, "run", f"http://127.0.0.1:{port}/openapi.json", "--checks", CHECKS,
             "--max-examples", "10", "--seed", "1", "--max-time", "40", "-w", "1"],
            cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
        assert run.returncode == 0, run.stdout[-4000:]
        assert " passed" in run.stdout
    finally:
        demo.terminate()
        demo.wait(timeout=30)
        log.close()
    assert ROOT.is_dir()
