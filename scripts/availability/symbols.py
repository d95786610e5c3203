"""Symbol graphs: each declaration's Apple availability and what it belongs to."""
import hashlib
import json
import os
import shutil
import subprocess
import tempfile

from .common import CACHE_FORMAT, Failure, ensure, file_digest, version, write_atomically
from .demangling import demangle_types
from .package import PLATFORM_NAMES


class Symbols:
    """The declarations of the modules the code uses, each with its Apple availability and what it belongs to."""

    def __init__(self, cache, triple, build, own_modules, use_cache, toolchain):
        self.cache, self.triple, self.build, self.own_modules = cache, triple, build, own_modules
        self.use_cache, self.toolchain = use_cache, toolchain
        self.symbols = {}  # usr -> [name path, module, {platform: [introduced, obsoleted, unavailable]}, [parents]]
        self.types = {}    # type key -> usr
        self.defaults = {}  # protocol requirement usr -> the usrs of its default implementations
        self.loaded = set()

    def load(self, module):
        if module in self.loaded or not module:
            return
        self.loaded.add(module)
        own = module in self.own_modules
        if own:
            module_file = os.path.join(self.build.modules, module + ".swiftmodule")
            if not os.path.exists(module_file):
                return  # a module of the package that the build has not made: nothing of it is used
            identity = file_digest(module_file)[:24]
        else:
            identity = hashlib.sha256((self.toolchain + self.triple).encode()).hexdigest()[:24]
        path = os.path.join(self.cache, "symbols", f"{module}-{identity}-{CACHE_FORMAT}.json")
        condensed = None
        if self.use_cache and os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                condensed = json.load(file)
        if condensed is None:
            condensed = self.extract(module, own)
            write_atomically(path, json.dumps(condensed))
        for usr, entry in condensed["symbols"].items():
            self.symbols.setdefault(usr, entry)
        for key, usr in condensed["types"].items():
            self.types.setdefault(key, usr)
        for requirement, implementations in condensed["defaults"].items():
            self.defaults.setdefault(requirement, []).extend(implementations)

    def extract(self, module, own):
        directory = tempfile.mkdtemp(prefix=f"symbols-{module}-", dir=ensure(os.path.join(self.cache, "tmp")))
        try:
            command = ["swift", "symbolgraph-extract", "-module-name", module, "-target", self.triple,
                       "-output-dir", directory, "-minimum-access-level", "internal" if own else "public",
                       "-module-cache-path", os.path.join(self.cache, "ModuleCache"), "-I", self.build.modules]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                raise Failure(f"`swift symbolgraph-extract -module-name {module}` failed (exit {result.returncode}):\n"
                              f"{result.stderr.strip()}")
            symbols, parents, type_usrs, defaults = {}, {}, [], {}
            for name in sorted(os.listdir(directory)):
                with open(os.path.join(directory, name), encoding="utf-8") as file:
                    graph = json.load(file)
                for symbol in graph.get("symbols", []):
                    usr = symbol["identifier"]["precise"]
                    if "::SYNTHESIZED::" in usr or usr in symbols:
                        continue  # a protocol's default implementation shown on a type: its own symbol is there too
                    availability = {}
                    for entry in symbol.get("availability", []):
                        if entry.get("domain") in PLATFORM_NAMES.values():
                            availability[entry["domain"]] = [
                                list(semantic(entry["introduced"])) if "introduced" in entry else None,
                                list(semantic(entry["obsoleted"])) if "obsoleted" in entry else None,
                                bool(entry.get("isUnconditionallyUnavailable"))]
                    path = ".".join(symbol.get("pathComponents", [])) or symbol.get("names", {}).get("title", usr)
                    symbols[usr] = [path, module, availability, []]
                    if symbol.get("kind", {}).get("identifier") in ("swift.struct", "swift.class", "swift.enum",
                                                                    "swift.protocol", "swift.typealias"):
                        type_usrs.append(usr)
                for relationship in graph.get("relationships", []):
                    if "::SYNTHESIZED::" in relationship["source"]:
                        continue
                    if relationship.get("kind") == "memberOf":
                        parents.setdefault(relationship["source"], set()).add(relationship["target"])
                    elif relationship.get("kind") == "defaultImplementationOf":
                        defaults.setdefault(relationship["target"], set()).add(relationship["source"])
            for usr, targets in parents.items():
                if usr in symbols:
                    symbols[usr][3] = sorted(targets)
            manglings = {usr: "$s" + usr[2:] + "D" for usr in type_usrs if usr.startswith("s:")}
            keys = demangle_types(manglings.values())
            types = {}
            for usr, mangled in manglings.items():
                if keys.get(mangled):
                    types.setdefault(keys[mangled][0], usr)
            return {"symbols": symbols, "types": types,
                    "defaults": {requirement: sorted(sources) for requirement, sources in defaults.items()}}
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    def effective(self, usr, platform, seen=None):
        """(introduced, obsoleted, unavailable, names any Apple platform) of a symbol with what the types and
        extensions it belongs to add; None when no graph has it."""
        entry = self.symbols.get(usr)
        if entry is None:
            return None
        seen = (seen or set()) | {usr}
        own = entry[2].get(platform)
        introduced = tuple(own[0]) if own and own[0] else ()
        obsoleted = tuple(own[1]) if own and own[1] else None
        unavailable, named = bool(own and own[2]), bool(entry[2])
        for parent in entry[3]:
            outer = None if parent in seen else self.effective(parent, platform, seen)
            if outer:
                introduced = max(introduced, outer[0])
                obsoleted = outer[1] if obsoleted is None else (obsoleted if outer[1] is None else min(obsoleted, outer[1]))
                unavailable, named = unavailable or outer[2], named or outer[3]
        return introduced, obsoleted, unavailable, named


def semantic(value):
    return version(".".join(str(value.get(part, 0)) for part in ("major", "minor", "patch")))


def toolchain_version():
    result = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("`swift --version` failed: is the toolchain on PATH?")
    return (result.stdout + result.stderr).strip()
