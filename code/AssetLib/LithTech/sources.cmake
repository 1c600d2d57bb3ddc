# LithTech ABC, both generations (docs/formats/ABC.md "Names in the code"):
# AbcLt1* (ABC v6) and AbcLt2* (ABC v9-v13, v108), each a reader, format model,
# scene builder, export model and writer, globbed so that a generation can
# grow without editing this file; the importer and exporter entries, the
# export input and the skins are shared.
if(ASSIMP_RETRO_ENABLE_ABC)
  file(GLOB abc_generation_sources CONFIGURE_DEPENDS
    ${CMAKE_CURRENT_LIST_DIR}/AbcLt1*.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcLt2*.cpp)
  target_sources(assimp_retro PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/AbcExporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcExportInput.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcImporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcSkinLookup.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AbcSkins.cpp
    ${abc_generation_sources})
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_ABC)
endif()

# LithTech LTB: its reader and importer, feeding the LithTech-2 scene builder,
# and the shared LZMA-alone wrapper over liblzma (Debian's; for the Windows
# zip cross-built from Debian's xz-utils source). Only built with LTB.
if(ASSIMP_RETRO_ENABLE_ABC AND ASSIMP_RETRO_ENABLE_LTB)
  file(GLOB ltb_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/Ltb*.cpp)
  target_sources(assimp_retro PRIVATE ${ltb_sources} ${PROJECT_SOURCE_DIR}/code/Common/LzmaAlone.cpp)
  target_link_libraries(assimp_retro PRIVATE LibLZMA::LibLZMA)
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_LTB)
endif()
