#include "Common/ExportError.h"

#include <assimp/Exceptional.h>

#ifdef ASSIMP_RETRO_DEFINE_DEADLY_ERROR_BASE
// The constructor Debian's libassimp does not export, as Assimp defines it
// (code/Common/Exceptional.cpp): the message is the formatter's text.
DeadlyErrorBase::DeadlyErrorBase(Assimp::Formatter::format f) : runtime_error(std::string(f)) {}
#endif

namespace assimp_retro {

void ThrowExportError(const std::string &message) {
    throw DeadlyExportError(message.c_str());
}

} // namespace assimp_retro
