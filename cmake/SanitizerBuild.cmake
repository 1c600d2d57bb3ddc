# The sanitizer build of tools/run_tests.sh: AddressSanitizer and
# UndefinedBehaviorSanitizer over the library, the tool, the tests and the
# fuzz-target replays (docs/testing.md, "The sanitizer stage"). Used as an
# initial cache:
#   cmake -C cmake/SanitizerBuild.cmake -S . -B build-asan -G Ninja
# The library and the tool at -O1 rather than Debug's -O0: instrumented code
# at -O0 runs slower, and the tests spend their time there. The tests' own
# objects stay at -O0 (test/CMakeLists.txt): at -O1 their compile time about
# doubles, for little run time.
# -g1 (line tables only) is what a sanitizer report needs for file:line.
# Debug, so that nothing defines NDEBUG. FORCE: a build folder configured
# before with other flags gets these.
set(CMAKE_BUILD_TYPE Debug CACHE STRING "Build type" FORCE)
set(CMAKE_CXX_FLAGS_DEBUG "-O1 -g1" CACHE STRING "Sanitizer build: -O1, line tables" FORCE)
set(CMAKE_C_FLAGS_DEBUG "-O1 -g1" CACHE STRING "Sanitizer build: -O1, line tables" FORCE)
set(ASSIMP_RETRO_SANITIZE "address,undefined" CACHE STRING "Sanitizers" FORCE)
# Every source compiled on its own (cmake/UnityBuild.cmake): the one build of
# tools/run_tests.sh that would show a source missing an #include.
set(ASSIMP_RETRO_UNITY_BUILD OFF CACHE BOOL "Unity build" FORCE)
