#!/usr/bin/env bash
# The whole test suite: installs what is missing, then builds and runs every
# test (unit, corpus, tool, package consumer, fuzz replays) twice: in a normal
# build, and in a build with AddressSanitizer and UndefinedBehaviorSanitizer;
# then builds Assimp itself with the importers compiled in (port/) and checks
# the stock tool's output. The real sample files are read from ../shared/corpus
# (or the folder ASSIMP_RETRO_CORPUS_DIR names), the upstream snapshot from
# ../shared/upstream (or ASSIMP_RETRO_UPSTREAM_DIR); the full run sets
# ASSIMP_RETRO_REQUIRE_CORPUS=1 and ASSIMP_RETRO_REQUIRE_JUDGES=1, so a missing
# corpus, snapshot or judge (Blender, the glTF validator) is a failure.
# --quick: the contributor's loop: installs the build and test packages only,
# builds the normal configuration and runs its ctest; no Blender, sanitizer,
# port or Windows stage. There, tests whose corpus or judge is missing are
# skipped with the reason (unless the caller sets the REQUIRE variables).
# Either run ends with the counts and one line naming what was skipped and why.
# ASSIMP_RETRO_SKIP_ASAN=1 / ASSIMP_RETRO_SKIP_PORT=1 / ASSIMP_RETRO_SKIP_BLENDER=1
# (tools/check_outputs.sh: the outputs of real models in Blender; tools/check_blender_addon.sh:
# the Blender add-on) / ASSIMP_RETRO_SKIP_WINDOWS=1 (the Windows cross-build tested under
# wine, docs/windows.md) skip those stages;
# ASSIMP_RETRO_PORT_PACKAGE=1 adds the full Debian package build of port/ and
# the whole suite run on its libassimp.so.5 (tools/test_with_assimp.sh --package).
set -euo pipefail
cd "$(dirname "$0")/.."
# Seed-update switches make the committed-file tests rewrite the files they
# compare with: never let them in from the caller's environment.
unset ASSIMP_RETRO_UPDATE_FUZZ_SEEDS ABC_LT2_WRITE_SEEDS
# A sanitizer report exits with its own code, which no tool test expects (the
# tool's documented codes are 0-6), so an abort never passes as an error.
export ASAN_OPTIONS="detect_leaks=1:exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
quick=0
case "${1:-}" in
  "") ;;
  --quick) quick=1 ;;
  *)
    echo "usage: tools/run_tests.sh [--quick]" >&2
    exit 2
    ;;
esac
if [ "$quick" = 1 ]; then
  tools/install_deps.sh --tests
  export ASSIMP_RETRO_SKIP_ASAN=1 ASSIMP_RETRO_SKIP_PORT=1 ASSIMP_RETRO_SKIP_BLENDER=1 ASSIMP_RETRO_SKIP_WINDOWS=1
else
  tools/install_deps.sh --judges
  export ASSIMP_RETRO_REQUIRE_CORPUS=1 ASSIMP_RETRO_REQUIRE_JUDGES=1
fi
# The scripts of the stages read the same folder from the environment.
export ASSIMP_RETRO_CORPUS_DIR=${ASSIMP_RETRO_CORPUS_DIR:-$(cd .. && pwd)/shared/corpus}
corpus_dir=$ASSIMP_RETRO_CORPUS_DIR
upstream_dir=${ASSIMP_RETRO_UPSTREAM_DIR:-$(cd .. && pwd)/shared/upstream}
jobs=$(nproc)
passed=0
failed=0
skipped=0
# One line per skipped test or stage: its reason (tools/ctest_report.py).
skip_reasons=$(mktemp)
# Each failed test with the lines that say why, printed again at the end.
failure_reports=$(mktemp)
trap 'rm -f "$skip_reasons" "$failure_reports"' EXIT

# Wall time per part of the run, listed at the end: the whole command has a
# budget of 45 minutes cold (docs/testing.md), and this shows where it goes.
part_times=""
part_name="packages (install_deps.sh)"
part_start=0
part() { # name of the part that starts now ("" at the end)
  [ -z "$part_name" ] || part_times+="$(printf '%6d s  %s' $((SECONDS - part_start)) "$part_name")"$'\n'
  part_name=$1
  part_start=$SECONDS
}

