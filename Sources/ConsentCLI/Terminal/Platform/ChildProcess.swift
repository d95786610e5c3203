#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program found on `PATH` and waits for it: the platform calls of ``PackageBuild``, on
/// `posix_spawnp` (Foundation's `Process` would make consentctl link all of Foundation).
enum ChildProcess {
    /// How a child ended.
    enum Outcome: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It could not start; the system's reason, in lower case.
        case notStarted(String)
    }

    /// Runs `arguments[0]` (looked up on `PATH`) with this process's environment, its standard input
    /// `/dev/null` and its standard output sent to this process's standard error, which leaves standard
    /// output to the command's result.
    static func run(_ arguments: [String]) -> Outcome {
        // posix_spawn_file_actions_t is a struct on Linux and an opaque pointer on Apple platforms.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
        guard spawned == 0 else { return .notStarted(String(cString: strerror(spawned)).lowercased()) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .notStarted(String(cString: strerror(errno)).lowercased()) }
        }
        // The wait status's layout (the macros are not imported into Swift): the low 7 bits are the
        // signal that ended the child, 0 when it exited with the status in the next 8 bits.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Whether `path` names a file this process may execute.
    static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// Whether something is at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
