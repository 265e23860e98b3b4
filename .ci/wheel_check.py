"""What a released wheel of magicboard must carry: LICENSE (the
repository's text) and the metadata a package index shows (the version,
PEP 639's licence expression, the project URLs). Used by
.ci/python-check.sh: ``python .ci/wheel_check.py WHEEL VERSION``."""

import sys
import zipfile


def main(wheel: str, version: str) -> None:
    info = f"magicboard-{version}.dist-info"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        assert f"{info}/licenses/LICENSE" in names, f"no LICENSE in {wheel}: {names}"
        licence = z.read(f"{info}/licenses/LICENSE").decode()
        meta = z.read(f"{info}/METADATA").decode().splitlines()
    with open("LICENSE") as f:
        assert licence == f.read(), "the wheel's LICENSE is not the repository's"
    for line in [
        f"Version: {version}",
        "License-Expression: MIT",
        "License-File: LICENSE",
        "Project-URL: Repository, https://github.com/magicboard-rs/magicboard",
    ]:
        assert line in meta, f"METADATA lacks {line!r}"
    assert not any(m.startswith("Classifier: License ::") for m in meta), (
        "a licence classifier beside License-Expression (PEP 639 forbids both)"
    )
    print(f"{info}: LICENSE, License-Expression: MIT, version {version}, project URLs")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
