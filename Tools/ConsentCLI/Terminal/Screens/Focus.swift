/// Which part of a screen has the focus.
struct Focus: Equatable {
    enum Area: Equatable {
        case list, buttons
    }

    /// `nil` until the user moves: then Enter presses nothing, so a stray Enter never answers.
    var area: Area?
    /// The focused toggle row (counted among toggle rows only).
    var row = 0
    /// The focused button.
    var button = 0
    /// The page shown on screens without toggle rows.
    var page = 0
}
