// P3D importer on files made by the project's own ODOL v7 / MLOD writer:
// exact geometry, materials, selections, proxies, morph frames, LOD choice,
// ODOL == MLOD, and clear errors on corrupt input.
#include "AssetLib/Poseidon/P3dReader.h"
#include <assimp_retro/gltf_texture_refs.h>
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/GltfMaterial.h>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>

namespace wp = retro_test::p3d;
using assimp_retro::p3d::Model;
using assimp_retro::p3d::Vec3;

namespace {

const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, int lods = 2) {
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, lods);
    return retro_test::ImportMemory(importer, bytes, "p3d");
}

std::string ImportError(const std::vector<uint8_t> &bytes) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, bytes);
    EXPECT_EQ(scene, nullptr);
    return importer.GetErrorString();
}

const aiNode *Child(const aiNode *node, const std::string &name) {
    for (unsigned i = 0; node && i < node->mNumChildren; ++i) {
        if (name == node->mChildren[i]->mName.C_Str()) {
            return node->mChildren[i];
        }
    }
    return nullptr;
}

std::string MetaString(const aiNode *node, const std::string &key) {
    aiString value;
    if (node && node->mMetaData && node->mMetaData->Get(key, value)) {
        return value.C_Str();
    }
    return "<missing>";
}

const aiMesh *MeshWithMaterial(const aiScene *scene, const aiNode *node, const std::string &materialName) {
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[i]];
        if (materialName == scene->mMaterials[mesh->mMaterialIndex]->GetName().C_Str()) {
            return mesh;
        }
    }
    return nullptr;
}

aiVector3D Expected(const Vec3 &p) {
    return aiVector3D(p.x, p.y, -p.z); // author coordinates, Z mirrored
}

bool Close(const aiVector3D &a, const aiVector3D &b, float eps = 1e-5f) {
    return (a - b).Length() <= eps;
}

/// The sample without per-face flags MLOD cannot express (alpha, clamp,
/// hidden): the same model in both formats.
Model PortableSample() {
    Model model = wp::SampleModel();
    for (auto &lod : model.lods) {
        for (auto &face : lod.faces) {
            face.special &= assimp_retro::p3d::kIsHiddenProxy;
        }
    }
    return model;
}

} // namespace

TEST(P3dImport, LodNodesAndDefaultChoice) {
    const auto bytes = wp::WriteOdol(wp::SampleModel());
    const std::vector<std::vector<std::string>> expected = {
        {"LOD 1.000"},
        {"LOD 1.000", "LOD 2.000", "View Gunner"},
        {"LOD 1.000", "LOD 2.000", "View Gunner", "Geometry", "Memory"},
    };
    for (int lods = 0; lods <= 2; ++lods) {
        Assimp::Importer importer;
        const aiScene *scene = ImportBytes(importer, bytes, lods);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ASSERT_EQ(scene->mRootNode->mNumChildren, expected[lods].size()) << lods;
        for (size_t i = 0; i < expected[lods].size(); ++i) {
            EXPECT_EQ(expected[lods][i], scene->mRootNode->mChildren[i]->mName.C_Str());
        }
    }
    // Without the property: the first visual LOD.
    Assimp::Importer importer;
    const aiScene *scene = retro_test::ImportMemory(importer, bytes, "p3d");
    ASSERT_NE(scene, nullptr);
    EXPECT_EQ(scene->mRootNode->mNumChildren, 1u);
}

