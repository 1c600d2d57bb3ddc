#!/usr/bin/env bash
# The Windows build of assimp-retro, cross-compiled on Debian 12 with mingw-w64
# (docs/windows.md). One command:
#   tools/build_windows.sh            # Assimp 5.2.5, assimp_retro.dll, assimp-retro.exe, the tests, the zip
#   tools/build_windows.sh --test     # ... and runs the tests under wine (ctest)
#   tools/build_windows.sh --port     # also the second zip, the patched Assimp of port/
# tools/run_tests.sh runs it with --port and then the same tests as --test
# (its Windows stage; ASSIMP_RETRO_SKIP_WINDOWS=1 skips it).
# Installs what it needs with apt-get, takes Assimp from Debian's source
# package (apt-get source assimp, the version of the installed libassimp-dev,
# the same 5.2.5 the Linux side uses),
# minizip from Debian's zlib source and the static liblzma from its xz-utils
# source, and builds everything under nice through ccache.
# Everything lands in build-windows/:
#   src/      the Debian sources        prefix/   minizip, liblzma, Assimp (installed)
#   assimp/   Assimp's build            retro/    assimp-retro's build (ctest here)
#   port/     the patched Assimp (port/) and its build
#   assimp-retro-<version>-win64.zip, assimp-retro-<version>-port-assimp-win64.zip
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
run_tests=0
build_port=0
while [ $# -gt 0 ]; do
  case "$1" in
    --test) run_tests=1; shift ;;
    --port) build_port=1; shift ;;
    *) echo "usage: tools/build_windows.sh [--test] [--port]" >&2; exit 2 ;;
  esac
done
out="$root/build-windows"
prefix="$out/prefix"
mingw=x86_64-w64-mingw32
toolchain="$root/cmake/mingw-w64-x86_64.cmake"
jobs=$(nproc)
# The cross-build is long; it must not slow down whatever else the machine runs.
nice_run=(nice -n 15)

# Downloads (Debian's packages and sources) stop the build at once when they
# fail, saying what and how to fix it (tools/debian_fetch.sh).
. tools/debian_fetch.sh
# libassimp-dev: its version names the Assimp source to fetch (the Linux side's).
debian_install_missing cmake ninja-build ccache dpkg-dev pkg-config zip g++-mingw-w64-x86-64-posix libz-mingw-w64-dev \
  wine wine64 libutfcpp-dev libstb-dev googletest nlohmann-json3-dev rapidjson-dev libassimp-dev zlib1g-dev liblzma-dev
launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# ---- Debian's sources: Assimp 5.2.5, zlib (for minizip), xz-utils (liblzma) ---
# Each at the version of the system's own -dev package (for zlib and xz-utils
# the release suite's when the archive does not serve that one), kept in
# build-windows/src and checked on every run (fetch_deb_source).
fetch_deb_source assimp "$out/src" assimp_src
fetch_deb_source zlib "$out/src" zlib_src
fetch_deb_source xz-utils "$out/src" xz_src
case "$(basename "$assimp_src")" in
  assimp-5.2.5*) ;;
  *) echo "error: $assimp_src is not Assimp 5.2.5, which this build is written for" >&2; exit 1 ;;
esac

# ---- minizip (Assimp's zip reader), from zlib's contrib/minizip ---------------
# Debian's ~ds Assimp source drops contrib/unzip; Debian links libminizip-dev,
# which has no mingw build, so it is built here from the same zlib source.
if [ ! -f "$prefix/lib/libminizip.a" ]; then
  mkdir -p "$out/minizip" "$prefix/lib" "$prefix/include/minizip" "$prefix/lib/pkgconfig"
  objs=()
  for c in ioapi unzip zip iowin32; do
    "${nice_run[@]}" ccache $mingw-gcc-posix -O2 -c "$zlib_src/contrib/minizip/$c.c" -o "$out/minizip/$c.o"
    objs+=("$out/minizip/$c.o")
  done
  $mingw-ar rcs "$prefix/lib/libminizip.a" "${objs[@]}"
  for h in ioapi.h unzip.h zip.h iowin32.h crypt.h; do
    cp "$zlib_src/contrib/minizip/$h" "$prefix/include/minizip/"
  done
  # Assimp finds it through pkg-config (use_pkgconfig(UNZIP minizip)).
  cat >"$prefix/lib/pkgconfig/minizip.pc" <<EOF
