// assimp-retro test helper: collects Assimp's log (warnings and errors) while
// it lives, e.g. to check that an importer warned about something.
#pragma once

#include <assimp/LogStream.hpp>

#include <string>
#include <vector>

namespace retro_test {

class LogCapture {
public:
    /// Creates Assimp's DefaultLogger (verbose off) with a stream collecting
    /// warnings and errors; the destructor kills the logger again.
    LogCapture();
    ~LogCapture();
    LogCapture(const LogCapture &) = delete;
    LogCapture &operator=(const LogCapture &) = delete;

    const std::vector<std::string> &Messages() const { return mMessages; }
    /// The messages that contain `text`.
    std::vector<std::string> Containing(const std::string &text) const;
    /// True when a message contains `text`.
    bool Contains(const std::string &text) const { return !Containing(text).empty(); }
    /// All messages, one per line, for failure messages.
    std::string Text() const;

private:
    class Stream : public Assimp::LogStream {
    public:
        explicit Stream(std::vector<std::string> &messages) : mOut(messages) {}
        void write(const char *message) override { mOut.emplace_back(message ? message : ""); }

    private:
        std::vector<std::string> &mOut;
    };

    std::vector<std::string> mMessages;
    Stream *mStream; // owned by the logger
};

} // namespace retro_test
