// assimp-retro: the error every reader and scene builder throws.
//
// Why not DeadlyImportError: Debian's libassimp hides DeadlyErrorBase's
// constructor behind a linker version script, so an out-of-tree importer that
// throws it does not link. BaseImporter::ReadFile catches any std::exception
// and hands what() to Importer::GetErrorString(), so a std::runtime_error
// subclass reaches the user the same way, in Debian's build and in-tree.
#pragma once

#include <stdexcept>
#include <string>

namespace assimp_retro {

class ImportError : public std::runtime_error {
public:
    explicit ImportError(const std::string &message) : std::runtime_error(message) {}
};

} // namespace assimp_retro
