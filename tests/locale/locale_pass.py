#!/usr/bin/env python3
"""The German pass's rule, held.

`make test` runs the suite in the C locale, then again under de_DE only the tests labelled
`locale`; `make check` runs every test in both. That is sound as long as two things hold:

1. Outside the window's code (ui/) nothing in lib/ or app/ formats or parses a number through
   the locale: no QLocale() or QLocale::system(), no %L placeholder, no C library call whose
   result follows setlocale() (strtod, atof, sscanf, std::stod, std::to_string, a printf-family
   call with a floating-point conversion, the standard streams). Numbers on a wire or in a file
   go through QString::number, QByteArray::number, QString::toDouble and QLocale::c(), which never
   follow the desktop. ALLOWED names the files that write the operator's text in their locale on
   purpose, each with its reason.
2. Every test that can reach such code carries the label, and only those: a test whose sources
   include a ui/ header or start the program (testpaths::program(), headlessrun.h,
   programrun.h). The label is given by the build (tests/CMakeLists.txt, hil_locale_label); this
   re-reads the sources and the build's CTest files and compares.

Usage: locale_pass.py SOURCE_DIR BUILD_DIR. It first runs both checks on a small made-up tree, to
show that each can fail.
"""
import pathlib
import re
import sys
import tempfile

SCANNED = ["lib", "app"]
ALLOWED = {
    # The rig check's report is written twice: for the window in the operator's locale, for the
    # session folder and the command line in the C locale (valueOf's QLocale argument).
    "lib/rigcheck/rigreport.cpp": "the window's copy of the report, in the operator's locale",
}
LOCALE_CALLS = [
    (re.compile(r"\bQLocale\s*(\(\s*\)|\{\s*\})"), "QLocale() follows the desktop"),
    (re.compile(r"\bQLocale::system\s*\("), "QLocale::system() is the desktop's"),
    (re.compile(r'"[^"\n]*%L\d'), "a %L placeholder follows the desktop"),
    (re.compile(r"\b(strtod|strtof|strtold|atof|sscanf|std::stod|std::stof|std::to_string)\s*\("),
     "the C library's number text follows setlocale()"),
    (re.compile(r'\b(v?s?n?f?printf)\s*\([^;]*"[^"\n]*%[-+ #0-9.*]*[fFgGeEaA]'),
     "a printf floating-point conversion follows setlocale()"),
    (re.compile(r"\bstd::(o|i)?stringstream\b|\bstd::(cout|cerr)\s*<<"),
     "the standard streams follow the global locale"),
]
RULE = [
    re.compile(r'#include "ui/'),
    re.compile(r"testpaths::program\(\)"),
    re.compile(r'#include "headlessrun\.h"'),
    re.compile(r'#include "programrun\.h"'),
]


def strip_comments(text):
    """Comments blanked (line numbers kept); string literals stay, the %L check needs them."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def locale_calls(source_dir):
    found = []
    for top in SCANNED:
        for path in sorted((source_dir / top).rglob("*")):
            if path.suffix not in (".cpp", ".h") or not path.is_file():
                continue
            rel = path.relative_to(source_dir).as_posix()
            if rel in ALLOWED:
                continue
            text = strip_comments(path.read_text(encoding="utf-8", errors="replace"))
            for pattern, why in LOCALE_CALLS:
                for m in pattern.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.append(f"{rel}:{line}: {m.group(0).strip()[:60]} ({why})")
    return found


def labels_in_build(build_dir):
    """{test: set(labels)} from every CTestTestfile.cmake of the build tree."""
    tests = {}
    prop = re.compile(r'set_tests_properties\(\[=\[(\w+)\]=\] PROPERTIES .*?LABELS "([^"]*)"')
    for f in build_dir.rglob("CTestTestfile.cmake"):
        for m in prop.finditer(f.read_text(encoding="utf-8", errors="replace")):
            tests[m.group(1)] = set(m.group(2).split(";"))
    return tests


def test_sources(source_dir, name):
    """A test's sources: its <name>.cpp under tests/ (every hil_add_test names one)."""
    return [p for p in (source_dir / "tests").rglob(name + ".cpp")]


def label_mismatches(source_dir, build_dir):
    wrong = []
    for name, labels in sorted(labels_in_build(build_dir).items()):
        sources = test_sources(source_dir, name)
        if not sources:
            continue  # a script or a fixture (layering_*, installer_*): nothing of ours runs
        text = "".join(s.read_text(encoding="utf-8", errors="replace") for s in sources)
        wanted = any(p.search(text) for p in RULE)
        if wanted and "locale" not in labels:
            wrong.append(f"{name}: runs the window's code or the program but lacks the label locale")
        if not wanted and "locale" in labels:
            wrong.append(f"{name}: labelled locale but runs neither the window's code nor the program")
    return wrong


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / "lib/x").mkdir(parents=True)
        (root / "lib/x/bad.cpp").write_text(
            'QString a = QLocale().toString(1.5);\nchar b[9]; snprintf(b, 9, "%.2f", v);\n'
            'double c = strtod(s, nullptr);\nQString d = QString("%L1").arg(2.5);\n'
            "// QLocale() in a comment is fine\n")
        (root / "lib/x/good.cpp").write_text('QString a = QString::number(1.5, \'f\', 2);\n'
                                             'std::fprintf(stderr, "%s\\n", e);\n')
        found = locale_calls(root)
        if len(found) != 4 or any("good.cpp" in f for f in found):
            return f"the scan's self-test found {found}, expected the 4 calls of bad.cpp"
        (root / "tests/a").mkdir(parents=True)
        (root / "tests/a/tst_window.cpp").write_text('#include "ui/mainwindow.h"\n')
        (root / "tests/a/tst_codec.cpp").write_text('#include "raven/ravencodec.h"\n')
        (root / "build/tests/a").mkdir(parents=True)
        (root / "build/tests/a/CTestTestfile.cmake").write_text(
            'set_tests_properties([=[tst_window]=] PROPERTIES  LABELS "gui" TIMEOUT "1")\n'
            'set_tests_properties([=[tst_codec]=] PROPERTIES  LABELS "unit;locale" TIMEOUT "1")\n')
        wrong = label_mismatches(root, root / "build")
        if len(wrong) != 2:
            return f"the label check's self-test found {wrong}, expected both tests wrong"
    return None


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    failed = self_test()
    if failed:
        print("locale_pass.py cannot fail as it should:", failed)
        return 1
    source_dir, build_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    calls = locale_calls(source_dir)
    wrong = label_mismatches(source_dir, build_dir)
    for line in calls:
        print(line)
    for line in wrong:
        print(line)
    tests = labels_in_build(build_dir)
    print(f"{sum('locale' in l for l in tests.values())} of {len(tests)} tests run in the German pass")
    if calls:
        print("A number on a wire or in a file is written and read in the C locale "
              "(QString::number, QLocale::c()); the operator's text belongs in ui/.")
    return 1 if calls or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