TEST(P3dImport, ExactGeometryUvsAndWinding) {
    const Model model = wp::SampleModel();
    const auto bytes = wp::WriteOdol(model);
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, bytes, 0);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNode *lodNode = Child(scene->mRootNode, "LOD 1.000");
    ASSERT_NE(lodNode, nullptr);
    ASSERT_EQ(lodNode->mNumMeshes, 2u);
    const auto &lod = model.lods[0];

    const aiMesh *a = MeshWithMaterial(scene, lodNode, "data\\grid_a.paa");
    const aiMesh *b = MeshWithMaterial(scene, lodNode, "data\\grid_b.pac");
    ASSERT_TRUE(a && b);
    // 128 quads - 1 hidden = 127 quads + 1 triangle; 128 quads.
    EXPECT_EQ(a->mNumFaces, 127u * 2 + 1);
    EXPECT_EQ(b->mNumFaces, 256u);
    EXPECT_EQ(b->mNumVertices, 9u * 17);

    for (const aiMesh *mesh : {a, b}) {
        ASSERT_TRUE(mesh->HasNormals() && mesh->HasTextureCoords(0));
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            // Find the author's vertex: positions are unique in the grid.
            size_t found = SIZE_MAX;
            for (size_t k = 0; k < 289; ++k) {
                if (Close(mesh->mVertices[v], Expected(lod.positions[k]))) {
                    found = k;
                }
            }
            ASSERT_NE(found, SIZE_MAX) << "vertex " << v << " is not an author position";
            const auto &uv = lod.uvs[found];
            EXPECT_FLOAT_EQ(mesh->mTextureCoords[0][v].x, uv.u);
            EXPECT_FLOAT_EQ(mesh->mTextureCoords[0][v].y, 1.f - uv.v); // v flipped
            const Vec3 &n = lod.normals[found];
            const aiVector3D expectedNormal = aiVector3D(-n.x, -n.y, n.z).Normalize();
            EXPECT_TRUE(Close(mesh->mNormals[v], expectedNormal)) << v;
        }
        // Counter-clockwise front faces agree with the (outward, upward) normals.
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const unsigned *ix = mesh->mFaces[f].mIndices;
            ASSERT_EQ(mesh->mFaces[f].mNumIndices, 3u);
            const aiVector3D c = (mesh->mVertices[ix[1]] - mesh->mVertices[ix[0]]) ^
                    (mesh->mVertices[ix[2]] - mesh->mVertices[ix[0]]);
            EXPECT_GT(c.y, 0.f) << "face " << f << " is clockwise seen from above";
            EXPECT_GT(c * mesh->mNormals[ix[0]], 0.f);
        }
    }
    // The hidden quad (0,0)-(1,1) in author XZ: its centre is covered by no triangle of mesh a.
    // Its four corners still exist (neighbours use them); count faces touching vertex (-2,*, 2) mirrored.
    unsigned touchingCorner = 0;
    const aiVector3D corner = Expected(lod.positions[0]);
    for (unsigned f = 0; f < a->mNumFaces; ++f) {
        for (unsigned k = 0; k < 3; ++k) {
            touchingCorner += Close(a->mVertices[a->mFaces[f].mIndices[k]], corner) ? 1 : 0;
        }
    }
    EXPECT_EQ(touchingCorner, 1u); // only the extra triangle (0, 17, 18); the hidden quad is gone
    // The proxy placeholder triangle is not drawn.
    for (const aiMesh *mesh : {a, b}) {
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            EXPECT_FALSE(Close(mesh->mVertices[v], Expected({2.5f, 2.f, 0.25f})));
        }
    }
}

TEST(P3dImport, MaterialsKeepTexturePathsAndFlags) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(wp::SampleModel()), 2);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    std::map<std::string, const aiMaterial *> byName;
    for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
        byName[scene->mMaterials[i]->GetName().C_Str()] = scene->mMaterials[i];
    }
    ASSERT_TRUE(byName.count("data\\grid_a.paa") && byName.count("data\\grid_b.pac") && byName.count("data\\box.paa") &&
            byName.count("untextured"));
    EXPECT_EQ(byName.size(), 4u);
    aiString path;
    ASSERT_EQ(byName["data\\grid_a.paa"]->GetTexture(aiTextureType_DIFFUSE, 0, &path), AI_SUCCESS);
    EXPECT_STREQ(path.C_Str(), "data\\grid_a.paa"); // verbatim, backslash kept
    EXPECT_EQ(byName["untextured"]->GetTextureCount(aiTextureType_DIFFUSE), 0u);

    int mapU = -1, mapV = -1;
    EXPECT_EQ(byName["data\\grid_a.paa"]->Get(AI_MATKEY_MAPPINGMODE_U_DIFFUSE(0), mapU), AI_SUCCESS);
    EXPECT_EQ(mapU, aiTextureMapMode_Wrap); // 0x2000 NoClamp
    byName["data\\grid_b.pac"]->Get(AI_MATKEY_MAPPINGMODE_U_DIFFUSE(0), mapU);
    byName["data\\grid_b.pac"]->Get(AI_MATKEY_MAPPINGMODE_V_DIFFUSE(0), mapV);
    EXPECT_EQ(mapU, aiTextureMapMode_Clamp); // 0xC000 ClampU|ClampV
    EXPECT_EQ(mapV, aiTextureMapMode_Clamp);
    aiString alphaMode;
    EXPECT_EQ(byName["data\\grid_b.pac"]->Get(AI_MATKEY_GLTF_ALPHAMODE, alphaMode), AI_SUCCESS); // 0x100 IsAlpha
    EXPECT_STREQ(alphaMode.C_Str(), "BLEND");
    EXPECT_NE(byName["data\\grid_a.paa"]->Get(AI_MATKEY_GLTF_ALPHAMODE, alphaMode), AI_SUCCESS);
}

