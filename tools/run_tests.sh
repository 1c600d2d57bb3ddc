#!/usr/bin/env bash
# The whole test suite: installs what is missing, then builds and runs every
# test (unit, corpus, tool, package consumer, fuzz replays) twice: in a normal
# build, and in a build with AddressSanitizer and UndefinedBehaviorSanitizer;
# then builds Assimp itself with the importers compiled in (port/) and checks
# the stock tool's output. The real sample files are read from ../shared/corpus;
# tests fail loudly if that folder is missing.
# ASSIMP_RETRO_SKIP_ASAN=1 / ASSIMP_RETRO_SKIP_PORT=1 skip those stages.
set -euo pipefail
cd "$(dirname "$0")/.."
# Seed-update switches make the committed-file tests rewrite the files they
# compare with: never let them in from the caller's environment.
unset ASSIMP_RETRO_UPDATE_FUZZ_SEEDS ABC_V9_WRITE_SEEDS
# A sanitizer report exits with its own code, which no tool test expects (the
# tool's documented codes are 0-6), so an abort never passes as an error.
export ASAN_OPTIONS="detect_leaks=1:exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
tools/install_deps.sh
jobs=$(nproc)
passed=0
failed=0
skipped=0

# Runs ctest in build folder $1 (extra environment after it) and adds its counts.
run_ctest() {
  local dir=$1
  shift
  local log
  log=$(mktemp)
  set +e
  (cd "$dir" && env "$@" ctest --output-on-failure --no-tests=error -j "$jobs") 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  set -e
  local summary total bad skips
  summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
  total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
  bad=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$summary")
  # ctest lists skipped tests under "did not run" with "(Skipped)"; they are
  # neither passed nor failed.
  skips=$(grep -cE '^[[:space:]]*[0-9]+ - .*\(Skipped\)' "$log" || true)
  rm -f "$log"
  if [ -z "$summary" ]; then
    echo "ctest in $dir printed no summary" >&2
    failed=$((failed + 1))
  else
    passed=$((passed + total - bad - skips))
    failed=$((failed + bad))
    skipped=$((skipped + skips))
  fi
  return "$status"
}

status=0
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$jobs"
run_ctest build || status=1

if [ "${ASSIMP_RETRO_SKIP_ASAN:-0}" != 1 ]; then
  # Sanitizers: hostile-input paths (fuzz replays, error tests) under ASan/UBSan.
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DASSIMP_RETRO_SANITIZE=address,undefined
  cmake --build build-asan -j "$jobs"
  run_ctest build-asan || status=1
fi

if [ "${ASSIMP_RETRO_SKIP_PORT:-0}" != 1 ]; then
  # The in-tree port: Debian's Assimp source with the importers compiled in;
  # the stock assimp tool must convert every bundled sample to valid glTF.
  if port/port.sh; then
    for gltf in port/work/out/*.gltf; do
      if node tools/gltf-validator/validate.mjs "$gltf" >/dev/null; then
        passed=$((passed + 1))
      else
        echo "invalid glTF from the port: $gltf" >&2
        failed=$((failed + 1))
        status=1
      fi
    done
  else
    echo "port/port.sh failed" >&2
    failed=$((failed + 1))
    status=1
  fi
fi

echo
echo "all: $passed passed, $failed failed, $skipped skipped"
exit "$status"
