#!/usr/bin/env python3
"""Checks tools/debian_fetch.sh's fetch_deb_source, which every stage that
takes a Debian source package uses (tools/build_windows.sh, port/port.sh,
port/debian_package.sh), with a stand-in `apt-get` and `dpkg-query` first on
PATH: no network, no apt state, a fraction of a second per case.
The stand-in apt-get "unpacks" a tree whose debian/changelog names the
version asked for, or fails as the archive does for a version it lists but
does not serve (a 404); it logs every call.
  check_debian_fetch.py  (exit 0: every case as expected)
"""
import os
import pathlib
import platform
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUITE = platform.freedesktop_os_release().get("VERSION_CODENAME", "")
SUITE_VERSION = "1:1.2.13.dfsg-1"
NEWEST = "1:1.2.13.dfsg-1+deb12u1"

APT_GET = r"""#!/bin/sh
echo "apt-get $*" >>"$STUB_LOG"
[ "$1" = source ] || exit 0
shift
if [ "$1" = --print-uris ]; then
  # deb-src lists present; the release suite's .dsc (as apt prints it: no
  # epoch, + URL-encoded).
  case "$3" in
    */*) echo "'http://archive.invalid/pool/main/${3%%/*}/${3%%/*}_$(echo "${STUB_SUITE_VERSION#*:}" | sed 's/+/%2b/g').dsc' x.dsc 1 SHA256:0" ;;
  esac
  exit 0
fi
spec=$2
for failing in $STUB_FAIL; do
  if [ "$spec" = "$failing" ]; then
    echo "E: Failed to fetch http://archive.invalid/$spec.dsc  404  Not Found [IP: 192.0.2.1 80]" >&2
    exit 100
  fi
done
case "$spec" in
  *=*) package=${spec%%=*} version=${spec#*=} ;;
  */*) package=${spec%%/*} version=$STUB_SUITE_VERSION ;;
esac
upstream=${version#*:}
mkdir -p "$package-${upstream%-*}/debian"
echo "$package ($version) stub; urgency=medium" >"$package-${upstream%-*}/debian/changelog"
echo stub >"${package}_${upstream}.dsc"
"""

DPKG_QUERY = r"""#!/bin/sh
case "$2" in
  *Status*) printf 'install ok installed' ;;
  *) printf '%s' "$STUB_INSTALLED" ;;
esac
"""

# The way the stages call it: plain commands under set -e, then the next step.
DRIVER = """set -euo pipefail
. tools/debian_fetch.sh
src=""
fetch_deb_source "$1" "$2" src
echo "next step with $src"
"""


