// assimp-retro tool: `export --recursive <in-dir> <out-dir> [-f<id>] [-j N]`.
//
// Converts every file under <in-dir> whose extension an importer knows,
// mirroring the folder structure under <out-dir>, with worker threads. Each
// worker owns its Importer and Exporter (neither is thread-safe); Assimp's
// DefaultLogger is process-wide: a log option or the gallery installs the
// JobLogger once, before the workers, which keeps each file's messages apart
// (JobLog.h). --thumbnails and --gallery: Gallery.h.
#include "Gallery.h"
#include "JobLog.h"
#include "Tool.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/texture_cache.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include <csignal>
#include <cstring>

namespace fs = std::filesystem;

namespace retro_tool {

namespace {

struct BatchArguments {
    std::string inputDir;
    std::string outputDir;
    std::string formatName = "glb2";
    unsigned jobs = 0; ///< 0: hardware concurrency
    ImportOptions options;
    GalleryOptions gallery;
};

struct Job {
    fs::path input;
    fs::path output;
    std::string relative; ///< input path relative to <in-dir>, for messages
};

bool ParseJobs(const std::string &value, unsigned &jobs) {
    try {
        size_t used = 0;
        const long parsed = std::stol(value, &used);
        if (used != value.size() || parsed < 1 || parsed > 1024) {
            return false;
        }
        jobs = static_cast<unsigned>(parsed);
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

// Returns "" on success, else the message.
std::string ParseBatchArguments(const std::vector<std::string> &args, BatchArguments &batch) {
    std::vector<std::string> positional;
    std::vector<std::string> rest;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--recursive" || arg == "-R") {
            continue;
        }
        if (arg == "--gallery" || arg == "--thumbnails") {
            (arg == "--gallery" ? batch.gallery.gallery : batch.gallery.thumbnails) = true;
            continue;
        }
        if (arg == "--split-animations") {
            return "--split-animations writes one file's animations beside its output; it does not go with --recursive";
        }
        if (arg.size() < 2 || arg[0] != '-') {
            positional.push_back(arg);
        } else if (IsCommonParameter(arg)) { // before -f<id> / -j<N>: -fi, -fid, -jiv ...
            rest.push_back(arg);
        } else if (arg == "-f" || arg == "-j") {
            if (i + 1 >= args.size()) {
                return "missing value after " + arg;
            }
            if (arg == "-f") {
                batch.formatName = args[++i];
            } else if (!ParseJobs(args[++i], batch.jobs)) {
                return "invalid job count '" + args[i] + "'";
            }
        } else if (arg.compare(0, 9, "--format=") == 0) {
            batch.formatName = arg.substr(9);
        } else if (arg.compare(0, 7, "--jobs=") == 0) {
            if (!ParseJobs(arg.substr(7), batch.jobs)) {
                return "invalid job count '" + arg + "'";
            }
        } else if (arg.compare(0, 2, "-j") == 0) {
            if (!ParseJobs(arg.substr(2), batch.jobs)) {
                return "invalid job count '" + arg + "'";
            }
        } else if (arg.compare(0, 2, "-f") == 0) {
            batch.formatName = arg.substr(2);
        } else {
            rest.push_back(arg);
        }
    }
    if (positional.size() != 2) {
        return "batch mode needs <in-dir> and <out-dir>. See 'assimp-retro export --help'";
    }
    batch.inputDir = positional[0];
    batch.outputDir = positional[1];
    std::string error;
    if (!ParseCommonParameters(rest, batch.options, error)) {
        return error;
    }
    if (!batch.options.unknown.empty()) {
        return "unknown parameter '" + batch.options.unknown.front() + "'. See 'assimp-retro export --help'";
    }
    return "";
}

// A file that goes with a model and is not one, though an Assimp importer may
// claim its extension: an Oni level's bulk data (levelN_Final.raw, .sep beside
// its .dat; Assimp's RAW importer claims ".raw") and OniSplit's XML of a
// resource beside its .oni (a libassimp with COLLADA but no other XML importer
// hands it to COLLADA, which fails: "File came out empty").
bool IsCompanionFile(const fs::path &path, const std::string &lowerExtension) {
    std::error_code ec;
    if (lowerExtension == ".raw" || lowerExtension == ".sep") {
        return fs::exists(fs::path(path).replace_extension(".dat"), ec);
    }
    if (lowerExtension == ".xml") {
        return fs::exists(fs::path(path).replace_extension(".oni"), ec);
    }
    return false;
}

// Lists the files to convert. Files under <out-dir> (when it lies inside
// <in-dir>) are not inputs. Two inputs that would give the same output name
// (a.obj and a.dae) both keep their full name: a.obj.glb, a.dae.glb.
std::vector<Job> PlanJobs(const fs::path &inputDir, const fs::path &outputDir, const OutputFormat &format,
        Assimp::Importer &importer, unsigned &skipped, std::string &error) {
    std::vector<Job> jobs;
    std::error_code ec;
    const fs::path inputRoot = fs::weakly_canonical(inputDir, ec);
    const fs::path outputRoot = fs::weakly_canonical(outputDir, ec);
    fs::recursive_directory_iterator it(inputRoot, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        error = "cannot read folder " + inputDir.u8string() + ": " + ec.message();
        return jobs;
    }
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) {
            break;
        }
        const fs::path path = it->path();
        if (it->is_directory(ec)) {
            if (IsInsideFolder(path, outputRoot)) {
                it.disable_recursion_pending();
            }
            continue;
        }
        if (!it->is_regular_file(ec)) {
            continue;
        }
        const std::string extension = ToLower(path.extension().u8string());
        if (extension.size() < 2 || !importer.IsExtensionSupported(extension.c_str())) {
            ++skipped;
            continue;
        }
        if (IsCompanionFile(path, extension)) {
            ++skipped;
            continue;
        }
        Job job;
        job.input = path;
        const fs::path relative = path.lexically_relative(inputRoot);
        job.relative = relative.generic_u8string();
        job.output = outputDir / relative.parent_path() / fs::u8path(path.stem().u8string() + "." + format.extension);
        jobs.push_back(job);
    }
    if (ec) {
        error = "cannot read folder " + inputDir.u8string() + ": " + ec.message();
    }
    std::sort(jobs.begin(), jobs.end(), [](const Job &a, const Job &b) { return a.relative < b.relative; });

