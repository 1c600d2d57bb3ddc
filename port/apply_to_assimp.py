#!/usr/bin/env python3
"""Copies the assimp-retro importers into an Assimp source tree and registers
them, the way an in-tree importer is added (see docs/DESIGN.md §6):

  code/AssetLib/<Format>/     the importer folders, unchanged
  code/Common/                the shared reader, error type, name and handedness helpers, textures
  include/assimp_retro/       the property names (config.h), texture types (texture.h), the texture cache (texture_cache.h)
  code/CMakeLists.txt         one ADD_ASSIMP_IMPORTER block per format, after IQM's
  code/Common/ImporterRegistry.cpp   include + push_back per format, after IQM's
                              (and in code/CMakeLists.txt liblzma for LTB: find_package(LibLZMA), linked into assimp)
  code/Common/Exporter.cpp    the exporters back to the game formats (EXPORTERS):
                              include + one entry each in setupExporterArray, after
                              assjson's, so the stock `assimp export x.glb x.abc` works
  code/AssetLib/glTF2/glTF2RetroRules.h   code/Export/GltfRules.h, the camera and
                              morph-weight rules the exporter patches (port/patches/) share
                              with the project's glTF completion
  code/AssetLib/glTF2/glTF2RetroAnimationLayout.h   code/Export/GltfAnimationLayout.h, the
                              shared animation layout (patch 0013/0014 and the completion)
  code/AssetLib/glTF2/glTF2RetroSkinJoints.h   code/Export/GltfSkinJoints.h, the animated
                              nodes a skin holds as joints (patch 0015/0016 and the completion)
  test/unit/utRetroImporters.cpp    port/tests/utRetroImporters.cpp, in test/CMakeLists.txt
  test/models/assimp-retro/   its fixtures: test/models/*/* (made by the project's writers)

Works on Debian's 5.2.5 source and on upstream master (both have the IQM
blocks the edits anchor on). Running it twice changes nothing the second time.
Usage: apply_to_assimp.py ASSIMP_SOURCE_DIR
"""
import fnmatch
import pathlib
import re
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Assimp importer name (ASSIMP_BUILD_<NAME>_IMPORTER), folder, its importer
# header (a pattern: the class is read from the header), the folder's files it
# builds (a pattern; "*": those no other format of the folder claims), and the
# code/Common files only it needs (patterns; the others go with every format).
# LTB shares LithTech/ with ABC and needs it (its reader feeds the ABC v9+ scene
# builder); only LTB's files and the LZMA wrapper need liblzma.
FORMATS = [
    ("OBAN", "Oni", "ObanImporter.h", "*", ()),
    ("ABC", "LithTech", "AbcImporter.h", "*", ()),
    ("LTB", "LithTech", "Ltb*Importer.h", "Ltb*", ("Lzma*",)),
    ("P3D", "Poseidon", "P3dImporter.h", "*", ()),
]
# Exporters added to Assimp's built-in list (code/Common/Exporter.cpp): the
# importer whose folder holds them (ASSIMP_BUILD_NO_<NAME>_IMPORTER leaves
# both out), the header declaring the entry functions, and the C++ expressions
# giving each Assimp::Exporter::ExportFormatEntry. One row per format.
EXPORTERS = [
    ("ABC", "AssetLib/LithTech/AbcExporter.h",
     ["assimp_retro::abc::AbcV6ExportEntry()", "assimp_retro::abc::AbcV12ExportEntry()"]),
    ("P3D", "AssetLib/Poseidon/P3dExporter.h", ["assimp_retro::P3dExportFormat()"]),
    ("LTB", "AssetLib/LithTech/LtbExporter.h", ["assimp_retro::ltb::LtbExportEntry()"]),
]
# Out-of-tree glue that an in-tree build does not need (code/Register.cpp,
# outside code/Common, is never copied).
FORMAT_SKIP = ("sources.cmake",)
MARK = "assimp-retro"
# liblzma for the LTB importer: found after the importer blocks (LTB needs ABC),
# linked into assimp before Assimp's rt. Plain paths
# (LIBLZMA_LIBRARIES), as Assimp links zlib, so its exported package names no
# target of ours. The first block ends in "\n)\n" like the importer blocks, so
# a second run removes it with them; the second is inserted once.
LZMA_FIND = f"""
# {MARK}: liblzma (LTB)
if(ASSIMP_IMPORTERS_ENABLED MATCHES " LTB( |$)")
  if(NOT ASSIMP_IMPORTERS_ENABLED MATCHES " ABC( |$)")
    message(FATAL_ERROR "ASSIMP_BUILD_LTB_IMPORTER needs ASSIMP_BUILD_ABC_IMPORTER: LTB builds on the ABC importer")
  endif()
  find_package(LibLZMA REQUIRED)
  set(ASSIMP_RETRO_LZMA_LIBRARIES ${{LIBLZMA_LIBRARIES}})
  # A static liblzma on Windows (the one tools/build_windows.sh builds): lzma.h
  # must not declare DLL imports, and LzmaAlone.cpp is the one file including it.
  if(WIN32 AND LIBLZMA_LIBRARY MATCHES "[.]a$" AND NOT LIBLZMA_LIBRARY MATCHES "[.]dll[.]a$")
    set_source_files_properties(Common/LzmaAlone.cpp PROPERTIES COMPILE_DEFINITIONS LZMA_API_STATIC)
  endif()
endif()
include_directories( SYSTEM
  ${{LIBLZMA_INCLUDE_DIRS}}
)
"""
LZMA_LINK_ANCHOR = "# Add RT-extension library for glTF importer with Open3DGC-compression.\n"
LZMA_LINK = """# liblzma for the LTB importer (added by assimp-retro's port/apply_to_assimp.py)
if(ASSIMP_RETRO_LZMA_LIBRARIES)
  TARGET_LINK_LIBRARIES(assimp ${ASSIMP_RETRO_LZMA_LIBRARIES})
endif()

"""


