// assimp-retro tool: the batch's thumbnails and gallery (`export --recursive
// ... --thumbnails`, `--gallery`, docs/gallery.md). Each worker fills the
// card of the file it converts: the scene's summary, taken right after the
// import (<assimp_retro/scene_summary.h>), its thumbnail beside the output,
// and the warnings and errors that conversion logged (JobLog.h). After the
// batch, OUT/index.html holds every card as data and the page that shows them.
#pragma once

#include "JobLog.h"
#include "Tool.h"

#include <assimp_retro/scene_summary.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace retro_tool {

struct GalleryOptions {
    bool thumbnails = false; ///< --thumbnails (and --gallery): <output>.png beside each output
    bool gallery = false; ///< --gallery: OUT/index.html
    uint32_t thumbnailSize = 256;

    bool Any() const { return thumbnails || gallery; }
};

/// One file of the batch, as the gallery names it.
struct GalleryFile {
    std::filesystem::path input;
    std::filesystem::path output;
    std::string relative; ///< the input below IN, '/' separated
};

/// What the gallery shows of one file.
struct FileCard {
    JobMessages messages;
    /// How many of the messages the import logged: the file's own. The rest
    /// came from preparing and writing the output (Assimp's exporters).
    size_t importWarnings = 0, importErrors = 0;
    bool summarised = false;
    assimp_retro::SceneSummary summary;
    bool thumbnail = false; ///< <output>.png written
    std::string thumbnailError;
};

class BatchGallery {
public:
    BatchGallery(const GalleryOptions &options, size_t files) : options_(options), cards_(files) {}

    const GalleryOptions &Options() const { return options_; }

    /// Converts file `index` through `convert` (ConvertFile with the options
    /// it is given): its log goes to the file's card, and the scene, once
    /// imported, gives the card its summary and thumbnail.
    ConversionResult Convert(size_t index, const GalleryFile &file, const ImportOptions &options,
            const std::function<ConversionResult(const ImportOptions &)> &convert);

    /// Writes OUT/index.html. False with `error` set when it cannot.
    bool Write(const std::filesystem::path &inputDir, const std::filesystem::path &outputDir,
            const std::vector<GalleryFile> &files, const std::vector<ConversionResult> &results,
            std::string &error) const;

private:
    GalleryOptions options_;
    std::vector<FileCard> cards_;
};

/// The thumbnail written beside `output`: "<output file name>.png".
std::filesystem::path ThumbnailPathFor(const std::filesystem::path &output);

/// The gallery page (gallery.html, embedded at build time: WebAssets.cmake)
/// and the viewer script the `view` verb serves.
extern const char kGalleryHtml[];
extern const char kViewerJs[];

} // namespace retro_tool
