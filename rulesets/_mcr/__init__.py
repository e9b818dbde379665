"""The MCR (国标) hand detection that 国标 and 二人麻将 share: the view of a reading (:mod:`.view`), one
predicate per fan (:mod:`.predicates`), their rows as gated lines of the pipeline (:mod:`.detection`), the
scoring principles 套算一次 and the unique wait (:mod:`.principles`) and which tiles light each fan
(:mod:`.lights`).

Shared code, not a system (its name starts with ``_``): each system keeps its own fan table, values and
sources and runs these over it (``rulesets/guobiao``, ``rulesets/erren``).
"""