TEST(P3dImport, SelectionsPropertiesProxiesAndMemoryPoints) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(wp::SampleModel()), 2);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNode *lod = Child(scene->mRootNode, "LOD 1.000");
    ASSERT_NE(lod, nullptr);
    EXPECT_EQ(MetaString(lod, "selection:otocvez"), "153 vertices, 128 faces");
    EXPECT_EQ(MetaString(lod, "selection:kolo"), "4 vertices, 1 faces");
    EXPECT_EQ(MetaString(lod, "property:class"), "vehicle");
    EXPECT_EQ(MetaString(lod, "property:lodnoshadow"), "1");
    EXPECT_EQ(MetaString(lod, "texture:1"), "data\\grid_b.pac");

    const aiNode *proxy = Child(lod, "proxy:data\\proxies\\driver.01");
    ASSERT_NE(proxy, nullptr);
    // M' = S M S: aside (0,0,-1), up (0,1,0), dir (1,0,0), position (0.5,2,0.25) become
    // rows [0 0 -1 0.5], [0 1 0 2], [1 0 0 -0.25].
    const aiMatrix4x4 expected(0, 0, -1, 0.5f, 0, 1, 0, 2, 1, 0, 0, -0.25f, 0, 0, 0, 1);
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            EXPECT_NEAR(proxy->mTransformation[r][c], expected[r][c], 1e-5f) << r << "," << c;
        }
    }
    EXPECT_EQ(MetaString(proxy, "p3d:proxy"), "data\\proxies\\driver");

    const aiNode *memory = Child(scene->mRootNode, "Memory");
    ASSERT_NE(memory, nullptr);
    ASSERT_EQ(memory->mNumChildren, 3u);
    const aiNode *muzzle = Child(memory, "usti hlavne");
    ASSERT_NE(muzzle, nullptr);
    EXPECT_TRUE(Close(aiVector3D(muzzle->mTransformation.a4, muzzle->mTransformation.b4, muzzle->mTransformation.c4),
            aiVector3D(0.f, 1.5f, 3.f))); // author z = -3 (front), glTF front = +Z
    EXPECT_EQ(memory->mNumMeshes, 0u);
}

