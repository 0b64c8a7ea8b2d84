"""Chromium from Debian's package, driven by Playwright, against a loopback-only file server.

Playwright never downloads a browser here: it drives `/usr/bin/chromium`, which `.ci/run`
installs with apt (and `ensure_chromium` too, when a root session lacks it).
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, BrowserContext, Playwright, Request

CHROMIUM = Path("/usr/bin/chromium")
HARNESS = Path(__file__).resolve().parent / "harness"
APT_INSTALL = ("apt-get", "install", "-y", "--no-install-recommends", "chromium")
# The network is closed: without these Chromium keeps trying (and failing) to reach Google.
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)
# The pages are served as a self-hosted Foundry is commonly reached, `http://<host>:<port>` with a
# host that is not loopback to the browser, so the page is not a secure context (no
# `crypto.subtle`, no `navigator.clipboard`): a made-up name in a reserved TLD (never `*.localhost`,
# which browsers treat as secure) that Chromium's resolver maps to 127.0.0.1, so the traffic stays
# on loopback. `SECURE` pages (the clipboard's) use 127.0.0.1 itself, which is secure.
INSECURE_HOST = "table.test"
# Every request not for the harness hosts goes to a proxy on a closed loopback port and fails
# there, so nothing leaves the machine. Cheaper than Playwright routing, which also turns off the
# HTTP cache. The made-up host must bypass that proxy too, or the proxy would be asked for it.
LOOPBACK_ONLY = (
    "--proxy-server=http://127.0.0.1:9", f"--proxy-bypass-list=127.0.0.1;{INSECURE_HOST}",
    f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1",
)
# Report-only: nothing is blocked (Foundry blocks nothing either), but any inline script, handler
# or javascript: URL that author text smuggles in raises a `securitypolicyviolation` the page logs.
CSP_REPORT_ONLY = (
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
)


class ChromiumMissing(RuntimeError):
    """Chromium is not installed and this process cannot install it."""


def ensure_chromium() -> Path:
    """`/usr/bin/chromium`, installed from Debian's package first when missing and we are root."""
    if CHROMIUM.is_file():
        return CHROMIUM
    if os.geteuid() != 0:
        raise ChromiumMissing(
            f"{CHROMIUM} is missing and installing it needs root: run "
            f"`apt-get update && {' '.join(APT_INSTALL)}` (as .ci/run does)"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(list(APT_INSTALL), check=True, env=env, stdout=subprocess.DEVNULL)
    if not CHROMIUM.is_file():
        raise ChromiumMissing(f"apt-get installed chromium but {CHROMIUM} is still missing")
    return CHROMIUM


def launch(playwright: Playwright, executable: Path) -> Browser:
    """One headless Chromium with the offline flags."""
    return playwright.chromium.launch(
        executable_path=str(executable), args=[*FLAGS, *LOOPBACK_ONLY])


class _Handler(SimpleHTTPRequestHandler):
    """Serves the mounted folders only; paths escaping a mount are 404."""

    mounts: ClassVar[dict[str, Path]]
    #: Mounts whose files change while pages are open: served `no-cache`, as Foundry serves every
    #: file since 11.302 (foundryvtt/foundryvtt#9642), so a reload asks for them again.
    revalidated: ClassVar[set[str]]

    def translate_path(self, path: str) -> str:
        url_path = unquote(urlsplit(path).path)
        for prefix, root in sorted(self.mounts.items(), key=lambda m: -len(m[0])):
            if url_path.startswith(prefix):
                target = (root / url_path[len(prefix):]).resolve()
                if target.is_relative_to(root.resolve()):
                    return str(target)
        return str(Path("/nonexistent") / "404")

    def end_headers(self) -> None:
        # Cacheable: each launch has a fresh profile, and a mount never changes within one, so
        # the pages of a session share one download of each module file; unless it does.
        url_path = unquote(urlsplit(self.path).path)
        changing = any(url_path.startswith(prefix) for prefix in self.revalidated)
        self.send_header("Cache-Control", "no-cache" if changing else "max-age=3600")
        self.send_header("Content-Security-Policy-Report-Only", CSP_REPORT_ONLY)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: failed requests already show up as console errors in the page."""


class HarnessServer:
    """`http.server` on 127.0.0.1 (random port) in a thread: `/harness/`, `/modules/<id>/`, …"""

    def __init__(self) -> None:
        # Foundry's server serves its core icons at /icons/; the harness has stand-ins of a few.
        self._mounts: dict[str, Path] = {"/harness/": HARNESS, "/icons/": HARNESS / "icons"}
        self._revalidated: set[str] = set()

        class Handler(_Handler):
            mounts = self._mounts
            revalidated = self._revalidated

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def origin(self) -> str:
        """Where pages are served: plain http on a non-loopback name, not a secure context."""
        return f"http://{INSECURE_HOST}:{self._httpd.server_address[1]}"

    @property
    def secure_origin(self) -> str:
        """The same server as 127.0.0.1, which browsers treat as a secure context."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def origin_for(self, secure: bool) -> str:
        return self.secure_origin if secure else self.origin

    def mount(self, prefix: str, folder: Path, *, changing: bool = False) -> None:
        """Serve `folder` under `prefix` (which starts and ends with `/`); `changing`: its files
        change while pages are open (a rebuild), so they are served for revalidation."""
        if self._mounts.get(prefix, folder) != folder:
            raise ValueError(f"{prefix} already serves {self._mounts[prefix]}")
        self._mounts[prefix] = folder
        if changing:
            self._revalidated.add(prefix)

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


@contextmanager
def serving() -> Iterator[HarnessServer]:
    """A `HarnessServer` that is shut down afterwards."""
    server = HarnessServer()
    try:
        yield server
    finally:
        server.close()


def new_context(browser: Browser, server: HarnessServer, blocked: list[str]) -> BrowserContext:
    """A browser context; every request it makes anywhere but `server` is listed in `blocked`
    (and fails at the dead proxy of `LOOPBACK_ONLY`)."""
    context = browser.new_context(viewport={"width": 1000, "height": 700}, device_scale_factor=2)

    def only_loopback(request: Request) -> None:
        url = request.url
        if not url.startswith((server.origin + "/", server.secure_origin + "/", "data:", "about:",
                               "blob:")):
            blocked.append(url)

    context.on("request", only_loopback)
    return context
