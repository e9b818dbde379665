"""``manage.py make_hant``: write the 繁體中文 catalog and the engine's word table from the 简体 texts.

Writes, from ``locale/zh_Hans/LC_MESSAGES/django.po`` and the engine's and the web layer's sources:

- ``locale/zh_Hant/LC_MESSAGES/django.po`` (and its ``.mo``): every entry of the 简体 catalog, its
  ``msgstr`` converted;
- ``locale/zh_Hant/engine_words.json``: the table :mod:`calculator.hant` writes the engine's words
  with at run time.

Each text is converted by OpenCC (``s2tw``: 台灣 standard characters, no change of vocabulary) over the
reviewed word list ``locale/zh_Hant/words.tsv``: the longest word of the list at each place is written
as the list says, what lies between as OpenCC writes it. A system's own words (``Ruleset.hant_terms``)
go over the list for that system's texts.

The output is committed; ``--check`` writes nothing and fails when the committed files differ from a
fresh generation (tests/calculator/test_hant.py runs the same comparison), so a change of a 简体 text
without ``make hant`` is caught by the tests. OpenCC is a test dependency only: the site never imports
it.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from calculator.hant import by_words

ROOT = Path(__file__).resolve().parents[3]
HANS = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
HANT_DIR = ROOT / "locale" / "zh_Hant"
HANT_PO = HANT_DIR / "LC_MESSAGES" / "django.po"
HANT_MO = HANT_DIR / "LC_MESSAGES" / "django.mo"
TABLE = HANT_DIR / "engine_words.json"
WORDS = HANT_DIR / "words.tsv"
SOURCES = ("rulesets", "calculator", "ledger")
OPENCC_CONFIG = "s2tw"

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def read_words(path: Path = WORDS) -> dict[str, str]:
    """The word list: 简体 → 繁體 (a line is ``简体<TAB>繁體<TAB>note``; ``#`` starts a comment line)."""
    out: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 2 or not parts[0] or not parts[1] or parts[0] in out:
            raise CommandError(f"{path.name}:{number}: write 简体<TAB>繁體<TAB>note, each word once")
        out[parts[0]] = parts[1]
    return out


def split_by(text: str, words: Mapping[str, str]) -> Iterator[tuple[str, bool]]:
    """``text`` in runs: each word of ``words`` (the longest at each place) as ``(word, True)``, what lies
    between as ``(run, False)``."""
    longest = max(map(len, words), default=0)
    run_start = i = 0
    while i < len(text):
        for size in range(min(longest, len(text) - i), 0, -1):
            if text[i:i + size] in words:
                if run_start < i:
                    yield text[run_start:i], False
                yield text[i:i + size], True
                i += size
                run_start = i
                break
        else:
            i += 1
    if run_start < len(text):
        yield text[run_start:], False


@dataclass
class Converter:
    """OpenCC under a word list."""

    words: Mapping[str, str]

    @cached_property
    def opencc(self):  # noqa: ANN201 - OpenCC is imported here only (a test dependency)
        import opencc

        return opencc.OpenCC(OPENCC_CONFIG)

    def __call__(self, text: str) -> str:
        if not CJK.search(text):
            return text
        runs = split_by(text, self.words)
        return "".join(self.words[run] if word else self.opencc.convert(run) for run, word in runs)


# -- the catalog ---------------------------------------------------------------------------------------

_LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$')


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def convert_catalog(po: str, convert: Converter) -> str:
    """The 简体 catalog ``po`` with each ``msgstr`` converted (each written on one line), the header saying
    the language and where the file comes from."""
    out_blocks = []
    for block in po.strip("\n").split("\n\n"):
        kept: list[str] = []
        strs: dict[str, str] = {}
        msgid: str | None = None
        key = None
        for line in block.splitlines():
            m = _LINE.match(line)
            if m:
                key, value = m.group(1), ast.literal_eval(m.group(2))
            elif line.startswith('"') and key is not None:
                value = ast.literal_eval(line)
            else:
                key = None
                kept.append(line)
                continue
            if key.startswith("msgstr"):
                strs[key] = strs.get(key, "") + value
                continue
            if key == "msgid":
                msgid = (msgid or "") + value
            kept.append(line)
        if msgid == "":
            out_blocks.append(_header(kept, strs["msgstr"]))
        else:
            out_blocks.append("\n".join(kept + [f"{k} {_quote(convert(v))}" for k, v in strs.items()]))
    return "\n\n".join(out_blocks) + "\n"


def _header(kept: list[str], text: str) -> str:
    lines = [
        "# 繁體中文 translations of the mahjong scoring calculator: written by manage.py make_hant from",
        "# locale/zh_Hans (OpenCC s2tw over locale/zh_Hant/words.tsv). Do not edit: edit the 简体 catalog or",
        "# the word list and run make hant.",
    ] + [line for line in kept if not line.startswith("#")]
    fields = [f for f in text.split("\n") if f]
    fields = [("Language: zh_Hant" if f.startswith("Language:") else f) for f in fields]
    lines.append('msgstr ""')
    lines += [_quote(f + "\n") for f in fields]
    return "\n".join(lines)


def catalog_texts(po: str) -> list[str]:
    """Every ``msgstr`` of a catalog (for the character table)."""
    out = []
    for line in po.splitlines():
        m = _LINE.match(line)
        if m and m.group(1).startswith("msgstr"):
            out.append(ast.literal_eval(m.group(2)))
    return out


def compile_catalog(po: Path, mo: Path) -> None:
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po)], check=True)


# -- the engine's words -------------------------------------------------------------------------------