TEST(P3dImport, MorphFramesBecomeTargetsAndAnimation) {
    const Model model = wp::SampleModel();
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(model), 0);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNode *lod = Child(scene->mRootNode, "LOD 1.000");
    ASSERT_NE(lod, nullptr);
    for (unsigned i = 0; i < lod->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod->mMeshes[i]];
        ASSERT_EQ(mesh->mNumAnimMeshes, 2u);
        const aiAnimMesh *rest = mesh->mAnimMeshes[0];
        const aiAnimMesh *raised = mesh->mAnimMeshes[1];
        ASSERT_EQ(raised->mNumVertices, mesh->mNumVertices);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            EXPECT_TRUE(Close(rest->mVertices[v], mesh->mVertices[v]));
            const float dy = raised->mVertices[v].y - mesh->mVertices[v].y;
            // The turret half (author x >= 0 on the 17-wide grid: column >= 8) is raised.
            const bool turret = mesh->mVertices[v].x >= -1e-6f;
            EXPECT_NEAR(dy, turret ? 0.5f : 0.f, 1e-5f) << v;
        }
    }
    ASSERT_EQ(scene->mNumAnimations, 1u);
    const aiAnimation *anim = scene->mAnimations[0];
    EXPECT_GT(anim->mTicksPerSecond, 0.0);
    EXPECT_DOUBLE_EQ(anim->mDuration, 0.5);
    // A constant identity channel on the LOD node keeps Assimp's exporter from
    // writing an empty (invalid) glTF animation.
    ASSERT_EQ(anim->mNumChannels, 1u);
    EXPECT_STREQ(anim->mChannels[0]->mNodeName.C_Str(), "LOD 1.000");
    EXPECT_EQ(anim->mChannels[0]->mNumPositionKeys, 2u);
    ASSERT_EQ(anim->mNumMorphMeshChannels, 1u);
    const aiMeshMorphAnim *channel = anim->mMorphMeshChannels[0];
    EXPECT_STREQ(channel->mName.C_Str(), "LOD 1.000"); // the node holding the morphing meshes
    ASSERT_EQ(channel->mNumKeys, 2u);
    EXPECT_DOUBLE_EQ(channel->mKeys[0].mTime, 0.0);
    EXPECT_DOUBLE_EQ(channel->mKeys[1].mTime, 0.5);
    // Each key names only its own target (weight 1); the others are 0.
    for (unsigned k = 0; k < 2; ++k) {
        ASSERT_EQ(channel->mKeys[k].mNumValuesAndWeights, 1u);
        EXPECT_EQ(channel->mKeys[k].mValues[0], k);
        EXPECT_DOUBLE_EQ(channel->mKeys[k].mWeights[0], 1.0);
    }
}

// The same model as ODOL and as MLOD (SP3X and P3DM) gives the same scene:
// bounding centre added back, polygon order reversed, vertices split.
TEST(P3dImport, OdolAndMlodGiveTheSameScene) {
    const Model model = PortableSample();
    Assimp::Importer odolImporter;
    const aiScene *odol = ImportBytes(odolImporter, wp::WriteOdol(model), 2);
    ASSERT_NE(odol, nullptr) << odolImporter.GetErrorString();
    for (bool p3dm : {false, true}) {
        SCOPED_TRACE(p3dm ? "P3DM" : "SP3X");
        Assimp::Importer mlodImporter;
        const aiScene *mlod = ImportBytes(mlodImporter, wp::WriteMlod(model, p3dm), 2);
        ASSERT_NE(mlod, nullptr) << mlodImporter.GetErrorString();
        ASSERT_EQ(mlod->mNumMeshes, odol->mNumMeshes);
        ASSERT_EQ(mlod->mNumMaterials, odol->mNumMaterials);
        for (unsigned m = 0; m < odol->mNumMaterials; ++m) {
            EXPECT_STREQ(mlod->mMaterials[m]->GetName().C_Str(), odol->mMaterials[m]->GetName().C_Str());
        }
        for (unsigned m = 0; m < odol->mNumMeshes; ++m) {
            const aiMesh *x = odol->mMeshes[m];
            const aiMesh *y = mlod->mMeshes[m];
            SCOPED_TRACE(x->mName.C_Str());
            EXPECT_STREQ(x->mName.C_Str(), y->mName.C_Str());
            ASSERT_EQ(x->mNumVertices, y->mNumVertices);
            ASSERT_EQ(x->mNumFaces, y->mNumFaces);
            for (unsigned v = 0; v < x->mNumVertices; ++v) {
                EXPECT_TRUE(Close(x->mVertices[v], y->mVertices[v])) << v;
                EXPECT_TRUE(Close(x->mNormals[v], y->mNormals[v])) << v;
                EXPECT_TRUE(Close(x->mTextureCoords[0][v], y->mTextureCoords[0][v])) << v;
            }
            for (unsigned f = 0; f < x->mNumFaces; ++f) {
                for (unsigned k = 0; k < 3; ++k) {
                    EXPECT_EQ(x->mFaces[f].mIndices[k], y->mFaces[f].mIndices[k]);
                }
            }
            ASSERT_EQ(x->mNumAnimMeshes, y->mNumAnimMeshes);
            for (unsigned t = 0; t < x->mNumAnimMeshes; ++t) {
                for (unsigned v = 0; v < x->mNumVertices; ++v) {
                    EXPECT_TRUE(Close(x->mAnimMeshes[t]->mVertices[v], y->mAnimMeshes[t]->mVertices[v]));
                }
            }
        }
        // Nodes: names, transforms (proxies, memory points), selection metadata.
        std::function<void(const aiNode *, const aiNode *)> compare = [&](const aiNode *x, const aiNode *y) {
            ASSERT_STREQ(x->mName.C_Str(), y->mName.C_Str());
            ASSERT_EQ(x->mNumChildren, y->mNumChildren) << x->mName.C_Str();
            for (unsigned r = 0; r < 4; ++r) {
                for (unsigned c = 0; c < 4; ++c) {
                    EXPECT_NEAR(x->mTransformation[r][c], y->mTransformation[r][c], 1e-5f) << x->mName.C_Str();
                }
            }
            if (x->mMetaData) {
                ASSERT_TRUE(y->mMetaData);
                for (unsigned i = 0; i < x->mMetaData->mNumProperties; ++i) {
                    const std::string key = x->mMetaData->mKeys[i].C_Str();
                    if (key.rfind("selection:", 0) == 0 || key.rfind("property:", 0) == 0 ||
                            key.rfind("texture:", 0) == 0) {
                        EXPECT_EQ(MetaString(x, key), MetaString(y, key)) << key;
                    }
                }
            }
            for (unsigned i = 0; i < x->mNumChildren; ++i) {
                compare(x->mChildren[i], y->mChildren[i]);
            }
        };
        ASSERT_EQ(odol->mRootNode->mNumChildren, mlod->mRootNode->mNumChildren);
        for (unsigned i = 0; i < odol->mRootNode->mNumChildren; ++i) {
            compare(odol->mRootNode->mChildren[i], mlod->mRootNode->mChildren[i]);
        }
    }
}