def run(folder, package, installed, failing=(), cache_version=None, suite_version=SUITE_VERSION):
    """fetch_deb_source PACKAGE into folder/src; (status, stdout, stderr, apt-get calls, trees)."""
    stubs = folder / "bin"
    stubs.mkdir(exist_ok=True)
    for name, text in (("apt-get", APT_GET), ("dpkg-query", DPKG_QUERY)):
        (stubs / name).write_text(text)
        (stubs / name).chmod(0o755)
    src = folder / "src"
    if cache_version:
        tree = src / f"{package}-{cache_version.split(':')[-1].rsplit('-', 1)[0]}"
        (tree / "debian").mkdir(parents=True)
        (tree / "debian" / "changelog").write_text(f"{package} ({cache_version}) x; urgency=low\n")
    log = folder / "apt-get.log"
    log.write_text("")
    env = dict(os.environ, PATH=f"{stubs}:{os.environ['PATH']}", STUB_LOG=str(log), STUB_INSTALLED=installed,
               STUB_FAIL=" ".join(failing), STUB_SUITE_VERSION=suite_version)
    result = subprocess.run(["bash", "-c", DRIVER, "driver", package, str(src)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=30)
    calls = [line for line in log.read_text().splitlines() if " source -qq " in line or line.endswith(" source -qq")]
    trees = sorted(p.name for p in src.iterdir()) if src.is_dir() else []
    return result.returncode, result.stdout, result.stderr, calls, trees


def changelog_version(folder, tree):
    first = (folder / "src" / tree / "debian" / "changelog").read_text().splitlines()[0]
    return first.split("(", 1)[1].split(")", 1)[0]


def main():
    failures = []

    def expect(name, condition, detail):
        if not condition:
            failures.append(f"{name}: {detail}")

    # 1. The installed version (the newest listed) is not served: the release
    # suite's is fetched, and both the failure and the fallback are said.
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        status, out, err, calls, trees = run(folder, "zlib", NEWEST, failing=[f"zlib={NEWEST}"])
        case = "fallback"
        expect(case, status == 0, f"exit {status}, stderr {err!r}")
        expect(case, calls == [f"apt-get source -qq zlib={NEWEST}", f"apt-get source -qq zlib/{SUITE}"],
               f"apt-get calls {calls}")
        expect(case, f"falling back to zlib/{SUITE} (release suite {SUITE})" in err, f"stderr {err!r}")
        expect(case, "404  Not Found" in err, f"apt-get's error not passed on: {err!r}")
        expect(case, f"Debian source zlib {SUITE_VERSION} (release suite {SUITE})" in out, f"stdout {out!r}")
        expect(case, "next step with " + str(folder / "src" / "zlib-1.2.13.dfsg") in out, f"stdout {out!r}")
        expect(case, trees == ["zlib-1.2.13.dfsg", "zlib_1.2.13.dfsg-1.dsc"], f"left in src/: {trees}")
        if "zlib-1.2.13.dfsg" in trees:
            expect(case, changelog_version(folder, "zlib-1.2.13.dfsg") == SUITE_VERSION, "the tree's version")

    # 2. Neither version is served: the stage stops at once (no next step),
    # naming what it tried and the fix; nothing half-fetched is left.
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        status, out, err, calls, trees = run(folder, "xz-utils", "5.4.1-1+deb12u2",
                                             failing=["xz-utils=5.4.1-1+deb12u2", f"xz-utils/{SUITE}"])
        case = "both fail"
        expect(case, status != 0, "exit 0")
        expect(case, "next step" not in out, f"the stage went on: {out!r}")
        expect(case, "error: could not fetch Debian's source package xz-utils (tried: apt-get source "
               f"xz-utils=5.4.1-1+deb12u2, apt-get source xz-utils/{SUITE})" in err, f"stderr {err!r}")
        expect(case, "fix: check that the deb-src entries" in err, f"no fix named: {err!r}")
        expect(case, trees == [], f"left in src/: {trees}")

    # 3. Assimp must match the installed libassimp-dev: no fallback.
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        status, out, err, calls, trees = run(folder, "assimp", "5.2.5~ds0-1", failing=["assimp=5.2.5~ds0-1"])
        case = "assimp"
        expect(case, status != 0 and "next step" not in out, f"exit {status}, stdout {out!r}")
        expect(case, calls == ["apt-get source -qq assimp=5.2.5~ds0-1"], f"apt-get calls {calls}")

    # 4. A cached tree of the release suite's version is used as it is; one of
    # a version the rule does not pick is replaced.
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        status, out, err, calls, trees = run(folder, "xz-utils", "5.4.1-1", cache_version="5.4.1-1+deb12u1",
                                             suite_version="5.4.1-1+deb12u1")
        case = "cache kept"
        expect(case, status == 0 and calls == [], f"exit {status}, apt-get calls {calls}")
        expect(case, f"Debian source xz-utils 5.4.1-1+deb12u1 (release suite {SUITE}" in out, f"stdout {out!r}")
        expect(case, trees == ["xz-utils-5.4.1"], f"left in src/: {trees}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        status, out, err, calls, trees = run(folder, "zlib", SUITE_VERSION, cache_version="1:1.2.11.dfsg-4")
        case = "cache replaced"
        expect(case, status == 0 and calls == [f"apt-get source -qq zlib={SUITE_VERSION}"],
               f"exit {status}, apt-get calls {calls}")
        expect(case, "zlib-1.2.13.dfsg" in trees and changelog_version(folder, "zlib-1.2.13.dfsg") == SUITE_VERSION,
               f"left in src/: {trees}")

    # 5. No script fetches a Debian source but through the helper.
    for script in sorted(ROOT.glob("tools/*.sh")) + sorted(ROOT.glob("port/*.sh")):
        if script.name == "debian_fetch.sh":
            continue
        for number, line in enumerate(script.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            expect("one rule", "apt-get source" not in code and "apt-get -qq source" not in code,
                   f"{script.relative_to(ROOT)}:{number} runs apt-get source itself")

    for failure in failures:
        print("FAIL", failure)
    print(f"check_debian_fetch: {'ok' if not failures else f'{len(failures)} failure(s)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
