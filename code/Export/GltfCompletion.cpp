// Placeholder until the glTF completion lands: leaves the file as Assimp wrote it.
#include <assimp_retro/gltf_completion.h>

namespace assimp_retro {

bool CompleteGltf(const aiScene &, const std::string &, std::string *, GltfCompletionReport *report) {
    if (report) {
        *report = GltfCompletionReport();
    }
    return true;
}

} // namespace assimp_retro
