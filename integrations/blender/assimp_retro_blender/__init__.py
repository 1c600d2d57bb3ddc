# assimp-retro for Blender: File > Import for LithTech ABC and LTB, Operation
# Flashpoint P3D, Oni OBAN and the games' textures (PAA/PAC, DTX), and
# File > Export to LithTech ABC v6/v12, LTB and OFP P3D. The assimp-retro tool
# converts (see tool.py for where it comes from); Blender's glTF importer
# reads the result (importer.py), and its glTF exporter writes what the tool
# exports (exporter.py). See docs/blender.md.
bl_info = {
    "name": "assimp-retro: LithTech ABC, OFP P3D, Oni OBAN, PAA/PAC/DTX",
    "author": "assimp-retro",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import, File > Export",
    "description": "Imports classic game models and textures, and exports ABC, LTB and P3D, through the assimp-retro tool",
    "category": "Import-Export",
}

import os

import bpy
from bpy.props import BoolProperty, CollectionProperty, EnumProperty, FloatProperty, StringProperty
from bpy.types import AddonPreferences, Operator, OperatorFileListElement
from bpy_extras.io_utils import ExportHelper, ImportHelper

from . import exporter, importer, options, tool


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


class IMPORT_SCENE_OT_assimp_retro_ltb(_ImportModel, Operator):
    """Import a LithTech LTB model (PC, plain or LZMA-packed: CrossFire, NOLF2, Tron 2.0) with the assimp-retro tool"""
    bl_idname = "import_scene.assimp_retro_ltb"
    bl_label = "Import LithTech LTB"
    retro_format = options.LTB
    extensions = (".ltb",)
    filename_ext = ".ltb"
    filter_glob: StringProperty(default="*.ltb;*.LTB", options={"HIDDEN"})


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


class _ExportModel(ExportHelper):
    bl_options = {"REGISTER", "PRESET"}

    use_selection: BoolProperty(name="Selection Only", description="Export the selected objects only; "
                                "off: every object of the scene", default=False)

    def game_format(self):
        raise NotImplementedError

    def export_settings(self):
        """(--set name, value) pairs of the dialog's options."""
        return []

    def animations(self):
        return False

    def execute(self, context):
        tool_path = _find_tool(self, context)
        if not tool_path:
            return {"CANCELLED"}
        reports = importer.Reports()
        target = bpy.path.abspath(self.filepath)
        try:
            found = exporter.export_game(context, target, self.game_format(), self.export_settings(),
                                         self.use_selection, self.animations(), tool_path)
        except tool.ToolError as error:
            reports.errors.append("%s: %s" % (os.path.basename(target), error))
            return _deliver(self, reports, False)
        importer.add_warnings(reports, target, found)
        return _deliver(self, reports, True)


class EXPORT_SCENE_OT_assimp_retro_abc(_ExportModel, Operator):
    """Export a LithTech ABC model (v6: Shogo, Blood 2, KISS Psycho Circus; v12: NOLF) with the assimp-retro tool"""
    bl_idname = "export_scene.assimp_retro_abc"
    bl_label = "Export LithTech ABC"
    filename_ext = ".abc"
    filter_glob: StringProperty(default="*.abc;*.ABC", options={"HIDDEN"})

    version: EnumProperty(name="Version", default="abc12", items=(
        ("abc6", "v6", "Shogo, Blood 2, KISS Psycho Circus"),
        ("abc12", "v12", "No One Lives Forever")))
    export_animations: BoolProperty(name="Animations", default=True,
                                     description="Every action of the armature becomes an animation; off: the "
                                                 "rest pose only")
    skins: EnumProperty(name="Skins", default="NONE", items=(
        ("NONE", "None", "Write the model only"),
        ("BESIDE", "Beside the Model", "Each image texture as a DTX file in the model's folder"),
        ("SKINS", "SKINS Layout", "Each image texture as a DTX file where LithTech looks: MODELS/X/Y.abc -> "
                                  "SKINS/X/Y.dtx")))

    def game_format(self):
        return self.version

    def animations(self):
        return self.export_animations

    def export_settings(self):
        if self.skins == "BESIDE":
            return [("EXPORT_ABC_SKIN_DIR", os.path.dirname(bpy.path.abspath(self.filepath)))]
        if self.skins == "SKINS":
            return [("EXPORT_ABC_SKINS", "1")]
        return []


