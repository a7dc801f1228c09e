"""The HTML report renders in a real browser: headless Chromium takes a screenshot of it.

Skipped where Chromium is not installed (`apt-get install chromium`); `bench/screenshot.sh`
does the same by hand and leaves the PNG to look at.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from proxy.report.build import build_report
from proxy.report.collect import collect
from proxy.report.render import render_html
from proxy.trace import TraceRecord

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_report_page_renders_in_chromium(tmp_path: Path) -> None:
    records = []
    for case, outcomes in (("a", [1, 0, 1]), ("b", [1, 1, 1]), ("c", [0, 0, 0])):
        for t, ok in enumerate(outcomes):
            sid = f"{case}{t}"
            records += [
                TraceRecord(ts="t", event="session_start", session_id=sid,
                            tags={"scenario": case, "trial": t}),
                TraceRecord(ts="t", event="session_end", session_id=sid, success=bool(ok)),
            ]
    page = tmp_path / "report.html"
    page.write_text(render_html(build_report(collect(records))))
    shot = tmp_path / "report.png"
    assert CHROMIUM is not None
    subprocess.run(  # noqa: S603 - a fixed local binary on a file we wrote
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=1000,1400", f"--screenshot={shot}", page.as_uri()],
        check=True, capture_output=True, timeout=60)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1000, 1400)
    assert len(data) > 20_000  # a blank page compresses to a few KiB
