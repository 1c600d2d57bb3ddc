#!/usr/bin/env bash
# A libFuzzer campaign over the fuzz targets, seeded with the writers' files
# (test/fuzz/corpus/<target>) and the real files in ../shared/corpus.
# Needs the libFuzzer build:
#   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
#     -DASSIMP_RETRO_BUILD_FUZZERS=ON -DASSIMP_RETRO_SANITIZE=address,undefined
#   cmake --build build-fuzz --target fuzz_abc fuzz_abc_v9 fuzz_oban fuzz_p3d fuzz_lzss
# Usage: tools/fuzz_campaign.sh SECONDS TARGET...   (runs the targets one after
# another at nice 19; prints the CPU seconds each one actually got). Findings
# land in $WORK/artifacts; copy each into test/fuzz/corpus/<target>/ once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=$1
shift
work=${WORK:-/tmp/assimp-retro-fuzz}
corpus=../shared/corpus
mkdir -p "$work/artifacts"
for target in "$@"; do
  dir="$work/$target"
  mkdir -p "$dir"
  cp -n test/fuzz/corpus/"$target"/* "$dir"/ 2>/dev/null || true
  case $target in
    fuzz_abc|fuzz_abc_v9) find "$corpus" -iname '*.abc' -exec cp -n {} "$dir"/ \; ;;
    fuzz_p3d) find "$corpus" -iname '*.p3d' -exec cp -n {} "$dir"/ \; ;;
    fuzz_oban) find "$corpus/oban" \( -iname '*.oni' -o -iname '*.dat' \) -exec cp -n {} "$dir"/ \; ;;
  esac
  start=$(date +%s)
  /usr/bin/time -f "$target: %U s user + %S s system CPU" -o "$work/$target.cpu" \
    nice -n 19 build-fuzz/test/fuzz/"$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
      -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" "$dir" >"$work/$target.log" 2>&1 || true
  echo "$(cat "$work/$target.cpu"), $(( $(date +%s) - start )) s wall, $(grep -c . <(ls "$dir")) inputs in its corpus," \
       "$(grep -E '^stat::number_of_executed_units' "$work/$target.log" | awk '{print $2}') executions"
done
