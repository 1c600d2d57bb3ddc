// assimp-retro tool: `view <out-dir> [--port N] [--seconds S] [--no-open]`:
// serves a batch's output folder (its gallery, thumbnails and GLB files) on
// 127.0.0.1 only, with the viewer script (web/viewer.js, compiled in) and
// three.js (npm, installed by tools/install_deps.sh; in the Windows zip
// beside the tool), and opens the gallery in the default browser. GET and
// HEAD only, one connection at a time, every path checked (ViewPaths.h).
// Sockets: POSIX, or Winsock on Windows.
#include "Gallery.h"
#include "Tool.h"
#include "ViewPaths.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>
#include <shellapi.h>
using SocketHandle = SOCKET;
constexpr SocketHandle kNoSocket = INVALID_SOCKET;
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>
using SocketHandle = int;
constexpr SocketHandle kNoSocket = -1;
#endif

namespace fs = std::filesystem;

namespace retro_tool {

const char *const kViewHelp =
        "assimp-retro view <out-dir> [--port N] [--seconds S] [--no-open]\n"
        "\n"
        " Serves <out-dir> (made by 'export --recursive ... --gallery') on 127.0.0.1\n"
        " only and opens its gallery in the browser, with a live 3D view of each\n"
        " model: rotate, zoom, play each animation, switch LODs, show sockets and\n"
        " named selections. Nothing outside <out-dir> is served; no network is used.\n"
        "\t--port N     the port (default 8417; 0: any free port)\n"
        "\t--seconds S  stop after S seconds (default: until Ctrl+C)\n"
        "\t--no-open    print the address, do not open a browser\n";

namespace {

/// The URL prefix of what the tool serves itself.
const std::string kOwnPrefix = "/__assimp_retro__/";

void CloseSocket(SocketHandle socket) {
#if defined(_WIN32)
    ::closesocket(socket);
#else
    ::close(socket);
#endif
}

struct ViewArguments {
    std::string folder;
    int port = 8417;
    long seconds = 0;
    bool open = true;
};

bool ParseNumber(const std::string &text, long low, long high, long &value) {
    try {
        size_t used = 0;
        value = std::stol(text, &used);
        return used == text.size() && value >= low && value <= high;
    } catch (const std::exception &) {
        return false;
    }
}

/// Where three.js is: ASSIMP_RETRO_THREE_DIR, then beside the tool (the
/// Windows zip: web/three), then the source tree's npm install
/// (tools/viewer/node_modules/three, ASSIMP_RETRO_SOURCE_THREE_DIR).
fs::path FindThree(const std::string &toolPath) {
    std::error_code ec;
    std::vector<fs::path> candidates;
    if (const char *dir = std::getenv("ASSIMP_RETRO_THREE_DIR")) {
        candidates.push_back(fs::u8path(dir));
    }
    candidates.push_back(fs::u8path(toolPath).parent_path() / "web" / "three");
#ifdef ASSIMP_RETRO_SOURCE_THREE_DIR
    candidates.push_back(fs::u8path(ASSIMP_RETRO_SOURCE_THREE_DIR));
#endif
    for (const fs::path &candidate : candidates) {
        if (fs::is_regular_file(candidate / "build" / "three.module.js", ec)) {
            return fs::canonical(candidate, ec);
        }
    }
    return {};
}

struct Response {
    int status = 404;
    std::string type = "text/plain; charset=utf-8";
    std::string body = "not found\n";
};

Response FileResponse(const fs::path &file) {
    Response response;
    if (file.empty()) {
        return response;
    }
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in) {
        return response;
    }
    response.status = 200;
    response.type = ContentTypeFor(file);
    response.body = bytes.str();
    return response;
}

Response Answer(const std::string &target, const fs::path &root, const fs::path &three) {
    if (target.compare(0, kOwnPrefix.size(), kOwnPrefix) == 0) {
        const std::string own = target.substr(kOwnPrefix.size() - 1); // keeps its leading '/'
        if (own == "/viewer.js") {
            return {200, "text/javascript; charset=utf-8", kViewerJs};
        }
        if (own.compare(0, 7, "/three/") == 0 && !three.empty()) {
            return FileResponse(ResolveServedPath(three, own.substr(6)));
        }
        return {};
    }
    return FileResponse(ResolveServedPath(root, target));
}

const char *StatusText(int status) {
    return status == 200 ? "OK" : status == 405 ? "Method Not Allowed" : status == 400 ? "Bad Request" : "Not Found";
}

/// Reads the request head (at most 16 KiB, 5 s), answers, closes.
void Serve(SocketHandle client, const fs::path &root, const fs::path &three) {
    std::string head;
    char buffer[4096];
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (head.find("\r\n\r\n") == std::string::npos && head.size() < 16384 &&
            std::chrono::steady_clock::now() < deadline) {
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(client, &readable);
        timeval wait{1, 0};
        if (::select(int(client + 1), &readable, nullptr, nullptr, &wait) <= 0) {
            continue;
        }
        const int got = int(::recv(client, buffer, sizeof(buffer), 0));
        if (got <= 0) {
            break;
        }
        head.append(buffer, size_t(got));
    }
    std::istringstream line(head.substr(0, head.find("\r\n")));
    std::string method, target, version;
    line >> method >> target >> version;
    Response response;
    if (method != "GET" && method != "HEAD") {
        response = {method.empty() ? 400 : 405, "text/plain; charset=utf-8", "GET and HEAD only\n"};
    } else {
        response = Answer(target, root, three);
    }
    std::string reply = "HTTP/1.1 " + std::to_string(response.status) + " " + StatusText(response.status) +
            "\r\nContent-Type: " + response.type + "\r\nContent-Length: " + std::to_string(response.body.size()) +
            "\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n";
    if (method != "HEAD") {
        reply += response.body;
    }
    for (size_t sent = 0; sent < reply.size();) {
        const int n = int(::send(client, reply.data() + sent, int(std::min<size_t>(reply.size() - sent, 1 << 20)), 0));
        if (n <= 0) {
            break;
        }
        sent += size_t(n);
    }
    CloseSocket(client);
}

/// A socket listening on 127.0.0.1:`port` (0: any), its port in `port`.
SocketHandle Listen(int &port, std::string &error) {
    SocketHandle server = ::socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
    if (server == kNoSocket) {
        error = "cannot create a socket";
        return kNoSocket;
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // this machine only
    address.sin_port = htons(uint16_t(port));
    socklen_t length = sizeof(address);
    if (::bind(server, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0 || ::listen(server, 16) != 0 ||
            ::getsockname(server, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
        error = "cannot listen on 127.0.0.1:" + std::to_string(port) + " (in use? try --port 0)";
        CloseSocket(server);
        return kNoSocket;
    }
    port = ntohs(address.sin_port);
    return server;
}

void OpenBrowser(const std::string &url) {
#if defined(_WIN32)
    ::ShellExecuteA(nullptr, "open", url.c_str(), nullptr, nullptr, SW_SHOWNORMAL);
#else
    const std::string command = "xdg-open '" + url + "' >/dev/null 2>&1 &";
    if (std::system(command.c_str()) != 0) {
        std::fprintf(stderr, "assimp-retro view: could not open a browser; open %s\n", url.c_str());
    }
#endif
}

int ParseViewArguments(const std::vector<std::string> &args, ViewArguments &view) {
    std::vector<std::string> positional;
    for (size_t i = 0; i < args.size(); ++i) {
        long value = 0;
        if (args[i] == "--no-open") {
            view.open = false;
        } else if ((args[i] == "--port" || args[i] == "--seconds") && i + 1 < args.size()) {
            const bool port = args[i] == "--port";
            if (!ParseNumber(args[++i], 0, port ? 65535 : 86400 * 365, value)) {
                std::fprintf(stderr, "assimp-retro view: invalid value '%s'\n", args[i].c_str());
                return kExitUsage;
            }
            if (port) {
                view.port = int(value);
            } else {
                view.seconds = value;
            }
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            std::fprintf(stderr, "assimp-retro view: unknown parameter '%s'\n", args[i].c_str());
            return kExitUsage;
        } else {
            positional.push_back(args[i]);
        }
    }
    if (positional.size() != 1) {
        std::fprintf(stderr, "assimp-retro view: needs <out-dir>. See 'assimp-retro view --help'\n");
        return kExitUsage;
    }
    view.folder = positional[0];
    return kExitSuccess;
}

} // namespace

int RunView(const std::vector<std::string> &args, const std::string &toolPath) {
    if (!args.empty() && (args[0] == "-h" || args[0] == "--help")) {
        std::printf("%s", kViewHelp);
        return kExitSuccess;
    }
    ViewArguments view;
    if (const int status = ParseViewArguments(args, view)) {
        return status;
    }
    std::error_code ec;
    const fs::path root = fs::canonical(fs::u8path(view.folder), ec);
    if (ec || !fs::is_directory(root, ec)) {
        std::fprintf(stderr, "assimp-retro view: %s is not a folder\n", view.folder.c_str());
        return kExitUsage;
    }
    const fs::path three = FindThree(toolPath);
    if (three.empty()) {
        std::fprintf(stderr, "assimp-retro view: three.js not found (tools/install_deps.sh installs it); "
                             "the gallery works, the 3D view does not\n");
    }
#if defined(_WIN32)
    WSADATA wsa;
    if (::WSAStartup(MAKEWORD(2, 2), &wsa) != 0) {
        std::fprintf(stderr, "assimp-retro view: Winsock did not start\n");
        return kExitUsage;
    }
#endif
    std::string error;
    const SocketHandle server = Listen(view.port, error);
    if (server == kNoSocket) {
        std::fprintf(stderr, "assimp-retro view: %s\n", error.c_str());
        return kExitUsage;
    }
    const std::string url = "http://127.0.0.1:" + std::to_string(view.port) + "/";
    std::printf("Serving %s at %s (Ctrl+C stops)\n", root.u8string().c_str(), url.c_str());
    std::fflush(stdout);
    if (view.open) {
        OpenBrowser(url);
    }
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(view.seconds);
    while (view.seconds == 0 || std::chrono::steady_clock::now() < end) {
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(server, &readable);
        timeval wait{0, 200000};
        if (::select(int(server + 1), &readable, nullptr, nullptr, &wait) <= 0) {
            continue;
        }
        const SocketHandle client = ::accept(server, nullptr, nullptr);
        if (client != kNoSocket) {
            Serve(client, root, three);
        }
    }
    CloseSocket(server);
    return kExitSuccess;
}

} // namespace retro_tool
