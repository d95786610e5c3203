/// A key press, decoded from the bytes a terminal sends.
enum KeyPress: Sendable, Equatable {
    case up, down, left, right
    case tab, shiftTab
    case pageUp, pageDown, home, end
    case space, enter, escape
    /// Ctrl-C, which raw mode delivers as a byte instead of a signal.
    case interrupt
    /// A printable character, also a non-ASCII letter such as `ä`.
    case character(Character)
    /// A key the form has no use for (a function key, Alt with a letter, a control byte).
    case other
}
