# ctest driver: install the built project to a scratch prefix, move the
# installed tree to another folder (the package must not remember where it was
# installed), then build and run test/consumer against it with
# find_package(assimp_retro), and once more with the flags pkg-config gives.
# The consumer imports one bundled file of each format and checks its counts.
file(REMOVE_RECURSE ${WORK_DIR})
set(installed ${WORK_DIR}/installed)
set(prefix ${WORK_DIR}/moved/prefix)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${installed})
file(MAKE_DIRECTORY ${WORK_DIR}/moved)
file(RENAME ${installed} ${prefix})
if(EXISTS ${installed})
  message(FATAL_ERROR "the installed tree was not moved")
endif()

# <file> <meshes> <animations> <nodes>, one bundled file per format.
get_filename_component(models ${SOURCE_DIR}/../models ABSOLUTE)
set(checks
  ${models}/abc/skinned_v6.abc 1 2 5
  ${models}/oban/OBANcamera_dolly.oni 0 1 3
  ${models}/p3d/sample_odol.p3d 2 1 3
  ${models}/p3d/sample_mlod.p3d 1 1 3)

run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
set(ENV{LD_LIBRARY_PATH} "${prefix}/lib:$ENV{LD_LIBRARY_PATH}")
run(${WORK_DIR}/build/consumer ${checks})
message(STATUS "CMake package consumer: ${last_output}")
# pkg-config, from the moved tree: the .pc finds its prefix relative to itself.
find_program(PKG_CONFIG pkg-config REQUIRED)
file(GLOB pc_dir ${prefix}/lib*/pkgconfig ${prefix}/lib/*/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
run(${PKG_CONFIG} --variable=libdir assimp_retro)
string(STRIP "${last_output}" pc_libdir)
get_filename_component(pc_libdir "${pc_libdir}" REALPATH)
get_filename_component(real_prefix "${prefix}" REALPATH)
string(FIND "${pc_libdir}" "${real_prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "pkg-config libdir ${pc_libdir} is not inside the moved prefix ${prefix}")
endif()
run(${PKG_CONFIG} --cflags --libs assimp_retro)
string(STRIP "${last_output}" pc_flags)
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
find_program(CXX NAMES c++ g++ clang++ REQUIRED)
run(${CXX} -std=c++17 ${SOURCE_DIR}/main.cpp -o ${WORK_DIR}/consumer_pc ${pc_flags})
run(${WORK_DIR}/consumer_pc ${checks})
message(STATUS "pkg-config consumer: ${last_output}")