prefix=$prefix
Name: minizip
Description: zip and unzip from zlib's contrib/minizip (cross-built for Windows)
Version: 1.2.13
Libs: -L\${prefix}/lib -lminizip -lz
Cflags: -I\${prefix}/include/minizip
EOF
fi
# ---- liblzma (the LTB importer's LZMA decoder), from Debian's xz-utils source --
# Only the static library (the target liblzma of xz's CMake build): no xz tools,
# no docs, no translations. Its CMake package (liblzma-config.cmake) carries
# LZMA_API_STATIC to whatever links it, so lzma.h declares no DLL imports.
if [ ! -f "$prefix/lib/cmake/liblzma/liblzma-config.cmake" ]; then
  "${nice_run[@]}" cmake -S "$xz_src" -B "$out/liblzma" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF >/dev/null
  "${nice_run[@]}" cmake --build "$out/liblzma" --target liblzma -j "$jobs"
  cmake --install "$out/liblzma" --component liblzma_Development >/dev/null
fi
# Header-only Debian packages for Assimp: stb (#include "stb/stb_image.h") and
# utfcpp (<utf8.h>). Linked into a folder of their own: never /usr/include
# itself, whose glibc headers would shadow mingw's.
mkdir -p "$prefix/include"
ln -sfn /usr/include/stb "$prefix/include/stb"
# rapidjson (header-only), for the glTF completion's animation writer.
ln -sfn /usr/include/rapidjson "$prefix/include/rapidjson"

# ---- Assimp 5.2.5 for Windows -------------------------------------------------
# The formats: our importers' outputs and inputs as the tool and its tests use
# them (docs/windows.md): glTF 2 (GLB/glTF), FBX, Collada, OBJ, DirectX X in and
# out; the dumps (ASSBIN, ASSXML, ASSJSON) out, and ASSBIN in (tests compare the
# tool's .assbin outputs, and give it .assbin inputs); nothing else, to keep CI short.
importers=(OBJ GLTF FBX COLLADA X ASSBIN)
exporters=(OBJ GLTF FBX COLLADA X ASSBIN ASSXML ASSJSON)
format_flags=()
for f in "${importers[@]}"; do format_flags+=("-DASSIMP_BUILD_${f}_IMPORTER=ON"); done
for f in "${exporters[@]}"; do format_flags+=("-DASSIMP_BUILD_${f}_EXPORTER=ON"); done
# Debian's use-system-libdraco patch adds an unconditional
# find_package(draco CONFIG REQUIRED); there is no mingw draco, and the Linux
# side reads no Draco-compressed glTF either: an empty package satisfies it.
mkdir -p "$out/draco-stub"
echo "# no draco for Windows (tools/build_windows.sh)" >"$out/draco-stub/dracoConfig.cmake"
# Configures Assimp's source $1 into $2 with the formats above (plus $3...).
# The patched Assimp of port/ uses the same flags from a folder of the same
# depth, so that ccache reuses every object its patches do not touch.
configure_assimp() {
  local source=$1 build=$2
  shift 2
  PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" PKG_CONFIG_PATH="" \
  "${nice_run[@]}" cmake -S "$source" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DASSIMP_RETRO_WINDOWS_PREFIX="$prefix" \
    -DCMAKE_INSTALL_PREFIX="$prefix" -Ddraco_DIR="$out/draco-stub" \
    -DCMAKE_CXX_FLAGS="-isystem /usr/include/utf8cpp -isystem $(dirname "$build")/prefix/include" \
    -DCMAKE_C_FLAGS="-isystem $(dirname "$build")/prefix/include" \
    -DASSIMP_BUILD_ALL_IMPORTERS_BY_DEFAULT=OFF -DASSIMP_BUILD_ALL_EXPORTERS_BY_DEFAULT=OFF "${format_flags[@]}" \
    -DASSIMP_BUILD_ASSIMP_TOOLS=ON -DASSIMP_BUILD_ASSIMP_VIEW=OFF -DASSIMP_BUILD_TESTS=OFF -DASSIMP_BUILD_SAMPLES=OFF \
    -DASSIMP_BUILD_DOCS=OFF -DASSIMP_BUILD_ZLIB=OFF -DASSIMP_INSTALL=ON -DASSIMP_INSTALL_PDB=OFF \
    -DASSIMP_WARNINGS_AS_ERRORS=OFF -DASSIMP_IGNORE_GIT_HASH=ON -DASSIMP_NO_EXPORT=OFF "$@" >/dev/null
}
if [ ! -f "$prefix/lib/cmake/assimp-5.2/assimpConfig.cmake" ]; then
  # Debian's ~ds source has no Windows resource files, which Assimp's CMake
  # lists on Windows: a bare version resource instead (windres refuses an empty file).
  mkdir -p "$assimp_src/code/res"
  for rc in "$assimp_src/code/res/assimp.rc" "$assimp_src/tools/assimp_cmd/assimp_cmd.rc"; do
    [ -f "$rc" ] || cat >"$rc" <<'EOF'
1 VERSIONINFO
FILEVERSION 5,2,5,0
PRODUCTVERSION 5,2,5,0
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "ProductName", "Open Asset Import Library (Debian 5.2.5 source)"
      VALUE "FileVersion", "5.2.5"
    END
  END
