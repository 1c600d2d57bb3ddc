#include "support/GltfTestScenes.h"

#include <assimp/material.h>
#include <assimp/metadata.h>

#include <cmath>
#include <string>
#include <vector>

namespace gltf_test {
namespace {

aiNode *AddNode(aiNode *parent, const char *name) {
    aiNode *node = new aiNode(name);
    parent->addChildren(1, &node);
    return node;
}

void SetTranslation(aiNode *node, float x, float y, float z) {
    node->mTransformation = aiMatrix4x4();
    node->mTransformation.a4 = x;
    node->mTransformation.b4 = y;
    node->mTransformation.c4 = z;
}

aiMesh *MakeMesh(const char *name, const std::vector<aiVector3D> &vertices, const std::vector<unsigned> &indices) {
    aiMesh *mesh = new aiMesh();
    mesh->mName = name;
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = static_cast<unsigned>(vertices.size());
    mesh->mVertices = new aiVector3D[vertices.size()];
    mesh->mNormals = new aiVector3D[vertices.size()];
    for (size_t i = 0; i < vertices.size(); ++i) {
        mesh->mVertices[i] = vertices[i];
        mesh->mNormals[i] = aiVector3D(0, 0, 1);
    }
    mesh->mNumFaces = static_cast<unsigned>(indices.size() / 3);
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{indices[f * 3], indices[f * 3 + 1], indices[f * 3 + 2]};
    }
    return mesh;
}

aiMesh *MakeTriangle(const char *name) {
    return MakeMesh(name, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2});
}

aiMesh *MakeBlobMesh(const char *name = "BlobMesh") {
    const std::vector<aiVector3D> base = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    aiMesh *mesh = MakeMesh(name, base, {0, 1, 2, 0, 2, 3});
    const char *names[3] = {"Raise", "Stretch", "Pinch"};
    mesh->mNumAnimMeshes = 3;
    mesh->mAnimMeshes = new aiAnimMesh *[3];
    for (unsigned t = 0; t < 3; ++t) {
        aiAnimMesh *target = new aiAnimMesh();
        target->mName = names[t];
        target->mNumVertices = 4;
        target->mVertices = new aiVector3D[4];
        for (unsigned v = 0; v < 4; ++v) {
            target->mVertices[v] = base[v];
        }
        target->mWeight = 0.0f;
        mesh->mAnimMeshes[t] = target;
    }
    mesh->mAnimMeshes[0]->mVertices[2] = aiVector3D(1, 1, 1);      // Raise: corner up
    mesh->mAnimMeshes[1]->mVertices[1] = aiVector3D(1.5f, 0, 0);   // Stretch: corner out
    mesh->mAnimMeshes[2]->mVertices[3] = aiVector3D(0.25f, 0.75f, 0); // Pinch: corner in
    return mesh;
}

void SetMeshes(aiScene *scene, const std::vector<aiMesh *> &meshes) {
    scene->mNumMeshes = static_cast<unsigned>(meshes.size());
    scene->mMeshes = new aiMesh *[meshes.size()];
    for (size_t i = 0; i < meshes.size(); ++i) {
        scene->mMeshes[i] = meshes[i];
    }
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1];
    scene->mMaterials[0] = new aiMaterial();
    aiString name("Default");
    scene->mMaterials[0]->AddProperty(&name, AI_MATKEY_NAME);
}

void AttachMesh(aiNode *node, unsigned index) {
    node->mNumMeshes = 1;
    node->mMeshes = new unsigned[1]{index};
}

std::vector<aiCamera *> MakeCameras() {
    aiCamera *rig = new aiCamera();
    rig->mName = "CameraRig";
    rig->mLookAt = aiVector3D(0, 0, -1);
    rig->mUp = aiVector3D(0, 1, 0);
    rig->mHorizontalFOV = CameraValues::kRigFov;
    rig->mAspect = CameraValues::kRigAspect;
    rig->mClipPlaneNear = CameraValues::kRigNear;
    rig->mClipPlaneFar = CameraValues::kRigFar;

    aiCamera *spectator = new aiCamera(); // default frame: look +Z, up +Y
    spectator->mName = "Spectator";
    spectator->mPosition = aiVector3D(0, 0.5f, 0);
    spectator->mHorizontalFOV = CameraValues::kSpectatorFov;
    spectator->mClipPlaneNear = CameraValues::kSpectatorNear;
    spectator->mClipPlaneFar = CameraValues::kSpectatorFar;
    return {rig, spectator};
}

