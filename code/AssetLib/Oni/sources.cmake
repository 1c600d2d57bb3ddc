if(ASSIMP_RETRO_ENABLE_OBAN)
  target_sources(assimp_retro PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/ObanImporter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ObanReader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ObanSceneBuilder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/OniInstanceFile.cpp)
  target_compile_definitions(assimp_retro PRIVATE ASSIMP_RETRO_HAS_OBAN)
endif()
