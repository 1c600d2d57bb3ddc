// Key times of the node animation Assimp 5.2.5's FBX exporter wrote, put
// right by the FBX completion pass.
//
// FBX times are KTime, 46186158000 per second. Assimp 5.2.5 writes a key's
// aiVectorKey/aiQuatKey::mTime (in ticks) times 46186158000, as if ticks were
// seconds, and an AnimationStack's LocalStop/ReferenceStop as whole seconds
// of mDuration / mTicksPerSecond rounded down. A LithTech animation (1000
// ticks per second) then plays 1000 times too slowly in Blender, and Assimp's
// FBX importer drops every key after LocalStop. Assimp's main branch divides
// by mTicksPerSecond (to_ktime).
#pragma once

#include "Export/FbxRecords.h"

#include <vector>

struct aiScene;

namespace assimp_retro {

struct FbxCompletionReport;

/// Divides the KeyTime of the curves of every AnimationStack's layer by the
/// ticks per second of the scene's animation of the same place and name (when
/// the file's last key is the animation's last tick taken as seconds), and
/// sets the stack's LocalStop/ReferenceStop to its last key (at least
/// mDuration). Run before morph targets are added. Leaves a stack alone, with
/// a note, when it cannot be matched. Throws fbx::FormatError on a malformed
/// record it reads.
void FixFbxAnimationTimes(const aiScene &scene, const fbx::RecordReader &reader, std::vector<fbx::Record> &top,
        FbxCompletionReport &report);

} // namespace assimp_retro