TEST(P3dImport, SampleExportsToValidGlbWithMorphWeights) {
    for (int lods : {0, 2}) {
        for (bool mlod : {false, true}) {
            SCOPED_TRACE(std::to_string(lods) + (mlod ? " MLOD" : " ODOL"));
            Assimp::Importer importer;
            const auto bytes = mlod ? wp::WriteMlod(wp::SampleModel()) : wp::WriteOdol(wp::SampleModel());
            const aiScene *scene = ImportBytes(importer, bytes, lods);
            ASSERT_NE(scene, nullptr) << importer.GetErrorString();
            EXPECT_EQ(assimp_retro::MoveNonGltfTextures(const_cast<aiScene *>(scene)), lods == 0 ? 2u : 3u);
            const std::string out = retro_test::OutputPath("p3d/sample_" + std::string(mlod ? "mlod" : "odol") +
                    std::to_string(lods) + ".glb");
            Assimp::Exporter exporter;
            ASSERT_EQ(exporter.Export(scene, "glb2", out), AI_SUCCESS) << exporter.GetErrorString();
            assimp_retro::GltfCompletionReport report;
            std::string error;
            ASSERT_TRUE(assimp_retro::CompleteGltf(*scene, out, &error, &report)) << error;
            retro_test::ExpectValidGltf(out);
            const auto glb = retro_test::ReadFile(out);
            const std::string text(glb.begin(), glb.end());
            EXPECT_EQ(text.find("\"uri\""), std::string::npos); // no image URI of a game texture
            EXPECT_EQ(text.find("\"images\""), std::string::npos);
            EXPECT_NE(text.find("\"weights\""), std::string::npos) << "morph animation has no weights channel";
        }
    }
}

TEST(P3dImport, MoveNonGltfTexturesKeepsThePath) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(wp::SampleModel()), 0);
    ASSERT_NE(scene, nullptr);
    aiScene *editable = const_cast<aiScene *>(scene);
    assimp_retro::MoveNonGltfTextures(editable);
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        EXPECT_EQ(scene->mMaterials[m]->GetTextureCount(aiTextureType_DIFFUSE), 0u);
        aiString moved;
        EXPECT_EQ(scene->mMaterials[m]->Get(AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0, moved),
                AI_SUCCESS);
        EXPECT_STREQ(moved.C_Str(), scene->mMaterials[m]->GetName().C_Str());
    }
    EXPECT_TRUE(assimp_retro::IsGltfImagePath("textures/a.PNG"));
    EXPECT_TRUE(assimp_retro::IsGltfImagePath("*0"));
    EXPECT_FALSE(assimp_retro::IsGltfImagePath("data\\a.paa"));
}