    std::map<std::string, unsigned> uses;
    for (const Job &job : jobs) {
        ++uses[job.output.u8string()];
    }
    for (Job &job : jobs) {
        if (uses[job.output.u8string()] > 1) {
            job.output =
                    job.output.parent_path() / fs::u8path(job.input.filename().u8string() + "." + format.extension);
        }
    }
    return jobs;
}

// A known extension on a file no importer recognises by content (e.g. an
// .xml that no XML importer takes): not a model, so skipped rather than failed.
bool IsNotAModel(const ConversionResult &result) {
    return !result.ok && result.error.rfind("No suitable reader found", 0) == 0;
}

// Progress on stderr: a bar that redraws itself on a terminal, one line per
// file otherwise (logs, CI). Called by the workers, hence the mutex.
class Progress {
public:
    Progress(size_t total, bool showNotes) : total_(total), showNotes_(showNotes), terminal_(StderrIsTerminal()) {}

    void Done(const Job &job, const ConversionResult &result) {
        std::lock_guard<std::mutex> lock(mutex_);
        ++done_;
        if (!result.ok && !IsNotAModel(result)) {
            ++failed_;
        }
        if (terminal_) {
            if (!result.ok && !IsNotAModel(result)) { // keep failures visible above the bar
                std::fprintf(stderr, "\r\x1b[KFAILED %s: %s\n", job.relative.c_str(), result.error.c_str());
            }
            DrawBar(job.relative);
        } else if (result.ok) {
            std::fprintf(stderr, "[%zu/%zu] ok %s -> %s\n", done_, total_, job.relative.c_str(),
                    job.output.u8string().c_str());
        } else if (IsNotAModel(result)) {
            std::fprintf(stderr, "[%zu/%zu] skipped %s: no importer recognises its content\n", done_, total_,
                    job.relative.c_str());
        } else {
            std::fprintf(stderr, "[%zu/%zu] FAILED %s: %s\n", done_, total_, job.relative.c_str(),
                    result.error.c_str());
        }
        if (showNotes_) {
            for (const std::string &note : result.notes) {
                std::fprintf(stderr, "%s  note: %s: %s\n", terminal_ ? "\r\x1b[K" : "", job.relative.c_str(),
                        note.c_str());
            }
            if (terminal_) {
                DrawBar(job.relative);
            }
        }
        std::fflush(stderr);
    }

