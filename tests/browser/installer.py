"""Foundry's "Install Module" by manifest URL, as the test plays Foundry's server.

What Foundry's server does when a GM pastes a manifest URL (Setup → Add-on Modules → Install
Module; /work/notes/foundry-research.md §12.1, with its sources): it GETs the manifest (the
server, not the browser), refuses one without module data ("did not provide module manifest
data", an `id`, a `download`), GETs the `download` zip, extracts it into `Data/modules/<id>/`
(an update first erases that folder), re-reads the extracted `module.json`, and reports every
file the manifest names that the folder lacks ("The file … included by module … does not
exist"). The archive may hold `module.json` at its root (dnd5e's release zips) or in one top
folder (GitHub's `archive/<tag>.zip`, `<repo>-<tag>/`): the installer takes the folder that holds
it as the package root. Nothing may land outside `Data/modules/<id>/`.

There is no TLS here, so `fetch` is given the release host's files through a local server:
the URL's path is kept, only its origin is swapped (as the browser's resolver rules map
`table.test` to 127.0.0.1).
"""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit
from urllib.request import urlopen

Fetch = Callable[[str], bytes]


class InstallError(AssertionError):
    """What Foundry's installer would refuse, in its words where known."""


def local_fetch(origin: str, timeout: float = 10.0) -> Fetch:
    """GET `url`'s path from the local server at `origin` (`http://127.0.0.1:<port>`)."""
    def fetch(url: str) -> bytes:
        parts = urlsplit(url)
        with urlopen(f"{origin}{parts.path}", timeout=timeout) as response:
            body: bytes = response.read()
        return body
    return fetch


def _manifest(data: bytes, url: str) -> dict[str, Any]:
    try:
        manifest = json.loads(data)
    except ValueError as error:
        raise InstallError(f"{url} did not provide module manifest data: {error}") from error
    if not isinstance(manifest, dict) or not manifest.get("id"):
        raise InstallError(f"{url}: Module validation errors: id may not be undefined")
    if not manifest.get("download"):
        raise InstallError(f"{url}: the manifest has no download URL, so it cannot be installed")
    return manifest


def package_root(archive: zipfile.ZipFile) -> str:
    """The folder of the archive that holds `module.json`: "" (the root) or one top folder."""
    names = archive.namelist()
    for name in names:
        path = PurePosixPath(name)
        if name.startswith("/") or ".." in path.parts or "\\" in name:
            raise InstallError(f"unsafe archive entry {name!r}")
    if "module.json" in names:
        return ""
    tops = sorted(n.removesuffix("module.json") for n in names
                  if n.count("/") == 1 and n.endswith("/module.json"))
    if len(tops) != 1:
        raise InstallError(f"no module.json at the archive root or in one top folder: {tops}")
    return tops[0]


def _extract(archive: zipfile.ZipFile, root: str, target: Path) -> None:
    for info in archive.infolist():
        if not info.filename.startswith(root) or info.is_dir():
            continue
        out = target / info.filename[len(root):]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(archive.read(info))


def listed_files(manifest: dict[str, Any]) -> list[str]:
    """Every path the manifest says the package holds: scripts, styles, languages, packs."""
    paths = [*manifest.get("esmodules", []), *manifest.get("scripts", []),
             *manifest.get("styles", [])]
    paths += [entry["path"] for entry in manifest.get("languages", [])]
    paths += [entry["path"] for entry in manifest.get("packs", [])]
    return paths


def install(manifest_url: str, modules: Path, fetch: Fetch) -> Path:
    """Install the module at `manifest_url` into `modules/<id>/`; its folder."""
    manifest = _manifest(fetch(manifest_url), manifest_url)
    data = fetch(manifest["download"])
    target: Path = modules / str(manifest["id"])
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        _extract(archive, package_root(archive), target)
    installed = json.loads((target / "module.json").read_bytes())
    if (installed["id"], installed["version"]) != (manifest["id"], manifest["version"]):
        raise InstallError(f"the zip holds {installed['id']} {installed['version']}, the manifest "
                           f"{manifest['id']} {manifest['version']}")
    missing = [p for p in listed_files(installed) if not (target / p).exists()]
    if missing:
        raise InstallError(f"The files {missing} included by module {installed['id']} do not exist")
    return target
