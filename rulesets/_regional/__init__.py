"""Mechanics shared by the issue-15 systems (澳大利亚, 苏州, 象山, 吉林 and the table's own rules).

Not a system itself (the registry skips ``_`` modules): the reading of a hand (:mod:`.facts`), the
score pipeline (:mod:`.pipeline`: check → readings → items → ``apply_exclusions`` → best → settle) and
the payment lines (:mod:`.pay`: who pays a self-draw or a discard, with named factors).
"""
