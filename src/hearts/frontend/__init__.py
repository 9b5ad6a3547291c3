"""What the command-line front ends share: the options of a table, a seed and the workers (:mod:`~hearts.frontend.options`).

``hearts play``, ``hearts arena``, ``hearts ladder`` and ``hearts selfplay``
take the same table and worker options, each written once here with one
help text; the rules they build are the core's
(:func:`hearts.core.rules.rules_from_options`).
"""