def source_texts(roots: Iterable[str] = SOURCES) -> set[str]:
    """Every string literal with a 中文 character in the sources of ``roots`` (an f-string's literal parts
    each), docstrings and migrations aside."""
    out: set[str] = set()
    for root in roots:
        for path in sorted((ROOT / root).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            notes = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}  # docstrings, not shown
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in notes
                        and CJK.search(node.value)):
                    out.add(node.value)
    return out


def template_texts() -> set[str]:
    """The 中文 a template writes outside the catalog (a page that says itself in both languages)."""
    out: set[str] = set()
    for path in sorted((ROOT / "templates").rglob("*.html")):
        out.update(re.findall(r"[^<>{}\"'|]*[\u3400-\u9fff][^<>{}\"'|]*", path.read_text(encoding="utf-8")))
    return {text.strip() for text in out if text.strip()}


def engine_texts() -> set[str]:
    """The texts the engine builds from its data: every system's names, fans, house rules and context
    fields, every tile and seat, every message template (spelt with 和 and with 胡)."""
    from rulesets.hand import Seat
    from rulesets.messages import CATALOG, spelt_hu
    from rulesets.registry import all_rulesets
    from rulesets.tiles import ALL_TILES, FLOWERS

    all_rulesets()  # every system's own messages registered
    out = [text for m in CATALOG.values() for text in (m.zh, spelt_hu(m.zh))]  # each in 和 and in 胡
    for r in all_rulesets():
        out += [r.zh, r.description_zh]
        out += [text for f in r.fans for text in (f.zh, f.definition_zh)]
        for info in r.option_infos():
            out += [info.zh, *(getattr(c, "zh", "") for c in info.choices or ())]
        out += [text for f in r.context for text in (f.zh, f.help_zh)]
        out += [zh for zh, _en, *_ in r.preset_info.values()]
        out += [zh for zh, _en in r.cannot_occur.values()]
    out += [t.zh for t in (*ALL_TILES, *FLOWERS)]
    out += [s.zh for s in Seat]
    return {text for text in out if isinstance(text, str) and CJK.search(text)}


def system_terms() -> dict[str, dict[str, str]]:
    """The systems that declare their own words in 繁體 (``Ruleset.hant_terms``)."""
    from rulesets.registry import all_rulesets

    return {r.id: dict(r.hant_terms) for r in all_rulesets() if r.hant_terms}


def build_table(texts: Iterable[str], words: Mapping[str, str], convert: Converter,
                terms: Mapping[str, Mapping[str, str]], extra_chars: Iterable[str] = ()) -> dict[str, object]:
    """The table of :mod:`calculator.hant` for ``texts``: the word list, each character on its own, and the
    texts that need their whole conversion (with each system's own words, those that read otherwise)."""
    texts = sorted(set(texts))
    chars = {}
    for c in sorted({c for text in (*texts, *extra_chars) for c in text if CJK.match(c)}):
        written = convert(c)
        if written != c:
            chars[c] = written
    whole = {}
    for text in texts:
        written = convert(text)
        if by_words(text, words, chars) != written:
            whole[text] = written
    systems: dict[str, dict[str, str]] = {}
    for system, own in sorted(terms.items()):
        both = {**words, **own}
        with_own = Converter(both)
        systems[system] = {text: with_own(text) for text in texts
                           if any(k in text for k in own) and by_words(text, both, chars) != with_own(text)}
    return {
        "about": "Written by manage.py make_hant (OpenCC s2tw over locale/zh_Hant/words.tsv): do not edit.",
        "words": dict(sorted(words.items())),
        "chars": chars,
        "texts": whole,
        "systems": systems,
    }


def dump_table(table: Mapping[str, object]) -> str:
    return json.dumps(table, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def generate() -> dict[Path, str]:
    """Every generated text file, by path (the ``.mo`` is compiled from the ``.po``)."""
    words = read_words()
    convert = Converter(words)
    hans = HANS.read_text(encoding="utf-8")
    po = convert_catalog(hans, convert)
    texts = source_texts() | engine_texts() | template_texts()
    table = build_table(texts, words, convert, system_terms(), extra_chars=catalog_texts(hans))
    return {HANT_PO: po, TABLE: dump_table(table)}


def stale() -> list[Path]:
    """The generated files that differ from a fresh generation (the ``.mo`` compared with one compiled
    from the fresh ``.po``)."""
    out = [path for path, text in generate().items() if not path.is_file() or path.read_text(encoding="utf-8") != text]
    with tempfile.TemporaryDirectory() as tmp:
        mo = Path(tmp) / "django.mo"
        compile_catalog(HANT_PO, mo)
        if not HANT_MO.is_file() or HANT_MO.read_bytes() != mo.read_bytes():
            out.append(HANT_MO)
    return out


class Command(BaseCommand):
    help = "Write the 繁體中文 catalog and the engine's word table from the 简体 texts (--check: compare only)."

    def add_arguments(self, parser) -> None:  # noqa: ANN001 - argparse's parser
        parser.add_argument("--check", action="store_true", help="write nothing; fail if a generated file is stale")

    def handle(self, *args: object, check: bool = False, **options: object) -> None:
        if check:
            found = stale()
            if found:
                names = ", ".join(str(p.relative_to(ROOT)) for p in found)
                raise CommandError(f"stale: {names} (run make hant)")
            self.stdout.write("the 繁體中文 files are up to date")
            return
        for path, text in generate().items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            self.stdout.write(f"wrote {path.relative_to(ROOT)}")
        compile_catalog(HANT_PO, HANT_MO)
        self.stdout.write(f"wrote {HANT_MO.relative_to(ROOT)}")
