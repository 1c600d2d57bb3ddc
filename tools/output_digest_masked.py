"""Digest of an FBX or COLLADA file with the export time zeroed.

Used by tools/output_digests.sh: Assimp's FBX exporter writes the wall-clock
time into the CreationTimeStamp record (int32 fields Year .. Millisecond),
the COLLADA exporter into <created> and <modified>.
"""
import hashlib
import re
import sys

TIME_FIELDS = (b'Year', b'Month', b'Day', b'Hour', b'Minute', b'Second',
               b'Millisecond')


def masked(path):
    data = open(path, 'rb').read()
    if path.endswith('.fbx'):
        for name in TIME_FIELDS:
            field = bytes([len(name)]) + name + b'I'
            data = re.sub(re.escape(field) + b'....', field + b'\0\0\0\0',
                          data, flags=re.S)
    else:
        data = re.sub(rb'<(created|modified)>[^<]*<', rb'<\1><', data)
    return data


print(hashlib.sha256(masked(sys.argv[1])).hexdigest()[:16])
