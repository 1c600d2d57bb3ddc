# The build tools/setup.sh makes for people who convert models: the library
# and the tool only, optimised as RelWithDebInfo is (-O2) but without debug
# information, which takes about a third of the compile time
# (docs/benchmarks.md, "Build time"). Used as an initial cache:
#   cmake -C cmake/UserBuild.cmake -S . -B build -G Ninja
set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type")
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "Release flags: -O2, as RelWithDebInfo, without -g")
set(CMAKE_C_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "Release flags: -O2, as RelWithDebInfo, without -g")
# GoogleTest is not installed by setup.sh; tools/run_tests.sh turns the tests on.
set(ASSIMP_RETRO_BUILD_TESTS OFF CACHE BOOL "Build the GoogleTest suite")
