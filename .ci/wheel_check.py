"""What a released wheel of magicboard must carry: LICENSE (the
repository's text) and the metadata a package index shows (the version,
PEP 639's licence expression, the project URLs, a README whose links work
on the index page). Used by
.ci/python-check.sh: ``python .ci/wheel_check.py WHEEL VERSION``."""

import re
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
    # The README is the index page: python/README.md (not the library's,
    # which an sdist also holds), and a relative link there leads nowhere.
    body = "\n".join(meta[meta.index("") + 1 :]) if "" in meta else ""
    assert body.startswith("# magicboard for Python"), "the long description is not python/README.md"
    relative = [link for link in re.findall(r"\]\(([^)]+)\)", body) if not link.startswith(("http://", "https://", "#"))]
    assert not relative, f"relative links in the package's README (its index page): {relative}"
    print(f"{info}: LICENSE, License-Expression: MIT, version {version}, project URLs")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