    void Finish() {
        if (terminal_ && total_ > 0) {
            std::fprintf(stderr, "\n");
        }
    }

private:
    void DrawBar(const std::string &current) {
        const size_t width = 30;
        const size_t filled = total_ ? done_ * width / total_ : width;
        std::string bar(filled, '#');
        bar.append(width - filled, '.');
        std::string name = current;
        if (name.size() > 40) {
            name = "..." + name.substr(name.size() - 37);
        }
        std::fprintf(stderr, "\r\x1b[K[%s] %zu/%zu, %zu failed  %s", bar.c_str(), done_, total_, failed_, name.c_str());
    }

    std::mutex mutex_;
    size_t total_;
    size_t done_ = 0;
    size_t failed_ = 0;
    bool showNotes_;
    bool terminal_;
};

// A crash inside Assimp (its 5.2.5 exporters have known null dereferences)
// ends the whole process; exceptions cannot catch that. At least say which
// files were being converted, so the user can leave them out and run again.
// Workers publish their current file here; the handler only uses write(2).
constexpr unsigned kMaxTrackedWorkers = 1024; // one slot per worker: -j allows up to 1024 (ParseJobs)
std::atomic<const char *> gCurrentFile[kMaxTrackedWorkers];

void WriteStderr(const char *text) {
    WriteStderrUnbuffered(text);
}

extern "C" void OnFatalSignal(int signalNumber) {
    WriteStderr("\nassimp-retro export: crashed (");
    switch (signalNumber) {
    case SIGSEGV:
        WriteStderr("SIGSEGV");
        break;
#ifdef SIGBUS // not on Windows
    case SIGBUS:
        WriteStderr("SIGBUS");
        break;
#endif
    case SIGFPE:
        WriteStderr("SIGFPE");
        break;
    case SIGILL:
        WriteStderr("SIGILL");
        break;
    case SIGABRT:
        WriteStderr("SIGABRT");
        break;
    default:
        WriteStderr("fatal signal");
        break;
    }
    WriteStderr(") while converting:\n");
    for (unsigned i = 0; i < kMaxTrackedWorkers; ++i) {
        if (const char *file = gCurrentFile[i].load()) {
            WriteStderr("  ");
            WriteStderr(file);
            WriteStderr("\n");
        }
    }
    WriteStderr("Leave the file(s) above out and run again.\n");
    std::signal(signalNumber, SIG_DFL);
    std::raise(signalNumber);
}

void InstallCrashReport() {
#ifdef SIGBUS
    for (int signalNumber : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
#else
    for (int signalNumber : {SIGSEGV, SIGFPE, SIGILL, SIGABRT}) {
#endif
        std::signal(signalNumber, OnFatalSignal);
    }
}

// Checks the folders and the format of a parsed batch. Returns 0 when they are
// usable, else the exit code (after printing why).
int CheckBatch(const BatchArguments &batch, OutputFormat &format) {
    std::error_code ec;
    if (!fs::is_directory(fs::u8path(batch.inputDir), ec)) {
        std::fprintf(stderr, "assimp-retro export: %s is not a folder\n", batch.inputDir.c_str());
        return kExitUsage;
    }
    // The output folder must be a folder (or not exist yet), and not the input
    // folder itself: outputs would overwrite inputs and be converted again.
    if (batch.outputDir.empty() ||
            (fs::exists(fs::u8path(batch.outputDir), ec) && !fs::is_directory(fs::u8path(batch.outputDir), ec))) {
        std::fprintf(stderr, "assimp-retro export: output '%s' is not a folder\n", batch.outputDir.c_str());
        return kExitUsage;
    }
    if (fs::weakly_canonical(fs::u8path(batch.inputDir), ec) == fs::weakly_canonical(fs::u8path(batch.outputDir), ec)) {
        std::fprintf(stderr, "assimp-retro export: the output folder must differ from the input folder\n");
        return kExitUsage;
    }
    Assimp::Exporter formatLookup;
    assimp_retro::RegisterExporters(formatLookup);
    if (!FindOutputFormat(formatLookup, batch.formatName, format)) {
        std::fprintf(stderr, "assimp-retro export: unknown output format '%s' (see 'assimp-retro listexport')\n",
                batch.formatName.c_str());
        return kExitExportFailed;
    }
    return 0;
}

unsigned ChooseWorkerCount(const BatchArguments &batch, size_t jobCount) {
    const unsigned workers = batch.jobs ? batch.jobs : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::min<size_t>(workers, std::max<size_t>(jobCount, 1)));
}

