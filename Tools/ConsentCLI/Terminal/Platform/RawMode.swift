#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw mode on a terminal: keys arrive one by one, unechoed, Ctrl-C as the byte 0x03.
///
/// The settings found on entry are kept exactly, so that ``restore()`` (and the signal handlers, which
/// get a copy) put the terminal back as it was, whatever it was.
struct RawMode {
    /// The settings the terminal had before raw mode.
    let original: termios
    private let fd: Int32

    /// Saves the terminal's settings and switches it to raw mode.
    /// - Returns: `nil` when the settings cannot be read or changed (then nothing was changed).
    init?(fd: Int32) {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return nil }
        original = settings
        self.fd = fd
        // cfmakeraw, spelled out so that it is the same on every platform: ISIG off delivers Ctrl-C as a
        // byte the form handles (restore, then report the interrupt) instead of killing the process.
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_oflag &= ~tcflag_t(OPOST)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        settings.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &settings.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSAFLUSH, &settings) == 0 else { return nil }
    }

    /// Puts back the settings found on entry.
    func restore() {
        var settings = original
        tcsetattr(fd, TCSAFLUSH, &settings)
    }
}
