// Allocations that Assimp 5.2.5 itself never frees, kept out of LeakSanitizer's
// report for one scope (a no-op without ASan). Debian's Assimp 5.2.5 FBX
// importer loses its morph animation data (the morphAnimData/morphKeyData maps
// FBXConverter::ConvertAnimationStack fills with new) on every file with
// DeformPercent curves; a suppression of libassimp.so would hide our own leaks
// too. Only allocations made inside the scope are ignored.
//
//   { retro_test::AssimpLeaks ignored; back = reader.ReadFile(path, 0); }
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

namespace retro_test {

struct AssimpLeaks {
#if defined(__SANITIZE_ADDRESS__)
    AssimpLeaks() { __lsan_disable(); }
    ~AssimpLeaks() { __lsan_enable(); }
#endif
    AssimpLeaks(const AssimpLeaks &) = delete;
    AssimpLeaks &operator=(const AssimpLeaks &) = delete;
#if !defined(__SANITIZE_ADDRESS__)
    AssimpLeaks() {} // user-provided: a scope guard, not an unused variable
#endif
};

} // namespace retro_test
