"""Demangling: the module of a declaration, the nominal types inside a type, readable names."""
import re
import subprocess

from .common import Failure


def run_demangler(arguments, lines):
    result = subprocess.run(["swift", "demangle"] + arguments, input="\n".join(lines) + "\n",
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"`swift demangle {' '.join(arguments)}` failed (exit {result.returncode}): {result.stderr.strip()}")
    return result.stdout


def demangle_declarations(usrs):
    """{usr: [module, demangled text]} for Swift USRs: the module is the extension's, or the outermost context's."""
    names = sorted(usr for usr in usrs if usr.startswith("s:"))
    if not names:
        return {}
    lines = run_demangler(["--compact"], ["$s" + usr[2:] for usr in names]).split("\n")
    trees = demangle_trees(["$s" + usr[2:] for usr in names])
    return {usr: [module_of(trees.get("$s" + usr[2:])), lines[index] if index < len(lines) else usr]
            for index, usr in enumerate(names)}


def readable(demangled):
    """A demangled declaration as this check names declarations: `_NSRange.init(_:in:)` for
    `Foundation._NSRange.init<A, B where ...>(_: A, in: B) -> Foundation._NSRange`."""
    text = re.sub(r"^(?:(?:static|class) )+", "", demangled)
    text = re.sub(r"^\(extension in \w+\):", "", text)
    text = re.sub(r"^\w+\.", "", text)
    while True:
        generic = re.sub(r"<[^<>]*>", "", text)
        if generic == text:
            break
        text = generic
    call = re.match(r"([^(:]+)\((.*?)\)(?: throws)?(?: -> .*)?$", text)
    if call:
        labels = [part.split(":")[0].strip() for part in call.group(2).split(",") if ":" in part]
        return f"{call.group(1)}({''.join(label + ':' for label in labels)})"
    return text.split(" : ")[0]


def module_of(tree):
    """The module a demangled declaration belongs to: its extension's module, or its outermost context's."""
    node = tree
    while node and node["children"]:
        node = node["children"][0]
        if node["kind"] == "Module":
            return node["text"]
        if node["kind"] == "Extension":
            return node["children"][0]["text"] if node["children"] else None
    return None


def demangle_trees(manglings):
    """{mangled name: its demangling tree}."""
    trees, current, stack = {}, None, []
    for line in run_demangler(["--tree-only"], manglings).split("\n"):
        if line.startswith("Demangling for "):
            current = {"kind": "Root", "children": []}
            trees[line[len("Demangling for "):].strip()] = current
            stack = [(-1, current)]
            continue
        match = re.match(r"( *)kind=(\w+)(?:, text=\"(.*)\")?", line)
        if not match or current is None:
            continue
        depth = len(match.group(1)) // 2
        node = {"kind": match.group(2), "text": match.group(3), "children": []}
        while stack[-1][0] >= depth:
            stack.pop()
        stack[-1][1]["children"].append(node)
        stack.append((depth, node))
    return trees


NOMINAL_KINDS = {"Structure", "Class", "Enum", "Protocol", "TypeAlias", "OtherNominalType"}


def demangle_types(mangled_types):
    """{mangled type: [nominal type keys]}: every nominal type inside each type, the outermost first."""
    mangled_types = sorted(set(mangled_types))
    trees = demangle_trees(mangled_types) if mangled_types else {}
    result = {}
    for mangled in mangled_types:
        keys = []
        for key in nominal_keys(trees.get(mangled)):
            if key not in keys:
                keys.append(key)
        result[mangled] = keys
    return result


def nominal_keys(node):
    if not node:
        return
    if node["kind"] in NOMINAL_KINDS:
        yield type_key(node)
    for child in node["children"]:
        yield from nominal_keys(child)


def type_key(node):
    """A nominal type's name in its context, as this check spells it on both sides (the AST's types and the
    symbol graphs' declarations): Swift.Duration, (extension in FoundationEssentials):Swift.String.Encoding."""
    kind, children = node["kind"], node["children"]
    if kind == "Module":
        return node["text"]
    if kind == "Extension" and len(children) > 1:
        return f"(extension in {children[0]['text']}):{type_key(children[1])}"
    if (kind == "Type" or kind.startswith("BoundGeneric")) and children:
        return type_key(children[0])  # Array<Int> is a use of Array (and, inside it, of Int)
    if kind in NOMINAL_KINDS and children:
        name = children[1] if len(children) > 1 else {}
        if name.get("kind") in ("PrivateDeclName", "LocalDeclName", "RelatedEntityDeclName"):
            name = name["children"][-1] if name["children"] else {}
        return f"{type_key(children[0])}.{name.get('text') or '?'}"
    # A type declared inside a function or another declaration: named by its module, never in a symbol graph.
    while children and children[0]["kind"] != "Module":
        children = children[0]["children"]
    return f"{children[0]['text']}.(local)" if children else "?"


def key_module(key):
    extension = re.match(r"\(extension in (\w+)\):", key)
    return extension.group(1) if extension else key.split(".")[0]


def key_name(key):
    """A type key without its module: String.Encoding, stat."""
    return re.sub(r"^(\(extension in \w+\):)?\w+\.", "", key)


def c_name(usr):
    """A C declaration's name from its clang USR: open, O_RDONLY, stat, stat.st_mode, environ."""
    parts = [part for part in usr[2:].split("@") if part]
    if "Ea" in parts or "EA" in parts:
        return parts[-1]
    names, index = [], 0
    while index < len(parts):
        part = parts[index]
        if part in ("F", "S", "SA", "U", "UA", "E", "T", "macro", "FI") and index + 1 < len(parts):
            names.append(parts[index + 1])
            index += 2
        elif "." in part or part.isdigit():
            index += 1  # a header's name and position, for declarations local to a header
        else:
            names.append(part)
            index += 1
    return ".".join(names) or usr
