#include "support/ExportSupport.h"

#include "AssetLib/LithTech/AbcExporter.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

namespace retro_test {

std::vector<uint8_t> ExportToMemory(const aiScene &scene, const std::string &formatId, std::string *error) {
    Assimp::Exporter exporter;
    exporter.RegisterExporter(assimp_retro::abc::AbcV6ExportEntry());
    exporter.RegisterExporter(assimp_retro::abc::AbcV12ExportEntry());
    const aiExportDataBlob *blob = exporter.ExportToBlob(&scene, formatId.c_str());
    if (!blob) {
        if (error) {
            *error = exporter.GetErrorString();
        }
        return {};
    }
    const uint8_t *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

} // namespace retro_test
