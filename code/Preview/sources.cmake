# Thumbnails and scene summaries (docs/DESIGN.md §3.4, docs/gallery.md).
set(retro_preview_sources
  ${CMAKE_CURRENT_LIST_DIR}/Raster.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SceneSummary.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SceneThumbnail.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ThumbnailApi.cpp)
target_sources(assimp_retro PRIVATE ${retro_preview_sources})
# The pictures are the same bytes on every build (Raster.h): no contraction of
# a * b + c into one fused multiply-add, which rounds once instead of twice
# and which a compiler may or may not emit depending on the target.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  set_source_files_properties(${retro_preview_sources} PROPERTIES COMPILE_OPTIONS "-ffp-contract=off")
endif()