void SetCameras(aiScene *scene) {
    const std::vector<aiCamera *> cameras = MakeCameras();
    scene->mNumCameras = static_cast<unsigned>(cameras.size());
    scene->mCameras = new aiCamera *[cameras.size()];
    for (size_t i = 0; i < cameras.size(); ++i) {
        scene->mCameras[i] = cameras[i];
    }
}

aiNodeAnim *MakeRigChannel() {
    aiNodeAnim *channel = new aiNodeAnim();
    channel->mNodeName = "CameraRig";
    channel->mNumPositionKeys = 3;
    channel->mPositionKeys = new aiVectorKey[3];
    channel->mPositionKeys[0] = aiVectorKey(0.0, aiVector3D(0, 1, 5));
    channel->mPositionKeys[1] = aiVectorKey(15.0, aiVector3D(2, 1, 5));
    channel->mPositionKeys[2] = aiVectorKey(30.0, aiVector3D(4, 2, 5));
    channel->mNumRotationKeys = 2;
    channel->mRotationKeys = new aiQuatKey[2];
    channel->mRotationKeys[0] = aiQuatKey(0.0, aiQuaternion(1, 0, 0, 0));
    const float half = static_cast<float>(kPi / 4.0);
    channel->mRotationKeys[1] = aiQuatKey(30.0, aiQuaternion(std::cos(half), 0, std::sin(half), 0));
    channel->mNumScalingKeys = 1;
    channel->mScalingKeys = new aiVectorKey[1];
    channel->mScalingKeys[0] = aiVectorKey(0.0, aiVector3D(1, 1, 1));
    return channel;
}

aiMeshMorphAnim *MakeMorphChannel(const char *nodeName) {
    struct Key {
        double time;
        std::vector<unsigned> values;
        std::vector<double> weights;
    };
    const std::vector<Key> keys = {
            {0.0, {0}, {1.0}},
            {5.0, {1, 0}, {0.5, 0.25}},
            {10.0, {2}, {0.75}},
            {20.0, {0, 1, 2}, {0.0, 0.0, 0.0}},
    };
    aiMeshMorphAnim *channel = new aiMeshMorphAnim();
    channel->mName = nodeName;
    channel->mNumKeys = static_cast<unsigned>(keys.size());
    channel->mKeys = new aiMeshMorphKey[keys.size()];
    for (size_t k = 0; k < keys.size(); ++k) {
        aiMeshMorphKey &key = channel->mKeys[k];
        key.mTime = keys[k].time;
        key.mNumValuesAndWeights = static_cast<unsigned>(keys[k].values.size());
        key.mValues = new unsigned[key.mNumValuesAndWeights];
        key.mWeights = new double[key.mNumValuesAndWeights];
        for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
            key.mValues[i] = keys[k].values[i];
            key.mWeights[i] = keys[k].weights[i];
        }
    }
    return channel;
}

aiAnimation *MakeAnimation(const char *name, double ticksPerSecond, double duration,
        const std::vector<aiNodeAnim *> &channels, const std::vector<aiMeshMorphAnim *> &morphs) {
    aiAnimation *animation = new aiAnimation();
    animation->mName = name;
    animation->mTicksPerSecond = ticksPerSecond;
    animation->mDuration = duration;
    if (!channels.empty()) {
        animation->mNumChannels = static_cast<unsigned>(channels.size());
        animation->mChannels = new aiNodeAnim *[channels.size()];
        for (size_t i = 0; i < channels.size(); ++i) {
            animation->mChannels[i] = channels[i];
        }
    }
    if (!morphs.empty()) {
        animation->mNumMorphMeshChannels = static_cast<unsigned>(morphs.size());
        animation->mMorphMeshChannels = new aiMeshMorphAnim *[morphs.size()];
        for (size_t i = 0; i < morphs.size(); ++i) {
            animation->mMorphMeshChannels[i] = morphs[i];
        }
    }
    return animation;
}

void SetAnimations(aiScene *scene, const std::vector<aiAnimation *> &animations) {
    scene->mNumAnimations = static_cast<unsigned>(animations.size());
    scene->mAnimations = new aiAnimation *[animations.size()];
    for (size_t i = 0; i < animations.size(); ++i) {
        scene->mAnimations[i] = animations[i];
    }
}

