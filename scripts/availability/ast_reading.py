"""The AST of a file: what it uses, where, and in which availability context."""
import json
import re

from .common import version


def type_fields(kind):
    """The fields of an AST node that hold a type the code names: a declaration's type (its signature, or the
    type a variable was given or inferred), an extension's type, a cast's or coercion's written type, a type used
    as a value or in a pattern. The types of expressions are left out: they flow from declarations read already,
    and would name the Linux C library's own types (`__sigset_t`) where the code names none."""
    if kind.endswith("_decl") or kind in ("parameter", "typealias"):
        return ("interface_type", "result", "thrown_type", "extended_type", "written_type")
    if kind in ("type_expr", "pattern_typed"):
        return ("type", "written_type")
    return ("written_type",)


# Fields whose declarations the compiler picks, not the code: a literal's builtin initializer (always there),
# the function a defaulted argument belongs to (the call names it already), and conformances (read apart). The
# `next` call of a `for await` loop is left out too: the compiler calls `next(isolation:)` only where the
# deployment target has it (iOS 18), else `next()`, and a Linux build has no deployment target.
SKIPPED_FIELDS = {"builtin_initializer", "default_args_owner", "inherits"}
TYPE_DECLARATIONS = {"struct_decl", "class_decl", "enum_decl", "protocol_decl", "typealias"}


def context_key(raised, unavailable):
    return [sorted([platform, list(value)] for platform, value in raised.items()), sorted(unavailable)]


def attribute_availability(attributes):
    """({platform: introduced}, {platform: obsoleted}, unavailable platforms, "*" for all) of `@available`s."""
    introduced, obsoleted, unavailable = {}, {}, set()
    for attribute in attributes or []:
        if attribute.get("_kind") != "available_attr":
            continue
        domain = attribute.get("domain")
        if attribute.get("unavailable"):
            unavailable.add(domain)
        if attribute.get("introduced"):
            introduced[domain] = version(attribute["introduced"])
        if attribute.get("obsoleted"):
            obsoleted[domain] = version(attribute["obsoleted"])
    return introduced, obsoleted, unavailable


def raise_versions(raised, versions):
    result = dict(raised)
    for platform, value in versions.items():
        if value > result.get(platform, ()):
            result[platform] = value
    return result