# Runs ctest in build folder $1 (extra environment after it) and adds its counts.
run_ctest() {
  local dir=$1
  shift
  local log
  log=$(mktemp)
  set +e
  local junit="$PWD/$dir/ctest-junit.xml"
  rm -f "$junit"
  (cd "$dir" && env "$@" ctest --output-on-failure --no-tests=error -j "$jobs" --output-junit "$junit") 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  [ ! -f "$junit" ] || python3 tools/ctest_report.py reasons "$junit" >>"$skip_reasons"
  if [ -f "$junit" ] && [ "$status" != 0 ]; then
    echo "in $dir:" >>"$failure_reports"
    python3 tools/ctest_report.py failures "$junit" >>"$failure_reports"
  fi
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

# Runs one checking command (a stage) and counts it as one passed or failed test.
stage() { # name, command...
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "$name failed" >&2
    failed=$((failed + 1))
    status=1
  fi
}

# Skips a stage that needs a missing input (the corpus, the upstream snapshot), with the
# reason, or fails it where the full run requires that input. name, reason, REQUIRE variable.
unavailable() {
  local name=$1 reason=$2 required=${!3:-0}
  if [ "$required" = 1 ]; then
    echo "$name failed: $reason ($3=1 makes this a failure)" >&2
    failed=$((failed + 1))
    status=1
  else
    echo "$name skipped: $reason"
    echo "$reason" >>"$skip_reasons"
    skipped=$((skipped + 1))
  fi
}
corpus_reason="the shared corpus is missing (real game files, never published; set its folder with cmake -DASSIMP_RETRO_CORPUS_DIR=)"
corpus_present() { [ -d "$corpus_dir" ] && [ -n "$(ls -A "$corpus_dir")" ]; }

status=0
part "normal build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASSIMP_RETRO_BUILD_TESTS=ON \
  -DASSIMP_RETRO_CORPUS_DIR="$corpus_dir"
cmake --build build -j "$jobs"
run_ctest build || status=1

# Real clients as judges (issue 10): GLB, FBX, DAE and OBJ of real models in Blender.
part "Blender checks"
if [ "${ASSIMP_RETRO_SKIP_BLENDER:-0}" != 1 ]; then
  if corpus_present; then
    stage tools/check_outputs.sh tools/check_outputs.sh build
    # The Blender add-on (issue 22): its zip installed in Blender, every real model through its operators.
    stage tools/check_blender_addon.sh tools/check_blender_addon.sh build
  else
    unavailable tools/check_outputs.sh "$corpus_reason" ASSIMP_RETRO_REQUIRE_CORPUS
    unavailable tools/check_blender_addon.sh "$corpus_reason" ASSIMP_RETRO_REQUIRE_CORPUS
  fi
fi

part "ASan/UBSan build and tests"
if [ "${ASSIMP_RETRO_SKIP_ASAN:-0}" != 1 ]; then
  # Sanitizers: hostile-input paths (fuzz replays, error tests) under ASan/UBSan.
  # cmake/SanitizerBuild.cmake: the flags (-O1, line tables) and the sanitizers.
  cmake -C cmake/SanitizerBuild.cmake -S . -B build-asan -G Ninja -DASSIMP_RETRO_CORPUS_DIR="$corpus_dir"
  cmake --build build-asan -j "$jobs"
  run_ctest build-asan || status=1
fi

part "port stage"
if [ "${ASSIMP_RETRO_SKIP_PORT:-0}" != 1 ]; then
  # The in-tree port (port/): the exporter patches must apply to Debian's
  # 5.2.5 and to the upstream snapshot; Debian's Assimp source is built with
  # the importers and the patches, plus our tests in Assimp's style (retro_unit:
  # port/tests/CMakeLists.txt, Assimp's test main with the port's ut*.cpp files);
  # the stock tool must convert every bundled sample to valid glTF and every
  # real model to glTF that carries what assimp-retro's does.
  port_check() { # name, command...
    local name=$1
    shift
    stage "port: $name" "$@"
  }
  upstream=$(ls "$upstream_dir"/assimp-*.tar.xz 2>/dev/null | head -n 1)
  if [ -n "$upstream" ]; then
    mkdir -p port/work
    rm -rf port/work/upstream-check && mkdir port/work/upstream-check
    tar -xf "$upstream" -C port/work/upstream-check
    port_check "patches on $(basename "$upstream")" port/apply_patches.sh --check port/work/upstream-check/assimp-*
    rm -rf port/work/upstream-check
  else
    unavailable "port: patches on the upstream snapshot" \
      "the upstream Assimp snapshot is missing (set its folder with ASSIMP_RETRO_UPSTREAM_DIR=)" \
      ASSIMP_RETRO_REQUIRE_CORPUS
  fi
  if port/port.sh --tests; then
    passed=$((passed + 1))
    for gltf in port/work/out/*.gltf; do
      port_check "validator on $gltf" node tools/gltf-validator/validate.mjs "$gltf" >/dev/null
    done
    if corpus_present; then
      port_check "corpus through the stock tool" python3 port/check_corpus.py port/work/build/bin/assimp \
        build/tools/assimp-retro port/work/corpus-out \
        --camera-exporter port/work/build/bin/export_oban_camera
    else
      unavailable "port: corpus through the stock tool" "$corpus_reason" ASSIMP_RETRO_REQUIRE_CORPUS
    fi
    # The second configuration (docs/two-routes.md): the plugin's whole suite
    # against the patched libassimp just built, through LD_LIBRARY_PATH (never
    # installed), except the tests that need formats the small build leaves
    # out (label full-libassimp, test/CMakeLists.txt); then the tool's GLB and FBX of every
    # real model must be the same as with the system's Assimp, or differ only
    # in the ways docs/two-routes.md explains.
    port_lib=$(dirname "$(find port/work/build -name 'libassimp.so.5' | head -n 1)")
    port_check "plugin tests on the patched libassimp" tools/test_with_assimp.sh "$port_lib" build -LE full-libassimp
    if corpus_present; then
      port_check "same outputs with either libassimp" python3 tools/compare_routes.py "$port_lib" \
        build/tools/assimp-retro port/work/routes-out --formats glb fbx
    else
      unavailable "port: same outputs with either libassimp" "$corpus_reason" ASSIMP_RETRO_REQUIRE_CORPUS
    fi
  else
    echo "port/port.sh failed" >&2
    failed=$((failed + 1))
    status=1
  fi
  if [ "${ASSIMP_RETRO_PORT_PACKAGE:-0}" = 1 ]; then
    # The full Debian package build (long: see README), checked without
    # installing it: Debian's pyassimp on the extracted libassimp.so.5.
    if port/debian_package.sh; then
      rm -rf port/work/deb-root
      dpkg -x port/work/deb/libassimp5_*.deb port/work/deb-root
      port_check "pyassimp on the packaged libassimp" env \
        LD_LIBRARY_PATH="$PWD/port/work/deb-root/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)" \
        /usr/bin/python3 port/pyassimp_check.py
      # The whole suite on the packaged library (also alone:
      # tools/test_with_assimp.sh --package), and the tool's outputs.
      port_check "whole suite on the packaged libassimp" tools/test_with_assimp.sh --package build
      port_check "same outputs with the packaged libassimp" python3 tools/compare_routes.py \
        "$PWD/port/work/deb-root/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)" \
        build/tools/assimp-retro port/work/routes-out-package --formats glb fbx dae
    else
      echo "port/debian_package.sh failed" >&2
      failed=$((failed + 1))
      status=1
    fi
  fi
fi

part "Windows stage"
if [ "${ASSIMP_RETRO_SKIP_WINDOWS:-0}" != 1 ]; then
  # Windows (issue 21, docs/windows.md): assimp-retro and the patched Assimp of
  # port/ cross-built with mingw-w64 from Debian's sources, both zips checked
  # for DLLs that Windows lacks (in build_windows.sh); the GoogleTest suites
  # under wine; then on the Linux side what wine cannot run: the glTF validator
  # on the files the tests wrote, the zip's tool (unpacked, in a clean wine
  # prefix) against the Linux tool on the whole corpus, and the port zip's
  # assimp.exe on the flag's morph animation.
  windows_start=$SECONDS
  windows=build-windows
  windows_zip=$windows/assimp-retro-$(sed -nE 's/^project\(assimp_retro VERSION ([0-9.]+).*/\1/p' CMakeLists.txt)
  if tools/build_windows.sh --port; then
    passed=$((passed + 1))
    rm -f "$windows/retro/test/output/gltf-to-validate.txt"
    # One wineserver for the whole ctest run (-p: it stays up between the
    # tests; one that quits between two tests once reset a starting test's
    # connection: "wine client error: recvmsg: Connection reset by peer").
    # wineboot starts wine's services (services.exe, ...) first, on /dev/null:
    # started by a test, they would keep its output pipe open, and ctest
    # would wait for them.
    WINEPREFIX="$PWD/$windows/retro/wine-prefix" /usr/lib/wine/wineserver -k 2>/dev/null || true
    WINEPREFIX="$PWD/$windows/retro/wine-prefix" /usr/lib/wine/wineserver -p
    WINEPREFIX="$PWD/$windows/retro/wine-prefix" WINEARCH=win64 WINEDEBUG=-all \
      /usr/lib/wine/wine64 wineboot </dev/null >/dev/null 2>&1
    run_ctest "$windows/retro" || status=1
    WINEPREFIX="$PWD/$windows/retro/wine-prefix" /usr/lib/wine/wineserver -k 2>/dev/null || true
    stage "windows: glTF validator on the tests' outputs" python3 tools/windows/validate_listed_gltf.py \
      "$windows/retro/test/output/gltf-to-validate.txt" .
    if corpus_present; then
      stage "windows: the zip's outputs of the corpus against Linux's" python3 tools/check_windows_outputs.py \
        build/tools/assimp-retro "$windows_zip-win64.zip" "$windows/compare"
    else
      unavailable "windows: the zip's outputs of the corpus" "$corpus_reason" ASSIMP_RETRO_REQUIRE_CORPUS
    fi
    stage "windows: the port zip's assimp.exe" python3 tools/windows/check_port_zip.py \
      "$windows_zip-port-assimp-win64.zip" "$windows/port-check"
  else
    echo "tools/build_windows.sh failed" >&2
    failed=$((failed + 1))
    status=1
  fi
  echo "Windows stage: $((SECONDS - windows_start)) s"
fi

part ""
echo
printf 'Wall time per part:\n%s' "$part_times"
if [ -s "$failure_reports" ]; then
  echo "Why the failed tests failed (their whole output is in the ctest log above):"
  cat "$failure_reports"
fi
echo "all: $passed passed, $failed failed, $skipped skipped"
python3 tools/ctest_report.py summary "$skip_reasons"
exit "$status"
