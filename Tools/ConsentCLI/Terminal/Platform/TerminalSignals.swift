#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handling while the form is up.
///
/// SIGTERM, SIGINT, SIGHUP and SIGQUIT restore the terminal and exit with 128 + the signal (143, 130, 129,
/// 131); a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) restores the terminal and then takes its
/// default course, so a crash is still a crash but never leaves the shell in raw mode. SIGWINCH wakes the
/// key reader through a pipe so that the form is redrawn at the new size. The handlers only call
/// `tcsetattr`, `write` and `_exit`, which are async-signal-safe, on memory prepared before they are
/// installed, so they never allocate or take a lock.
enum TerminalSignals {
    /// The handled signals and the previous handlers, put back by ``uninstall()``.
    private nonisolated(unsafe) static var previous: [(Int32, sigaction)] = []

    /// Installs the handlers for a terminal in raw mode.
    /// - Parameters:
    ///   - fd: the terminal to restore.
    ///   - original: the settings to restore.
    ///   - leaveSequence: what to write on the way out (show the cursor, leave the alternate screen).
    /// - Returns: a descriptor that becomes readable when the window size changes.
    static func install(fd: Int32, original: termios, leaveSequence: String) -> Int32 {
        let state = signalState
        var pipeFDs: [Int32] = [-1, -1]
        if pipe(&pipeFDs) == 0 {
            for end in pipeFDs {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        let sequence = Array(leaveSequence.utf8)
        state.pointee.sequenceLength = min(sequence.count, SignalState.sequenceCapacity)
        withUnsafeMutableBytes(of: &state.pointee.sequence) { buffer in
            for index in 0..<state.pointee.sequenceLength { buffer[index] = sequence[index] }
        }
        state.pointee.settings = original
        state.pointee.fd = fd
        state.pointee.resizeWriteFD = pipeFDs[1]
        state.pointee.resizeReadFD = pipeFDs[0]

        previous = [SIGTERM, SIGINT, SIGHUP, SIGQUIT].map { ($0, handle($0, with: restoreAndExit)) }
            + [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT].map { ($0, handle($0, with: restoreOnCrash, resetAfterwards: true)) }
            + [(SIGWINCH, handle(SIGWINCH, with: noteResize))]
        return pipeFDs[0]
    }

    /// Puts the previous handlers back and closes the resize pipe.
    static func uninstall() {
        for (signal, var action) in previous { sigaction(signal, &action, nil) }
        previous = []
        let state = signalState
        state.pointee.fd = -1
        for fd in [state.pointee.resizeReadFD, state.pointee.resizeWriteFD] where fd >= 0 { close(fd) }
        state.pointee.resizeReadFD = -1
        state.pointee.resizeWriteFD = -1
    }

    /// Empties the resize pipe after a wake-up.
    static func drainResizeNotifications(_ fd: Int32) {
        var byte: UInt8 = 0
        while read(fd, &byte, 1) > 0 {}
    }

    /// With `resetAfterwards`, the handler runs once and the signal then has its default effect again
    /// (`SA_RESETHAND`), so the process still ends as the crash would have ended it.
    private static func handle(
        _ signal: Int32, with handler: @escaping @convention(c) (Int32) -> Void, resetAfterwards: Bool = false
    ) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = resetAfterwards ? Int32(bitPattern: UInt32(SA_RESETHAND)) : 0
        var old = sigaction()
        sigaction(signal, &action, &old)
        return old
    }
}

/// What the handlers need, in memory allocated once and never freed, so that a handler never races with
/// its allocation or release.
private struct SignalState {
    static let sequenceCapacity = 32
    var fd: Int32 = -1
    var settings = termios()
    var resizeReadFD: Int32 = -1
    var resizeWriteFD: Int32 = -1
    var sequence: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var sequenceLength = 0
}

private nonisolated(unsafe) let signalState: UnsafeMutablePointer<SignalState> = {
    let state = UnsafeMutablePointer<SignalState>.allocate(capacity: 1)
    state.initialize(to: SignalState())
    return state
}()

private func restoreTerminal() {
    let state = signalState
    if state.pointee.fd >= 0 {
        tcsetattr(state.pointee.fd, TCSAFLUSH, &state.pointee.settings)
        withUnsafeBytes(of: &state.pointee.sequence) { bytes in
            _ = write(state.pointee.fd, bytes.baseAddress, state.pointee.sequenceLength)
        }
    }
}

private func restoreAndExit(_ signal: Int32) {
    restoreTerminal()
    _exit(128 + signal)
}

private func restoreOnCrash(_ signal: Int32) {
    restoreTerminal()
    // The handler was reset to the default on entry (SA_RESETHAND) and the signal is blocked until it
    // returns, so this makes the crash run its default course right after.
    raise(signal)
}

private func noteResize(_: Int32) {
    // The interrupted code may be about to read errno.
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(signalState.pointee.resizeWriteFD, &byte, 1)
    errno = savedErrno
}
