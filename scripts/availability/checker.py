"""The verdict: every use of every covered target judged against its platforms' floors."""
import os
import re

from .common import version_text
from .conditions import lines_not_compiled
from .demangling import c_name, key_module, key_name, readable

# The standard library's modules: every declaration newer than Swift 5.0 (iOS 12.2, macOS 10.14.4) carries
# its availability, so one without any has been there since before every floor this package can declare.
STANDARD_LIBRARY = {"Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation",
                    "Distributed", "_Differentiation", "Cxx", "CxxStdlib"}


class Problem:
    def __init__(self, file, line, column, message):
        self.file, self.line, self.column, self.message = file, line, column, message

    def __str__(self):
        return f"{self.file}:{self.line}:{self.column}: error: {self.message}"


class Checker:
    """Judges every use of every covered target against its platforms' floors."""

    def __init__(self, package, symbols, table, readings):
        self.package, self.symbols, self.table = package, symbols, table
        self.own_declarations, self.own_types = {}, {}
        for files in readings.values():
            for data in files.values():
                self.own_declarations.update(data["declarations"])
                self.own_types.update(data["declared_types"])
        self.read_modules = {package.targets[target].get("c99name", target) for target in readings}
        self.problems, self.uses, self.unlisted, self.unknown_standard = [], 0, set(), set()

    def check(self, target, platforms, files):
        for source, data in sorted(files.items()):
            with open(source, "rb") as file:
                raw = file.read()
            starts = [0] + [index + 1 for index, byte in enumerate(raw) if byte == 0x0A]
            skipped = lines_not_compiled(raw.decode("utf-8", errors="replace"), list(platforms))
            relative = os.path.relpath(source, self.package.path)
            seen = set()
            for offset, usr, written, context, demangled in data["uses"]:
                self.uses += 1
                line, column = position(starts, offset)
                for platform, floor in platforms.items():
                    if platform in skipped.get(line, ()) or not self.checked_in(context, platform):
                        continue
                    here = max(floor, raised_in(context, platform))
                    message = self.judge_declaration(usr, written, demangled, platform, here, target, floor)
                    if message and (line, column, message) not in seen:
                        seen.add((line, column, message))
                        self.problems.append(Problem(relative, line, column, message))
            for offset, keys, context in data["types"]:
                line, column = position(starts, offset)
                for platform, floor in platforms.items():
                    if platform in skipped.get(line, ()) or not self.checked_in(context, platform):
                        continue
                    here = max(floor, raised_in(context, platform))
                    for key in keys:
                        message = self.judge_type(key, platform, here, target, floor)
                        # A type named twice on a line (a declaration and its parameter) is one problem.
                        if message and (line, message) not in seen:
                            seen.add((line, message))
                            self.problems.append(Problem(relative, line, column, message))

    @staticmethod
    def checked_in(context, platform):
        unavailable = context[1]
        return platform not in unavailable and "*" not in unavailable

    def judge_declaration(self, usr, written, demangled, platform, here, target, floor):
        """A problem with a use of a declaration on a platform, or None."""
        if usr.startswith("c:"):
            return self.judge_unannotated("C", c_name(usr), written, platform, here, target, floor)
        module, text = demangled or (None, usr)
        if module == "__C":
            # A member Swift makes for an imported C type (its zero initializer): the C type's own row decides.
            name = re.sub(r"^__C\.", "", text).split(".")[0].split("(")[0]
            return self.judge_unannotated("C", name, written, platform, here, target, floor)
        if usr in self.own_declarations:
            name, _, introduced, obsoleted, unavailable = self.own_declarations[usr]
            verdict = (tuple(introduced.get(platform, ())), tuple(obsoleted[platform]) if platform in obsoleted else None,
                       platform in unavailable or "*" in unavailable)
            return self.verdict(written, name, module, verdict, platform, here, target, floor)
        if module in self.package.module_names and module in self.read_modules:
            return None  # a declaration of a target read here, without `@available`
        self.symbols.load(module)
        effective = self.symbols.effective(usr, platform)
        name = self.symbols.symbols[usr][0] if effective else readable(text)
        if effective is None and (module in STANDARD_LIBRARY or module in self.package.module_names):
            self.unknown_standard.add(text)
            return None
        if effective is None or not (effective[3] or module in STANDARD_LIBRARY or module in self.package.module_names):
            return self.judge_unannotated(module or "?", name, written, platform, here, target, floor)
        message = self.verdict(written, name, module, effective, platform, here, target, floor)
        if message and any(self.symbols.effective(implementation, platform) is not None
                           and not self.verdict("", "", None, self.symbols.effective(implementation, platform),
                                                platform, here, target, floor)
                           for implementation in self.symbols.defaults.get(usr, [])):
            # A protocol requirement added later, with a default implementation there at the floor: the Linux
            # compiler names the requirement, an Apple build's overload resolution passes it over for that
            # implementation (it ranks a declaration the deployment target lacks below one it has).
            return None
        return message

    def judge_type(self, key, platform, here, target, floor):
        """A problem with a use of a nominal type on a platform, or None."""
        module = key_module(key)
        if module == "__C":
            return self.judge_unannotated("C", key_name(key), None, platform, here, target, floor)
        if key in self.own_types:
            return self.judge_declaration(self.own_types[key], None, [module, key], platform, here, target, floor)
        if module in self.package.module_names and module in self.read_modules:
            return None
        self.symbols.load(module)
        usr = self.symbols.types.get(key)
        if usr is None:
            if module in STANDARD_LIBRARY or module in self.package.module_names:
                self.unknown_standard.add(key)
                return None
            return self.judge_unannotated(module, key_name(key), None, platform, here, target, floor)
        return self.judge_declaration(usr, None, [module, key], platform, here, target, floor)

    def judge_unannotated(self, module, name, written, platform, here, target, floor):
        versions = self.table.lookup(module, name)
        if versions is None and module == "C" and "." in name:
            # A C struct's field is part of the struct: the struct's row covers it.
            versions = self.table.lookup(module, name.split(".")[0])
        if versions is None:
            self.unlisted.add((module, name))
            what = name if not written or written == name else f"{written} ({name})"
            return (f"{what} in {module} has no Apple availability in the symbol graphs and no row in "
                    f"{self.table.display}: add one with its iOS and macOS versions and its "
                    "documentation page")
        if versions.get(platform, ()) is None:
            return self.verdict(written, name, module, ((), None, True), platform, here, target, floor, "the table")
        return self.verdict(written, name, module, (versions.get(platform, ()), None, False), platform, here,
                            target, floor, "the table")

    @staticmethod
    def verdict(written, name, module, effective, platform, here, target, floor, source=None):
        introduced, obsoleted, unavailable = effective[0], effective[1], effective[2]
        what = name if not written or written == name else f"{written} ({name})"
        where = f"{what} in {module}" if module else what
        according = f", by {source}" if source else ""
        if unavailable:
            return f"{where} is unavailable on {platform}{according}; {target} is built for {platform}"
        if obsoleted is not None and obsoleted <= here:
            return (f"{where} is obsoleted in {platform} {version_text(obsoleted)}{according}; {target} supports "
                    f"{platform} {version_text(floor)}")
        if introduced > here:
            guard = "" if here == floor else f", and the #available or @available around it only ensures {version_text(here)}"
            return (f"{where} is introduced in {platform} {version_text(introduced)}{according}; {target} supports "
                    f"{platform} {version_text(floor)}{guard}")
        return None


def position(starts, offset):
    """The 1-based line and column (in bytes, as the compiler counts) of a byte offset."""
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low + 1, offset - starts[low] + 1


def raised_in(context, platform):
    for name, value in context[0]:
        if name == platform:
            return tuple(value)
    return ()
