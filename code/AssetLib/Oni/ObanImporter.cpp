#include "ObanImporter.h"

#include "ObanReader.h"
#include "OniInstanceFile.h"

#include "Common/FileBuffer.h"
#include "Common/ImportError.h"
#include "Common/SceneHelpers.h"
#include "Common/SceneUnits.h"

#include <assimp_retro/config.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

namespace Assimp {

namespace {

const aiImporterDesc kObanDescription = {
        "Oni OBAN object animation importer (assimp-retro)",
        "assimp-retro",
        "",
        "OniSplit .oni files (VR32) and level instance files levelN_Final.dat (VR31), little-endian (PC and Mac)",
        aiImporterFlags_SupportBinaryFlavour,
        0,
        0,
        0,
        0,
        "oni dat",
};

std::set<std::string> SplitNames(const std::string &list) {
    std::set<std::string> names;
    if (list.empty()) {
        return names;
    }
    std::string current;
    for (const char c : list + " ") {
        if (c == ' ' || c == ',' || c == ';' || c == '\t' || c == '\n') {
            if (!current.empty()) {
                names.insert(assimp_retro::oni::ObanDisplayName(current));
            }
            current.clear();
        } else {
            current += c;
        }
    }
    return names;
}

} // namespace

ObanImporter::ObanImporter() = default;
ObanImporter::~ObanImporter() = default;

const aiImporterDesc *ObanImporter::GetInfo() const {
    return &kObanDescription;
}

bool ObanImporter::CanRead(const std::string &file, IOSystem *io, bool /*checkSig*/) const {
    // By content only: ".dat" is a name many formats use.
    const std::vector<uint8_t> head = assimp_retro::ReadFileHead(io, file, assimp_retro::oni::kHeaderSize);
    return assimp_retro::oni::InstanceFile::LooksLike(head.data(), head.size());
}

void ObanImporter::SetupProperties(const Importer *importer) {
    mOptions.camerasOnAll = importer->GetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, false);
    mOptions.cameraNames = SplitNames(importer->GetPropertyString(AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES, ""));
    mOptions.resampleEveryFrame = importer->GetPropertyBool(AI_CONFIG_IMPORT_OBAN_RESAMPLE, false);
    mOptions.animations = assimp_retro::ReadAnimationOptions(importer);
    mUnitsToMetres = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    mMetresPerUnit = importer->GetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.0f);
    mMapFiles = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, true);
}

void ObanImporter::InternReadFile(const std::string &file, aiScene *scene, IOSystem *io) {
    using namespace assimp_retro;
    // Oni files are small (a level file is a few MB); 1 GiB bounds any allocation.
    // Oni's unit is the decimetre (docs/formats/OBAN.md "Units"); checked before reading.
    const double centimetresPerUnit = CentimetresPerUnit(mMetresPerUnit, 10.0, "OBAN");
    FileBytes data = ReadOrMapWholeFile(io, file, "OBAN", uint64_t(1) << 30, mMapFiles);
    const BinaryReader reader(data.data(), data.size(), "OBAN", file);
    // Checked here too: Assimp skips CanRead when only one importer claims the extension.
    if (!oni::InstanceFile::LooksLike(data.data(), data.size())) {
        oni::InstanceFile parseForTheError(reader); // throws a precise message (version, byte order, checksum)
        reader.FailAt(0, "not an Oni instance file");
    }
    // The contents' keys point into `data`, which lives until the scene is
    // built: the builder converts them from the file's bytes.
    const oni::ObanFileContents contents = oni::ReadObanFile(reader);
    if (mOptions.resampleEveryFrame) {
        // One key per frame: bound the frames a file can make us write.
        for (const oni::ObanAnimation &oban : contents.animations) {
            const int64_t span = int64_t(oban.keys.back().frame) - oban.keys.front().frame;
            if (span > oni::kMaxResampledFrames) {
                throw assimp_retro::ImportError("OBAN: " + file + ": " + oban.instanceName + " spans " +
                        std::to_string(span) + " frames, more than the " + std::to_string(oni::kMaxResampledFrames) +
                        " that " AI_CONFIG_IMPORT_OBAN_RESAMPLE " writes (stored keys work)");
            }
        }
    }
    for (const std::string &name : contents.placeholders) {
        ASSIMP_LOG_WARN("OBAN: ", file, ": ", name,
                " is a placeholder; its data is in another level file (level0_Final.dat)");
    }
    // The root is named after the file with its extension ("OBANdoor.oni"):
    // the stem alone is usually the OBAN's own name, which its animation takes.
    const size_t slash = file.find_last_of("/\\");
    std::string fileName = slash == std::string::npos ? file : file.substr(slash + 1);
    oni::ObanSceneOptions options = mOptions;
    options.positionScale = SceneUnitScale(centimetresPerUnit, mUnitsToMetres); // the scene is converted as built
    oni::BuildObanScene(contents.animations, contents.placeholders, contents.levelFile, std::move(fileName), options,
            scene, MessagePrefix("OBAN", file));
    // The source format before Assimp adds it unsafely (SceneUnits.h).
    RecordUnitsAndSourceFormat(*scene, centimetresPerUnit, mUnitsToMetres, kObanDescription.mName);
}

} // namespace Assimp
