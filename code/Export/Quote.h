// assimp-retro: how the export passes name a thing in their notes.
#pragma once

#include <string>

namespace assimp_retro {

/// `text` between `mark`s: "node \"Root\"" in the glTF and metadata notes;
/// the FBX morph target notes use single quotes ('\'').
inline std::string Quote(const std::string &text, char mark = '"') {
    return mark + text + mark;
}

} // namespace assimp_retro