END
EOF
  done
  configure_assimp "$assimp_src" "$out/assimp"
  "${nice_run[@]}" cmake --build "$out/assimp" -j "$jobs"
  cmake --install "$out/assimp" >/dev/null
fi
echo "Assimp for Windows: $prefix/bin/libassimp-5.dll"

# ---- assimp-retro: assimp_retro.dll, assimp-retro.exe, the tests ---------------
# nlohmann-json is header-only, but Debian's CMake package names /usr/include,
# which must not reach a mingw compile: a package of our own with only its folder.
mkdir -p "$prefix/include" "$prefix/lib/cmake/nlohmann_json"
ln -sfn /usr/include/nlohmann "$prefix/include/nlohmann"
cat >"$prefix/lib/cmake/nlohmann_json/nlohmann_jsonConfig.cmake" <<EOF2
# nlohmann-json (Debian's nlohmann-json3-dev headers) for the Windows build.
if(NOT TARGET nlohmann_json::nlohmann_json)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "$prefix/include")
endif()
EOF2
version=$(sed -nE 's/^project\(assimp_retro VERSION ([0-9.]+).*/\1/p' CMakeLists.txt)
cp /usr/share/cmake/nlohmann_json/nlohmann_jsonConfigVersion.cmake "$prefix/lib/cmake/nlohmann_json/"
retro="$out/retro"
# Everything that runs lands in one folder with the DLLs it needs, as in the zip.
"${nice_run[@]}" cmake -S "$root" -B "$retro" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
  -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DASSIMP_RETRO_WINDOWS_PREFIX="$prefix" \
  -Ddraco_DIR="$out/draco-stub" -DCMAKE_RUNTIME_OUTPUT_DIRECTORY="$retro/bin" -DCMAKE_INSTALL_PREFIX="$out/install" >/dev/null
mkdir -p "$retro/bin"
runtime_dlls=("$prefix/bin/libassimp-5.dll" /usr/x86_64-w64-mingw32/lib/zlib1.dll
              /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll
              /usr/lib/gcc/$mingw/12-posix/libstdc++-6.dll /usr/lib/gcc/$mingw/12-posix/libgcc_s_seh-1.dll)
cp -u "${runtime_dlls[@]}" "$retro/bin/"
"${nice_run[@]}" cmake --build "$retro" -j "$jobs"

# ---- the zip -------------------------------------------------------------------
name="assimp-retro-$version-win64"
stage="$out/zip/$name"
rm -rf "$out/zip" && mkdir -p "$stage/licenses" "$stage/sdk/include" "$stage/sdk/lib"
cp "$retro/bin/assimp-retro.exe" "$retro/bin/assimp_retro.dll" "${runtime_dlls[@]}" "$stage/"
# The library for programs of one's own: headers and the import libraries.
cp -r include/assimp_retro "$stage/sdk/include/"
cp -r "$prefix/include/assimp" "$stage/sdk/include/"
cp "$retro/libassimp_retro.dll.a" "$prefix/lib/libassimp.dll.a" "$stage/sdk/lib/"
cp tools/windows/README.txt "$stage/README.txt"
# three.js for `assimp-retro view` (npm, tools/viewer; View.cpp finds it in web/three beside the tool).
three=tools/viewer/node_modules/three
[ -f "$three/build/three.module.js" ] || npm ci --prefix tools/viewer --no-audit --no-fund --loglevel=error
for f in LICENSE build/three.module.js build/three.core.js examples/jsm/loaders/GLTFLoader.js \
         examples/jsm/controls/OrbitControls.js examples/jsm/renderers/CSS2DRenderer.js \
         examples/jsm/utils/BufferGeometryUtils.js examples/jsm/utils/SkeletonUtils.js; do
  mkdir -p "$stage/web/three/$(dirname "$f")" && cp "$three/$f" "$stage/web/three/$f"
