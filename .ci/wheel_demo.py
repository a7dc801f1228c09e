"""CI: the installed package's `callgate demo` starts and is ready (catalogs and packs found
outside the source tree). Usage: wheel_demo.py PATH/TO/callgate"""

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.ports import free_port


def pages(port: int) -> int:
    """The operator pages' templates and static files were installed with the package."""
    base = f"http://127.0.0.1:{port}/ui"
    with urllib.request.urlopen(f"{base}/login", timeout=5) as r:  # noqa: S310 - loopback http
        html = r.read().decode()
    for needed in ("One-time code", "/ui/static/app.js", "/ui/static/app.css"):
        if needed not in html:
            print(f"the installed login page lacks {needed!r}", file=sys.stderr)
            return 1
    for name in ("app.js", "app.css", "favicon.svg"):
        with urllib.request.urlopen(f"{base}/static/{name}", timeout=5) as r:  # noqa: S310
            if r.status != 200 or not r.read():
                print(f"the installed package lacks static/{name}", file=sys.stderr)
                return 1
    print("installed operator pages served: login page and static files")
    return 0


def main() -> int:
    port = free_port(6)  # the proxy, then the demo's five services on the ports after it
    upstream = port + 1
    with tempfile.TemporaryDirectory() as cwd:
        command = [os.path.abspath(sys.argv[1]), "demo", "--port", str(port),
                   "--upstream-port", str(upstream)]
        demo = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,  # noqa: S603
                                stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": ""})
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if demo.poll() is not None:
                    print(demo.stderr.read().decode() if demo.stderr else "", file=sys.stderr)
                    print("the installed demo exited", file=sys.stderr)
                    return 1
                try:
                    url = f"http://127.0.0.1:{port}/readyz"
                    with urllib.request.urlopen(url, timeout=2) as r:
                        if r.status == 200:
                            print(f"installed demo ready: {r.read().decode()}")
                            return pages(port)
                except OSError:
                    time.sleep(0.3)
            print("the installed demo did not become ready in 60 s", file=sys.stderr)
            return 1
        finally:
            demo.terminate()
            demo.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
