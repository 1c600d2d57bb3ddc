# The unity build of the library and the tool (docs/benchmarks.md, "Build
# time"). Every object pays about a second for the C++ library's and Assimp's
# headers before its own code; CMake's UNITY_BUILD in GROUP mode compiles the
# sources of one group as one translation unit, paying that once. The groups
# are related files (one folder, one format, so a format left out leaves its
# group out) of at most about 10 s of single-file compile time at -O2, so
# that no group's object takes over 8 s; the heaviest sources, and any source
# in no group, compile alone.
# Off (ASSIMP_RETRO_UNITY_BUILD=OFF) in the sanitizer build
# (cmake/SanitizerBuild.cmake), so CI still compiles every file alone and a
# missing #include cannot hide behind a group.

# assimp_retro_unity_groups(<target> GROUP <name> <source>... [GROUP <name> <source>...]...)
# Sources relative to the calling directory; those not in the target are ignored.
function(assimp_retro_unity_groups target)
  if(NOT ASSIMP_RETRO_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  set(group "")
  set(expect_name FALSE)
  foreach(argument IN LISTS ARGN)
    if(argument STREQUAL "GROUP")
      set(expect_name TRUE)
    elseif(expect_name)
      set(group ${argument})
      set(expect_name FALSE)
    elseif(group STREQUAL "")
      message(FATAL_ERROR "assimp_retro_unity_groups: ${argument} before the first GROUP")
    else()
      set_source_files_properties(${argument} PROPERTIES UNITY_GROUP ${target}_${group})
    endif()
  endforeach()
endfunction()
