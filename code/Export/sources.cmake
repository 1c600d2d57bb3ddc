target_sources(assimp_retro PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/GltfCompletion.cpp)
