// assimp-retro: this process's id, for file names that parallel processes
// must not share (temporary files, test probes).
#pragma once

#if defined(_WIN32)
#include "Common/WindowsApi.h"
#else
#include <unistd.h>
#endif

namespace assimp_retro {

inline unsigned long CurrentProcessId() {
#if defined(_WIN32)
    return ::GetCurrentProcessId();
#else
    return static_cast<unsigned long>(::getpid());
#endif
}

} // namespace assimp_retro
