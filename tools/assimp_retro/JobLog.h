// assimp-retro tool: one process-wide Assimp logger for a batch whose
// workers convert files at the same time. Assimp's logger is one object for
// the whole process (DefaultLogger), and Assimp's own DefaultLogger keeps
// state between messages (its repeated-message filter), so it cannot serve
// several threads. JobLogger keeps no such state: each message goes to the
// job of the thread that logs it (JobLogScope) and, when the user asked for
// a log (-l, -v, -lo), to stderr or the log file, under a lock, named by
// that job's file.
#pragma once

#include <string>
#include <vector>

namespace retro_tool {

struct ImportOptions;

/// What one file's conversion logged: warnings and errors, each as Assimp
/// gave it (the library's messages name the format and the file part).
struct JobMessages {
    std::vector<std::string> warnings;
    std::vector<std::string> errors;
};

/// Installs the JobLogger as Assimp's DefaultLogger for the lifetime of
/// this object (a batch: before the workers start, until they are joined).
class JobLog {
public:
    explicit JobLog(const ImportOptions &options);
    ~JobLog();
    JobLog(const JobLog &) = delete;
    JobLog &operator=(const JobLog &) = delete;
};

/// While it lives, this thread's warnings and errors go to `messages` (none:
/// nowhere), and lines echoed for the user start with `file`. Scopes nest:
/// the end of one gives back the one before.
class JobLogScope {
public:
    JobLogScope(JobMessages *messages, const std::string &file);
    ~JobLogScope();
    JobLogScope(const JobLogScope &) = delete;
    JobLogScope &operator=(const JobLogScope &) = delete;

private:
    JobMessages *previousMessages_;
    const std::string *previousFile_;
};

} // namespace retro_tool