// ---- hostile input ---------------------------------------------------------------

namespace {

void PutU32(std::vector<uint8_t> &b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) {
        b[at + i] = uint8_t(v >> (8 * i));
    }
}

size_t Find(const std::vector<uint8_t> &b, const std::string &s, size_t from = 0) {
    const auto it = std::search(b.begin() + from, b.end(), s.begin(), s.end());
    return it == b.end() ? SIZE_MAX : size_t(it - b.begin());
}

Model Small() {
    Model model = wp::GridModel(2);
    return model;
}

} // namespace

TEST(P3dImport, OtherOdolVersionsAreRejectedByName) {
    auto bytes = wp::WriteOdol(Small());
    PutU32(bytes, 4, 8);
    EXPECT_NE(ImportError(bytes).find("ODOL version 8 is not supported"), std::string::npos);
    PutU32(bytes, 4, 40);
    const std::string arma = ImportError(bytes);
    EXPECT_NE(arma.find("ODOL version 40"), std::string::npos) << arma;
    EXPECT_NE(arma.find("Arma"), std::string::npos) << arma;
}

TEST(P3dImport, CorruptCountsFailClearly) {
    const auto good = wp::WriteOdol(Small());
    auto bytes = good;
    PutU32(bytes, 8, 0x7FFFFFFF); // nLods
    EXPECT_NE(ImportError(bytes).find("nLods"), std::string::npos);
    bytes = good;
    PutU32(bytes, 8, 0);
    EXPECT_NE(ImportError(bytes).find("LOD count 0"), std::string::npos);
    // The first CompArray count (clip flags) huge: it claims compressed data
    // far beyond what the file could hold.
    bytes = good;
    PutU32(bytes, 12, 0x40000000);
    const std::string message = ImportError(bytes);
    EXPECT_NE(message.find("clipFlags"), std::string::npos) << message;
    // Texture count huge.
    bytes = good;
    const size_t textures = Find(bytes, "data\\grid_a.paa") - 4;
    PutU32(bytes, textures, 0x10000000);
    EXPECT_NE(ImportError(bytes).find("textures"), std::string::npos);
}

TEST(P3dImport, CorruptIndicesFailClearly) {
    Model model = Small();
    model.lods[0].faces[0].index[2] = 9; // 9 vertices: 0..8
    const std::string message = ImportError(wp::WriteOdol(model));
    EXPECT_NE(message.find("vertex index 9 >= vertex count 9"), std::string::npos) << message;
    model = Small();
    model.lods[0].faces[0].texIndex = 5;
    EXPECT_NE(ImportError(wp::WriteOdol(model)).find("texture index 5"), std::string::npos);
    model = Small();
    model.lods[0].faces[1].count = 7;
    EXPECT_NE(ImportError(wp::WriteOdol(model)).find("7 vertices"), std::string::npos);
    // MLOD: a point index past the points.
    auto mlod = wp::WriteMlod(Small());
    const size_t faceStart = Find(mlod, "data\\grid_a.paa");
    PutU32(mlod, faceStart + 32 + 4, 1000);
    EXPECT_NE(ImportError(mlod).find("point index 1000"), std::string::npos);
}

TEST(P3dImport, CorruptCompressedStreamFailsWithItsChecksum) {
    Model model = wp::GridModel(16); // 289 vertices: clip flags and UVs compressed
    auto bytes = wp::WriteOdol(model);
    // Flip a byte inside the first compressed stream (clip flags at offset 16).
    bytes[16 + 20] ^= 0x5A;
    const std::string message = ImportError(bytes);
    EXPECT_NE(message.find("LZSS"), std::string::npos) << message;
    EXPECT_NE(message.find("clipFlags"), std::string::npos) << message;
}

TEST(P3dImport, TruncationAndTrailingBytesFail) {
    const auto good = wp::WriteOdol(wp::SampleModel());
    for (size_t cut : {size_t(3), size_t(9), size_t(100), good.size() / 2, good.size() - 1}) {
        std::vector<uint8_t> bytes(good.begin(), good.begin() + cut);
        EXPECT_FALSE(ImportError(bytes).empty()) << cut;
    }
    auto longer = good;
    longer.push_back(0);
    EXPECT_NE(ImportError(longer).find("unexpected bytes after the ModelInfo"), std::string::npos);
}