class EXPORT_SCENE_OT_assimp_retro_ltb(_ExportModel, Operator):
    """Export a LithTech LTB model (PC, model version 25: CrossFire) with the assimp-retro tool"""
    bl_idname = "export_scene.assimp_retro_ltb"
    bl_label = "Export LithTech LTB"
    filename_ext = ".ltb"
    filter_glob: StringProperty(default="*.ltb;*.LTB", options={"HIDDEN"})

    export_animations: BoolProperty(name="Animations", default=True,
                                     description="Every action of the armature becomes an animation; off: the "
                                                 "rest pose only")
    compression: EnumProperty(name="Compression", default="-1", items=(
        ("-1", "As the Source", "An LTB's own per animation; anything else: Relevant 16"),
        ("0", "None", "Every key of every node, as floats"),
        ("1", "Relevant", "Floats; one key for a channel that never changes"),
        ("2", "Relevant 16", "Positions in 1/16 units, rotations in 16 bits (most CrossFire files)"),
        ("3", "Relevant, 16-bit Rotations", "Float positions, 16-bit rotations")))
    packed: BoolProperty(name="LZMA-Packed", default=True,
                         description="Pack the file as most CrossFire files are; off: plain LTB")
    face_front: EnumProperty(name="Face Front", default="-1", items=(
        ("-1", "By Name", "Turn half a turn about Y, as the import does, unless the file is named PV-* "
                          "(a first-person model)"),
        ("1", "Always", "Turn every model"),
        ("0", "Never", "Write the scene as it faces")))

    def game_format(self):
        return "ltb"

    def animations(self):
        return self.export_animations

    def export_settings(self):
        pairs = [("EXPORT_LTB_COMPRESSION", self.compression), ("EXPORT_LTB_FACE_FRONT", self.face_front)]
        if not self.packed:
            pairs.append(("EXPORT_LTB_LZMA", "0"))
        return pairs


class EXPORT_SCENE_OT_assimp_retro_p3d(_ExportModel, Operator):
    """Export an Operation Flashpoint P3D model (MLOD) with the assimp-retro tool"""
    bl_idname = "export_scene.assimp_retro_p3d"
    bl_label = "Export OFP P3D"
    filename_ext = ".p3d"
    filter_glob: StringProperty(default="*.p3d;*.P3D", options={"HIDDEN"})

    texture_root: StringProperty(name="Texture Root", default="",
                                 description="The game-relative folder (myaddon\\data) of image textures that "
                                             "have no OFP path of their own: they become <root>\\<image>.paa")
    write_textures: BoolProperty(name="Write Textures", default=True,
                                 description="Write the images as PAA/PAC files at the game paths the model "
                                             "names, under the Game Root")
    game_root: StringProperty(name="Game Root", default="", subtype="DIR_PATH",
                              description="The folder the game paths are relative to; empty: found from the "
                                          "output's folder")
    mass: FloatProperty(name="Mass", default=-1.0, min=-1.0,
                        description="The total mass in kg on the Geometry LOD; -1: the scene's own")

    def game_format(self):
        return "p3d"

    def export_settings(self):
        pairs = []
        if self.texture_root:
            pairs.append(("EXPORT_P3D_TEXTURE_ROOT", self.texture_root))
        if not self.write_textures:
            pairs.append(("EXPORT_P3D_TEXTURES", "0"))
        if self.game_root:
            pairs.append(("EXPORT_P3D_GAME_ROOT", bpy.path.abspath(self.game_root).rstrip("/\\")))
        if self.mass >= 0.0:
            pairs.append(("EXPORT_P3D_MASS", "%.7g" % self.mass))
        return pairs


EXPORT_OPERATORS = (EXPORT_SCENE_OT_assimp_retro_abc, EXPORT_SCENE_OT_assimp_retro_ltb,
                    EXPORT_SCENE_OT_assimp_retro_p3d)
MODEL_OPERATORS = (IMPORT_SCENE_OT_assimp_retro_abc, IMPORT_SCENE_OT_assimp_retro_ltb,
                   IMPORT_SCENE_OT_assimp_retro_p3d, IMPORT_SCENE_OT_assimp_retro_oban)
CLASSES = (AssimpRetroPreferences,) + MODEL_OPERATORS + EXPORT_OPERATORS + (IMAGE_OT_assimp_retro_texture,)


def menu_import(self, context):
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_abc.bl_idname, text="LithTech ABC (.abc)")
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_ltb.bl_idname, text="LithTech LTB (.ltb)")
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_p3d.bl_idname, text="Operation Flashpoint P3D (.p3d)")
    self.layout.operator(IMPORT_SCENE_OT_assimp_retro_oban.bl_idname, text="Oni OBAN (.oni, .dat)")
    self.layout.operator(IMAGE_OT_assimp_retro_texture.bl_idname, text="Game Texture (.paa, .pac, .dtx)")


def menu_export(self, context):
    self.layout.operator(EXPORT_SCENE_OT_assimp_retro_abc.bl_idname, text="LithTech ABC (.abc)")
    self.layout.operator(EXPORT_SCENE_OT_assimp_retro_ltb.bl_idname, text="LithTech LTB (.ltb)")
    self.layout.operator(EXPORT_SCENE_OT_assimp_retro_p3d.bl_idname, text="Operation Flashpoint P3D (.p3d)")


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
    bpy.types.TOPBAR_MT_file_export.append(menu_export)
    bpy.types.IMAGE_MT_image.append(menu_image)


def unregister():
    bpy.types.IMAGE_MT_image.remove(menu_image)
    bpy.types.TOPBAR_MT_file_export.remove(menu_export)
    bpy.types.TOPBAR_MT_file_import.remove(menu_import)
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
