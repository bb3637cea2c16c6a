"""Builds the one compiled module of the project, the blossom solver's twin.

    python setup.py build_ext --inplace

The Makefile and the Dockerfile run this; without it the engines use the
pure-Python solver in pairing/engine/blossom.py, with the same answers, slower.
"""

from setuptools import Extension, setup

setup(
    name="tourney-blossom",
    ext_modules=[
        Extension(
            "pairing.engine._blossom",
            sources=["pairing/engine/_blossom.c"],
            extra_compile_args=["-O2", "-std=c11", "-Wall", "-Wextra"],
        )
    ],
    py_modules=[],
)
