#!/usr/bin/env python3
"""End-to-end single-file conversion with the assimp-retro tool: process
start to file written (textures embedded, as the tool does by default), to
GLB against the same file's conversion to assbin, for every model of
../shared/corpus. Both run alternately in one run of this script, each
`--repeat` times; the table gives the median wall time of each and their
ratio, and the ratio of CPU time (user + system, less disturbed by other
processes on a shared machine).

  bench/bench_convert.py [--tool PATH] [--lib DIR] [--repeat N] [--best] [--batch] [--out DIR]

--lib DIR: LD_LIBRARY_PATH=DIR (e.g. the port's build/bin, for the patched
libassimp). --best: the best (shortest) of the --repeat runs instead of the
median, each time and each ratio (on a busy machine the other processes only
ever add time). --batch: also time `export --recursive` of corpus/kpc-tree to GLB
with -j 1 and -j 2 (median of --repeat runs).
"""
import argparse
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
MODEL_SUFFIXES = {".abc", ".p3d", ".oni", ".dat"}


def timed(command, env):
    """(wall seconds, CPU seconds) of one run of `command`; exits on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"bench_convert: {' '.join(command)}: exit {result.returncode}: {result.stderr.strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default=str(ROOT / "build" / "tools" / "assimp-retro"))
    parser.add_argument("--lib", default="")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--best", action="store_true")
    parser.add_argument("--batch", action="store_true")
    parser.add_argument("--out", default="/tmp/bench_convert")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.lib:
        env["LD_LIBRARY_PATH"] = args.lib
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    models = sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in MODEL_SUFFIXES)
    if not models:
        sys.exit(f"bench_convert: no models under {CORPUS}")
    pick = min if args.best else statistics.median
    print(f"tool {args.tool}" + (f", LD_LIBRARY_PATH={args.lib}" if args.lib else "") +
          f", {'best' if args.best else 'median'} of {args.repeat}")
    print("| model | GLB ms | assbin ms | ratio (wall) | ratio (CPU) |")
    print("|---|---:|---:|---:|---:|")
    worst = 0.0
    worst_cpu = 0.0
    for n, model in enumerate(models):
        glb, assbin = [], []
        for _ in range(args.repeat):
            glb.append(timed([args.tool, "export", str(model), str(out / f"{n:02d}.glb")], env))
            assbin.append(timed([args.tool, "export", str(model), str(out / f"{n:02d}.assbin")], env))
        wall = pick(w for w, _ in glb), pick(w for w, _ in assbin)
        cpu = pick(c for _, c in glb), pick(c for _, c in assbin)
        ratio = wall[0] / wall[1]
        worst = max(worst, ratio)
        cpu_ratio = f"{cpu[0] / cpu[1]:.1f}" if cpu[1] > 0 else "-"
        worst_cpu = max(worst_cpu, cpu[0] / cpu[1] if cpu[1] > 0 else 0.0)
        print(f"| {model.relative_to(CORPUS)} | {1000 * wall[0]:.0f} | {1000 * wall[1]:.0f} | {ratio:.1f} | {cpu_ratio} |")
    print(f"largest ratio (wall): {worst:.1f}, (CPU): {worst_cpu:.1f}")
    if args.batch:
        tree = CORPUS / "kpc-tree"
        print("| kpc-tree batch to GLB | wall s | CPU s |")
        print("|---|---:|---:|")
        for jobs in (1, 2):
            runs = []
            for _ in range(args.repeat):
                target = out / f"batch-j{jobs}"
                shutil.rmtree(target, ignore_errors=True)
                runs.append(timed([args.tool, "export", "--recursive", str(tree), str(target), "-f", "glb", "-j", str(jobs)], env))
            print(f"| -j {jobs} | {pick(w for w, _ in runs):.3f} | {pick(c for _, c in runs):.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
