// assimp-retro viewer (filled in by the view commit)