def fail(message):
    sys.exit(f"apply_to_assimp.py: {message}")


def insert_after(text, anchor, addition, what):
    """Inserts `addition` after the first line block ending with `anchor`."""
    if addition.strip() in text:
        return text
    at = text.find(anchor)
    if at < 0:
        fail(f"cannot find {anchor!r} in {what}: not an Assimp source tree this script knows")
    at += len(anchor)
    return text[:at] + addition + text[at:]


def importer_class(header):
    """The BaseImporter subclass that `header` declares."""
    found = re.search(r"class\s+(\w+)\s*(?:final\s*)?:\s*public\s+(?:Assimp::)?BaseImporter\b", header.read_text())
    if not found:
        fail(f"{header} declares no BaseImporter")
    return found.group(1)


def format_files(name, folder, pattern, all_formats, src):
    """The .h/.cpp files of code/AssetLib/<folder> that format `name` builds."""
    others = [f[3] for f in all_formats if f[1] == folder and f[0] != name and f[3] != "*"]
    return sorted(p.name for p in (src / "code" / "AssetLib" / folder).iterdir()
                  if p.suffix in (".h", ".cpp") and fnmatch.fnmatch(p.name, pattern)
                  and not any(fnmatch.fnmatch(p.name, other) for other in others))


def main():
    if len(sys.argv) != 2:
        fail("usage: apply_to_assimp.py ASSIMP_SOURCE_DIR")
    src = pathlib.Path(sys.argv[1]).resolve()
    cmake = src / "code" / "CMakeLists.txt"
    registry = src / "code" / "Common" / "ImporterRegistry.cpp"
    if not cmake.exists() or not registry.exists():
        fail(f"{src} is not an Assimp source tree (no code/CMakeLists.txt or ImporterRegistry.cpp)")

    # Each present format with its importer header's file name and class.
    formats = []
    for name, folder, header_pattern, files, common_only in FORMATS:
        headers = sorted((ROOT / "code" / "AssetLib" / folder).glob(header_pattern))
        if headers:
            formats.append((name, folder, headers[0].name, importer_class(headers[0]), files, common_only))
    if not formats:
        fail("no importer found in code/AssetLib")

    # Sources. A manifest remembers which code/Common files are ours, so a
    # second run may overwrite them but one of Assimp's own files never is.
    manifest = src / "code" / "Common" / ".assimp-retro-files"
    ours = set(manifest.read_text().split()) if manifest.exists() else set()
    common_files = []
    common = ROOT / "code" / "Common"
    for path in sorted(common.rglob("*")):  # with subfolders (Texture/)
        if path.suffix not in (".h", ".cpp"):
            continue
        relative = path.relative_to(common).as_posix()
        target = src / "code" / "Common" / relative
        if target.exists() and relative not in ours:
            fail(f"code/Common/{relative} already exists in Assimp's tree")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        common_files.append(f"Common/{relative}")
    manifest.write_text("\n".join(p.split("/", 1)[1] for p in common_files) + "\n")
    for folder in sorted({f[1] for f in formats}):
        dest = src / "code" / "AssetLib" / folder
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(ROOT / "code" / "AssetLib" / folder, dest,
                        ignore=shutil.ignore_patterns(*FORMAT_SKIP))
    shutil.rmtree(src / "include" / "assimp_retro", ignore_errors=True)
    (src / "include" / "assimp_retro").mkdir(parents=True)
    for header in ("config.h", "texture.h", "texture_cache.h"):  # what the importers include
        shutil.copy2(ROOT / "include" / "assimp_retro" / header, src / "include" / "assimp_retro" / header)
    if (src / "code" / "AssetLib" / "glTF2").is_dir():
        shutil.copy2(ROOT / "code" / "Export" / "GltfRules.h", src / "code" / "AssetLib" / "glTF2" / "glTF2RetroRules.h")
        shutil.copy2(ROOT / "code" / "Export" / "GltfAnimationLayout.h",
                     src / "code" / "AssetLib" / "glTF2" / "glTF2RetroAnimationLayout.h")
        shutil.copy2(ROOT / "code" / "Export" / "GltfSkinJoints.h",
                     src / "code" / "AssetLib" / "glTF2" / "glTF2RetroSkinJoints.h")

    # Assimp's unit-test program: our importer test and its fixtures.
    test_cmake = src / "test" / "CMakeLists.txt"
    if test_cmake.exists():
        shutil.copy2(ROOT / "port" / "tests" / "utRetroImporters.cpp", src / "test" / "unit" / "utRetroImporters.cpp")
        models = src / "test" / "models" / "assimp-retro"
        shutil.rmtree(models, ignore_errors=True)
        models.mkdir(parents=True)
        for fixture in sorted((ROOT / "test" / "models").glob("*/*")):
            shutil.copy2(fixture, models / fixture.name)
        text = test_cmake.read_text()
        text = insert_after(text, "  unit/utIssues.cpp\n", "  unit/utRetroImporters.cpp\n", "test/CMakeLists.txt")
        test_cmake.write_text(text)

    # code/CMakeLists.txt: the shared files go with every enabled format (the
    # macro appends them once per format; CMake ignores repeated sources).
    text = cmake.read_text()
    blocks = ""
    only_some = [p for f in formats for p in f[5]]
    for name, folder, _, _, pattern, common_only in formats:
        files = format_files(name, folder, pattern, formats, src)
        lines = "\n".join(f"  AssetLib/{folder}/{f}" for f in files)
        # Common files: those no format claims, and this format's own.
        shared = "\n".join(f"  {f}" for f in common_files
                           if any(fnmatch.fnmatch(f.rsplit("/", 1)[1], p) for p in common_only)
                           or not any(fnmatch.fnmatch(f.rsplit("/", 1)[1], p) for p in only_some))
        blocks += f"\n# {MARK}: {folder} {name}\nADD_ASSIMP_IMPORTER( {name}\n{lines}\n{shared}\n)\n"
    if any(f[0] == "LTB" for f in formats):
        blocks += LZMA_FIND
    # The shared S3TC encoder (Common/Texture/DxtEncode.cpp) includes
    # <stb_dxt.h> from Debian's libstb-dev, a build dependency of Debian's
    # assimp; the block ends in "\n)\n" like the others, so a second run
    # removes it with them.
    blocks += (f"\n# {MARK}: stb_dxt.h\nfind_path(ASSIMP_RETRO_STB_DIR stb_dxt.h PATH_SUFFIXES stb REQUIRED)\n"
               "include_directories( SYSTEM\n  ${ASSIMP_RETRO_STB_DIR}\n)\n")
    anchor_start = text.find("ADD_ASSIMP_IMPORTER( IQM")
    if anchor_start < 0:
        fail("cannot find the IQM importer block in code/CMakeLists.txt")
    anchor_end = text.find(")", anchor_start) + 1
    # Replace an earlier application, if any, then insert afresh.
    while f"\n# {MARK}: " in text:
        begin = text.find(f"\n# {MARK}: ")
        end = text.find("\n)\n", begin) + 3
        text = text[:begin] + text[end - 1:]
        anchor_start = text.find("ADD_ASSIMP_IMPORTER( IQM")
        anchor_end = text.find(")", anchor_start) + 1
    text = text[:anchor_end] + "\n" + blocks + text[anchor_end:]
    if any(f[0] == "LTB" for f in formats):
        if LZMA_LINK.strip() not in text:
            if LZMA_LINK_ANCHOR not in text:
                fail(f"cannot find {LZMA_LINK_ANCHOR!r} in code/CMakeLists.txt")
            text = text.replace(LZMA_LINK_ANCHOR, LZMA_LINK + LZMA_LINK_ANCHOR, 1)
    cmake.write_text(text)

    # ImporterRegistry.cpp.
    text = registry.read_text()
    includes = "".join(
        f"#ifndef ASSIMP_BUILD_NO_{name}_IMPORTER\n#include \"AssetLib/{folder}/{header}\" // {MARK}\n#endif\n"
        for name, folder, header, _, _, _ in formats)
    pushes = "".join(
        f"#ifndef ASSIMP_BUILD_NO_{name}_IMPORTER\n    out.push_back(new {cls}()); // {MARK}\n#endif\n"
        for name, _, _, cls, _, _ in formats)
    text = insert_after(text, '#include "AssetLib/IQM/IQMImporter.h"\n#endif\n', includes, "ImporterRegistry.cpp")
    text = insert_after(text, "out.push_back(new IQMImporter());\n#endif\n", pushes, "ImporterRegistry.cpp")
    registry.write_text(text)

    # Exporter.cpp: the exporters of the formats present.
    exporter_cpp = src / "code" / "Common" / "Exporter.cpp"
    exporters = [e for e in EXPORTERS if (src / "code" / e[1]).exists() and any(f[0] == e[0] for f in formats)]
    if exporters and exporter_cpp.exists():
        text = exporter_cpp.read_text()
        includes = "".join(
            f"#ifndef ASSIMP_BUILD_NO_{name}_IMPORTER\n#include \"{header}\" // {MARK}\n#endif\n"
            for name, header, _ in exporters)
        entries = "".join(
            f"\n#ifndef ASSIMP_BUILD_NO_{name}_IMPORTER // {MARK}\n"
            + "".join(f"\texporters.push_back({entry});\n" for entry in calls) + "#endif\n"
            for name, _, calls in exporters)
        text = insert_after(text, '#include "PostProcessing/PretransformVertices.h"\n', includes, "Exporter.cpp")
        text = insert_after(text, '&ExportAssimp2Json, 0);\n#endif\n', entries, "Exporter.cpp")
        exporter_cpp.write_text(text)
    print(f"assimp-retro importers added to {src}: {', '.join(f[0] for f in formats)}")


if __name__ == "__main__":
    main()
