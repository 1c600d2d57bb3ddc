#include "support/LogCapture.h"

#include <assimp/DefaultLogger.hpp>

namespace retro_test {

LogCapture::LogCapture() : mStream(new Stream(mMessages)) {
    Assimp::DefaultLogger::create(nullptr, Assimp::Logger::NORMAL, 0);
    Assimp::DefaultLogger::get()->attachStream(mStream, Assimp::Logger::Warn | Assimp::Logger::Err);
}

LogCapture::~LogCapture() {
    Assimp::DefaultLogger::kill(); // deletes the attached stream
}

std::vector<std::string> LogCapture::Containing(const std::string &text) const {
    std::vector<std::string> found;
    for (const std::string &message : mMessages) {
        if (message.find(text) != std::string::npos) {
            found.push_back(message);
        }
    }
    return found;
}

std::string LogCapture::Text() const {
    std::string text;
    for (const std::string &message : mMessages) {
        text += message;
        if (text.empty() || text.back() != '\n') {
            text += '\n';
        }
    }
    return text;
}

} // namespace retro_test
