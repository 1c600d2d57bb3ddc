# LithTech ABC: v6 (reader, scene builder), the importer, and the v9-v13
# import (every AbcV9*.cpp, so that part can grow without editing this file).
if(ASSIMP_RETRO_ENABLE_ABC)
  file(GLOB abc_v9_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/AbcV9*.cpp)
  target_sources(assimp_retro PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/AbcImporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6Model.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6Reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6SceneBuilder.cpp
    ${abc_v9_sources})
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_ABC)
endif()
