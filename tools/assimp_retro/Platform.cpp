// assimp-retro tool: what differs between POSIX and Windows (docs/windows.md).
// Everything else in the tool holds file names as UTF-8 std::strings and turns
// them into std::filesystem paths with fs::u8path (identity on POSIX; the wide
// API on Windows), which is also what Assimp's default IO system expects.
#include "Tool.h"

#include <cstdio>
#include <cstring>

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN // <windows.h> without its rarely used parts
#endif
#ifndef NOMINMAX
#define NOMINMAX // nor its min/max macros
#endif
#include <windows.h>
#include <shellapi.h>
#include <io.h>
#else
#include <unistd.h>
#endif

namespace retro_tool {

#if defined(_WIN32)
namespace {

std::string Utf8FromWide(const wchar_t *text) {
    const int size = ::WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
    if (size <= 1) {
        return std::string();
    }
    std::string utf8(static_cast<size_t>(size), '\0');
    ::WideCharToMultiByte(CP_UTF8, 0, text, -1, &utf8[0], size, nullptr, nullptr);
    utf8.resize(static_cast<size_t>(size) - 1); // without the terminating zero
    return utf8;
}

} // namespace
#endif

std::vector<std::string> Utf8Arguments(int argc, char *argv[]) {
    std::vector<std::string> args;
#if defined(_WIN32)
    // argv is in the ANSI code page, which cannot hold every file name: the
    // wide command line instead, as UTF-8. Text printed by the tool is UTF-8
    // too, so a console shows it as typed.
    ::SetConsoleOutputCP(CP_UTF8);
    int count = 0;
    if (LPWSTR *wide = ::CommandLineToArgvW(::GetCommandLineW(), &count)) {
        for (int i = 0; i < count; ++i) {
            args.push_back(Utf8FromWide(wide[i]));
        }
        ::LocalFree(wide);
        return args;
    }
#endif
    for (int i = 0; i < argc; ++i) {
        args.push_back(argv[i]);
    }
    return args;
}

bool StderrIsTerminal() {
#if defined(_WIN32)
    // The progress bar redraws itself with VT escape sequences, which a
    // Windows console understands only when asked to (Windows 10 and later).
    if (!_isatty(_fileno(stderr))) {
        return false;
    }
    const HANDLE console = ::GetStdHandle(STD_ERROR_HANDLE);
    DWORD mode = 0;
    return ::GetConsoleMode(console, &mode) &&
            ::SetConsoleMode(console, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING | ENABLE_PROCESSED_OUTPUT);
#else
    return isatty(fileno(stderr)) != 0;
#endif
}

void WriteStderrUnbuffered(const char *text) {
    // Only the raw write: this runs in a signal handler.
#if defined(_WIN32)
    const int ignored = _write(2, text, static_cast<unsigned>(std::strlen(text)));
#else
    const ssize_t ignored = write(STDERR_FILENO, text, std::strlen(text));
#endif
    (void)ignored;
}

} // namespace retro_tool
