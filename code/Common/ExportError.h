// assimp-retro: the error every exporter throws.
//
// Assimp::Exporter::Export reports an exporter's failure through
// GetErrorString() only for a DeadlyExportError; any other exception gives
// AI_FAILURE with an empty message. Debian's libassimp hides the constructor
// DeadlyExportError needs (DeadlyErrorBase(Formatter::format), see
// ImportError.h), so the library defines it itself when a link test shows it
// missing (CMakeLists.txt: ASSIMP_RETRO_DEFINE_DEADLY_ERROR_BASE).
#pragma once

#include <string>

namespace assimp_retro {

/// Throws DeadlyExportError(message).
[[noreturn]] void ThrowExportError(const std::string &message);

/// For the passes that report failure as `false` and a message: stores
/// `message` in `*error` when `error` is given, and returns false.
inline bool FailWith(std::string *error, const std::string &message) {
    if (error) {
        *error = message;
    }
    return false;
}

} // namespace assimp_retro