void SetPropsMetadata(aiNode *node) {
    aiMetadata limits;
    limits.Add("min", aiVector3D(-1, -1, -1));
    limits.Add("max", 10.0);
    aiMetadata physics;
    physics.Add("mass", 2.5f);
    physics.Add("static", false);
    physics.Add("material", aiString("wood"));
    physics.Add("limits", limits);

    node->mMetaData = new aiMetadata();
    aiMetadata &meta = *node->mMetaData;
    meta.Add("flag", true);
    meta.Add("count", int32_t(-42));
    meta.Add("big", uint64_t(1099511627783ull)); // 2^40 + 7
    meta.Add("ratio", 0.1f);
    meta.Add("precise", 0.1);
    meta.Add("label", aiString("crate \"A\" \xc3\xbc"));
    meta.Add("offset", aiVector3D(1.5f, -2.0f, 0.25f));
    meta.Add("physics", physics);
}

void SetTaggedMetadata(aiNode *node) {
    node->mMetaData = new aiMetadata();
    node->mMetaData->Add("team", int32_t(3));
    node->mMetaData->Add("name", aiString("blue"));
}

void SetFloorMetadata(aiNode *node) {
    node->mMetaData = new aiMetadata();
    node->mMetaData->Add("walkable", true);
}

} // namespace

std::unique_ptr<aiScene> MakeCameraScene() {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *rig = AddNode(scene->mRootNode, "CameraRig");
    SetTranslation(rig, 0, 1, 5);
    aiNode *spectator = AddNode(scene->mRootNode, "Spectator");
    SetTranslation(spectator, 3, 2, 1);
    aiNode *floor = AddNode(scene->mRootNode, "Floor");
    AttachMesh(floor, 0);
    SetMeshes(scene.get(), {MakeTriangle("FloorMesh")});
    SetCameras(scene.get());
    SetAnimations(scene.get(), {MakeAnimation("Fly", 30.0, 30.0, {MakeRigChannel()}, {})});
    return scene;
}

std::unique_ptr<aiScene> MakeMetadataScene() {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *props = AddNode(scene->mRootNode, "Props");
    SetPropsMetadata(props);
    aiNode *tagged = AddNode(props, "Tagged");
    SetTranslation(tagged, 0, 0, 2);
    SetTaggedMetadata(tagged);
    aiNode *floor = AddNode(scene->mRootNode, "Floor");
    AttachMesh(floor, 0);
    SetFloorMetadata(floor);
    aiNode *empty = AddNode(scene->mRootNode, "NoMeta");
    empty->mMetaData = new aiMetadata(); // zero properties: no extras
    SetMeshes(scene.get(), {MakeTriangle("FloorMesh")});
    return scene;
}

std::unique_ptr<aiScene> MakeMorphScene() {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *blob = AddNode(scene->mRootNode, "Blob");
    AttachMesh(blob, 0);
    aiNode *plain = AddNode(scene->mRootNode, "Plain");
    SetTranslation(plain, 2, 0, 0);
    AttachMesh(plain, 1);
    aiNode *twin = AddNode(scene->mRootNode, "Twin");
    SetTranslation(twin, -2, 0, 0);
    twin->mNumMeshes = 2;
    twin->mMeshes = new unsigned[2]{2, 3};
    SetMeshes(scene.get(), {MakeBlobMesh(), MakeTriangle("PlainMesh"), MakeBlobMesh("TwinA"), MakeBlobMesh("TwinB")});
    SetAnimations(scene.get(), {MakeAnimation("Wobble", 10.0, 20.0, {},
                                       {MakeMorphChannel("Blob"), MakeMorphChannel("Plain"), MakeMorphChannel("Twin")})});
    return scene;
}

std::unique_ptr<aiScene> MakeSkinnedScene() {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *armature = AddNode(scene->mRootNode, "Armature");
    AddNode(armature, "Bone");
    AttachMesh(AddNode(armature, "Skin"), 0);
    aiMesh *mesh = MakeTriangle("SkinMesh");
    aiBone *bone = new aiBone();
    bone->mName = aiString("Bone");
    bone->mNumWeights = 3;
    bone->mWeights = new aiVertexWeight[3]{{0, 1.f}, {1, 1.f}, {2, 1.f}};
    mesh->mNumBones = 1;
    mesh->mBones = new aiBone *[1]{bone};
    SetMeshes(scene.get(), {mesh});
    return scene;
}

