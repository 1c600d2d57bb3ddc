// ApplyUnitsAndSourceFormat: record the file's unit and the importer,
// optionally convert to metres.
#include "Common/SceneUnits.h"

#include "Common/ImportError.h"
#include "Common/SceneHelpers.h"

#include <assimp/scene.h> // before metadata.h, which needs aiString
#include <assimp/commonMetaData.h>
#include <assimp/metadata.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

namespace assimp_retro {
namespace {

constexpr const char *kOriginalUnitKey = "OriginalUnitScaleFactor";
constexpr const char *kUnitKey = "UnitScaleFactor";

/// The first entry whose key is `key` and whose value is a double, or the
/// entry count (0 without metadata). Compares in place: no aiString or
/// std::string is built.
unsigned FindDouble(const aiMetadata *metadata, const char *key) {
    if (!metadata) {
        return 0;
    }
    const size_t length = std::strlen(key);
    for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
        const aiString &k = metadata->mKeys[i];
        if (k.length == length && std::memcmp(k.data, key, length) == 0 && metadata->mValues[i].mType == AI_DOUBLE) {
            return i;
        }
    }
    return metadata->mNumProperties;
}

/// An entry to append: a double, or (with `text`) a string.
struct NewEntry {
    const char *key;
    double number;
    const char *text;
};

/// Appends `added` entries with one reallocation of the key and value arrays
/// (to no metadata: makes it). Not aiMetadata::Add: in Assimp 5.2.5 it loses
/// its new key array when the value array's allocation throws, and it
/// reallocates per entry. Here nothing changes unless every allocation
/// succeeds: the new entries are made first, in arrays the old entries then
/// move into.
void AppendEntries(aiMetadata *&metadata, const NewEntry *entries, unsigned added) {
    if (added == 0) {
        return;
    }
    const unsigned count = metadata ? metadata->mNumProperties : 0;
    std::unique_ptr<aiMetadata> grown = NewMetadata(count + added);
    for (unsigned i = 0; i < added; ++i) {
        if (entries[i].text) {
            SetMetadataString(*grown, count + i, entries[i].key, entries[i].text);
        } else {
            SetMetadataEntry(*grown, count + i, entries[i].key, entries[i].number);
        }
    }
    if (!metadata) {
        metadata = grown.release();
        return;
    }
    for (unsigned i = 0; i < count; ++i) {
        grown->mKeys[i] = metadata->mKeys[i];
        grown->mValues[i] = metadata->mValues[i]; // the entry's data moves with it
    }
    std::swap(metadata->mKeys, grown->mKeys);
    std::swap(metadata->mValues, grown->mValues);
    metadata->mNumProperties = count + added;
    grown->mNumProperties = 0; // the old arrays only: their entries' data now belongs to `metadata`
}

/// Records the unit entries and the source format (`importerName`):
/// an existing double entry of a unit key is overwritten, the rest is
/// appended in one reallocation (in the order original unit, unit, format).
void RecordMetadata(aiScene &scene, double originalUnit, double unit, const char *importerName) {
    aiMetadata *metadata = scene.mMetaData; // none yet in most scenes: AppendEntries makes it
    const unsigned count = metadata ? metadata->mNumProperties : 0;
    NewEntry entries[3];
    unsigned added = 0;
    for (const NewEntry &entry :
            {NewEntry{kOriginalUnitKey, originalUnit, nullptr}, NewEntry{kUnitKey, unit, nullptr}}) {
        const unsigned at = FindDouble(metadata, entry.key);
        if (at == count) {
            entries[added++] = entry;
        } else if (metadata->mValues[at].mData) {
            *static_cast<double *>(metadata->mValues[at].mData) = entry.number;
        } else {
            metadata->mValues[at].mData = new double(entry.number);
        }
    }
    // HasKey, as Assimp's Importer::ReadFile asks before adding the entry itself.
    if (!metadata || !metadata->HasKey(AI_METADATA_SOURCE_FORMAT)) {
        entries[added++] = NewEntry{AI_METADATA_SOURCE_FORMAT, 0.0, importerName};
    }
    AppendEntries(scene.mMetaData, entries, added);
}

/// S * m * S^-1 for the uniform scale S = s: the same rotation and scale,
/// the translation times s.
void ScaleTranslation(aiMatrix4x4 &m, ai_real s) {
    m.a4 *= s;
    m.b4 *= s;
    m.c4 *= s;
}

void ScaleNodes(aiNode &node, ai_real s) {
    ScaleTranslation(node.mTransformation, s);
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren; ++i) {
        if (node.mChildren[i]) {
            ScaleNodes(*node.mChildren[i], s);
        }
    }
}

void ScalePositions(aiVector3D *positions, unsigned count, ai_real s) {
    for (unsigned i = 0; positions && i < count; ++i) {
        positions[i] *= s;
    }
}

