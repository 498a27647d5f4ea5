"""Build of the package layout and of the native line-game engine; the rest is in pyproject.toml.

**One namespace.** The folders ``rules/``, ``solver/``, ``protocol/``, ``server/``, ``client/``
and ``cli/`` stay at the top of the repository, but they install as ``grundy.rules``,
``grundy.solver``, ... (``grundy`` is a namespace package with no code of its own), so
installing grundy never puts generic top-level modules named ``server`` or ``cli`` into a
user's site-packages. Code inside the project imports them by those names too
(``from grundy.server.node import Node``); working from a checkout needs an editable
install (``pip install -e '.[dev]'``), or a plain one for running the tests as CI does.

**The native engine** is optional: where it cannot be compiled the package installs without
it and the pure-Python engine (solver/lines.py, solver/search.py, solver/vcf.py) plays
instead. It is one private top-level module, ``_grundy_native``.

**The native wire path** is optional too: ``_grundy_wire`` (native/grundy_wire.c) reads client
frames, parses ``move`` requests, writes frames and takes the plain move of a playing room for the
server's per-move path; without it the pure-Python twins in server/transport.py, protocol/codec.py
and the Python room run.  One module uses it, server/native.py, as the node's mode says
(``GRUNDY_NATIVE=off|wire|room``, read by server/config.py).
"""

from setuptools import Extension, find_packages, setup

FOLDERS = ("rules", "solver", "protocol", "server", "client", "cli")

packages = []
package_dir = {}
for folder in FOLDERS:
    package_dir[f"grundy.{folder}"] = folder
    packages += [f"grundy.{folder}"] + [f"grundy.{folder}.{sub}" for sub in find_packages(folder)]

setup(
    packages=packages,
    package_dir=package_dir,
    ext_modules=[
        Extension(
            "_grundy_native",
            sources=["native/grundy_native.c", "native/gomoku_engine.c"],
            extra_compile_args=["-O2", "-std=c99"],
            optional=True,
        ),
        Extension(
            "_grundy_wire",
            sources=["native/grundy_wire.c"],
            extra_compile_args=["-O2", "-std=c99"],
            optional=True,
        ),
    ],
)
