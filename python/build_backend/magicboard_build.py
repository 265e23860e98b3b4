"""The PEP 517 build backend of the Python package: maturin's, with one
default changed.

Built through PEP 517 (``pip wheel ./python``, ``pip install ./python``,
``python -m build``), maturin tags a Linux wheel ``linux_*`` unless told
otherwise, a tag no package index accepts. Here, on a Linux machine of an
architecture PyPI takes wheels for, it is told ``--compatibility pypi``:
maturin reads the glibc (or musl) symbols the extension needs and tags the
wheel ``manylinux_2_XX`` (or ``musllinux_1_X``) accordingly, as ``maturin
build`` does. Build arguments passed explicitly (``--config-settings
build-args=...`` or ``MATURIN_PEP517_ARGS``) are left as they are.
Everything else is maturin's backend unchanged.
"""

from __future__ import annotations

import os
import platform
from typing import Any, Mapping, Optional

import maturin
from maturin import *  # noqa: F401,F403 (the rest of the backend's hooks)

# Linux architectures PyPI accepts manylinux/musllinux wheels for.
_PYPI_LINUX_MACHINES = {"x86_64", "aarch64", "i686", "ppc64le", "s390x", "armv7l"}


def _settings(config_settings: Optional[Mapping[str, Any]]) -> Optional[Mapping[str, Any]]:
    explicit = config_settings and (
        "maturin.build-args" in config_settings or "build-args" in config_settings
    )
    if explicit or os.environ.get("MATURIN_PEP517_ARGS"):
        return config_settings
    if platform.system() != "Linux" or platform.machine() not in _PYPI_LINUX_MACHINES:
        return config_settings
    return {**(config_settings or {}), "build-args": "--compatibility pypi"}


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Mapping[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    """maturin's ``build_wheel``, a Linux wheel tagged for a package index."""
    return maturin.build_wheel(wheel_directory, _settings(config_settings), metadata_directory)