void ScaleMeshes(aiScene &scene, ai_real s) {
    for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes; ++m) {
        aiMesh *mesh = scene.mMeshes[m];
        if (!mesh) {
            continue;
        }
        ScalePositions(mesh->mVertices, mesh->mNumVertices, s);
        mesh->mAABB.mMin *= s;
        mesh->mAABB.mMax *= s;
        for (unsigned b = 0; b < mesh->mNumBones && mesh->mBones; ++b) {
            if (mesh->mBones[b]) {
                ScaleTranslation(mesh->mBones[b]->mOffsetMatrix, s);
            }
        }
        for (unsigned a = 0; a < mesh->mNumAnimMeshes && mesh->mAnimMeshes; ++a) {
            if (mesh->mAnimMeshes[a]) {
                ScalePositions(mesh->mAnimMeshes[a]->mVertices, mesh->mAnimMeshes[a]->mNumVertices, s);
            }
        }
    }
}

void ScalePositionKeys(aiScene &scene, ai_real s) {
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels && animation->mChannels; ++c) {
            aiNodeAnim *channel = animation->mChannels[c];
            for (unsigned k = 0; channel && k < channel->mNumPositionKeys && channel->mPositionKeys; ++k) {
                channel->mPositionKeys[k].mValue *= s;
            }
        }
    }
}

void ScaleCamerasAndLights(aiScene &scene, ai_real s) {
    for (unsigned c = 0; c < scene.mNumCameras && scene.mCameras; ++c) {
        aiCamera *camera = scene.mCameras[c];
        if (camera) {
            camera->mPosition *= s;
            camera->mClipPlaneNear *= s;
            camera->mClipPlaneFar *= s;
            camera->mOrthographicWidth *= s;
        }
    }
    for (unsigned l = 0; l < scene.mNumLights && scene.mLights; ++l) {
        if (scene.mLights[l]) {
            scene.mLights[l]->mPosition *= s;
        }
    }
}

} // namespace

double CentimetresPerUnit(float metresPerUnit, double defaultCentimetresPerUnit, const char *format) {
    if (metresPerUnit == 0.0f) {
        return defaultCentimetresPerUnit;
    }
    // A micrometre to a kilometre: beyond that the product overflows or
    // underflows a float position long before any game's unit is reached.
    if (!(metresPerUnit >= 1e-6f && metresPerUnit <= 1000.0f)) {
        char value[32];
        std::snprintf(value, sizeof(value), "%g", static_cast<double>(metresPerUnit));
        throw ImportError(std::string(format) + ": IMPORT_RETRO_METRES_PER_UNIT is " + value +
                ": expected 0 (the format's default) or a length in metres from 1e-06 to 1000");
    }
    // The shortest decimal that reads back as the float (0.022f -> 0.022),
    // so that the recorded factor is the value the user wrote, not its
    // nearest float (2.2, not 2.19999998807907).
    double metres = metresPerUnit;
    for (int digits = 6; digits <= 9; ++digits) {
        char text[32];
        std::snprintf(text, sizeof(text), "%.*g", digits, static_cast<double>(metresPerUnit));
        if (std::strtof(text, nullptr) == metresPerUnit) {
            metres = std::strtod(text, nullptr);
            break;
        }
    }
    return metres * kCentimetresPerMetre;
}

ai_real SceneUnitScale(double centimetresPerUnit, bool toMetres) {
    const bool convert = toMetres && centimetresPerUnit != kCentimetresPerMetre;
    return convert ? static_cast<ai_real>(centimetresPerUnit / kCentimetresPerMetre) : ai_real(1);
}

void RecordUnitsAndSourceFormat(aiScene &scene, double centimetresPerUnit, bool toMetres, const char *importerName) {
    const bool converted = toMetres && centimetresPerUnit != kCentimetresPerMetre && scene.mRootNode;
    RecordMetadata(scene, centimetresPerUnit, converted ? kCentimetresPerMetre : centimetresPerUnit, importerName);
}

void ApplyUnitsAndSourceFormat(aiScene &scene, double centimetresPerUnit, bool toMetres, PositionKeys positionKeys,
        const char *importerName) {
    RecordUnitsAndSourceFormat(scene, centimetresPerUnit, toMetres, importerName);
    const bool convert = toMetres && centimetresPerUnit != kCentimetresPerMetre && scene.mRootNode;
    if (!convert) {
        return;
    }
    const ai_real scale = SceneUnitScale(centimetresPerUnit, toMetres);
    ScaleNodes(*scene.mRootNode, scale);
    ScaleMeshes(scene, scale);
    if (positionKeys == PositionKeys::InFileUnits) {
        ScalePositionKeys(scene, scale);
    }
    ScaleCamerasAndLights(scene, scale);
}

} // namespace assimp_retro
