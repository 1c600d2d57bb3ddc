target_sources(assimp_retro PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/AnimationSubset.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BridgeBones.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ColladaAnimations.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ColladaExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ColladaMetadata.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ColladaRoots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ColladaXml.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ExportSceneView.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FbxCompletion.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FbxMetadata.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FbxMorphTargets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FbxNodeAnimations.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FbxRecords.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfAnimatedJoints.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfAnimations.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfCompletion.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfDocument.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfDocumentSave.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfExport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfSkinnedMeshRoots.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MetadataJson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SceneCheck.cpp)
target_sources(assimp_retro PRIVATE ${CMAKE_CURRENT_LIST_DIR}/GltfTextureRefs.cpp)