TEST(P3dImport, StringWithoutTerminatorFails) {
    // Cut the file inside the first texture name: no NUL before the end.
    const auto good = wp::WriteOdol(Small());
    const size_t at = Find(good, "data\\grid_a.paa");
    std::vector<uint8_t> bytes(good.begin(), good.begin() + at + 6);
    const std::string message = ImportError(bytes);
    EXPECT_NE(message.find("no terminating NUL"), std::string::npos) << message;
    // MLOD P3DM texture names are NUL-terminated too.
    // Overwrite the last tag name's NUL and everything after it.
    auto p3dm = wp::WriteMlod(Small(), true);
    for (size_t i = Find(p3dm, "#EndOfFile#"); i < p3dm.size(); ++i) {
        p3dm[i] = 'x';
    }
    const std::string tagMessage = ImportError(p3dm);
    EXPECT_NE(tagMessage.find("no terminating NUL"), std::string::npos) << tagMessage;
    EXPECT_NE(tagMessage.find("tag.name"), std::string::npos) << tagMessage;
}

TEST(P3dImport, NaNUvsAreSanitised) {
    Model model = Small();
    model.lods[0].uvs[4] = {std::nanf(""), 1e9f};
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(model), 0);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        for (unsigned v = 0; v < scene->mMeshes[m]->mNumVertices; ++v) {
            EXPECT_TRUE(std::isfinite(scene->mMeshes[m]->mTextureCoords[0][v].x));
            EXPECT_LE(std::fabs(scene->mMeshes[m]->mTextureCoords[0][v].y), 1.f);
        }
    }
}

TEST(P3dImport, MorphFramesCannotBeMultipliedByMeshes) {
    // Three vertices shared by 1000 faces of 1000 textures, 400 frames: each
    // mesh would repeat every frame. Refused clearly (and without leaks).
    Model model;
    assimp_retro::p3d::Lod lod;
    lod.resolution = 1.f;
    for (int i = 0; i < 3; ++i) {
        lod.positions.push_back({float(i == 1), 0.f, float(i == 2)});
        lod.normals.push_back({0.f, -1.f, 0.f});
        lod.uvs.push_back({0.f, 0.f});
        lod.clipFlags.push_back(0x3F);
    }
    for (int t = 0; t < 1000; ++t) {
        lod.textures.push_back("t" + std::to_string(t));
        assimp_retro::p3d::Polygon face;
        face.texIndex = t;
        face.count = 3;
        face.index[0] = 0;
        face.index[1] = 2;
        face.index[2] = 1;
        lod.faces.push_back(face);
    }
    lod.frames.resize(400);
    for (auto &frame : lod.frames) {
        frame.positions = lod.positions;
    }
    model.lods.push_back(lod);
    const std::string message = ImportError(wp::WriteOdol(model));
    EXPECT_NE(message.find("morph frames"), std::string::npos) << message;
    // With fewer frames it imports: 1000 meshes, each with its targets.
    model.lods[0].frames.resize(2);
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(model), 0);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 1000u);
}

TEST(P3dImport, NotAP3dIsRejected) {
    std::vector<uint8_t> bytes = {'O', 'D', 'O', 'X', 7, 0, 0, 0, 1, 0, 0, 0};
    const std::string message = ImportError(bytes);
    EXPECT_FALSE(message.empty());
}

