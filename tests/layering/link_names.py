#!/usr/bin/env python3
"""Links are found by what they can do, never by name.

Above the link registry (ui/, app/, lib/station, lib/rigcheck) no source names a link: no string
literal equal to a registered link's name ("raven", "emulator.raven"), no link class (RavenLink,
the Worker subclasses the registrations in lib/links build), and no method reached by a name in a
string (QMetaObject::invokeMethod(obj, "name"), indexOfMethod, invokeInThread(obj, "name")).

Allowed by design: the panel registry (ui/panels/builtinpanels.cpp), a link's own panel (the id
its descriptor's `panel` names, ui/panels/<id>panel.{h,cpp}; a companion link shares the panel of
the link it accompanies), the files only that panel includes (its dialogs), and ui/<link>/ (the
lab's windows). What is still to move is listed in link_names_allowed.txt, each with its reason;
an entry that no longer finds anything fails too, so the list only shrinks.

Usage: link_names.py SOURCE_DIR. It first runs the checker on a small made-up tree, to show that
each rule can fail.
"""
import pathlib
import re
import sys

SCANNED = ["ui", "app", "lib/station", "lib/rigcheck"]
METHOD_BY_NAME = [
    re.compile(r'invokeMethod\s*\([^;]*?,\s*"[A-Za-z_]\w*"'),
    re.compile(r'\bindexOfMethod\s*\('),
    re.compile(r'\binvokeInThread\s*\([^,;]+,\s*"'),
]


