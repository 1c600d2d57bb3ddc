#!/usr/bin/env bash
# A libFuzzer campaign over the fuzz targets, seeded with the writers' files
# (test/fuzz/corpus/<target>) and the real files in ../shared/corpus.
# Needs the libFuzzer build:
#   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
#     -DASSIMP_RETRO_BUILD_FUZZERS=ON -DASSIMP_RETRO_SANITIZE=address,undefined -DASSIMP_RETRO_BUILD_TOOLS=OFF
#   cmake --build build-fuzz --target fuzz_abc fuzz_abc_lt2 fuzz_oban fuzz_p3d fuzz_lzss fuzz_paa fuzz_dtx fuzz_ltb fuzz_lzma
# Usage: [JOBS=N] [WORK=DIR] tools/fuzz_campaign.sh CPU_SECONDS TARGET...
# Each target runs at nice 19 until it has had CPU_SECONDS of CPU time (user +
# system, summed over 5-minute rounds that resume from the same corpus folder,
# so a machine busy with other work lengthens the wall time, not the fuzzing
# budget). Up to JOBS targets (default 1) run at once. A round that ends with
# a finding stops that target. Findings land in $WORK/artifacts; copy each
# into test/fuzz/corpus/<target>/ once fixed. A second call with the same
# WORK continues the counts ($WORK/<target>.cpu-total).
set -euo pipefail
cd "$(dirname "$0")/.."
budget=$1
shift
work=${WORK:-/tmp/assimp-retro-fuzz}
jobs=${JOBS:-1}
round=${ROUND_SECONDS:-300}
corpus=../shared/corpus
mkdir -p "$work/artifacts"

seed() {
  local target=$1 dir=$2
  mkdir -p "$dir"
  cp -n test/fuzz/corpus/"$target"/* "$dir"/ 2>/dev/null || true
  case $target in
    fuzz_abc|fuzz_abc_lt2) find "$corpus" -iname '*.abc' -exec cp -n {} "$dir"/ \; ;;
    fuzz_p3d) find "$corpus" -iname '*.p3d' -exec cp -n {} "$dir"/ \; ;;
    fuzz_oban) find "$corpus/oban" \( -iname '*.oni' -o -iname '*.dat' \) -exec cp -n {} "$dir"/ \; ;;
    fuzz_paa) find "$corpus" \( -iname '*.paa' -o -iname '*.pac' \) -exec cp -n {} "$dir"/ \; ;;
    fuzz_dtx) find "$corpus" -iname '*.dtx' -exec cp -n {} "$dir"/ \; ;;
    # The LZMA wrapper's real inputs are the packed LTB files (first byte 0x5d).
    fuzz_ltb) find "$corpus" -iname '*.ltb' -exec cp -n {} "$dir"/ \; ;;
    fuzz_lzma) find "$corpus" -iname '*.ltb' -exec sh -c \
      'for f; do [ "$(head -c 1 "$f" | od -An -tx1 | tr -d " ")" = 5d ] && cp -n "$f" "$0"/; done' "$dir" {} + ;;
  esac
}

campaign() {
  local target=$1 dir="$work/$1" total_file="$work/$1.cpu-total" runs=0 status=0
  seed "$target" "$dir"
  [ -f "$total_file" ] || echo 0 >"$total_file"
  local start
  start=$(date +%s)
  while awk -v t="$(cat "$total_file")" -v b="$budget" 'BEGIN { exit !(t < b) }'; do
    status=0
    /usr/bin/time -f "%U %S" -o "$work/$target.cpu" \
      nice -n 19 build-fuzz/test/fuzz/"$target" -max_total_time="$round" -rss_limit_mb=2048 -timeout=20 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" "$dir" >>"$work/$target.log" 2>&1 || status=$?
    awk '{ print $1 + $2 }' "$work/$target.cpu" | tail -n 1 | \
      awk -v t="$(cat "$total_file")" '{ printf "%.1f\n", t + $1 }' >"$total_file.new"
    mv "$total_file.new" "$total_file"
    runs=$(( runs + $(grep -E '^stat::number_of_executed_units' "$work/$target.log" | tail -n 1 | awk '{print $2}') ))
    # libFuzzer exits non-zero on a crash, leak, timeout or out-of-memory.
    [ "$status" -eq 0 ] || break
  done
  echo "$target: $(cat "$total_file") CPU s in all, $(( $(date +%s) - start )) s wall this call," \
       "$(ls "$dir" | wc -l) inputs in its corpus, $runs executions this call, exit $status" \
       "$( [ "$status" -eq 0 ] || echo "(FINDING: see $work/$target.log)")"
}

pids=()
for target in "$@"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 5; done
  campaign "$target" &
  pids+=($!)
done
wait
