"""Build of the native line-game engine; everything else is declared in pyproject.toml.

The extension is optional: where it cannot be compiled the package installs without it and
the pure-Python engine (solver/lines.py, solver/search.py, solver/vcf.py) plays instead.
It is a top-level module (``_grundy_native``) so that an installed copy is found even when
the repository's own ``solver/`` package shadows the installed one (the test runner puts
the repository first on the path).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "_grundy_native",
            sources=["native/grundy_native.c"],
            extra_compile_args=["-O2", "-std=c99"],
            optional=True,
        )
    ]
)