done
cp LICENSE "$stage/licenses/assimp-retro-LICENSE.txt"
cp "$assimp_src/LICENSE" "$stage/licenses/assimp-LICENSE.txt"
cp "$assimp_src/debian/copyright" "$stage/licenses/assimp-debian-copyright.txt"
cp /usr/share/doc/libz-mingw-w64-dev/copyright "$stage/licenses/zlib-copyright.txt"
cp "$zlib_src/debian/copyright" "$stage/licenses/zlib-and-minizip-source-copyright.txt"
cp "$xz_src/debian/copyright" "$stage/licenses/liblzma-source-copyright.txt"
cp /usr/share/doc/gcc-mingw-w64-x86-64-posix-runtime/copyright "$stage/licenses/gcc-runtime-copyright.txt"
cp /usr/share/doc/mingw-w64-x86-64-dev/copyright "$stage/licenses/mingw-w64-winpthreads-copyright.txt"
cp /usr/share/doc/libstb-dev/copyright "$stage/licenses/stb-copyright.txt"
cp /usr/share/doc/rapidjson-dev/copyright "$stage/licenses/rapidjson-copyright.txt"
cp /usr/share/doc/libutfcpp-dev/copyright "$stage/licenses/utfcpp-copyright.txt"
# unix2dos without the package: README.txt is read in Notepad.
for text in "$stage/README.txt" "$stage"/licenses/*; do
  sed -i 's/\r$//; s/$/\r/' "$text"
done
rm -f "$out/$name.zip"
(cd "$out/zip" && zip -qr -X "$out/$name.zip" "$name")
python3 tools/check_windows_zip.py "$out/$name.zip"
echo "Windows zip: $out/$name.zip"

# ---- the patched Assimp (port/): assimp.exe with the importers compiled in ------
# Its DLL is named libassimp-5.dll like the plain one the tool ships: a zip of
# its own, never the same folder.
if [ "$build_port" -eq 1 ]; then
  port_root="$out/port"
  port_src="$port_root/src/$(basename "$assimp_src")"
  # Made again on every run, so that it has the importers and patches of this
  # checkout (cp -a keeps the untouched files' times: ninja and ccache redo little).
  rm -rf "$port_src"
  mkdir -p "$port_root/src"
  cp -a "$assimp_src" "$port_src"
  python3 port/apply_to_assimp.py "$port_src" >/dev/null
  port/apply_patches.sh "$port_src" >/dev/null
  ln -sfn ../prefix "$port_root/prefix"
  configure_assimp "$port_src" "$port_root/assimp" -DASSIMP_INSTALL=OFF \
    -DASSIMP_BUILD_OBAN_IMPORTER=ON -DASSIMP_BUILD_ABC_IMPORTER=ON -DASSIMP_BUILD_LTB_IMPORTER=ON \
    -DASSIMP_BUILD_P3D_IMPORTER=ON
  "${nice_run[@]}" cmake --build "$port_root/assimp" --target assimp_cmd -j "$jobs"
  port_name="assimp-retro-$version-port-assimp-win64"
  port_stage="$out/zip-port/$port_name"
  rm -rf "$out/zip-port" && mkdir -p "$port_stage/licenses"
  cp "$port_root/assimp/bin/assimp.exe" "$port_root/assimp/bin/libassimp-5.dll" "${runtime_dlls[@]:1}" "$port_stage/"
  cp tools/windows/README-port.txt "$port_stage/README.txt"
  cp "$stage"/licenses/* "$port_stage/licenses/"
  for text in "$port_stage/README.txt"; do sed -i 's/\r$//; s/$/\r/' "$text"; done
  rm -f "$out/$port_name.zip"
  (cd "$out/zip-port" && zip -qr -X "$out/$port_name.zip" "$port_name")
  python3 tools/check_windows_zip.py "$out/$port_name.zip"
  echo "Windows zip of the patched Assimp: $out/$port_name.zip"
fi

if [ "$run_tests" -eq 1 ]; then
  # The tests under wine (the toolchain file's CMAKE_CROSSCOMPILING_EMULATOR),
  # then on the Linux side what wine cannot run: the glTF validator on the
  # files the tests listed, and the Windows tool's outputs against Linux's.
  status=0
  rm -f "$retro/test/output/gltf-to-validate.txt"
  # One wineserver for the whole run (as in tools/run_tests.sh's Windows stage).
  WINEPREFIX="$retro/wine-prefix" /usr/lib/wine/wineserver -k 2>/dev/null || true
  WINEPREFIX="$retro/wine-prefix" /usr/lib/wine/wineserver -p
  WINEPREFIX="$retro/wine-prefix" WINEARCH=win64 WINEDEBUG=-all /usr/lib/wine/wine64 wineboot </dev/null >/dev/null 2>&1
  (cd "$retro" && ctest --output-on-failure --no-tests=error -j "$jobs") || status=1
  WINEPREFIX="$retro/wine-prefix" /usr/lib/wine/wineserver -k 2>/dev/null || true
  python3 tools/windows/validate_listed_gltf.py "$retro/test/output/gltf-to-validate.txt" "$root" || status=1
  linux_tool=${ASSIMP_RETRO_LINUX_TOOL:-$root/build/tools/assimp-retro}
  WINEPREFIX="$retro/wine-prefix" python3 tools/check_windows_outputs.py "$linux_tool" "$retro/bin" "$out/compare" || status=1
  if [ "$build_port" -eq 1 ]; then
    python3 tools/windows/check_port_zip.py "$out/$port_name.zip" "$out/port-check" || status=1
  fi
  exit "$status"
fi
