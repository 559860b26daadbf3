"""The package's PEP 517 build backend, standard library only, so `pip install` needs no index
(`[build-system] requires = []`): it writes a wheel (`py3-none-any`, with `py.typed`), an
editable wheel and an sdist from `pyproject.toml`, reproducibly (fixed times, sorted entries)."""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "exchange_v4"
_EPOCH = (1980, 1, 1, 0, 0, 0)


def _project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]


def _stem() -> str:
    """`<name>-<version>` with the name normalised for file names."""
    project = _project()
    return f"{project['name'].replace('-', '_')}-{project['version']}"


def metadata() -> str:
    """The core metadata (METADATA / PKG-INFO) of `pyproject.toml`'s `[project]`."""
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p['description']}",
        f"Requires-Python: {p['requires-python']}",
        f"License: {p['license']['text']}",
    ]
    if p.get("keywords"):
        lines.append(f"Keywords: {','.join(p['keywords'])}")
    lines += [f"Classifier: {c}" for c in p.get("classifiers", [])]
    lines += [f"Project-URL: {k}, {v}" for k, v in p.get("urls", {}).items()]
    lines.append("Description-Content-Type: text/markdown")
    readme = (ROOT / p["readme"]).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + readme


def _sources() -> Iterator[Path]:
    """The package's files (no caches), sorted."""
    for path in sorted((ROOT / PACKAGE).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _wheel(directory: str, files: Mapping[str, bytes]) -> str:
    stem = _stem()
    info = f"{stem}.dist-info"
    entries = dict(files)
    entries[f"{info}/METADATA"] = metadata().encode()
    entries[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: exchange-v4 _build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries[f"{info}/LICENSE"] = (ROOT / "LICENSE").read_bytes()
    record = [_record_line(name, data) for name, data in entries.items()] + [f"{info}/RECORD,,"]
    entries[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    name = f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(Path(directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for entry, data in entries.items():
            item = zipfile.ZipInfo(entry, _EPOCH)
            item.external_attr = 0o644 << 16
            wheel.writestr(item, data, zipfile.ZIP_DEFLATED)
    return name


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """PEP 517: the wheel, in `wheel_directory`; returns its file name."""
    return _wheel(wheel_directory, {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in _sources()})


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    """PEP 660: a wheel whose `.pth` file puts this folder on the path."""
    return _wheel(wheel_directory, {f"{PACKAGE}.pth": f"{ROOT}\n".encode()})


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """PEP 517: the sdist (`pyproject.toml`, readme, license, this backend, the package, PKG-INFO)."""
    stem = _stem()
    files = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in _sources()}
    for extra in ("pyproject.toml", "README.md", "LICENSE", "_build/backend.py"):
        files[extra] = (ROOT / extra).read_bytes()
    files["PKG-INFO"] = metadata().encode()
    name = f"{stem}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for entry in sorted(files):
            item = tarfile.TarInfo(f"{stem}/{entry}")
            item.size, item.mode, item.mtime = len(files[entry]), 0o644, 0
            sdist.addfile(item, io.BytesIO(files[entry]))
    return name


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing: the standard library builds it."""
    return []


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing: the standard library builds it."""
    return []


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Nothing: the standard library builds it."""
    return []