// The committed fuzz seeds (test/fuzz/corpus/fuzz_p3d, fuzz_lzss) and the
// bundled samples (test/models/p3d) are exactly the writer's output;
// ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1 rewrites them. The bundled samples are
// untextured: the stock assimp tool (port/) would turn a .paa path into a
// broken glTF image reference.
TEST(P3dImport, CommittedFilesAreTheWritersOutput) {
    Model small = wp::GridModel(2);
    {
        Model sample = wp::SampleModel();
        small.lods.push_back(sample.lods[1]); // box
        small.lods.push_back(sample.lods[4]); // memory
        auto &lod = small.lods[0];
        lod.properties = {{"class", "vehicle"}};
        assimp_retro::p3d::NamedSelection sel;
        sel.name = "otocvez";
        sel.vertices = {0, 1};
        sel.faces = {0};
        lod.selections = {sel};
        assimp_retro::p3d::Frame frame;
        frame.positions = lod.positions;
        lod.frames = {frame};
    }
    Model demo = wp::SampleModel();
    for (auto &lod : demo.lods) {
        lod.textures.clear();
        for (auto &face : lod.faces) {
            face.texIndex = -1;
        }
    }
    // LZSS seed: 2 bytes of output size (big-endian; low byte % 3 = checksum
    // mode: 601 % 3 == 1, unsigned), then the stream.
    std::vector<uint8_t> text(601);
    for (size_t i = 0; i < text.size(); ++i) {
        text[i] = uint8_t(i % 40 < 20 ? ' ' : 'a' + i % 7);
    }
    std::vector<uint8_t> lzssSeed = {uint8_t(601 >> 8), uint8_t(601 & 0xFF)};
    const auto stream = wp::LzssEncode(text, wp::LzssSum::Unsigned);
    lzssSeed.insert(lzssSeed.end(), stream.begin(), stream.end());

    const std::map<std::string, std::vector<uint8_t>> files = {
        {"test/fuzz/corpus/fuzz_p3d/small_odol.p3d", wp::WriteOdol(small)},
        {"test/fuzz/corpus/fuzz_p3d/small_sp3x.p3d", wp::WriteMlod(small)},
        {"test/fuzz/corpus/fuzz_p3d/small_p3dm.p3d", wp::WriteMlod(small, true)},
        {"test/fuzz/corpus/fuzz_p3d/compressed_odol.p3d", wp::WriteOdol(wp::GridModel(12))},
        {"test/fuzz/corpus/fuzz_lzss/text.bin", lzssSeed},
        {"test/models/p3d/sample_odol.p3d", wp::WriteOdol(demo)},
        {"test/models/p3d/sample_mlod.p3d", wp::WriteMlod(demo)},
    };
    const bool update = std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS") != nullptr;
    for (const auto &file : files) {
        const std::string path = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/" + file.first;
        if (update) {
            retro_test::WriteFile(path, file.second);
        }
        EXPECT_EQ(retro_test::ReadFile(path), file.second)
                << path << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
        if (file.first.find(".p3d") != std::string::npos) {
            Assimp::Importer importer;
            EXPECT_NE(ImportBytes(importer, file.second), nullptr) << file.first << ": " << importer.GetErrorString();
        }
    }
}

TEST(P3dImport, LodNamesFromResolutions) {
    using assimp_retro::p3d::LodName;
    EXPECT_EQ(LodName(0.f), "LOD 0.000");
    EXPECT_EQ(LodName(1.f), "LOD 1.000");
    EXPECT_EQ(LodName(70.7f), "LOD 70.700");
    EXPECT_EQ(LodName(1000.f), "View Gunner");
    EXPECT_EQ(LodName(1100.f), "View Pilot");
    EXPECT_EQ(LodName(1200.f), "View Cargo");
    EXPECT_EQ(LodName(1e13f), "Geometry");
    EXPECT_EQ(LodName(1e15f), "Memory");
    EXPECT_EQ(LodName(2e15f), "Land Contact");
    EXPECT_EQ(LodName(3e15f), "Roadway");
    EXPECT_EQ(LodName(4e15f), "Paths");
    EXPECT_EQ(LodName(5e15f), "Hit-points");
    EXPECT_EQ(LodName(6e15f), "View Geometry");
    EXPECT_EQ(LodName(7e15f), "Fire Geometry");
    EXPECT_EQ(LodName(1e16f), "View Commander");
    EXPECT_EQ(LodName(1.5e16f), "View Gunner Geometry");
    EXPECT_EQ(LodName(1.0e13f * 1.005f), "Geometry"); // the engine's ±1% tolerance
    EXPECT_TRUE(assimp_retro::p3d::IsVisualLod(1100.f));
    EXPECT_FALSE(assimp_retro::p3d::IsVisualLod(1e13f));
    EXPECT_FALSE(assimp_retro::p3d::IsResolutionLod(1000.f));
}
