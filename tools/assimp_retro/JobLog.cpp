#include "JobLog.h"

#include "Tool.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/Logger.hpp>

#include <cstdio>
#include <mutex>

namespace retro_tool {

namespace {

struct ThreadJob {
    JobMessages *messages = nullptr;
    const std::string *file = nullptr;
};
thread_local ThreadJob tJob;

class JobLogger : public Assimp::Logger {
public:
    JobLogger(bool verbose, bool toStderr, const std::string &logFile) :
            Assimp::Logger(verbose ? VERBOSE : NORMAL), toStderr_(toStderr) {
        if (!logFile.empty()) {
            file_ = std::fopen(logFile.c_str(), "w");
        }
    }
    ~JobLogger() override {
        if (file_) {
            std::fclose(file_);
        }
    }

    bool attachStream(Assimp::LogStream *, unsigned) override { return false; }
    bool detachStream(Assimp::LogStream *, unsigned) override { return false; }

protected:
    void OnDebug(const char *message) override { Echo("Debug", message); }
    void OnVerboseDebug(const char *message) override { Echo("Debug", message); }
    void OnInfo(const char *message) override { Echo("Info", message); }
    void OnWarn(const char *message) override {
        if (tJob.messages) {
            tJob.messages->warnings.emplace_back(message ? message : "");
        }
        Echo("Warn", message);
    }
    void OnError(const char *message) override {
        if (tJob.messages) {
            tJob.messages->errors.emplace_back(message ? message : "");
        }
        Echo("Error", message);
    }

private:
    // As Assimp's DefaultLogger writes its lines, with the job's file in
    // place of the thread number.
    void Echo(const char *severity, const char *message) {
        if (!toStderr_ && !file_) {
            return;
        }
        const char *file = tJob.file ? tJob.file->c_str() : "batch";
        std::lock_guard<std::mutex> lock(mutex_);
        if (toStderr_) {
            std::fprintf(stderr, "%s,  %s: %s\n", severity, file, message ? message : "");
        }
        if (file_) {
            std::fprintf(file_, "%s,  %s: %s\n", severity, file, message ? message : "");
        }
    }

    std::mutex mutex_;
    bool toStderr_;
    std::FILE *file_ = nullptr;
};

} // namespace

JobLog::JobLog(const ImportOptions &options) {
    Assimp::DefaultLogger::set(new JobLogger(options.verbose, options.showLog, options.logFile));
}

JobLog::~JobLog() {
    Assimp::DefaultLogger::kill();
}

JobLogScope::JobLogScope(JobMessages *messages, const std::string &file) :
        previousMessages_(tJob.messages), previousFile_(tJob.file) {
    tJob.messages = messages;
    tJob.file = &file;
}

JobLogScope::~JobLogScope() {
    tJob.messages = previousMessages_;
    tJob.file = previousFile_;
}

} // namespace retro_tool
