"""The search's per-world loop as kernel modules: the same source runs compiled (Numba) or interpreted.

Each module here is written in the Python subset of :mod:`hearts.core.kernel`
(ints, bools, floats, sequences indexed by position; lists when interpreted,
NumPy arrays when compiled) and calls the rules kernel for every rule fact.
"""
