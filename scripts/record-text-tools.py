#!/usr/bin/env python3
"""Records what the real text tools print for the cases of a JSON file, in place.

    python3 scripts/record-text-tools.py src/shell/builtins/sed/gnu-sed.json

Each case is {"args": [...], "stdin": "...", "files": {"name": "content"}}; the tool named in
the file's "tool" runs in an empty directory holding the files, and the case gains "out", "err",
"code" and "after" (the files once it has run). The tests beside each tool replay the cases
against the terminal's version and compare every byte.
"""
import json, os, subprocess, sys, tempfile

path = sys.argv[1]
doc = json.load(open(path))
for case in doc["cases"]:
    with tempfile.TemporaryDirectory() as d:
        for name, text in case.get("files", {}).items():
            os.makedirs(os.path.dirname(os.path.join(d, name)) or d, exist_ok=True)
            open(os.path.join(d, name), "w").write(text)
        p = subprocess.run([doc["tool"], *case["args"]], input=case.get("stdin", "").encode(), capture_output=True, cwd=d, timeout=20)
        case["out"] = p.stdout.decode()
        case["err"] = p.stderr.decode()
        case["code"] = p.returncode
        after = {}
        for root, _, files in os.walk(d):
            for f in files:
                full = os.path.join(root, f)
                after[os.path.relpath(full, d)] = open(full).read()
        if after != case.get("files", {}):
            case["after"] = after
        else:
            case.pop("after", None)
json.dump(doc, open(path, "w"), indent=1, ensure_ascii=False)
open(path, "a").write("\n")
