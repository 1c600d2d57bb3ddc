# CMake toolchain file: Windows x86_64 from Debian 12 with mingw-w64
# (g++-mingw-w64-x86-64-posix: the posix thread model, which std::thread needs).
# Used by tools/build_windows.sh for Assimp and for assimp-retro.
#   ASSIMP_RETRO_WINDOWS_PREFIX  a prefix with what was cross-built before
#                                (minizip, Assimp), searched after mingw's own.
#   ASSIMP_RETRO_WINE_PREFIX     the wine prefix the tests run in (default:
#                                <build>/wine-prefix); tests run through
#                                CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(ASSIMP_RETRO_MINGW x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${ASSIMP_RETRO_MINGW}-gcc-posix)
set(CMAKE_CXX_COMPILER ${ASSIMP_RETRO_MINGW}-g++-posix)
set(CMAKE_RC_COMPILER ${ASSIMP_RETRO_MINGW}-windres)

# Carry the two settings into try_compile projects.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ASSIMP_RETRO_WINDOWS_PREFIX ASSIMP_RETRO_WINE_PREFIX)

set(CMAKE_FIND_ROOT_PATH /usr/${ASSIMP_RETRO_MINGW})
if(ASSIMP_RETRO_WINDOWS_PREFIX)
  list(APPEND CMAKE_FIND_ROOT_PATH ${ASSIMP_RETRO_WINDOWS_PREFIX})
  # Assimp's package passes minizip on as a bare -lminizip: the prefix's lib folder.
  set(CMAKE_SHARED_LINKER_FLAGS_INIT "-L${ASSIMP_RETRO_WINDOWS_PREFIX}/lib")
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-L${ASSIMP_RETRO_WINDOWS_PREFIX}/lib")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)


# stb_dxt.h (libstb-dev, header-only) for the texture writers: only this folder,
# never /usr/include itself (glibc's headers).
set(STB_INCLUDE_DIR /usr/include/stb CACHE PATH "stb headers (libstb-dev)")

# Tests run under wine: the 64-bit loader directly (the `wine` wrapper wants a
# 32-bit prefix), with the prefix inside the build tree. In front of it
# tools/windows/retry_silent_start.py, which runs a program once more when
# wine died while starting it (a non-zero exit within seconds, without a byte
# of output), and says so on stderr (docs/windows.md, "In the test command").
if(NOT ASSIMP_RETRO_WINE_PREFIX)
  set(ASSIMP_RETRO_WINE_PREFIX ${CMAKE_BINARY_DIR}/wine-prefix)
endif()
get_filename_component(ASSIMP_RETRO_RETRY_SILENT_START
  ${CMAKE_CURRENT_LIST_DIR}/../tools/windows/retry_silent_start.py ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR ${ASSIMP_RETRO_RETRY_SILENT_START}
  ${CMAKE_COMMAND} -E env WINEPREFIX=${ASSIMP_RETRO_WINE_PREFIX} WINEARCH=win64 WINEDEBUG=-all
  /usr/lib/wine/wine64)
