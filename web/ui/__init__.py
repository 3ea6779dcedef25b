# The page's modules (see app.py). In the built site they come as one file, modules.bin (build.py bundle_modules: one
# request instead of one per module), written out here into this folder before app.py imports them; a folder with no
# bundle (the source tree, the CPython tests) is left as it is.


def _unpack():
    import json
    import os

    folder = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    try:
        os.stat(folder + "/modules.bin")
    except OSError:
        return
    with open(folder + "/modules.bin", "rb") as bundle:
        for name, size in json.loads(bundle.readline()):
            with open(folder + "/" + name, "wb") as out:
                out.write(bundle.read(size))


_unpack()
del _unpack
