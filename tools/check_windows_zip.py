#!/usr/bin/env python3
"""Checks that the Windows zip runs on a Windows machine with nothing installed.

Lists the DLL imports of every .exe and .dll in the zip (x86_64-w64-mingw32-objdump -p)
and fails on any DLL that is neither in the zip nor a DLL every 64-bit Windows has.
Usage: tools/check_windows_zip.py assimp-retro-<version>-win64.zip
"""
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

OBJDUMP = "x86_64-w64-mingw32-objdump"

# DLLs of Windows itself (Windows 7 SP1 and later, 64-bit). The C runtime the
# mingw-w64 programs use is msvcrt.dll, part of Windows; no Visual C++
# redistributable (vcruntime*.dll, msvcp*.dll) may appear.
SYSTEM_DLLS = {
    "kernel32.dll", "user32.dll", "gdi32.dll", "advapi32.dll", "shell32.dll", "ole32.dll",
    "oleaut32.dll", "msvcrt.dll", "ws2_32.dll", "comdlg32.dll", "comctl32.dll", "version.dll",
    "shlwapi.dll", "bcrypt.dll", "ntdll.dll", "rpcrt4.dll", "secur32.dll", "crypt32.dll",
    "winmm.dll", "imm32.dll", "setupapi.dll", "userenv.dll", "dbghelp.dll", "psapi.dll",
}


def imports(binary: Path) -> list:
    dump = subprocess.run([OBJDUMP, "-p", str(binary)], check=True, capture_output=True, text=True).stdout
    return [line.split("DLL Name:", 1)[1].strip() for line in dump.splitlines() if "DLL Name:" in line]


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(sys.argv[1]) as archive:
            archive.extractall(tmp)
        binaries = sorted(p for p in Path(tmp).rglob("*") if p.suffix.lower() in (".exe", ".dll"))
        shipped = {p.name.lower() for p in binaries}
        if not any(p.suffix.lower() == ".exe" for p in binaries):
            print(f"{sys.argv[1]}: no .exe in the zip", file=sys.stderr)
            return 1
        # `assimp-retro view` serves three.js from web/three beside the tool (View.cpp).
        tools = [p for p in binaries if p.name.lower() == "assimp-retro.exe"]
        if tools and not (tools[0].parent / "web" / "three" / "build" / "three.module.js").is_file():
            print(f"{sys.argv[1]}: no web/three/build/three.module.js beside assimp-retro.exe", file=sys.stderr)
            return 1
        missing = []
        for binary in binaries:
            names = imports(binary)
            print(f"{binary.relative_to(tmp)}: {', '.join(names)}")
            for name in names:
                if name.lower() not in shipped and name.lower() not in SYSTEM_DLLS:
                    missing.append(f"{binary.name} needs {name}, which is neither in the zip nor part of Windows")
        for line in missing:
            print(line, file=sys.stderr)
        return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