// The work shared by the worker threads: the jobs, where the next one is, the results.
struct BatchRun {
    const std::vector<Job> &jobs;
    const OutputFormat &format;
    const ImportOptions &options;
    BatchGallery *gallery = nullptr; ///< --thumbnails, --gallery
    std::vector<ConversionResult> results;
    std::atomic<size_t> next{0};
    std::atomic<unsigned> nextWorkerSlot{0};
    Progress progress;

    BatchRun(const std::vector<Job> &jobs, const OutputFormat &format, const ImportOptions &options) :
            jobs(jobs), format(format), options(options), results(jobs.size()),
            progress(jobs.size(), options.showLog || options.verbose) {}
};

void ConvertJob(BatchRun &run, const Job &job, Assimp::Importer &importer, Assimp::Exporter &exporter, unsigned slot,
        ConversionResult &result) {
    std::error_code dirError;
    fs::create_directories(job.output.parent_path(), dirError);
    if (dirError) {
        result.error = "cannot create folder " + job.output.parent_path().u8string() + ": " + dirError.message();
        return;
    }
    gCurrentFile[slot] = job.relative.c_str();
    JobLogScope log(nullptr, job.relative); // log lines name the file (JobLog.h)
    auto convert = [&](const ImportOptions &options) {
        return ConvertFile(importer, exporter, job.input.u8string(), job.output.u8string(), run.format, options);
    };
    const size_t index = size_t(&job - run.jobs.data());
    result = run.gallery ? run.gallery->Convert(index, {job.input, job.output, job.relative}, run.options, convert)
                         : convert(run.options);
}

// One worker thread: its own Importer and Exporter (neither is thread-safe),
// jobs taken in turn until none is left. One bad file never stops the batch.
void RunWorker(BatchRun &run) {
    const unsigned slot = run.nextWorkerSlot++ % kMaxTrackedWorkers;
    std::unique_ptr<Assimp::Importer> importer;
    std::unique_ptr<Assimp::Exporter> exporter;
    try {
        importer = std::make_unique<Assimp::Importer>();
        exporter = std::make_unique<Assimp::Exporter>();
        assimp_retro::RegisterAll(*importer);
        assimp_retro::RegisterExporters(*exporter);
    } catch (...) {
        importer.reset();
    }
    for (size_t index = run.next++; index < run.jobs.size(); index = run.next++) {
        const Job &job = run.jobs[index];
        ConversionResult &result = run.results[index];
        ConvertCatchingAll(result, [&] {
            if (!importer) {
                result.error = "cannot create an Assimp importer";
            } else {
                ConvertJob(run, job, *importer, *exporter, slot, result);
            }
        });
        gCurrentFile[slot] = nullptr;
        run.progress.Done(job, result);
    }
}

