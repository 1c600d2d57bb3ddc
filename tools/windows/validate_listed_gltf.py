#!/usr/bin/env python3
"""The glTF files the tests wrote under wine, through the Khronos validator on Linux.

Under Windows, test/support's ExpectValidGltf lists each file in
<test output>/gltf-to-validate.txt instead of running the validator (a Node.js
program of the Linux side); this runs it on every listed file and fails on
any error or warning, as the Linux tests do. Usage: validate_listed_gltf.py <list> <repo root>
"""
import json
import subprocess
import sys
from pathlib import Path


def main() -> int:
    listing, root = Path(sys.argv[1]), Path(sys.argv[2])
    script = root / "tools" / "gltf-validator" / "validate.mjs"
    paths = sorted({line.strip().replace("\\", "/") for line in listing.read_text().splitlines() if line.strip()})
    failed = 0
    for path in paths:
        if len(path) > 2 and path[1] == ":":  # Z:/work/... -> /work/... (wine's drive of the Unix root)
            path = path[2:]
        result = subprocess.run(["node", str(script), path], capture_output=True, text=True)
        try:
            issues = json.loads(result.stdout)["issues"]
            errors, warnings = issues["numErrors"], issues["numWarnings"]
        except (ValueError, KeyError):
            errors = warnings = None
        if errors != 0 or warnings != 0:
            failed += 1
            what = "validator failed" if errors is None else f"{errors} error(s), {warnings} warning(s)"
            print(f"{path}: {what}\n{result.stdout[-2000:]}", file=sys.stderr)
    print(f"glTF validator on the files the tests wrote under wine: {len(paths)} file(s), "
          f"{failed} with errors or warnings")
    return 1 if failed or not paths else 0


if __name__ == "__main__":
    sys.exit(main())