std::unique_ptr<aiScene> MakeAnimatedSkinnedScene(double ticksPerSecond) {
    std::unique_ptr<aiScene> scene = MakeSkinnedScene();
    aiNode *armature = scene->mRootNode->FindNode("Armature");
    aiNode *bone = scene->mRootNode->FindNode("Bone");
    SetTranslation(armature, 0.5f, 0, -1);
    aiMatrix4x4::RotationY(static_cast<float>(kPi / 3.0), bone->mTransformation);
    aiNodeAnim *walk = new aiNodeAnim();
    walk->mNodeName = "Bone";
    walk->mNumPositionKeys = 3;
    walk->mPositionKeys = new aiVectorKey[3]{{0.0, aiVector3D(0, 1, 0)}, {7.0, aiVector3D(0.1f, 1.25f, -0.3f)},
            {12.0, aiVector3D(0.2f, 1, 1.0e-8f)}};
    walk->mNumRotationKeys = 2;
    const float half = static_cast<float>(kPi / 8.0);
    walk->mRotationKeys = new aiQuatKey[2]{{0.0, aiQuaternion(1, 0, 0, 0)},
            {12.0, aiQuaternion(std::cos(half), std::sin(half), 0, 0)}};
    walk->mNumScalingKeys = 2;
    walk->mScalingKeys = new aiVectorKey[2]{{0.0, aiVector3D(1, 1, 1)}, {12.0, aiVector3D(1.5f, 3.0e25f, 0.75f)}};
    aiNodeAnim *sway = new aiNodeAnim();
    sway->mNodeName = "Armature";
    sway->mNumRotationKeys = 3;
    sway->mRotationKeys = new aiQuatKey[3]{{0.0, aiQuaternion(1, 0, 0, 0)},
            {5.0, aiQuaternion(1, -0.0f, 1.0e-8f, 0)}, {12.0, aiQuaternion(std::cos(half), 0, std::sin(half), 0)}};
    aiNodeAnim *slide = new aiNodeAnim();
    slide->mNodeName = "Armature";
    slide->mNumPositionKeys = 1;
    slide->mPositionKeys = new aiVectorKey[1]{{3.0, aiVector3D(0.5f, 0, -1)}};
    SetAnimations(scene.get(), {MakeAnimation("Walk", ticksPerSecond, 12.0, {walk, sway}, {}),
                                       MakeAnimation("", 30.0, 3.0, {slide}, {})});
    return scene;
}

std::unique_ptr<aiScene> MakeFullScene() {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *rig = AddNode(scene->mRootNode, "CameraRig");
    SetTranslation(rig, 0, 1, 5);
    aiNode *spectator = AddNode(scene->mRootNode, "Spectator");
    SetTranslation(spectator, 3, 2, 1);
    aiNode *floor = AddNode(scene->mRootNode, "Floor");
    AttachMesh(floor, 0);
    SetFloorMetadata(floor);
    aiNode *props = AddNode(scene->mRootNode, "Props");
    SetPropsMetadata(props);
    aiNode *tagged = AddNode(props, "Tagged");
    SetTranslation(tagged, 0, 0, 2);
    SetTaggedMetadata(tagged);
    aiNode *blob = AddNode(scene->mRootNode, "Blob");
    AttachMesh(blob, 1);
    SetMeshes(scene.get(), {MakeTriangle("FloorMesh"), MakeBlobMesh()});
    SetCameras(scene.get());
    // The morph channel's keys (0..20 ticks) fit the animation's 30 ticks.
    SetAnimations(scene.get(), {MakeAnimation("All", 30.0, 30.0, {MakeRigChannel()}, {MakeMorphChannel("Blob")})});
    return scene;
}

aiNodeAnim *MakeChannel(const char *node, const std::vector<aiVector3D> &positions,
        const std::vector<aiQuaternion> &rotations, const std::vector<aiVector3D> &scalings) {
    aiNodeAnim *channel = new aiNodeAnim();
    channel->mNodeName = node;
    channel->mNumPositionKeys = static_cast<unsigned>(positions.size());
    channel->mPositionKeys = positions.empty() ? nullptr : new aiVectorKey[positions.size()];
    for (size_t k = 0; k < positions.size(); ++k) {
        channel->mPositionKeys[k] = aiVectorKey(10.0 * k, positions[k]);
    }
    channel->mNumRotationKeys = static_cast<unsigned>(rotations.size());
    channel->mRotationKeys = rotations.empty() ? nullptr : new aiQuatKey[rotations.size()];
    for (size_t k = 0; k < rotations.size(); ++k) {
        channel->mRotationKeys[k] = aiQuatKey(10.0 * k, rotations[k]);
    }
    channel->mNumScalingKeys = static_cast<unsigned>(scalings.size());
    channel->mScalingKeys = scalings.empty() ? nullptr : new aiVectorKey[scalings.size()];
    for (size_t k = 0; k < scalings.size(); ++k) {
        channel->mScalingKeys[k] = aiVectorKey(10.0 * k, scalings[k]);
    }
    return channel;
}

} // namespace gltf_test
