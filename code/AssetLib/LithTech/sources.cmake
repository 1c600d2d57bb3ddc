# LithTech ABC: v6 (reader, scene builder), the importer, the v9-v13
# import (every AbcV9*.cpp, so that part can grow without editing this file),
# and the exporters (abc6, abc12).
if(ASSIMP_RETRO_ENABLE_ABC)
  file(GLOB abc_v9_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/AbcV9*.cpp)
  target_sources(assimp_retro PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/AbcExporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcExportScene.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcImporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcSkins.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV12Export.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6Export.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6Model.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6Reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6SceneBuilder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcV6Writer.cpp
    ${abc_v9_sources})
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_ABC)
endif()

# LithTech LTB: its reader and importer, feeding the v9+ scene builder, and the
# shared LZMA-alone wrapper over Debian's liblzma (only built with LTB, so the
# builds without liblzma, port/ and the Windows zip, leave both out).
if(ASSIMP_RETRO_ENABLE_ABC AND ASSIMP_RETRO_ENABLE_LTB)
  file(GLOB ltb_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/Ltb*.cpp)
  target_sources(assimp_retro PRIVATE ${ltb_sources} ${PROJECT_SOURCE_DIR}/code/Common/LzmaAlone.cpp)
  target_link_libraries(assimp_retro PRIVATE LibLZMA::LibLZMA)
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_LTB)
endif()
