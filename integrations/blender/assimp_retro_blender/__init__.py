# assimp-retro for Blender: File > Import for LithTech ABC, Operation
# Flashpoint P3D, Oni OBAN and the games' textures (PAA/PAC, DTX). The
# assimp-retro tool converts (see tool.py for where it comes from); Blender's
# glTF importer reads the result (importer.py). See docs/blender.md.
bl_info = {
    "name": "assimp-retro: LithTech ABC, OFP P3D, Oni OBAN, PAA/PAC/DTX",
    "author": "assimp-retro",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import",
    "description": "Imports classic game models and textures through the assimp-retro tool",
    "category": "Import-Export",
}

import os

import bpy
from bpy.props import BoolProperty, CollectionProperty, StringProperty
from bpy.types import AddonPreferences, Operator, OperatorFileListElement
from bpy_extras.io_utils import ImportHelper

from . import importer, options, tool


class AssimpRetroPreferences(AddonPreferences):
    bl_idname = __package__

    tool_path: StringProperty(
        name="assimp-retro Tool",
        description="The assimp-retro program (or its folder), used when the add-on carries none for this "
                    "platform; empty: look on PATH",
        subtype="FILE_PATH",
    )

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "tool_path")
        found, looked = tool.find(bpy.path.abspath(self.tool_path))
        layout.label(text="Using: " + found if found else looked, icon="NONE" if found else "ERROR")


def _preference_path(context):
    addon = context.preferences.addons.get(__package__)
    return bpy.path.abspath(addon.preferences.tool_path) if addon and addon.preferences.tool_path else ""


def _find_tool(operator, context):
    found, looked = tool.find(_preference_path(context))
    if not found:
        operator.report({"ERROR"}, looked)
    return found


def _deliver(operator, reports, done):
    """Reports as Blender shows them; the operator's result."""
    for message in reports.warnings:
        operator.report({"WARNING"}, message)
    for message in reports.errors:
        operator.report({"ERROR"}, message)
    return {"FINISHED"} if done else {"CANCELLED"}


class _FileSelection:
    """Several files picked in the dialog, or every matching file under the folder."""

    files: CollectionProperty(type=OperatorFileListElement, options={"HIDDEN", "SKIP_SAVE"})
    directory: StringProperty(subtype="DIR_PATH", options={"HIDDEN", "SKIP_SAVE"})
    use_folder: BoolProperty(
        name="Whole Folder",
        description="Import every matching file in the folder and its sub-folders, each into its own collection",
        default=False,
    )

    def sources(self):
        extensions = tuple(e.lower() for e in self.extensions)
        directory = self.directory or os.path.dirname(self.filepath)
        if self.use_folder:
            found = []
            for root, dirs, names in os.walk(directory):
                dirs.sort()
                found += [os.path.join(root, n) for n in sorted(names) if n.lower().endswith(extensions)]
            return found
        names = [f.name for f in self.files if f.name]
        if names:
            return [os.path.join(directory, n) for n in names]
        return [self.filepath] if self.filepath else []


class _ImportModel(_FileSelection, ImportHelper):
    bl_options = {"REGISTER", "UNDO", "PRESET"}
    retro_format = ""
    extensions = ()

    def execute(self, context):
        sources = self.sources()
        if not sources:
            self.report({"ERROR"}, "No %s file selected" % "/".join(self.extensions))
            return {"CANCELLED"}
        missing = [s for s in sources if not os.path.isfile(s)]
        if missing:
            self.report({"ERROR"}, "No such file: " + ", ".join(missing))
            return {"CANCELLED"}
        tool_path = _find_tool(self, context)
        if not tool_path:
            return {"CANCELLED"}
        values = {}
        for option in options.for_format(self.retro_format):
            value = getattr(self, options.attribute(option))
            values[options.attribute(option)] = bpy.path.abspath(value) if option.kind == "dir" and value else value
        reports = importer.Reports()
        count = importer.import_models(context, sources, self.retro_format, values, tool_path, reports)
        return _deliver(self, reports, count > 0)

    def draw(self, context):
        layout = self.layout
        layout.use_property_split = True
        layout.prop(self, "use_folder")
        for option in options.for_format(self.retro_format):
            layout.prop(self, options.attribute(option))


