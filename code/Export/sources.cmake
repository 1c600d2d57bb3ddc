target_sources(assimp_retro PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/GltfCompletion.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfDocument.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GltfExport.cpp)
target_sources(assimp_retro PRIVATE ${CMAKE_CURRENT_LIST_DIR}/GltfTextureRefs.cpp)