def strip_comments(text):
    """Removes // and /* */ comments, keeping string literals (and line numbers)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def registered_links(root):
    """{name: {"panel": id or "", "companion_of": name or "", "classes": set()}} from lib/links."""
    links = {}
    for f in sorted((root / "lib/links").glob("*.cpp")):
        text = strip_comments(f.read_text(encoding="utf-8"))
        starts = [m for m in re.finditer(r'\bd\.name\s*=\s*QStringLiteral\("([\w.]+)"\)', text)]
        classes = set(re.findall(r"\b([A-Z]\w*(?:Link|Emulator|Publisher))\b", text))
        for k, m in enumerate(starts):
            block = text[m.end(): starts[k + 1].start() if k + 1 < len(starts) else len(text)]
            panel = re.search(r'\bd\.panel\s*=\s*QStringLiteral\("(\w+)"\)', block)
            comp = re.search(r'\bd\.companionOf\s*=\s*QStringLiteral\("(\w+)"\)', block)
            links[m.group(1)] = {"panel": panel.group(1) if panel else "",
                                 "companion_of": comp.group(1) if comp else "",
                                 "classes": classes}
    return links


def worker_classes(root):
    """Every Worker subclass of the protocol modules (lib/<module>/*.h), lib/session excluded."""
    found = set()
    for h in (root / "lib").glob("*/*.h"):
        if h.parent.name in ("session", "core", "station"):
            continue
        found |= set(re.findall(r"class\s+(\w+)\s*(?:final\s*)?:\s*public\s+(?:hil::)?Worker\b",
                                h.read_text(encoding="utf-8")))
    return found


def own_files(root, links):
    """{relative path: set of link names whose own UI it is}."""
    ui = root / "ui"
    includes = {}  # ui header -> set of files (relative) including it
    for f in list(ui.rglob("*.cpp")) + list(ui.rglob("*.h")) + list((root / "app").rglob("*.cpp")):
        for inc in re.findall(r'#include\s+"(ui/[\w/]+\.h)"', f.read_text(encoding="utf-8")):
            includes.setdefault(inc, set()).add(str(f.relative_to(root)))
    own = {}
    for name, info in links.items():
        panel = info["panel"] or links.get(info["companion_of"], {}).get("panel", "")
        files = set()
        if panel:
            for ext in ("h", "cpp"):
                p = f"ui/panels/{panel}panel.{ext}"
                if not (root / p).exists():
                    raise SystemExit(f"link {name}: its panel '{panel}' has no {p}")
                files.add(p)
        d = ui / name
        if d.is_dir():
            files |= {str(p.relative_to(root)) for p in d.rglob("*") if p.suffix in (".h", ".cpp")}
        # A panel's dialogs: ui headers included only by files already its own, and their .cpp.
        grew = True
        while grew and files:
            grew = False
            for header, users in includes.items():
                if header not in files and users <= files | {header.replace(".h", ".cpp")}:
                    cpp = header.replace(".h", ".cpp")
                    files |= {header} | ({cpp} if (root / cpp).exists() else set())
                    grew = True
        for p in files:
            own.setdefault(p, set()).add(name)
    return own


def violations(root):
    links = registered_links(root)
    if not links:
        raise SystemExit("no link registrations found under lib/links")
    classes = worker_classes(root)
    owner_of_class = {}
    for name, info in links.items():
        for c in info["classes"] & classes:
            owner_of_class.setdefault(c, set()).add(name)
    own = own_files(root, links)
    found = []
    for top in SCANNED:
        for f in sorted((root / top).rglob("*")):
            if f.suffix not in (".h", ".cpp"):
                continue
            rel = str(f.relative_to(root))
            if rel == "ui/panels/builtinpanels.cpp":
                continue
            mine = own.get(rel, set())
            mine |= {n for n in links if links[n]["companion_of"] in mine}
            text = strip_comments(f.read_text(encoding="utf-8"))
            for lineno, line in enumerate(text.split("\n"), 1):
                for lit in re.findall(r'"((?:emulator\.)?[\w.]+)"', line):
                    name = lit[len("emulator."):] if lit.startswith("emulator.") else lit
                    if name in links and name not in mine:
                        found.append((rel, lineno, f'names link "{lit}"'))
                for c, owners in owner_of_class.items():
                    if re.search(r"\b%s\b" % c, line) and not owners & mine:
                        found.append((rel, lineno, f"names link class {c}"))
                for rx in METHOD_BY_NAME:
                    if rx.search(line):
                        found.append((rel, lineno, "reaches a method by a name in a string"))
    return found


def allowed(root):
    entries = {}
    for line in (root / "tests/layering/link_names_allowed.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            path, _, why = line.partition(":")
            entries[path.strip()] = why.strip()
    return entries


def selftest():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        t = pathlib.Path(tmp)
        files = {
            "lib/links/seat.cpp": 'd.name = QStringLiteral("seat");\nd.panel = QStringLiteral("seat");'
                                  "\nauto *l = static_cast<SeatLink *>(w);",
            "lib/seat/seatlink.h": "class SeatLink : public Worker {};",
            "ui/panels/seatpanel.h": "",
            "ui/panels/seatpanel.cpp": '#include "ui/panels/seatdialog.h"\nworker(QStringLiteral("seat"));',
            "ui/panels/seatdialog.h": "SeatLink *l;",
            "ui/panels/other.cpp": 'worker("seat"); // "seat" in a comment is fine\nSeatLink *l;\n'
                                   'QMetaObject::invokeMethod(o, "play");',
            "tests/layering/link_names_allowed.txt": "",
        }
        for rel, text in files.items():
            (t / rel).parent.mkdir(parents=True, exist_ok=True)
            (t / rel).write_text(text, encoding="utf-8")
        got = sorted((rel, line, what.split(" ")[0]) for rel, line, what in violations(t))
        want = [("ui/panels/other.cpp", 1, "names"), ("ui/panels/other.cpp", 2, "names"),
                ("ui/panels/other.cpp", 3, "reaches")]
        if got != want:
            raise SystemExit(f"the checker itself is wrong: {got} != {want}")


def main():
    selftest()
    root = pathlib.Path(sys.argv[1]).resolve()
    found = violations(root)
    allow = allowed(root)
    bad = [v for v in found if v[0] not in allow]
    stale = sorted(set(allow) - {v[0] for v in found})
    for rel, lineno, what in bad:
        print(f"{rel}:{lineno}: {what}: find the link by what its descriptor declares")
    for rel in stale:
        print(f"{rel}: listed in link_names_allowed.txt but names no link any more: remove it")
    print(f"{len(found)} places name a link, {len(found) - len(bad)} of them in "
          f"{len(allow)} listed files still to move")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
