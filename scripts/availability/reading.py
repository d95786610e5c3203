"""Reading the targets: their ASTs, dumped with the build's flags, cached by content."""
import concurrent.futures
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import tempfile

from .ast_reading import TYPE_DECLARATIONS, FileReader
from .common import CACHE_FORMAT, Failure, code_digest, ensure, file_digest, write_atomically
from .demangling import demangle_declarations, demangle_types


def target_key(target, package, build, toolchain):
    """A digest of everything a target's reading depends on."""
    digest = hashlib.sha256()
    for part in (CACHE_FORMAT, code_digest(), toolchain, json.dumps(build.flags(target))):
        digest.update(str(part).encode() + b"\0")
    for source in package.sources(target):
        digest.update(os.path.relpath(source, package.path).encode() + b"\0" + file_digest(source).encode())
    for dependency in sorted(package.dependencies_of(target)):
        module = package.targets.get(dependency, {}).get("c99name", dependency)
        module_file = os.path.join(build.modules, module + ".swiftmodule")
        if os.path.exists(module_file):
            digest.update(module.encode() + b"\0" + file_digest(module_file).encode())
    return digest.hexdigest()[:24]


def frontend_command(target, sources, flags):
    """The frontend invocation the driver plans for dumping a target's AST, without its per-file parts."""
    # A build made with -warnings-as-errors (as .ci/run makes it) records the flag, which the driver refuses
    # beside -suppress-warnings; the dump needs no warnings either way.
    flags = [flag for flag in flags if flag != "-warnings-as-errors"]
    planned = subprocess.run(["swiftc", "-dump-ast", "-dump-ast-format", "json", "-suppress-warnings"] + flags
                             + sources + ["-###"], capture_output=True, text=True)
    lines = [line for line in (planned.stdout + planned.stderr).split("\n") if " -frontend " in line]
    if planned.returncode != 0 or not lines:
        raise Failure(f"`swiftc -###` could not plan the AST dump of {target}:\n"
                      f"{(planned.stdout + planned.stderr).strip()}")
    words, command, index, source_set = shlex.split(lines[0]), [], 0, set(sources)
    while index < len(words):
        if words[index] == "-o":
            index += 2
        elif words[index] == "-primary-file" or words[index] in source_set:
            index += 1
        else:
            command.append(words[index])
            index += 1
    return command


def dump_batch(command, sources, primaries, directory):
    """Dumps the ASTs of some of a target's files (the others are read for their declarations)."""
    outputs = {source: os.path.join(directory, hashlib.sha256(source.encode()).hexdigest()[:20] + ".json")
               for source in primaries}
    arguments = list(command)
    for source in sources:
        arguments += ["-primary-file", source] if source in outputs else [source]
    for source in sources:
        if source in outputs:
            arguments += ["-o", outputs[source]]
    result = subprocess.run(arguments, capture_output=True, text=True)
    return result, outputs


def read_files(target, sources, outputs):
    """What each file uses, from its AST."""
    readers = {}
    for source in sources:
        with open(source, "rb") as file:
            text = file.read()
        with open(outputs[source], encoding="utf-8") as file:
            root = json.load(file)
        reader = FileReader(text)
        reader.read(root)
        readers[source] = reader
    usrs = {use[1] for reader in readers.values() for use in reader.uses}
    own_types = {usr for reader in readers.values() for usr, entry in reader.declarations.items()
                 if entry[1] in TYPE_DECLARATIONS and usr.startswith("s:")}
    demangled = demangle_declarations(usrs)
    types = demangle_types({mangled for reader in readers.values() for mangled, _ in reader.types}
                           | {"$s" + usr[2:] + "D" for usr in own_types})
    files = {}
    for source, reader in readers.items():
        files[source] = {
            "uses": [use + [demangled.get(use[1])] for use in reader.uses],
            "types": [[offset, types.get(mangled, []), json.loads(context)]
                      for (mangled, context), offset in reader.types.items() if types.get(mangled)],
            "declarations": reader.declarations,
            "declared_types": {types["$s" + usr[2:] + "D"][0]: usr for usr in reader.declarations
                               if usr in own_types and types.get("$s" + usr[2:] + "D")},
        }
    return files


class Reading:
    """Reads the covered targets, two compiler processes at a time by default, re-reading only what changed."""

    def __init__(self, package, build, cache, jobs, use_cache, toolchain):
        self.package, self.build, self.cache, self.jobs = package, build, cache, jobs
        self.use_cache, self.toolchain = use_cache, toolchain

    def located(self, files):
        return {os.path.join(self.package.path, relative): data for relative, data in files.items()}

    def read(self, targets):
        results, pending = {}, []
        for target in targets:
            sources = self.package.sources(target)
            if not sources:
                results[target] = {}
                continue
            path = os.path.join(self.cache, "targets", f"{target}-{target_key(target, self.package, self.build, self.toolchain)}.json")
            if self.use_cache and os.path.exists(path):
                with open(path, encoding="utf-8") as file:
                    results[target] = self.located(json.load(file))
            else:
                pending.append((target, sources, path))
        if not pending:
            return results
        work = tempfile.mkdtemp(prefix="ast-", dir=ensure(os.path.join(self.cache, "tmp")))
        try:
            batches = []
            for target, sources, _ in pending:
                command = frontend_command(target, sources, self.build.flags(target))
                count = max(1, min(self.jobs, len(sources) // 12))
                for index in range(count):
                    batches.append((target, command, sources, sources[index::count]))
            outputs = {}
            with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
                futures = [(target, pool.submit(dump_batch, command, sources, primaries, work))
                           for target, command, sources, primaries in batches]
                for target, future in futures:
                    result, produced = future.result()
                    if result.returncode != 0:
                        raise Failure(f"the compiler could not type-check {target} (exit {result.returncode}):\n"
                                      f"{result.stderr.strip()[-6000:]}")
                    outputs.update(produced)
            for target, sources, path in pending:
                files = read_files(target, sources, outputs)
                # Cached by path in the package: a scratch copy with the same sources reads the same.
                write_atomically(path, json.dumps({os.path.relpath(source, self.package.path): data
                                                   for source, data in files.items()}))
                prune(path)
                results[target] = files
            return results
        finally:
            shutil.rmtree(work, ignore_errors=True)


def prune(path, keep=4):
    """Keeps the few newest readings of a target (the tree's and a few scratch copies'), so the cache stays small."""
    directory, name = os.path.split(path)
    prefix = name.rsplit("-", 1)[0] + "-"
    entries = sorted((entry for entry in os.listdir(directory) if entry.startswith(prefix) and entry.endswith(".json")
                      and len(entry) == len(name)), key=lambda entry: os.path.getmtime(os.path.join(directory, entry)))
    for entry in entries[:-keep]:
        try:
            os.remove(os.path.join(directory, entry))
        except FileNotFoundError:
            pass  # another run pruned it first


