// assimp-retro: JSON text laid out as Assimp's glTF2 AssetWriter lays it out,
// for what the glTF completion adds to or replaces in a file's text
// (GltfDocument::AppendRawElement, ReplaceRawElement).
#pragma once

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

namespace assimp_retro {

/// One JSON value as Assimp's AssetWriter writes it: rapidjson's Writer in a
/// GLB, its PrettyWriter (4 spaces) in a .gltf. `fill(writer)` writes it.
template <typename Fill>
std::string RapidJsonText(bool pretty, Fill fill) {
    rapidjson::StringBuffer buffer;
    if (pretty) {
        rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
        fill(writer);
    } else {
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        fill(writer);
    }
    return std::string(buffer.GetString(), buffer.GetSize());
}

} // namespace assimp_retro
