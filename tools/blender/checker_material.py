# Shared by the Blender scripts that make the tests' models
# (make_vehicle_glb.py, make_skinned_character.py): a material showing a
# 16x16 checker of 4x4 squares, packed into the .blend so that the glTF
# exporter embeds it as PNG.
import bpy


def checker_material(name, image_name, dark, light):
    """`dark` and `light`: RGBA floats; the square at (0, 0) is dark."""
    image = bpy.data.images.new(image_name, width=16, height=16)
    image.pixels = [value for y in range(16) for x in range(16)
                    for value in (light if (x // 4 + y // 4) % 2 else dark)]
    image.file_format = "PNG"
    image.pack()
    material = bpy.data.materials.new(name)
    material.use_nodes = True
    texture = material.node_tree.nodes.new("ShaderNodeTexImage")
    texture.image = image
    bsdf = material.node_tree.nodes["Principled BSDF"]
    material.node_tree.links.new(texture.outputs["Color"], bsdf.inputs["Base Color"])
    return material