class FileReader:
    """Walks one file's AST. Records each use (a declaration, a type, a protocol conformed to) with its byte
    offset and its context (the versions `#available`/`@available` around it raise, the platforms it is
    unavailable on), and the package's own declarations that carry `@available`."""

    def __init__(self, text):
        self.text = text
        self.uses = []          # [offset, usr, written name or None, context]
        self.types = {}         # (mangled type, context as JSON) -> first offset
        self.declarations = {}  # usr -> [name path, kind, {platform: introduced}, {platform: obsoleted}, unavailable]

    def read(self, root):
        self.visit(root.get("items", []), {}, frozenset(), 0, ((), {}, {}, frozenset()))

    def visit(self, value, raised, unavailable, offset, outer):
        if isinstance(value, list):
            for item in value:
                self.visit(item, raised, unavailable, offset, outer)
            return
        if not isinstance(value, dict):
            return
        kind = value.get("_kind", "")
        span = value.get("range")
        if isinstance(span, dict):
            offset = span.get("end" if kind in ("member_ref_expr", "dynamic_member_ref_expr") else "start", offset)
        if value.get("attrs"):
            introduced, obsoleted, gone = attribute_availability(value["attrs"])
            raised, unavailable = raise_versions(raised, introduced), unavailable | gone
            path, outer_introduced, outer_obsoleted, outer_gone = outer
            outer = (path, raise_versions(outer_introduced, introduced), {**outer_obsoleted, **obsoleted},
                     outer_gone | gone)
        if kind.endswith("_decl") or kind in TYPE_DECLARATIONS:
            outer = self.declaration(value, kind, outer)
        if kind in ("if_stmt", "guard_stmt") and any(condition.get("_kind") == "#available"
                                                     for condition in value.get("conditions", [])):
            self.availability_condition(value, kind, raised, unavailable, offset, outer)
            return
        if kind == "brace_stmt":
            for element in value.get("elements", []):
                self.visit(element, raised, unavailable, offset, outer)
                if isinstance(element, dict) and "_then" in element:
                    raised = element.pop("_then")
            return
        if kind == "call_expr":
            label_callee(value)
        usr = value.get("decl_usr")
        if usr:
            self.uses.append([offset, usr, value.get("_written"), context_key(raised, unavailable)])
        for field in type_fields(kind):
            mangled = value.get(field)
            if isinstance(mangled, str) and mangled.startswith("$s"):
                key = (mangled, json.dumps(context_key(raised, unavailable)))
                self.types.setdefault(key, offset)
        inheritance = value.get("inherits")
        if isinstance(inheritance, dict):
            for conformance in inheritance.get("conformances", []):
                if conformance.get("source_kind") == "explicit" and conformance.get("protocol"):
                    self.uses.append([offset, conformance["protocol"], None, context_key(raised, unavailable)])
        for field, child in value.items():
            if field in SKIPPED_FIELDS or (field == "next_call" and kind == "for_each_stmt"):
                continue
            if isinstance(child, (dict, list)):
                self.visit(child, raised, unavailable, offset, outer)

    def declaration(self, value, kind, outer):
        path, introduced, obsoleted, unavailable = outer
        name = declared_name(value, kind)
        if name:
            path = path + (name,)
        usr = value.get("usr")
        if usr and (introduced or obsoleted or unavailable):
            self.declarations[usr] = [".".join(path) or usr, kind, {p: list(v) for p, v in introduced.items()},
                                      {p: list(v) for p, v in obsoleted.items()}, sorted(unavailable)]
        return path, introduced, obsoleted, unavailable

    def availability_condition(self, value, kind, raised, unavailable, offset, outer):
        """An `if` or `guard` with `#available`: the branch the check guards sees the raised versions.
        `#unavailable` is the same node in the AST, so its spelling is read from the source."""
        conditions = value.get("conditions", [])
        start = value.get("range", {}).get("start", offset)
        branch = value.get("then_stmt" if kind == "if_stmt" else "body") or {}
        header = self.text[start:branch.get("range", {}).get("start", start)]
        spellings = re.findall(rb"#(available|unavailable)\b", header)
        available, otherwise = {}, {}
        checks = 0
        for condition in conditions:
            if condition.get("_kind") != "#available":
                self.visit(condition, raised, unavailable, offset, outer)
                continue
            inverted = checks < len(spellings) and spellings[checks] == b"unavailable"
            checks += 1
            for query in condition.get("queries", []):
                if query.get("domain") not in (None, "*") and query.get("version"):
                    (otherwise if inverted else available)[query["domain"]] = version(query["version"])
        when_available, when_not = raise_versions(raised, available), raise_versions(raised, otherwise)
        if kind == "if_stmt":
            self.visit(value.get("then_stmt"), when_available, unavailable, offset, outer)
            self.visit(value.get("else_stmt"), when_not, unavailable, offset, outer)
        else:
            # A guard's else runs when the check fails; the statements after it, when it holds.
            self.visit(value.get("body"), when_not, unavailable, offset, outer)
            value["_then"] = when_available


def label_callee(call):
    """Marks the declaration a call names with its name as written, `replacing(_:with:)`: without the defaulted
    parameters the declaration also has."""
    arguments = call.get("args")
    labels = []
    for argument in arguments.get("args", []) if isinstance(arguments, dict) else []:
        if argument.get("expr", {}).get("_kind") != "default_argument_expr":
            labels.append((argument.get("label") or "_") + ":")
    function = call.get("fn")
    while isinstance(function, dict):
        kind = function.get("_kind")
        if kind in ("dot_syntax_call_expr", "constructor_ref_call_expr"):
            function = function.get("fn")
        elif kind == "declref_expr" and isinstance(function.get("decl"), dict):
            reference = function["decl"]
            reference["_written"] = f"{reference.get('base_name', '')}({''.join(labels)})"
            return
        else:
            return


def declared_name(value, kind):
    name = value.get("name")
    if kind == "extension_decl" or not isinstance(name, dict):
        return None
    base = name.get("base_name", {})
    base = base.get("name") if isinstance(base, dict) else base
    if not base:
        return None
    if "args" in name or kind in ("func_decl", "constructor_decl", "subscript_decl"):
        return f"{base}({''.join((label or '_') + ':' for label in name.get('args', []))})"
    return base