class IMPORT_SCENE_OT_assimp_retro_abc(_ImportModel, Operator):
    """Import a LithTech ABC model (v6, v9-v13) with the assimp-retro tool"""
    bl_idname = "import_scene.assimp_retro_abc"
    bl_label = "Import LithTech ABC"
    retro_format = options.ABC
    extensions = (".abc",)
    filename_ext = ".abc"
    filter_glob: StringProperty(default="*.abc;*.ABC", options={"HIDDEN"})


class IMPORT_SCENE_OT_assimp_retro_p3d(_ImportModel, Operator):
    """Import an Operation Flashpoint P3D model (ODOL v7, MLOD) with the assimp-retro tool"""
    bl_idname = "import_scene.assimp_retro_p3d"
    bl_label = "Import OFP P3D"
    retro_format = options.P3D
    extensions = (".p3d",)
    filename_ext = ".p3d"
    filter_glob: StringProperty(default="*.p3d;*.P3D", options={"HIDDEN"})


class IMPORT_SCENE_OT_assimp_retro_oban(_ImportModel, Operator):
    """Import Oni OBAN animations (.oni, level .dat) with the assimp-retro tool"""
    bl_idname = "import_scene.assimp_retro_oban"
    bl_label = "Import Oni OBAN"
    retro_format = options.OBAN
    extensions = (".oni", ".dat")
    filename_ext = ".oni"
    filter_glob: StringProperty(default="*.oni;*.dat;*.ONI;*.DAT", options={"HIDDEN"})


class IMAGE_OT_assimp_retro_texture(_FileSelection, ImportHelper, Operator):
    """Open game textures (OFP .paa/.pac, LithTech .dtx) as images, decoded by the assimp-retro tool"""
    bl_idname = "image.assimp_retro_texture"
    bl_label = "Import Game Texture"
    bl_options = {"REGISTER", "UNDO"}
    extensions = (".paa", ".pac", ".dtx")
    filename_ext = ".paa"
    filter_glob: StringProperty(default="*.paa;*.pac;*.dtx;*.PAA;*.PAC;*.DTX", options={"HIDDEN"})

    def execute(self, context):
        sources = self.sources()
        missing = [s for s in sources if not os.path.isfile(s)]
        if not sources or missing:
            self.report({"ERROR"}, "No such file: " + (", ".join(missing) or "none selected"))
            return {"CANCELLED"}
        tool_path = _find_tool(self, context)
        if not tool_path:
            return {"CANCELLED"}
        reports = importer.Reports()
        images = importer.import_textures(context, sources, tool_path, reports)
        space = getattr(context, "space_data", None)
        if images and space is not None and space.type == "IMAGE_EDITOR":
            space.image = images[-1]
        return _deliver(self, reports, bool(images))


MODEL_OPERATORS = (IMPORT_SCENE_OT_assimp_retro_abc, IMPORT_SCENE_OT_assimp_retro_p3d,
                   IMPORT_SCENE_OT_assimp_retro_oban)
CLASSES = (AssimpRetroPreferences,) + MODEL_OPERATORS + (IMAGE_OT_assimp_retro_texture,)


def menu_import(self, context):
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_abc.bl_idname, text="LithTech ABC (.abc)")
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_p3d.bl_idname, text="Operation Flashpoint P3D (.p3d)")
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_oban.bl_idname, text="Oni OBAN (.oni, .dat)")
    self.layout.operator(IMAGE_OT_assimp_retro_texture.bl_idname, text="Game Texture (.paa, .pac, .dtx)")


def menu_image(self, context):
    self.layout.operator(IMAGE_OT_assimp_retro_texture.bl_idname, text="Open Game Texture (.paa, .pac, .dtx)")


def register():
    for cls in MODEL_OPERATORS:
        # The options table becomes the operator's properties (see options.py).
        if "__annotations__" not in cls.__dict__:
            cls.__annotations__ = {}
        cls.__annotations__.update(options.annotations(cls.retro_format))
    for cls in CLASSES:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(menu_import)
    bpy.types.IMAGE_MT_image.append(menu_image)


def unregister():
    bpy.types.IMAGE_MT_image.remove(menu_image)
    bpy.types.TOPBAR_MT_file_import.remove(menu_import)
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