// Prints the summary; returns the batch's exit code.
int Summarise(const std::vector<Job> &jobs, const std::vector<ConversionResult> &results, unsigned skipped,
        const assimp_retro::TextureCache &textures) {
    size_t converted = 0;
    std::vector<size_t> failures;
    for (size_t i = 0; i < results.size(); ++i) {
        if (results[i].ok) {
            ++converted;
        } else if (IsNotAModel(results[i])) {
            ++skipped;
        } else {
            failures.push_back(i);
        }
    }
    std::fflush(stderr);
    std::printf("\nSummary: %zu converted, %zu failed, %u skipped (not a model any importer knows)\n", converted,
            failures.size(), skipped);
    if (textures.Size() > 0) {
        std::printf("Textures: %zu file(s) decoded once each, reused %zu time(s)\n", textures.Made(),
                textures.Reused());
    }
    if (!failures.empty()) {
        std::printf("Failed:\n");
        for (size_t i : failures) {
            std::printf("  %s: %s\n", jobs[i].relative.c_str(), results[i].error.c_str());
        }
    }
    std::fflush(stdout);
    return failures.empty() ? kExitSuccess : kExitBatchFailures;
}

bool WriteGallery(const BatchGallery &gallery, const BatchArguments &batch, const std::vector<Job> &jobs,
        const std::vector<ConversionResult> &results) {
    std::vector<GalleryFile> files;
    for (const Job &job : jobs) {
        files.push_back({job.input, job.output, job.relative});
    }
    std::error_code ec;
    fs::create_directories(fs::u8path(batch.outputDir), ec);
    std::string error;
    if (!gallery.Write(fs::weakly_canonical(fs::u8path(batch.inputDir), ec), fs::u8path(batch.outputDir), files,
                results, error)) {
        std::fprintf(stderr, "assimp-retro export: gallery: %s\n", error.c_str());
        return false;
    }
    std::printf("Gallery: %s\n", (fs::u8path(batch.outputDir) / "index.html").u8string().c_str());
    return true;
}

} // namespace

int RunBatch(const std::vector<std::string> &args) {
    BatchArguments batch;
    const std::string argumentError = ParseBatchArguments(args, batch);
    if (!argumentError.empty()) {
        std::fprintf(stderr, "assimp-retro export: %s\n", argumentError.c_str());
        return kExitUsage;
    }
    OutputFormat format;
    if (const int exitCode = CheckBatch(batch, format)) {
        return exitCode;
    }
    unsigned skipped = 0;
    std::string planError;
    std::vector<Job> jobs;
    {
        Assimp::Importer importer;
        assimp_retro::RegisterAll(importer);
        jobs = PlanJobs(fs::u8path(batch.inputDir), fs::u8path(batch.outputDir), format, importer, skipped, planError);
    }
    if (!planError.empty()) {
        std::fprintf(stderr, "assimp-retro export: %s\n", planError.c_str());
        return kExitUsage;
    }
    const unsigned workers = ChooseWorkerCount(batch, jobs.size());
    std::printf("assimp-retro export: converting %zu file(s) from %s to %s as '%s' with %u worker(s)\n", jobs.size(),
            batch.inputDir.c_str(), batch.outputDir.c_str(), format.id.c_str(), workers);
    std::fflush(stdout);

    // A texture used by many models is decoded once, by whichever worker needs it first.
    assimp_retro::TextureCache textures;
    batch.options.textureCache = &textures;
    // One logger for all workers, each file's messages kept apart (JobLog.h).
    std::unique_ptr<JobLog> log;
    if (batch.options.LogRequested() || batch.gallery.Any()) {
        log = std::make_unique<JobLog>(batch.options);
    }
    BatchRun run(jobs, format, batch.options);
    std::unique_ptr<BatchGallery> gallery;
    if (batch.gallery.Any()) {
        gallery = std::make_unique<BatchGallery>(batch.gallery, jobs.size());
        run.gallery = gallery.get();
    }
    InstallCrashReport();
    std::vector<std::thread> threads;
    for (unsigned i = 0; i < workers; ++i) {
        threads.emplace_back(RunWorker, std::ref(run));
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
    run.progress.Finish();
    log.reset();
    if (gallery && batch.gallery.gallery && !WriteGallery(*gallery, batch, jobs, run.results)) {
        return kExitExportFailed;
    }
    return Summarise(jobs, run.results, skipped, textures);
}

} // namespace retro_tool
