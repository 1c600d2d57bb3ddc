// placeholder, replaced by the real tool
#include <assimp_retro/assimp_retro.h>
#include <cstdio>
int main() { std::printf("assimp-retro %s\n", assimp_retro::Version()); return 0; }
