# Operation Flashpoint P3D importer (ODOL v7, MLOD). The LZSS codec it uses
# (code/Common/Lzss.cpp) is in the top CMakeLists' library list, not here: the
# PAA texture decoder (code/Common/Texture/Paa.cpp) uses it too.
if(ASSIMP_RETRO_ENABLE_P3D)
  target_sources(assimp_retro PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/MlodWriter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dExporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dExportLods.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dExportScene.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dImporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dReader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dSceneBuilder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dTextureFiles.cpp
    ${CMAKE_CURRENT_LIST_DIR}/P3dTextureLookup.cpp)
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_P3D)
endif()
