#!/usr/bin/env python3
"""Two builds of the assimp-retro tool side by side (issue 42): for every
animated model of ../shared/corpus (and the CrossFire body, which loads its
motion library from beside it), the conversion to GLB and to binary FBX by
the tool as a user runs it, process start to file written. Before and after
alternate, `--repeat` times each, in one run of this script; the table gives
for each the output's size, the best wall time, CPU time (user + system) and
peak resident memory, and the ratios before / after.

  bench/bench_outputs.py --before TOOL [--before-lib DIR] [--after TOOL] [--repeat N]
                         [--formats glb fbx] [--only NAME] [--out DIR]

TOOL: a built assimp-retro (default after: build/tools/assimp-retro); --before-lib
DIR puts DIR first on LD_LIBRARY_PATH for the before tool (a copy of an older
build's libassimp_retro.so.0: the tool's RUNPATH points into its build
folder). --only NAME: the files whose name contains NAME. A file counts as
animated when `assimp-retro info` reports animations.
"""
import argparse
import os
import pathlib
import re
import resource
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = pathlib.Path(os.environ.get("ASSIMP_RETRO_CORPUS_DIR") or ROOT.parent / "shared" / "corpus")
MODEL_SUFFIXES = {".abc", ".ltb", ".p3d", ".oni", ".dat"}


def run(command, env):
    """(wall s, CPU s, peak RSS bytes) of one run; exits on failure."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    error = process.stderr.read()
    process.stderr.close()
    if status != 0:
        sys.exit("failed (%d): %s\n%s" % (status, " ".join(command), error))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def animated(tool, env, path):
    result = subprocess.run([tool, "info", str(path)], env=env, capture_output=True, text=True)
    found = re.search(r"^Animations:\s+(\d+)", result.stdout, re.M)
    return bool(found) and int(found.group(1)) > 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--before-lib")
    parser.add_argument("--after", default=str(ROOT / "build" / "tools" / "assimp-retro"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--formats", nargs="+", default=["glb", "fbx"])
    parser.add_argument("--only", default="")
    parser.add_argument("--out", default="/tmp/bench_outputs")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    environment = dict(os.environ)
    before_env = dict(os.environ)
    if args.before_lib:
        before_env["LD_LIBRARY_PATH"] = args.before_lib + os.pathsep + before_env.get("LD_LIBRARY_PATH", "")
    tools = {"before": (args.before, before_env), "after": (args.after, environment)}
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in MODEL_SUFFIXES and args.only in p.name)
    files = [p for p in files if animated(args.after, environment, p)]
    print("load average at the start: %.1f %.1f %.1f" % os.getloadavg())
    print("| file | to | size before / after (bytes) | ratio | wall s before / after | ratio | CPU s before / after "
          "| ratio | peak MB before / after | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path in files:
        for fmt in args.formats:
            best = {}
            for _ in range(args.repeat):
                for which, (tool, env) in tools.items():
                    target = out / ("%s.%s.%s" % (path.stem, which, fmt))
                    wall, cpu, peak = run([tool, "export", str(path), str(target)], env)
                    old = best.get(which, (1e9, 1e9, 1e18, 0))
                    best[which] = (min(old[0], wall), min(old[1], cpu), min(old[2], peak), target.stat().st_size)
            b, a = best["before"], best["after"]
            print("| %s | %s | %d / %d | %.2f | %.2f / %.2f | %.1f | %.2f / %.2f | %.1f | %.0f / %.0f | %.1f |" % (
                path.relative_to(CORPUS), fmt, b[3], a[3], b[3] / a[3], b[0], a[0], b[0] / a[0], b[1], a[1],
                b[1] / max(a[1], 1e-3), b[2] / 1e6, a[2] / 1e6, b[2] / a[2]), flush=True)
    print("load average at the end: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
